import { ATTRIBUTION_WINDOW_DAYS } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { businessDate } from '../../lib/business-day.ts';
import { paidCents, type StoredItem } from './conversions.service.ts';
import { lockKeysOf, peopleOf } from './identities.ts';

/** Many consumers may queue on the same stats rows: wait rather than fail. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 } as const;

interface PendingConversion {
  id: bigint;
  ordered_at: Date;
  items: StoredItem[] | string;
  /** The person's lock key (personKey). */
  person: string | null;
}

/** The event an item of a conversion is credited to. */
interface Match {
  conversion_id: bigint;
  item: number;
  event_key: string;
  type: 'click' | 'view';
  occurred_at: Date;
  publisher_id: number;
  advertiser_id: number;
  campaign_id: number;
  ad_id: number;
  placement: string;
  context: string;
}

/** Which served ad a conversion's SKU is credited to. */
interface CreditTarget {
  conversion_id: bigint;
  publisher_id: number;
  advertiser_id: number;
  campaign_id: number;
  ad_id: number;
  placement: string;
  context: string;
  sku: string;
}

interface Credit extends CreditTarget {
  quantity: number;
  income: number;
  orderedAt: Date;
  /** 1: credited now; -1: a credit of an earlier attribution of the conversion, taken back. */
  sign: 1 | -1;
}

const json = (v: unknown) => JSON.stringify(v);
const key = (...parts: (string | number)[]) => parts.join('\u0000');

/**
 * The text whose hash locks a person's events and conversions of one publisher against each other
 * (attributing an order, counting a click or view that could change it): `p:u:<user>`, else
 * `p:s:<session>`. SQL twin in attributeBatch.
 */
export const personKey = (publisherId: number, who: { u?: string | null; s?: string | null }) =>
  who.u ? `${publisherId}:u:${who.u}` : who.s ? `${publisherId}:s:${who.s}` : null;

/**
 * Takes the transaction-scoped advisory locks of these person keys, in one order for every
 * transaction (sorted hashes), so that takers of several never deadlock on each other.
 */
export async function lockPeople(tx: Pick<Tx, '$executeRaw'>, keys: Iterable<string>) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await tx.$executeRaw`
    SELECT count(pg_advisory_xact_lock(l.k)) FROM (
      SELECT DISTINCT hashtextextended(x, 0) AS k FROM jsonb_array_elements_text(${json(unique)}::jsonb) AS x ORDER BY 1
    ) l`;
}

type Summed<K> = K & { conversions: number; items: number; income: number };

/**
 * Sums signed credits per rollup row: an order counts once per row (a taken-back one, minus once),
 * items and income add up. Rows the credits leave unchanged are left out.
 */
function rollup<K extends object>(credits: Credit[], keyOf: (c: Credit) => string, base: (c: Credit) => K): Summed<K>[] {
  const rows = new Map<string, { base: K; added: Set<bigint>; removed: Set<bigint>; items: number; income: number }>();
  for (const c of credits) {
    const k = keyOf(c);
    let row = rows.get(k);
    if (!row) rows.set(k, (row = { base: base(c), added: new Set(), removed: new Set(), items: 0, income: 0 }));
    (c.sign > 0 ? row.added : row.removed).add(c.conversion_id);
    row.items += c.sign * c.quantity;
    row.income += c.sign * c.income;
  }
  // The upserts below ORDER BY the unique key, as countEvents does, so concurrent transactions lock rows in the same order.
  return [...rows.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, r]) => ({ ...r.base, conversions: r.added.size - r.removed.size, items: r.items, income: r.income }))
    .filter((r) => r.conversions !== 0 || r.items !== 0 || r.income !== 0);
}

/**
 * For every item of the given conversions, the event it is credited to: same publisher and person
 * (the user ids of `people` when the order has a user_id: its own and those linked to it by a hashed
 * identifier; else its session_id), a click or view within the window before the order, on an ad
 * about the item's SKU (a product ad: its own SKU, or its campaign's active products when it has
 * none; other formats: any product of the campaign). The last click wins, else the last view.
 */
async function findMatches(tx: Tx, ids: bigint[], people: Map<bigint, { users: string[] }>): Promise<Match[]> {
  const users = [...people].map(([id, p]) => ({ id: id.toString(), users: p.users }));
  return tx.$queryRaw<Match[]>`
    SELECT c.id AS conversion_id, (it.idx - 1)::int AS item, m.*
      FROM rm_conversions c
      LEFT JOIN jsonb_to_recordset(${json(users)}::jsonb) AS person(id bigint, users text[]) ON person.id = c.id
      CROSS JOIN LATERAL jsonb_array_elements(c.items) WITH ORDINALITY AS it(line, idx)
      CROSS JOIN LATERAL (
        SELECT e.event_key, e.type::text AS type, e.occurred_at, e.publisher_id, e.advertiser_id, e.campaign_id, e.ad_id, e.placement, e.context
          FROM rm_events e
          JOIN ads a ON a.id = e.ad_id
         WHERE e.publisher_id = c.publisher_id
           AND ((c.user_id IS NOT NULL AND e.user_id = ANY(person.users)) OR (c.user_id IS NULL AND e.session_id = c.session_id))
           AND e.type IN ('click', 'view')
           AND e.occurred_at >= c.ordered_at - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})
           AND e.occurred_at <= c.ordered_at
           AND CASE
                 WHEN a.ad_type = 'product' AND a.sku IS NOT NULL THEN a.sku = it.line->>'sku'
                 ELSE EXISTS (SELECT 1 FROM campaign_products cp
                               WHERE cp.campaign_id = e.campaign_id AND cp.sku = it.line->>'sku'
                                 AND (cp.active OR a.ad_type <> 'product'))
               END
         ORDER BY (e.type = 'click') DESC, e.occurred_at DESC, e.id DESC
         LIMIT 1
      ) m
     WHERE c.id IN (SELECT jsonb_array_elements_text(${json(ids.map(String))}::jsonb)::bigint)`;
}

interface PreviousCredit extends CreditTarget {
  quantity: number;
  income_cents: bigint;
}

/**
 * Attributes one batch of pending conversions (received before `receivedBefore`) in one
 * transaction: rm_attributions rows, the daily (São Paulo day of the order), hourly (UTC hour) and
 * product rollups, then `attributed_at`. Conversions nothing led to are marked too. SKIP LOCKED lets
 * several consumers share the work; resolves with how many conversions the batch took.
 *
 * The result depends only on the events counted, not on when: a click or view counted after its
 * person's conversion was attributed sends the conversion back to pending (countEvents), and here
 * its earlier credits are taken back (attributions and rollups) as the new ones are made. The
 * person's lock, taken by both, keeps a count and an attribution from missing each other.
 */
export async function attributeBatch(tx: Tx, receivedBefore: Date, limit: number): Promise<number> {
  // The lock the UPDATE below takes anyway, taken first: a new analytics sink (analytics-engine/outbox.ts
  // start, its SHARE locks on rm_conversions then on the rollups) then waits for this transaction, and
  // this one for it, before either holds what the other needs.
  await tx.$executeRaw`LOCK TABLE rm_conversions IN ROW EXCLUSIVE MODE`;
  const pending = await tx.$queryRaw<PendingConversion[]>`
    SELECT id, ordered_at, items,
           CASE WHEN user_id IS NOT NULL THEN publisher_id || ':u:' || user_id
                WHEN session_id IS NOT NULL THEN publisher_id || ':s:' || session_id END AS person
      FROM rm_conversions
     WHERE attributed_at IS NULL AND received_at <= ${receivedBefore}
     ORDER BY id
     LIMIT ${limit}
     FOR UPDATE SKIP LOCKED`;
  if (pending.length === 0) return 0;
  const ids = pending.map((c) => c.id);
  const itemsOf = (c: PendingConversion) => (typeof c.items === 'string' ? (JSON.parse(c.items) as StoredItem[]) : c.items);
  const byId = new Map(pending.map((c) => [c.id, { orderedAt: c.ordered_at, items: itemsOf(c) }]));
  // Before reading the events: a transaction counting this person's click or view either committed
  // (and is read below) or waits, and then finds these conversions attributed and sends them back.
  // A person is every user id linked to the order's by a hashed identifier: all of them are locked.
  const own = pending.flatMap((c) => (c.person ? [c.person] : []));
  const seen = await peopleOf(tx, ids);
  const locked = new Set([...own, ...lockKeysOf(seen)]);
  await lockPeople(tx, locked);
  // A link committed before the locks were ours (recordIdentities takes them too) is read now; its user ids are locked as well.
  const people = await peopleOf(tx, ids);
  await lockPeople(tx, lockKeysOf(people).filter((k) => !locked.has(k)));

  const previous = await tx.$queryRaw<PreviousCredit[]>`
    DELETE FROM rm_attributions
     WHERE conversion_id IN (SELECT jsonb_array_elements_text(${json(ids.map(String))}::jsonb)::bigint)
    RETURNING conversion_id, publisher_id, advertiser_id, campaign_id, ad_id, placement, context, sku, quantity, income_cents`;
  const matches = await findMatches(tx, ids, people);
  const credited: Credit[] = matches.map((m) => {
    const conversion = byId.get(m.conversion_id)!;
    const item = conversion.items[m.item]!;
    return { ...m, sku: item.sku, quantity: item.quantity, income: item.quantity * paidCents(item), orderedAt: conversion.orderedAt, sign: 1 as const };
  });
  const credits: Credit[] = [
    ...credited,
    ...previous.map((p) => ({ ...p, income: Number(p.income_cents), orderedAt: byId.get(p.conversion_id)!.orderedAt, sign: -1 as const })),
  ];

  if (matches.length) {
    await tx.$executeRaw`
      INSERT INTO rm_attributions (conversion_id, publisher_id, advertiser_id, campaign_id, ad_id, event_key, event_type, event_at,
                                   placement, context, sku, quantity, income_cents)
      SELECT x.conversion_id, x.p, x.a, x.c, x.d, x.k, x.type::"RmEventType", x.at::timestamptz, x.pl, x.cx, x.sku, x.quantity, x.income
        FROM jsonb_to_recordset(${json(
          matches.map((c, i) => ({
            conversion_id: c.conversion_id.toString(),
            p: c.publisher_id,
            a: c.advertiser_id,
            c: c.campaign_id,
            d: c.ad_id,
            k: c.event_key,
            type: c.type,
            at: c.occurred_at.toISOString(),
            pl: c.placement,
            cx: c.context,
            sku: credited[i]!.sku,
            quantity: credited[i]!.quantity,
            income: credited[i]!.income,
          })),
        )}::jsonb)
          AS x(conversion_id bigint, p int, a int, c int, d int, k text, type text, at text, pl text, cx text, sku text, quantity int, income bigint)`;
  }

  if (credits.length) {
    const ad = (c: Credit) => ({ p: c.publisher_id, a: c.advertiser_id, c: c.campaign_id, d: c.ad_id, pl: c.placement, cx: c.context });
    const dayOf = (c: Credit) => businessDate(c.orderedAt);
    const hourOf = (c: Credit) => new Date(c.orderedAt.getTime() - (c.orderedAt.getTime() % 3_600_000)).toISOString();

    const daily = rollup(credits, (c) => key(dayOf(c), c.ad_id, c.placement, c.context), (c) => ({ day: dayOf(c), ...ad(c) }));
    if (daily.length) await tx.$executeRaw`
      INSERT INTO rm_daily_stats (day, publisher_id, advertiser_id, campaign_id, ad_id, placement, context, conversions, items_sold, income_cents)
      SELECT x.day::date, x.p, x.a, x.c, x.d, x.pl, x.cx, x.conversions, x.items, x.income
        FROM jsonb_to_recordset(${json(daily)}::jsonb)
          AS x(day text, p int, a int, c int, d int, pl text, cx text, conversions bigint, items bigint, income bigint)
      ORDER BY x.day, x.d, x.pl, x.cx
      ON CONFLICT (day, ad_id, placement, context) DO UPDATE SET
        conversions = rm_daily_stats.conversions + EXCLUDED.conversions,
        items_sold = rm_daily_stats.items_sold + EXCLUDED.items_sold,
        income_cents = rm_daily_stats.income_cents + EXCLUDED.income_cents`;

    const hourly = rollup(credits, (c) => key(hourOf(c), c.ad_id, c.placement, c.context), (c) => ({ hour: hourOf(c), ...ad(c) }));
    if (hourly.length) await tx.$executeRaw`
      INSERT INTO rm_hourly_stats (hour, publisher_id, advertiser_id, campaign_id, ad_id, placement, context, conversions, items_sold, income_cents)
      SELECT x.hour::timestamptz, x.p, x.a, x.c, x.d, x.pl, x.cx, x.conversions, x.items, x.income
        FROM jsonb_to_recordset(${json(hourly)}::jsonb)
          AS x(hour text, p int, a int, c int, d int, pl text, cx text, conversions bigint, items bigint, income bigint)
      ORDER BY x.hour, x.d, x.pl, x.cx
      ON CONFLICT (hour, ad_id, placement, context) DO UPDATE SET
        conversions = rm_hourly_stats.conversions + EXCLUDED.conversions,
        items_sold = rm_hourly_stats.items_sold + EXCLUDED.items_sold,
        income_cents = rm_hourly_stats.income_cents + EXCLUDED.income_cents`;

    const products = rollup(credits, (c) => key(dayOf(c), c.campaign_id, c.sku), (c) => ({ day: dayOf(c), c: c.campaign_id, sku: c.sku }));
    if (products.length) await tx.$executeRaw`
      INSERT INTO rm_product_daily_stats (day, campaign_id, sku, conversions, items_sold, income_cents)
      SELECT x.day::date, x.c, x.sku, x.conversions, x.items, x.income
        FROM jsonb_to_recordset(${json(products)}::jsonb)
          AS x(day text, c int, sku text, conversions bigint, items bigint, income bigint)
      ORDER BY x.day, x.c, x.sku
      ON CONFLICT (day, campaign_id, sku) DO UPDATE SET
        conversions = rm_product_daily_stats.conversions + EXCLUDED.conversions,
        items_sold = rm_product_daily_stats.items_sold + EXCLUDED.items_sold,
        income_cents = rm_product_daily_stats.income_cents + EXCLUDED.income_cents`;
  }

  await tx.$executeRaw`
    UPDATE rm_conversions SET attributed_at = now()
     WHERE id IN (SELECT jsonb_array_elements_text(${json(ids.map(String))}::jsonb)::bigint)`;
  return pending.length;
}

export interface AttributionOptions {
  /** Conversions attributed per database transaction. */
  batchSize?: number;
}

/** Attribution of pending conversions, one transaction per batch (run by the event consumer after it counts events). */
export function createAttribution(db: Db, { batchSize = 200 }: AttributionOptions = {}) {
  return {
    /** One batch; resolves with how many conversions it took (0: nothing pending). */
    attributeBatch: (receivedBefore: Date) => db.$transaction((tx) => attributeBatch(tx, receivedBefore, batchSize), TX_OPTIONS),
  };
}

export type Attribution = ReturnType<typeof createAttribution>;
