import type { FastifyBaseLogger } from 'fastify';
import { ATTRIBUTION_WINDOW_DAYS } from '@backoffice/contracts';
import type { Tx } from '../../db/client.ts';
import { businessDate } from '../../lib/business-day.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { lockPeople, personKey, type Attribution } from './attribution.ts';
import type { EventType } from './event-signing.ts';
import type { BeaconEvent, EventStore } from './event-store.ts';
import { linkedUsersJoin, linkSeenBy } from './identities.ts';

export interface EventConsumerOptions {
  /** Pause between polls of the store, in ms. */
  intervalMs?: number;
  /** Events counted per database transaction. */
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Told, after each batch commits, which campaigns and wallets its charges touched (the ad index refreshes them). */
  onCommitted?: (touched: CountedTouch[]) => void;
  /**
   * Attributes pending conversions once the events are counted (their clicks and views should be there
   * first; one counted later, by this consumer or another, sends its conversions back to be attributed again).
   */
  attribution?: Attribution;
  /** Where dedup keys past every window are forgotten, every `forgetEveryMs` (default 5 minutes). */
  db?: Pick<Tx, '$executeRaw'>;
  forgetEveryMs?: number;
}

/** What one committed batch changed, per publisher: spend of these campaigns, balance of these advertisers' wallets. */
export interface CountedTouch {
  publisherId: number;
  campaignIds: number[];
  advertiserIds: number[];
}

/** The publishers, campaigns and advertisers a batch of events was about. */
export function touchedBy(events: BeaconEvent[]): CountedTouch[] {
  const byPublisher = new Map<number, { campaigns: Set<number>; advertisers: Set<number> }>();
  for (const e of events) {
    let t = byPublisher.get(e.ad.p);
    if (!t) byPublisher.set(e.ad.p, (t = { campaigns: new Set(), advertisers: new Set() }));
    t.campaigns.add(e.ad.c);
    t.advertisers.add(e.ad.a);
  }
  return [...byPublisher].map(([publisherId, t]) => ({ publisherId, campaignIds: [...t.campaigns], advertiserIds: [...t.advertisers] }));
}

const json = (v: unknown) => JSON.stringify(v);
const cents = (v: number | undefined) => (Number.isFinite(v) && v! > 0 ? Math.round(v!) : 0);
const statKey = (...parts: (string | number)[]) => parts.join('\u0000');

interface Counts {
  impressions: number;
  views: number;
  clicks: number;
}
const countsOf = (events: BeaconEvent[]): Counts => ({
  impressions: events.filter((e) => e.type === 'impression').length,
  views: events.filter((e) => e.type === 'view').length,
  clicks: events.filter((e) => e.type === 'click').length,
});

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** How long the same person's repeated event on the same ad is not counted, in seconds. */
const DEDUP_WINDOWS: Record<EventType, number> = { impression: 60, view: 60, click: 3600 };

/** An event's type, ad and person: the user id, else the session, else the decision request that served the ad. */
const dedupKey = (e: BeaconEvent) => `${e.type}:${e.ad.d}:${e.ad.u ? `u:${e.ad.u}` : e.ad.s ? `s:${e.ad.s}` : `r:${e.ad.r}`}`;

/**
 * The events of a batch (sorted by time) that are not a person's repeats: an event is one when the
 * last counted event of its dedup key (this batch's earlier ones included) is within its type's
 * window of it. The keys' rows are created if new and locked (sorted, as every consumer takes them),
 * and get the new last counted times, all in the caller's transaction: a batch that rolls back
 * leaves them as they were. A redelivered event that was already counted falls within its own
 * window (or, later, is turned away by its event key).
 */
async function withoutRepeats(tx: Tx, events: BeaconEvent[], windows: Record<EventType, number>): Promise<BeaconEvent[]> {
  const keyOf = new Map(events.map((e) => [e, dedupKey(e)]));
  const keys = json([...new Set(keyOf.values())].sort());
  await tx.$executeRaw`
    INSERT INTO rm_event_dedup (dedup_key, last_at)
    SELECT k, to_timestamp(0) FROM jsonb_array_elements_text(${keys}::jsonb) AS k ORDER BY k
    ON CONFLICT (dedup_key) DO NOTHING`;
  const rows = await tx.$queryRaw<{ dedup_key: string; last_ms: bigint }[]>`
    SELECT dedup_key, (extract(epoch FROM last_at) * 1000)::bigint AS last_ms FROM rm_event_dedup
     WHERE dedup_key IN (SELECT jsonb_array_elements_text(${keys}::jsonb))
     ORDER BY dedup_key FOR UPDATE`;
  const last = new Map(rows.map((r) => [r.dedup_key, Number(r.last_ms)]));
  const changed = new Map<string, number>();
  const kept = events.filter((e) => {
    const key = keyOf.get(e)!;
    const previous = last.get(key) ?? 0;
    if (Math.abs(e.at - previous) < windows[e.type] * 1000) return false;
    if (e.at > previous) {
      last.set(key, e.at);
      changed.set(key, e.at);
    }
    return true;
  });
  if (changed.size) {
    await tx.$executeRaw`
      UPDATE rm_event_dedup d SET last_at = to_timestamp(x.ms / 1000.0)
        FROM jsonb_to_recordset(${json([...changed].map(([k, ms]) => ({ k, ms })))}::jsonb) AS x(k text, ms bigint)
       WHERE d.dedup_key = x.k`;
  }
  return kept;
}

/** Forgets dedup keys whose last counted event is older than every window (a later event of theirs counts anyway). */
export async function forgetOldRepeats(db: Pick<Tx, '$executeRaw'>, now = Date.now(), windows: Record<EventType, number> = DEDUP_WINDOWS) {
  const longest = Math.max(...Object.values(windows)) * 1000;
  return db.$executeRaw`DELETE FROM rm_event_dedup WHERE last_at < ${new Date(now - longest - 60_000)}`;
}

/**
 * Sends back to pending the attributed conversions these newly counted clicks and views could have
 * led to (same publisher and person — the user, the session of an order without one, or a user
 * linked to the event's by a hashed identifier — ordered within the attribution window after the event): their
 * attribution was made without the event, and attributeBatch makes it again with it. Rare: an event
 * is counted after an order it led to was attributed only when the two raced (another consumer
 * attributing meanwhile, or the event's beacon late).
 */
async function reopenAttributions(tx: Tx, leads: BeaconEvent[]) {
  if (leads.length === 0) return;
  // By user, by session for orders without a user, and by linked user (as findMatches pairs them): index lookups each.
  await tx.$executeRaw`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${json(leads.map((e) => ({ p: e.ad.p, u: e.ad.u ?? null, s: e.ad.s ?? null, at: new Date(e.at).toISOString() })))}::jsonb)
        AS x(p int, u text, s text, at timestamptz))
    UPDATE rm_conversions SET attributed_at = NULL
     WHERE attributed_at IS NOT NULL AND id IN (
       SELECT c.id FROM x JOIN rm_conversions c
           ON c.publisher_id = x.p AND c.user_id = x.u
          AND c.ordered_at >= x.at AND c.ordered_at <= x.at + make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})
       UNION ALL
       SELECT c.id FROM x JOIN rm_conversions c
           ON c.publisher_id = x.p AND c.user_id IS NULL AND c.session_id = x.s
          AND c.ordered_at >= x.at AND c.ordered_at <= x.at + make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})
       UNION ALL
       SELECT c.id FROM x ${linkedUsersJoin(Prisma.sql`x.p`, Prisma.sql`x.u`)}
         JOIN rm_conversions c
           ON c.publisher_id = x.p AND c.user_id = o.user_id AND ${linkSeenBy(Prisma.sql`c.received_at`)}
          AND c.ordered_at >= x.at AND c.ordered_at <= x.at + make_interval(days => ${ATTRIBUTION_WINDOW_DAYS}))`;
}

/**
 * Counts one batch in the caller's transaction, a person's repeats within the dedup windows left
 * out: the raw events (each event_key once ever), the daily (São Paulo day) and hourly (UTC hour)
 * rollups, and the charges — CPC per click, CPM per impression without losing fractions (the n-th
 * impression of a stats row costs floor(n·cpm/1000) − floor((n−1)·cpm/1000)) — debited from the
 * (publisher, advertiser) wallet, never below zero, with one movement per wallet and kind per batch.
 */
export async function countEvents(tx: Tx, batch: BeaconEvent[], windows: Record<EventType, number> = DEDUP_WINDOWS): Promise<number> {
  const unique = await withoutRepeats(tx, [...new Map(batch.map((e) => [e.k, e])).values()].sort((x, y) => x.at - y.at), windows);
  if (unique.length === 0) return 0;
  // Clicks and views can change an attribution: their people are locked against attributeBatch first.
  const leads = unique.filter((e) => e.type !== 'impression' && (e.ad.u || e.ad.s));
  await lockPeople(tx, leads.flatMap((e) => [personKey(e.ad.p, { u: e.ad.u }), personKey(e.ad.p, { s: e.ad.s })].filter((k) => k !== null)));

  const inserted = await tx.$queryRaw<{ event_key: string }[]>`
    INSERT INTO rm_events (event_key, type, request_id, publisher_id, advertiser_id, campaign_id, ad_id, placement, context,
                           user_id, session_id, occurred_at)
    SELECT x.k, x.type::"RmEventType", x.r, x.p, x.a, x.c, x.d, x.pl, x.cx, x.u, x.s, x.at::timestamptz
      FROM jsonb_to_recordset(${json(
        unique.map((e) => ({
          k: e.k,
          type: e.type,
          r: e.ad.r,
          p: e.ad.p,
          a: e.ad.a,
          c: e.ad.c,
          d: e.ad.d,
          pl: e.ad.pl ?? '',
          cx: e.ad.cx ?? '',
          u: e.ad.u ?? null,
          s: e.ad.s ?? null,
          at: new Date(e.at).toISOString(),
        })),
      )}::jsonb)
        AS x(k text, type text, r text, p int, a int, c int, d int, pl text, cx text, u text, s text, at text)
    ON CONFLICT (event_key) DO NOTHING
    RETURNING event_key`;
  const fresh = new Set(inserted.map((r) => r.event_key));
  const events = unique.filter((e) => fresh.has(e.k));
  if (events.length === 0) return 0;
  await reopenAttributions(tx, leads.filter((e) => fresh.has(e.k)));

  // Daily rows first (sorted, so concurrent consumers lock them in the same order); their new
  // impression totals number this batch's impressions for the CPM charge.
  const dayOf = (e: BeaconEvent) => businessDate(new Date(e.at));
  const dailyKey = (e: BeaconEvent) => statKey(dayOf(e), e.ad.d, e.ad.pl ?? '', e.ad.cx ?? '');
  const daily = [...groupBy(events, dailyKey).entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const dailyRows = await tx.$queryRaw<{ id: bigint; day: string; ad_id: number; placement: string; context: string; impressions: bigint }[]>`
    INSERT INTO rm_daily_stats (day, publisher_id, advertiser_id, campaign_id, ad_id, placement, context, impressions, views, clicks)
    SELECT x.day::date, x.p, x.a, x.c, x.d, x.pl, x.cx, x.impressions, x.views, x.clicks
      FROM jsonb_to_recordset(${json(
        daily.map(([, group]) => {
          const e = group[0]!;
          return { day: dayOf(e), p: e.ad.p, a: e.ad.a, c: e.ad.c, d: e.ad.d, pl: e.ad.pl ?? '', cx: e.ad.cx ?? '', ...countsOf(group) };
        }),
      )}::jsonb)
        AS x(day text, p int, a int, c int, d int, pl text, cx text, impressions bigint, views bigint, clicks bigint)
    ORDER BY x.day, x.d, x.pl, x.cx
    ON CONFLICT (day, ad_id, placement, context) DO UPDATE SET
      impressions = rm_daily_stats.impressions + EXCLUDED.impressions,
      views = rm_daily_stats.views + EXCLUDED.views,
      clicks = rm_daily_stats.clicks + EXCLUDED.clicks
    RETURNING id, to_char(day, 'YYYY-MM-DD') AS day, ad_id, placement, context, impressions`;
  const dailyByKey = new Map(dailyRows.map((r) => [statKey(r.day, r.ad_id, r.placement, r.context), r]));

  // What each event costs before the wallet has its say.
  const cost = new Map<BeaconEvent, number>();
  for (const [key, group] of daily) {
    const row = dailyByKey.get(key)!;
    let n = Number(row.impressions) - countsOf(group).impressions;
    for (const e of group) {
      if (e.type === 'impression') {
        n += 1;
        const cpm = cents(e.ad.cpm);
        cost.set(e, Math.floor((n * cpm) / 1000) - Math.floor(((n - 1) * cpm) / 1000));
      } else if (e.type === 'click') cost.set(e, cents(e.ad.cpc));
    }
  }

  // Charges are taken from the wallet in event order, never more than its balance.
  const walletKey = (p: number, a: number) => `${p}:${a}`;
  const charged = new Map<BeaconEvent, number>();
  const movements = new Map<string, { walletId: number; subtype: 'cpc' | 'cpm'; cents: number }>();
  const payers = [...new Set(events.filter((e) => (cost.get(e) ?? 0) > 0).map((e) => walletKey(e.ad.p, e.ad.a)))];
  if (payers.length) {
    const wallets = await tx.$queryRaw<{ id: number; publisher_id: number; advertiser_id: number; balance_cents: bigint }[]>`
      SELECT id, publisher_id, advertiser_id, balance_cents FROM wallets
       WHERE (publisher_id, advertiser_id) IN (
         SELECT x.p, x.a FROM jsonb_to_recordset(${json(payers.map((k) => ({ p: Number(k.split(':')[0]), a: Number(k.split(':')[1]) })))}::jsonb)
           AS x(p int, a int))
       ORDER BY id
       FOR UPDATE`;
    const left = new Map(wallets.map((w) => [walletKey(w.publisher_id, w.advertiser_id), { id: w.id, cents: Number(w.balance_cents) }]));
    for (const e of events) {
      const want = cost.get(e) ?? 0;
      const wallet = left.get(walletKey(e.ad.p, e.ad.a));
      if (want <= 0 || !wallet || wallet.cents <= 0) continue;
      const take = Math.min(want, wallet.cents);
      wallet.cents -= take;
      charged.set(e, take);
      const subtype = e.type === 'click' ? 'cpc' : 'cpm';
      const m = movements.get(`${wallet.id}:${subtype}`) ?? { walletId: wallet.id, subtype, cents: 0 };
      m.cents += take;
      movements.set(`${wallet.id}:${subtype}`, m);
    }
  }

  if (charged.size) {
    await tx.$executeRaw`
      UPDATE rm_events SET cost_cents = x.cost
        FROM jsonb_to_recordset(${json([...charged].map(([e, c]) => ({ k: e.k, cost: c })))}::jsonb) AS x(k text, cost bigint)
       WHERE rm_events.event_key = x.k`;
    const dailySpent = daily
      .map(([key, group]) => ({ id: dailyByKey.get(key)!.id.toString(), spent: group.reduce((s, e) => s + (charged.get(e) ?? 0), 0) }))
      .filter((r) => r.spent > 0);
    await tx.$executeRaw`
      UPDATE rm_daily_stats SET spent_cents = rm_daily_stats.spent_cents + x.spent
        FROM jsonb_to_recordset(${json(dailySpent)}::jsonb) AS x(id bigint, spent bigint)
       WHERE rm_daily_stats.id = x.id`;
  }

  const hourOf = (e: BeaconEvent) => new Date(e.at - (e.at % 3_600_000)).toISOString();
  const hourly = [...groupBy(events, (e) => statKey(hourOf(e), e.ad.d, e.ad.pl ?? '', e.ad.cx ?? '')).entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, group]) => {
      const e = group[0]!;
      const spent = group.reduce((s, g) => s + (charged.get(g) ?? 0), 0);
      return { hour: hourOf(e), p: e.ad.p, a: e.ad.a, c: e.ad.c, d: e.ad.d, pl: e.ad.pl ?? '', cx: e.ad.cx ?? '', ...countsOf(group), spent };
    });
  await tx.$executeRaw`
    INSERT INTO rm_hourly_stats (hour, publisher_id, advertiser_id, campaign_id, ad_id, placement, context, impressions, views, clicks, spent_cents)
    SELECT x.hour::timestamptz, x.p, x.a, x.c, x.d, x.pl, x.cx, x.impressions, x.views, x.clicks, x.spent
      FROM jsonb_to_recordset(${json(hourly)}::jsonb)
        AS x(hour text, p int, a int, c int, d int, pl text, cx text, impressions bigint, views bigint, clicks bigint, spent bigint)
    ORDER BY x.hour, x.d, x.pl, x.cx
    ON CONFLICT (hour, ad_id, placement, context) DO UPDATE SET
      impressions = rm_hourly_stats.impressions + EXCLUDED.impressions,
      views = rm_hourly_stats.views + EXCLUDED.views,
      clicks = rm_hourly_stats.clicks + EXCLUDED.clicks,
      spent_cents = rm_hourly_stats.spent_cents + EXCLUDED.spent_cents`;

  // The same conditional debit as wallets.repo's move(), in this transaction: balance and movement together.
  for (const m of [...movements.values()].sort((x, y) => x.walletId - y.walletId || x.subtype.localeCompare(y.subtype))) {
    const rows = await tx.$queryRaw<{ balance_cents: bigint }[]>`
      UPDATE wallets SET balance_cents = balance_cents - ${BigInt(m.cents)}, updated_at = now()
       WHERE id = ${m.walletId} AND balance_cents >= ${BigInt(m.cents)}
      RETURNING balance_cents`;
    if (rows.length === 0) throw new Error(`wallet ${m.walletId} changed under its row lock`);
    await tx.$executeRaw`
      INSERT INTO wallet_transactions (wallet_id, amount_cents, transaction_type, transaction_subtype, balance_after_cents)
      VALUES (${m.walletId}, ${BigInt(-m.cents)}, 'debit'::"WalletTransactionType", ${m.subtype}, ${rows[0]!.balance_cents})`;
  }
  return events.length;
}

/**
 * Counts accepted events in the API process: polls the store every `intervalMs`, one transaction
 * per batch. Several instances may run at once (consumer group / SKIP LOCKED, and the unique
 * event_key), so nothing is counted twice.
 */
export function createEventConsumer(
  store: EventStore,
  { intervalMs = 250, batchSize = 500, log, onCommitted, attribution, db, forgetEveryMs = 5 * 60_000 }: EventConsumerOptions = {},
) {
  let timer: NodeJS.Timeout | undefined;
  let forgotAt = 0;
  let current: Promise<void> = Promise.resolve();
  let stopped = false;

  /** Batches until the store is empty (or, for the timer, until stopped), then attribution of pending conversions. */
  const drainNow = async (untilStopped: boolean) => {
    // The events that led to a conversion received before this instant are in the store now and the
    // loop below counts them; a conversion received later waits for the next pass.
    const startedAt = new Date();
    for (;;) {
      let counted: BeaconEvent[] = [];
      const taken = await store.consume(batchSize, async (tx, batch) => {
        counted = batch;
        return countEvents(tx, batch);
      });
      if (taken === 0) break;
      if (onCommitted && counted.length) onCommitted(touchedBy(counted));
      if (untilStopped && stopped) return;
    }
    while (attribution && (await attribution.attributeBatch(startedAt)) > 0) {
      if (untilStopped && stopped) return;
    }
    if (db && Date.now() - forgotAt >= forgetEveryMs) {
      forgotAt = Date.now();
      await forgetOldRepeats(db);
    }
  };
  /** One drain at a time per instance: a call waits for the one in progress, then runs its own. */
  const run = (untilStopped: boolean): Promise<void> => {
    const next = current.catch(() => undefined).then(() => drainNow(untilStopped));
    current = next;
    return next;
  };
  /** Counts everything pending now (tests, shutdown of a worker). */
  const drain = () => run(false);

  return {
    drain,
    start() {
      if (timer) return;
      stopped = false;
      const tick = () => {
        run(true)
          .catch((err) => log?.error({ err }, 'counting ad events failed; they stay pending and are retried'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current.catch(() => undefined);
    },
  };
}

export type EventConsumer = ReturnType<typeof createEventConsumer>;

declare module 'fastify' {
  interface FastifyInstance {
    eventConsumer: EventConsumer;
  }
}
