import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { servedAd, uniq } from '../../../test/served-ad.ts';
import { createWalletsRepo } from '../wallets/wallets.repo.ts';
import { createEventSigner, eventKey, packServedAd, type EventType, type ServedAd } from './event-signing.ts';
import { Redis } from 'ioredis';
import { createDatabaseEventStore, createRedisEventStore, type BeaconEvent, type EventStore } from './event-store.ts';
import { countEvents, createEventConsumer, forgetOldRepeats } from './event-consumer.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, campaign: 0, ad: 0, wallet: 0 };

/** An ad of the fixture campaign as served, at 50 cents a click and 1.50 per thousand impressions. */
const served = (over: Partial<ServedAd> = {}) => servedAd({ p: ids.bomPreco, a: ids.aurora, c: ids.campaign, d: ids.ad }, { cpc: 50, cpm: 150, ...over });
const sign = (ad: ServedAd) => createEventSigner(t.config.jwtSecret).sign(ad);
const fire = (type: 'impression' | 'view' | 'click', token: string | undefined) =>
  t.http.post(`/v1/beacon/${type}`).query(token === undefined ? {} : { t: token });

const balanceOf = async () => (await t.db.wallet.findUniqueOrThrow({ where: { id: ids.wallet } })).balanceCents;
const sumOfMovements = async () =>
  (await t.db.walletTransaction.aggregate({ where: { walletId: ids.wallet }, _sum: { amountCents: true } }))._sum.amountCents ?? 0n;
const statsOf = async (placement: string) => {
  const where = { adId: ids.ad, placement };
  const sum = { impressions: true, views: true, clicks: true, spentCents: true } as const;
  const [daily, hourly, events] = await Promise.all([
    t.db.rmDailyStat.aggregate({ where, _sum: sum }),
    t.db.rmHourlyStat.aggregate({ where, _sum: sum }),
    t.db.rmEvent.findMany({ where, select: { type: true, costCents: true } }),
  ]);
  const n = (v: bigint | null) => Number(v ?? 0n);
  return {
    daily: { impressions: n(daily._sum.impressions), views: n(daily._sum.views), clicks: n(daily._sum.clicks), spent: n(daily._sum.spentCents) },
    hourly: { impressions: n(hourly._sum.impressions), views: n(hourly._sum.views), clicks: n(hourly._sum.clicks), spent: n(hourly._sum.spentCents) },
    raw: {
      impressions: events.filter((e) => e.type === 'impression').length,
      views: events.filter((e) => e.type === 'view').length,
      clicks: events.filter((e) => e.type === 'click').length,
      spent: events.reduce((s, e) => s + Number(e.costCents), 0),
    },
  };
};

beforeAll(async () => {
  // The tests fire up to 1,000 beacons in a second from one address: above the public gate's ceiling
  // per address (its own tests cover it), a fast machine would answer the next one 429.
  t = await createTestApp({ publicRateLimit: { ip: 1_000_000, publisher: 1_000_000, windowMs: 1_000 } });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  ids.bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  ids.aurora = accounts.find((a) => a.slug === 'cafe-aurora')!.id;
  const ad = await t.db.ad.findFirstOrThrow({
    where: { status: 'approved', campaign: { advertiserId: ids.aurora, publisherId: ids.bomPreco } },
    select: { id: true, campaignId: true },
  });
  ids.ad = ad.id;
  ids.campaign = ad.campaignId;
  ids.wallet = (await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.bomPreco, advertiserId: ids.aurora } } })).id;
  // Enough balance for every charge below, credited as a movement so that balance = sum of movements.
  await createWalletsRepo(t.db).credit({
    walletId: ids.wallet,
    amountCents: 1_000_000n,
    type: 'credit',
    subtype: 'recharge',
    userId: null,
    note: 'beacons test',
    idempotencyKey: `beacons-${uniq()}`,
  });
});
const redisClients: Redis[] = [];
/**
 * Another instance's view of the same store (its own Redis consumer name), once connected: a store
 * whose Redis is still connecting takes nothing from the stream (its next pass does).
 */
const anotherStore = async (): Promise<EventStore> => {
  if (!t.config.redisUrl) return createDatabaseEventStore(t.db);
  const redis = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  redisClients.push(redis);
  await redis.connect();
  return createRedisEventStore(t.db, redis, t.config.redisPrefix);
};
afterAll(async () => {
  for (const redis of redisClients) redis.disconnect();
  await t?.close();
});

describe('beacon tokens', () => {
  it('refuses a tampered, malformed, foreign, missing or expired token with 400 and stores nothing', async () => {
    const ad = served({ pl: 'invalid' });
    const good = sign(ad);
    const [payload, mac] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ ...ad, cpc: 0 })).toString('base64url');
    const cases = [
      `${forged}.${mac}`,
      `${payload}.${mac!.slice(0, -2)}AA`,
      'not-a-token',
      createEventSigner('another-deployment-secret').sign(ad),
      undefined,
    ];
    for (const token of cases) {
      const res = await fire('impression', token);
      expect(res.status, String(token)).toBe(400);
      expect(expectEnvelope(res.body, 'BEACON_INVALID_TOKEN').message).toBe('Link de evento inválido ou adulterado.');
    }
    const old = await fire('click', sign({ ...ad, t: Date.now() - 24 * 3_600_000 - 1000 }));
    expect(old.status).toBe(400);
    expectEnvelope(old.body, 'BEACON_EXPIRED_TOKEN');
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { placement: 'invalid' } })).toBe(0);
    expect(await t.db.rmDailyStat.count({ where: { placement: 'invalid' } })).toBe(0);
  });

  it('refuses a repeated token parameter with the validation envelope naming it', async () => {
    const token = sign(served({ pl: 'invalid' }));
    const res = await t.http.post(`/v1/beacon/impression?t=${token}&t=${token}`);
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details).toEqual([expect.objectContaining({ field: 't' })]);
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { placement: 'invalid' } })).toBe(0);
  });
});

describe('counting and charging', () => {
  it('makes an accepted event durable, then counts, rolls up and charges it', async () => {
    const before = await balanceOf();
    const movementsBefore = await t.db.walletTransaction.count({ where: { walletId: ids.wallet } });
    const ad = served({ pl: 'count', u: `user-${uniq()}`, cpc: 37, cpm: 2000 });
    for (const type of ['impression', 'view', 'click'] as const) {
      const res = await fire(type, sign(ad));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toEqual({ accepted: true });
    }
    await t.app.eventConsumer.drain();

    const events = await t.db.rmEvent.findMany({ where: { requestId: ad.r }, orderBy: { type: 'asc' } });
    expect(events.map((e) => [e.type, Number(e.costCents)])).toEqual([
      ['impression', 2],
      ['view', 0],
      ['click', 37],
    ]);
    expect(events[0]).toMatchObject({ publisherId: ids.bomPreco, advertiserId: ids.aurora, campaignId: ids.campaign, context: 'search', userId: ad.u });
    const stats = await statsOf('count');
    expect(stats.daily).toEqual({ impressions: 1, views: 1, clicks: 1, spent: 39 });
    expect(stats.hourly).toEqual(stats.daily);
    const day = await t.db.rmDailyStat.findFirstOrThrow({ where: { adId: ids.ad, placement: 'count' } });
    expect(day).toMatchObject({ publisherId: ids.bomPreco, advertiserId: ids.aurora, campaignId: ids.campaign, context: 'search' });

    expect(await balanceOf()).toBe(before - 39n);
    expect(await balanceOf()).toBe(await sumOfMovements());
    const movements = await t.db.walletTransaction.findMany({ where: { walletId: ids.wallet }, orderBy: { id: 'asc' }, skip: movementsBefore });
    expect(movements.map((m) => [m.transactionType, m.transactionSubtype, Number(m.amountCents)]).sort()).toEqual([
      ['debit', 'cpc', -37],
      ['debit', 'cpm', -2],
    ]);
  });

  it('counts a replayed URL once: within the dedup window, and by its event key after it', async () => {
    const ad = served({ pl: 'replay', u: `user-${uniq()}` });
    const token = sign(ad);
    for (let i = 0; i < 3; i++) expect((await fire('impression', token)).status).toBe(202);
    await t.app.eventConsumer.drain();
    // The window is gone (as if two minutes had passed): no longer a repeat, yet the event key counts it once.
    await t.db.$executeRaw`UPDATE rm_event_dedup SET last_at = last_at - interval '2 minutes' WHERE dedup_key = ${`impression:${ids.ad}:u:${ad.u}`}`;
    expect((await fire('impression', token)).status).toBe(202);
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { requestId: ad.r } })).toBe(1);
    expect((await statsOf('replay')).daily.impressions).toBe(1);
  });

  it('answers GET click with a 302 to the destination (202 without one), counting the click', async () => {
    const ad = served({ pl: 'redirect', s: `session-${uniq()}`, to: 'https://loja.example/produto/123?utm=rm' });
    const res = await t.http.get('/v1/beacon/click').query({ t: sign(ad) });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://loja.example/produto/123?utm=rm');
    const plain = served({ pl: 'redirect', s: `session-${uniq()}` });
    const res2 = await t.http.get('/v1/beacon/click').query({ t: sign(plain) });
    expect(res2.status).toBe(202);
    expect(res2.body).toEqual({ accepted: true });
    expect((await t.http.get('/v1/beacon/click').query({ t: 'x.y' })).status).toBe(400);
    await t.app.eventConsumer.drain();
    expect((await statsOf('redirect')).raw.clicks).toBe(2);
  });

  it('keeps rollups equal to the raw events under 200 parallel beacons', async () => {
    const before = await balanceOf();
    // 50 people, each with an impression and a click fired twice at once: 200 requests, 100 distinct events.
    const people = Array.from({ length: 50 }, () => served({ pl: 'parallel', u: `user-${uniq()}`, cpm: 333, cpc: 12 }));
    const requests = people.flatMap((ad) => [sign(ad), sign(ad)].flatMap((token) => [fire('impression', token), fire('click', token)]));
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(202));
    await t.app.eventConsumer.drain();
    const stats = await statsOf('parallel');
    expect(stats.raw).toMatchObject({ impressions: 50, clicks: 50 });
    expect(stats.daily).toEqual(stats.raw);
    expect(stats.hourly).toEqual(stats.raw);
    // floor(50 × 333 / 1000) for the impressions, 12 per click.
    expect(stats.raw.spent).toBe(16 + 50 * 12);
    expect(await balanceOf()).toBe(before - BigInt(stats.raw.spent));
    expect(await balanceOf()).toBe(await sumOfMovements());
  });

  it('charges CPM without losing fractions: 1000 impressions at 150 cents cost exactly 150 cents', async () => {
    for (let i = 0; i < 10; i++) {
      const batch = Array.from({ length: 100 }, () => fire('impression', sign(served({ pl: 'cpm', u: `user-${uniq()}`, cpm: 150 }))));
      expect((await Promise.all(batch)).every((r) => r.status === 202)).toBe(true);
    }
    await t.app.eventConsumer.drain();
    const stats = await statsOf('cpm');
    expect(stats.raw).toEqual({ impressions: 1000, views: 0, clicks: 0, spent: 150 });
    expect(stats.daily).toEqual(stats.raw);
    expect(stats.hourly).toEqual(stats.raw);
  });

  it('never takes a wallet below zero', async () => {
    const other = await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.bomPreco, advertiserId: ids.bomPreco } } });
    await createWalletsRepo(t.db).credit({
      walletId: other.id,
      amountCents: 250n,
      type: 'credit',
      subtype: 'recharge',
      userId: null,
      note: null,
      idempotencyKey: `beacons-${uniq()}`,
    });
    const balance = (await t.db.wallet.findUniqueOrThrow({ where: { id: other.id } })).balanceCents;
    expect(balance > 0n).toBe(true);
    const ad = served({ pl: 'broke', a: ids.bomPreco, u: `user-${uniq()}`, cpc: Number(balance) + 500 });
    expect((await fire('click', sign(ad))).status).toBe(202);
    await t.app.eventConsumer.drain();
    const after = await t.db.wallet.findUniqueOrThrow({ where: { id: other.id } });
    expect(after.balanceCents).toBe(0n);
    const sum = (await t.db.walletTransaction.aggregate({ where: { walletId: other.id }, _sum: { amountCents: true } }))._sum.amountCents ?? 0n;
    expect(sum).toBe(0n);
    expect((await statsOf('broke')).raw).toEqual({ impressions: 0, views: 0, clicks: 1, spent: Number(balance) });
  });
});

describe('consumers', () => {
  it('lets several instances consume at once without counting anything twice', async () => {
    const people = Array.from({ length: 120 }, () => served({ pl: 'instances', u: `user-${uniq()}` }));
    expect((await Promise.all(people.map((ad) => fire('impression', sign(ad))))).every((r) => r.status === 202)).toBe(true);
    await Promise.all([
      createEventConsumer(await anotherStore(), { batchSize: 7 }).drain(),
      createEventConsumer(await anotherStore(), { batchSize: 11 }).drain(),
      t.app.eventConsumer.drain(),
    ]);
    const stats = await statsOf('instances');
    expect(stats.raw.impressions).toBe(120);
    expect(stats.daily).toEqual(stats.raw);
    expect(stats.hourly).toEqual(stats.raw);
  });

  it('keeps an event whose counting failed and counts it on the next pass', async () => {
    await t.app.eventConsumer.stop();
    try {
      const store = await anotherStore();
      const ad = served({ pl: 'retry', u: `user-${uniq()}` });
      expect((await fire('click', sign(ad))).status).toBe(202);
      await expect(
        store.consume(500, async () => {
          throw new Error('database hiccup');
        }),
      ).rejects.toThrow('database hiccup');
      expect(await t.db.rmEvent.count({ where: { requestId: ad.r } })).toBe(0);
      await createEventConsumer(store).drain();
      expect(await t.db.rmEvent.count({ where: { requestId: ad.r } })).toBe(1);
      expect((await statsOf('retry')).daily.clicks).toBe(1);
    } finally {
      t.app.eventConsumer.start();
    }
  });
});

describe('the event store', () => {
  it('stores the events appended in one turn in one call, resolving each once it is stored', async () => {
    const store = await anotherStore();
    const key = uniq();
    const event = (n: number): BeaconEvent => ({ k: `${key}-${n}`, type: 'impression', ad: served({ pl: 'batch', u: `${key}-${n}` }), at: Date.now() });
    // A token's own text with a line break (JSON whitespace) is stored re-encoded: lines separate a batch's events.
    const packed = `[\n${JSON.stringify(packServedAd(event(3).ad)).slice(1)}`;
    await Promise.all([store.append(event(1)), store.append(event(2)), store.append({ ...event(3), packed })]);
    await t.app.eventConsumer.drain();
    const keys = (await t.db.rmEvent.findMany({ where: { eventKey: { startsWith: key } }, select: { eventKey: true } })).map((e) => e.eventKey);
    expect(keys.sort()).toEqual([`${key}-1`, `${key}-2`, `${key}-3`]);
  });

  it.runIf(Boolean(process.env.REDIS_URL))('stores in the database inbox what Redis cannot take, so an accepted event is still durable and counted', async () => {
    // Never connected, and not queueing commands meanwhile: every Redis call fails.
    const redis = new Redis(t.config.redisUrl!, { maxRetriesPerRequest: 0, lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => undefined);
    const store = createRedisEventStore(t.db, redis, t.config.redisPrefix);
    const events: BeaconEvent[] = [0, 1].map(() => ({ k: uniq(), type: 'view', ad: served({ pl: 'batch' }), at: Date.now() }));
    const results = await Promise.allSettled(events.map((e) => store.append(e)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // The app's consumer (a Redis store too) drains the inbox first.
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { eventKey: { in: events.map((e) => e.k) } } })).toBe(2);
    redis.disconnect();
  });
});

describe('deduplication windows (event times)', () => {
  /** Counts batches of events, as consumer passes do, and answers which of them were counted. */
  const counted = async (...batches: BeaconEvent[][]) => {
    for (const batch of batches) await t.db.$transaction((tx) => countEvents(tx, batch));
    const keys = batches.flat().map((e) => e.k);
    return new Set((await t.db.rmEvent.findMany({ where: { eventKey: { in: keys } }, select: { eventKey: true } })).map((e) => e.eventKey));
  };
  // Recent times: the app's consumer forgets keys older than every window meanwhile.
  const start = Date.now();
  const at = (seconds: number) => start + seconds * 1000;
  const event = (type: EventType, seconds: number, over: Partial<ServedAd>): BeaconEvent => {
    const ad = served({ pl: 'dedup', ...over });
    return { k: eventKey(ad, type), type, ad, at: at(seconds) };
  };

  it('ignores the same person and ad for 1 minute (impressions, views) and 1 hour (clicks)', async () => {
    const alice = { u: `alice-${uniq()}` };
    const e = {
      impression: event('impression', 0, alice),
      view: event('view', 0, alice),
      click: event('click', 0, alice),
      impressionAt59: event('impression', 59, alice),
      viewAt59: event('view', 59, alice),
      bobAt59: event('impression', 59, { u: `bob-${uniq()}` }),
      otherAdAt59: event('impression', 59, { ...alice, d: ids.ad + 1_000_000 }),
      impressionAt61: event('impression', 61, alice),
      viewAt61: event('view', 61, alice),
      clickAt61: event('click', 61, alice),
      clickAt3599: event('click', 3599, alice),
      clickAt3600: event('click', 3600, alice),
    };
    const kept = await counted(
      [e.impression, e.view, e.click],
      [e.impressionAt59, e.viewAt59, e.bobAt59, e.otherAdAt59],
      [e.impressionAt61, e.viewAt61, e.clickAt61],
      [e.clickAt3599],
      [e.clickAt3600],
    );
    const names = Object.entries(e).filter(([, ev]) => kept.has(ev.k)).map(([name]) => name);
    expect(names).toEqual(['impression', 'view', 'click', 'bobAt59', 'otherAdAt59', 'impressionAt61', 'viewAt61', 'clickAt3600']);
  });

  it('measures the window from the last counted event, within one batch too, and in any arrival order', async () => {
    const session = { s: `sess-${uniq()}` };
    // One batch (sorted by time when counted): 0 s counts, 30 s is a repeat, 70 s counts, 100 s is a repeat of 70 s.
    const batch = [event('impression', 100, session), event('impression', 30, session), event('impression', 70, session), event('impression', 0, session)];
    const kept = await counted(batch);
    expect(batch.map((ev) => kept.has(ev.k))).toEqual([false, false, true, true]);
    // A late event 20 s before the last counted one is a repeat too; one 2 minutes before it is not.
    const late = [event('impression', 50, session), event('impression', -50, session)];
    const keptLate = await counted(late);
    expect(late.map((ev) => keptLate.has(ev.k))).toEqual([false, true]);
  });

  it('without a user or a session, each decision request is its own person', async () => {
    const r = `req-${uniq()}`;
    const events = [event('click', 0, { r }), event('click', 10, { r, pos: 2 }), event('click', 10, {})];
    const kept = await counted(events);
    expect(events.map((ev) => kept.has(ev.k))).toEqual([true, false, true]);
  });

  it('counts a batch that rolled back on its next pass (the rollback forgot its counted times too)', async () => {
    const ev = event('click', 0, { u: `carol-${uniq()}` });
    await expect(
      t.db.$transaction(async (tx) => {
        await countEvents(tx, [ev]);
        throw new Error('database hiccup');
      }),
    ).rejects.toThrow('database hiccup');
    expect((await counted([ev])).has(ev.k)).toBe(true);
  });

  it('forgets dedup keys older than every window', async () => {
    const old = event('click', 0, { u: `dave-${uniq()}` });
    await counted([old]);
    const key = `click:${ids.ad}:u:${old.ad.u}`;
    expect(await t.db.rmEventDedup.count({ where: { dedupKey: key } })).toBe(1);
    await forgetOldRepeats(t.db, at(3600 + 59));
    expect(await t.db.rmEventDedup.count({ where: { dedupKey: key } })).toBe(1);
    await forgetOldRepeats(t.db, at(3600 + 61));
    expect(await t.db.rmEventDedup.count({ where: { dedupKey: key } })).toBe(0);
  });
});
