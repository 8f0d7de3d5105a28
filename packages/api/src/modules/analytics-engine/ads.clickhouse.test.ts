import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { servedAd, uniq } from '../../../test/served-ad.ts';
import { businessDate } from '../../lib/business-day.ts';
import { createAttribution } from '../ad-serving/attribution.ts';
import { createConversionsService } from '../ad-serving/conversions.service.ts';
import { createEventConsumer } from '../ad-serving/event-consumer.ts';
import type { EventType } from '../ad-serving/event-signing.ts';
import { createDatabaseEventStore } from '../ad-serving/event-store.ts';
import { createRmReportsRepo, type AdOrderField, type Period, type ReportScope, type RmReportsRepo } from '../rm-reports/rm-reports.repo.ts';
import { adsStream, createClickHouseRmReportsRepo, spanOf } from './ads.clickhouse.ts';
import { createClickHouse, type ClickHouse } from './clickhouse.ts';
import { createShipper } from './outbox.ts';

// The retail-media reports on ClickHouse against PostgreSQL's rollups on the same data: loaded with
// the seeded serving, then fed by the rollups' triggers as the real consumer counts events, charges
// wallets and attributes conversions; every change once, a replayed batch included.

let t: TestApp;
let postgres: RmReportsRepo;
const ids = { bomPreco: 0, aurora: 0 };
const chDatabases: string[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  // PostgreSQL as the app's engine whatever ANALYTICS_ENGINE says: each test registers its own sink. No background consumer.
  t = await createTestApp({ runWorkers: false, analytics: { engine: 'postgres', clickhouseUrl: 'chdb:' } });
  postgres = createRmReportsRepo(t.db);
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  ids.bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  ids.aurora = accounts.find((a) => a.slug === 'cafe-aurora')!.id;
});
afterAll(async () => {
  for (const name of chDatabases) {
    const ch = await createClickHouse(`chdb:?database=${name}`);
    await ch.command(`DROP DATABASE IF EXISTS ${name}`);
  }
  await t?.close();
});

/** ClickHouse in a database of its own, with the ads stream's shipper started (loaded, sink registered): the only sink. */
async function engine() {
  const name = `ads_test_${randomBytes(5).toString('hex')}`;
  chDatabases.push(name);
  const ch = await createClickHouse(`chdb:?database=${name}`);
  await t.db.$executeRaw`DELETE FROM analytics_sinks`;
  await t.db.$executeRaw`DELETE FROM analytics_outbox`;
  await t.db.$executeRaw`DELETE FROM analytics_batches`;
  const shipper = createShipper({ db: t.db, ch, streams: [adsStream(ch)] });
  await shipper.start();
  return { ch, shipper, repo: createClickHouseRmReportsRepo({ db: t.db, ch, caughtUp: () => shipper.caughtUp() }) };
}

const today = () => businessDate(new Date());
const daysAgo = (n: number) => businessDate(new Date(Date.now() - n * DAY));

/** The scopes compared: each publisher, all of them, each advertiser on its publishers, one pair, nothing. */
async function scopes(): Promise<ReportScope[]> {
  const pairs = await t.db.$queryRaw<Array<{ p: number; a: number }>>`
    SELECT DISTINCT publisher_id AS p, advertiser_id AS a FROM rm_daily_stats ORDER BY 1, 2`;
  const publishers = [...new Set(pairs.map((x) => x.p))];
  const advertisers = [...new Set(pairs.map((x) => x.a))];
  return [
    ...publishers.map((p) => ({ callerId: p, managed: [p], linked: [] })),
    { callerId: ids.bomPreco, managed: publishers, linked: [] },
    ...advertisers.map((a) => ({ callerId: a, managed: [], linked: [...new Set(pairs.filter((x) => x.a === a).map((x) => x.p))] })),
    { callerId: pairs[0]!.p, managed: [pairs[0]!.p], linked: [], advertiserId: pairs[0]!.a },
    { callerId: ids.aurora, managed: [], linked: publishers, publisherId: ids.bomPreco },
    { callerId: 0, managed: [], linked: [] },
  ];
}

const ORDERS: AdOrderField[] = ['impressions', 'clicks', 'conversions', 'income', 'total_spent', 'ctr', 'roas'];

/** Every read of the reports repo for one scope and period (the ads in every order when `orders`). */
async function answers(repo: RmReportsRepo, r: ReportScope, p: Period, orders: boolean) {
  const now = new Date();
  const hours = await repo.byHourOfDay(r, p);
  const ads = [];
  for (const by of orders ? ORDERS : ['total_spent' as const]) {
    for (const direction of ['asc', 'desc'] as const) ads.push(await repo.ads(r, p, { by, direction }, { page: 1, quantity: 3 }));
  }
  ads.push(await repo.ads(r, p, { by: 'total_spent', direction: 'desc' }, { page: 2, quantity: 3 }));
  ads.push(await repo.ads(r, p, { by: 'total_spent', direction: 'desc' }, { page: 500, quantity: 3 }));
  return {
    totals: await repo.totals(r, p),
    byDay: [...(await repo.byDay(r, p))].sort(([a], [b]) => a.localeCompare(b)),
    byAdType: await repo.byAdType(r, p),
    byContext: await repo.byContext(r, p),
    byHourOfDay: { hours: [...hours.hours].sort(([a], [b]) => a - b), total: hours.total },
    hourSeries: await repo.hourSeries(r, p),
    advertisers: await repo.advertisers(r, p, now),
    dailyConsolidation: await repo.dailyConsolidation(r, p),
    ads,
    allAds: await repo.ads(r, p, { by: 'total_spent', direction: 'desc' }),
    campaignStates: await repo.campaignStates(r, p, today()),
    opportunity: await repo.opportunity(r.publisherId !== undefined ? [r.publisherId] : r.managed, p),
  };
}

/** Both repos answer alike for every scope over `periods` (the ads in every order over the first). */
async function expectSameAnswers(clickhouse: RmReportsRepo, periods: Period[]) {
  for (const r of await scopes()) {
    for (const [i, p] of periods.entries()) {
      const [a, b] = [await answers(postgres, r, p, i === 0), await answers(clickhouse, r, p, i === 0)];
      expect(b, `${JSON.stringify(r)} ${JSON.stringify(p)}`).toEqual(a);
    }
  }
}

/** The rollups of one ad in PostgreSQL and in ClickHouse (all time). */
async function adSums(ch: ClickHouse, adId: number) {
  const columns = 'impressions, views, clicks, conversions, items_sold, income_cents, spent_cents';
  const sums = columns.split(', ').map((c) => `sum(${c})::bigint AS ${c}`).join(', ');
  const [daily] = await t.db.$queryRawUnsafe<Array<Record<string, bigint>>>(`SELECT ${sums} FROM rm_daily_stats WHERE ad_id = $1`, adId);
  const [hourly] = await t.db.$queryRawUnsafe<Array<Record<string, bigint>>>(`SELECT ${sums} FROM rm_hourly_stats WHERE ad_id = $1`, adId);
  const chSums = async (table: string) => {
    const [row] = await ch.query<Record<string, string>>(
      `SELECT ${columns.split(', ').map((c) => `sum(${c}) AS ${c}`).join(', ')} FROM ${ch.table(table)} WHERE ad_id = {ad:UInt32}`,
      { ad: adId },
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, BigInt(v)]));
  };
  return { postgres: { daily, hourly }, clickhouse: { daily: await chSums('ad_daily'), hourly: await chSums('ad_hourly') } };
}

/** A product ad of a campaign of its own on Bom Preço, paid by `advertiserId`'s wallet there. */
async function paidAd(advertiserId: number, sku: string) {
  const campaign = await t.db.campaign.create({
    data: {
      publisherId: ids.bomPreco,
      advertiserId,
      name: `Motor analítico ${uniq()}`,
      adType: 'product',
      dailyBudgetCents: 1_000_000n,
      startAt: new Date(Date.now() - 10 * DAY),
      products: { create: [{ sku }] },
    },
  });
  const ad = await t.db.ad.create({ data: { campaignId: campaign.id, adType: 'product', status: 'approved', sku } });
  return { campaignId: campaign.id, adId: ad.id, advertiserId };
}

/** Beacons of `ad` for one person through the database event store, counted and attributed by the real consumer. */
async function serve(ad: { campaignId: number; adId: number; advertiserId: number }, user: string, events: Array<[EventType, number]>) {
  const store = createDatabaseEventStore(t.db);
  const at = Date.now() - 60_000;
  for (const [i, [type, count]] of events.entries()) {
    for (let n = 0; n < count; n++) {
      await store.append({
        k: `ev-${uniq()}`,
        type,
        at: at + i * 1_000 + n,
        // Each impression a request of its own (a person's repeats within a minute are not counted).
        ad: servedAd({ p: ids.bomPreco, a: ad.advertiserId, c: ad.campaignId, d: ad.adId }, { u: type === 'impression' ? undefined : user, cpc: 40, cpm: 2_500 }),
      });
    }
  }
  await createEventConsumer(store, { attribution: createAttribution(t.db) }).drain();
}

const SERVING = [daysAgo(29), today()] as const;
/** The first and last days of the month before this one. */
const lastMonth = () => {
  const [y, m] = today().split('-').map(Number) as [number, number];
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { start: iso(new Date(Date.UTC(y, m - 2, 1))), end: iso(new Date(Date.UTC(y, m - 1, 0))) };
};
// Days only, a whole month (ad_monthly), days within months (a month less days), a year, a day without serving.
const PERIODS: Period[] = [
  { start: SERVING[0], end: SERVING[1] },
  { start: daysAgo(6), end: today() },
  lastMonth(),
  { start: daysAgo(20), end: daysAgo(3) },
  { start: daysAgo(364), end: today() },
  { start: '2025-03-10', end: '2025-03-10' },
];

describe('a period read over months (spanOf)', () => {
  it('reads whole months from ad_monthly, and each partial month by its fewer days: those in the period, or those outside taken away', () => {
    expect(spanOf({ start: '2026-01-01', end: '2026-01-31' })).toEqual({ months: ['2026-01-01', '2026-01-01'], plus: [], minus: [] });
    expect(spanOf({ start: '2025-11-28', end: '2026-11-27' })).toEqual({
      months: ['2025-12-01', '2026-11-01'],
      plus: [['2025-11-28', '2025-11-30']],
      minus: [['2026-11-28', '2026-11-30']],
    });
    expect(spanOf({ start: '2024-02-03', end: '2024-03-29' })).toEqual({
      months: ['2024-02-01', '2024-03-01'],
      plus: [],
      minus: [
        ['2024-02-01', '2024-02-02'],
        ['2024-03-30', '2024-03-31'],
      ],
    });
    expect(spanOf({ start: '2026-03-10', end: '2026-03-12' })).toEqual({ months: null, plus: [['2026-03-10', '2026-03-12']], minus: [] });
    expect(spanOf({ start: '2026-03-02', end: '2026-03-30' })).toEqual({
      months: ['2026-03-01', '2026-03-01'],
      plus: [],
      minus: [
        ['2026-03-01', '2026-03-01'],
        ['2026-03-31', '2026-03-31'],
      ],
    });
  });
});

describe('the retail-media reports on ClickHouse', () => {
  it('are loaded with the serving counted so far and answer every report as PostgreSQL does', async () => {
    const { ch, repo } = await engine();
    const [facts] = await ch.query<{ n: string }>(`SELECT count() AS n FROM ${ch.table('ad_facts')}`);
    const [rows] = await t.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT (SELECT count(*) FROM rm_daily_stats) + (SELECT count(*) FROM rm_hourly_stats) + (SELECT count(*) FROM rm_product_daily_stats)
           + (SELECT count(*) FROM rm_request_stats) AS n`;
    expect(BigInt(facts!.n)).toBe(rows!.n);
    expect(rows!.n).toBeGreaterThan(100n);
    await expectSameAnswers(repo, PERIODS);

    // A campaign deleted leaves every report, its serving history included.
    const [served] = await t.db.$queryRaw<Array<{ id: number }>>`SELECT campaign_id AS id FROM rm_daily_stats ORDER BY spent_cents DESC LIMIT 1`;
    await t.db.campaign.update({ where: { id: served!.id }, data: { deletedAt: new Date() } });
    try {
      await expectSameAnswers(repo, PERIODS.slice(0, 1));
    } finally {
      await t.db.campaign.update({ where: { id: served!.id }, data: { deletedAt: null } });
    }
  }, 180_000);

  it('follows the events the consumer counts, their spend within the wallet, and the conversions attributed: each once', async () => {
    const { ch, repo, shipper } = await engine();
    // Bom Preço advertising on itself with 1.20 in its wallet: the third click (0.40 each) and the impressions' CPM exhaust it.
    const wallet = await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.bomPreco, advertiserId: ids.bomPreco } } });
    await t.db.wallet.update({ where: { id: wallet.id }, data: { balanceCents: 120n } });
    const sku = `MOTOR-${uniq()}`;
    const ad = await paidAd(ids.bomPreco, sku);
    const user = `cliente-${uniq()}`;
    await serve(ad, user, [
      ['impression', 12],
      ['view', 1],
      ['click', 1],
    ]);
    await serve(ad, `${user}-2`, [['click', 1]]);
    await serve(ad, `${user}-3`, [['click', 1]]);
    const conversions = createConversionsService({ db: t.db, publishers: { isActive: async () => true } });
    await conversions.record(ids.bomPreco, { order_id: `pedido-${uniq()}`, user_id: user, created_at: new Date().toISOString(), items: [{ sku, quantity: 3, price: 9.9 }] });
    await createEventConsumer(createDatabaseEventStore(t.db), { attribution: createAttribution(t.db) }).drain();

    const [pending] = await t.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM analytics_outbox WHERE stream = 'ads'`;
    expect(pending!.n).toBeGreaterThan(0n);
    await expectSameAnswers(repo, PERIODS.slice(0, 2));
    const sums = await adSums(ch, ad.adId);
    expect(sums.postgres.daily).toMatchObject({ impressions: 12n, views: 1n, clicks: 3n, conversions: 1n, items_sold: 3n, income_cents: 2_970n, spent_cents: 120n });
    expect(sums.clickhouse).toEqual(sums.postgres);

    // Shipped once: nothing waits, and shipping again changes nothing.
    await shipper.drain();
    expect(await adSums(ch, ad.adId)).toEqual(sums);
    const [left] = await t.db.$queryRaw<Array<{ n: bigint }>>`
      SELECT (SELECT count(*) FROM analytics_outbox) + (SELECT count(*) FROM analytics_batches WHERE shipped_at IS NULL) AS n`;
    expect(left!.n).toBe(0n);
  }, 120_000);

  it('counts an ads batch once when it is sent again after ClickHouse took it but the shipper never heard back', async () => {
    const { ch, repo, shipper } = await engine();
    const ad = await paidAd(ids.aurora, `REPLAY-${uniq()}`);
    await serve(ad, `cliente-${uniq()}`, [
      ['impression', 5],
      ['click', 1],
    ]);
    await serve(ad, `cliente-${uniq()}`, [['click', 1]]);
    let lost = 0;
    const flaky: ClickHouse = {
      ...ch,
      async insert(table, rows, options) {
        await ch.insert(table, rows, options);
        lost += 1;
        throw new Error('socket hang up');
      },
    };
    await expect(createShipper({ db: t.db, ch: flaky, streams: [adsStream(flaky)] }).drain()).rejects.toThrow('socket hang up');
    expect(lost).toBe(1);
    // The next shipper sends the same rows under the same token: ClickHouse keeps them once, its rollups too.
    await shipper.drain();
    const sums = await adSums(ch, ad.adId);
    expect(sums.postgres.daily).toMatchObject({ impressions: 5n, clicks: 2n });
    expect(sums.clickhouse).toEqual(sums.postgres);
    await expectSameAnswers(repo, PERIODS.slice(1, 2));
  }, 60_000);

  it('is the reports’ repo of the app’s engine with ANALYTICS_ENGINE=clickhouse', async () => {
    const name = `ads_test_${randomBytes(5).toString('hex')}`;
    chDatabases.push(name);
    const app = await createTestApp({ analytics: { engine: 'clickhouse', clickhouseUrl: `chdb:?database=${name}` } });
    try {
      const engine = app.app.analyticsEngine;
      expect(engine.kind).toBe('clickhouse');
      const [loaded] = await engine.clickhouse!.ch.query<{ n: string }>(`SELECT count() AS n FROM ${engine.clickhouse!.ch.table('ad_daily')}`);
      expect(Number(loaded!.n)).toBeGreaterThan(0);
      const r = { callerId: ids.bomPreco, managed: [ids.bomPreco], linked: [] };
      const p = { start: SERVING[0], end: SERVING[1] };
      expect(await engine.rmReports.totals(r, p)).toEqual(await createRmReportsRepo(app.db).totals(r, p));
    } finally {
      await app.close();
    }
  });
});
