import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClickHouseStandin } from '../../../test/clickhouse-standin.ts';
import { ordersTestBed, placeOrder } from '../../../test/fixtures/orders.ts';
import type { TestApp } from '../../../test/helpers.ts';
import type { CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { createPostgresSalesEngine, type SalesEngine, type SalesFilter } from '../sales-dashboard/sales-engine.ts';
import { createGroceryAnalyticsRepo, type GroceryAnalyticsRepo } from '../analytics/grocery-analytics.repo.ts';
import { brandScopeOf } from '../analytics/brand-scope.ts';
import { createIndustryAnalyticsRepo, type IndustryAnalyticsRepo } from '../analytics/industry-analytics.repo.ts';
import { createClickHouse, forCluster, type ClickHouse } from './clickhouse.ts';
import { createClickHouseIndustryRepo } from './industry.clickhouse.ts';
import { createClickHouseGroceryRepo } from './grocery.clickhouse.ts';
import { createShipper } from './outbox.ts';
import { createClickHouseSalesEngine, salesStream } from './sales.clickhouse.ts';

// The ClickHouse engine against PostgreSQL's rollups on the same data: loaded with what was counted
// before it started, fed by the outbox after, exactly once; embedded (chDB) and over HTTP (a stand-in
// serving ClickHouse's HTTP interface over chDB).

let t: TestApp;
let admin: string;
let bomPreco: number;
let store: CartStore;
let postgres: SalesEngine;
const chDatabases: string[] = [];

beforeAll(async () => {
  ({ t, admin, bomPreco, store } = await ordersTestBed('Loja Motor Analítico'));
  postgres = createPostgresSalesEngine(t.db);
  await placeOrder(t, admin, store, { items: [{ product_id: store.products.leite, quantity: 2 }, { product_id: store.products.queijo, weight: 0.4 }] });
  await placeOrder(t, admin, store, { channel: 'whatsapp' });
});
afterAll(async () => {
  for (const name of chDatabases) {
    const ch = await createClickHouse(`chdb:?database=${name}`);
    await ch.command(`DROP DATABASE IF EXISTS ${name}`);
  }
  await t?.close();
});

const newDatabase = () => {
  const name = `engine_test_${randomBytes(5).toString('hex')}`;
  chDatabases.push(name);
  return name;
};

/** The filters compared: the whole seeded range, one store, one channel, the stores a caller may see. */
function filters(): SalesFilter[] {
  const whole = { from: '2020-01-01', to: '2030-12-31', allowedLocationIds: null };
  return [whole, { ...whole, locationId: store.locationId }, { ...whole, channel: 'whatsapp' }, { ...whole, allowedLocationIds: [store.locationId] }];
}

/** Every answer of both engines, for each filter, side by side. */
async function expectSameAnswers(clickhouse: SalesEngine) {
  for (const f of filters()) {
    const [a, b] = await Promise.all(
      [postgres, clickhouse].map(async (e) => ({
        totals: await e.totals(bomPreco, f),
        // A day whose sales were all taken away: a zero row in PostgreSQL, merged away in ClickHouse.
        perDay: (await e.perDay(bomPreco, f)).filter((d) => d.orders !== 0 || d.units !== 0 || d.itemsCents !== 0n || d.gmvCents !== 0n),
        products: await e.products(bomPreco, f, { limit: 20 }),
        some: await e.products(bomPreco, f, { ids: [store.products.leite, store.products.queijo] }),
        customers: await e.customers(bomPreco, f, { limit: 20 }),
        customer: await e.customers(bomPreco, f, { ids: [store.customerId] }),
      })),
    );
    expect(b, JSON.stringify(f)).toEqual(a);
  }
}

/** The supermarket analytics' answers of both engines, for the store over each filter, side by side. */
async function expectSameGroceryAnswers(clickhouse: GroceryAnalyticsRepo) {
  const postgresRepo = createGroceryAnalyticsRepo(t.db);
  const today = new Date().toISOString().slice(0, 10);
  for (const f of filters().map((x) => ({ ...x, locationId: store.locationId }))) {
    const [a, b] = await Promise.all(
      [postgresRepo, clickhouse].map(async (r) => ({
        breakdown: await r.breakdown(bomPreco, f, { from: '2010-01-01', to: '2019-12-31' }),
        alone: await r.breakdown(bomPreco, f, null),
        customers: await r.customers(bomPreco, f),
        perDay: await r.perDay(bomPreco, f),
        frequency: sortBy(await r.frequency(bomPreco, f), 'bucket'),
        rfm: sortBy(await r.rfm(bomPreco, { ...f, to: today }), 'segment'),
        cohorts: await r.cohorts(bomPreco, { ...f, to: today }, '2020-01-01'),
      })),
    );
    expect(b, JSON.stringify(f)).toEqual(a);
  }
}
/** The industry analytics' answers of both engines for the brand (Café Aurora at its retailers), over a period and its comparison, side by side. */
async function expectSameIndustryAnswers(clickhouse: IndustryAnalyticsRepo) {
  const postgresRepo = createIndustryAnalyticsRepo(t.db);
  const brand = (await t.db.account.findUniqueOrThrow({ where: { slug: 'cafe-aurora' } })).id;
  const today = new Date().toISOString().slice(0, 10);
  const scopes = [await brandScopeOf(t.db, brand, {}), await brandScopeOf(t.db, brand, { retailer_id: bomPreco })];
  expect(scopes[0]!.products.length).toBeGreaterThan(0);
  for (const scope of scopes) {
    const now = { from: '2026-01-01', to: today };
    const periods = { now, then: { from: '2020-01-01', to: '2025-12-31' } };
    const [a, b] = await Promise.all(
      [postgresRepo, clickhouse].map(async (r) => ({
        sales: await r.sales(scope, periods, ['total', 'day', 'retailer', 'store', 'category', 'product']),
        alone: await r.sales(scope, { now, then: null }, ['total', 'product']),
        buyers: await r.buyers(scope, periods, ['total', 'day', 'retailer', 'store']),
        occasions: await r.occasions(scope, { now, then: periods.then, year: { from: '2025-06-01', to: today } }, true),
        cells: sortBy((await r.cells(scope, now)).map((c) => ({ ...c, id: `${c.retailerId}:${c.locationId}:${c.productId}` })), 'id'),
      })),
    );
    expect(a!.sales.product.now.length).toBeGreaterThan(0);
    expect(a!.buyers.total.now.length).toBe(1);
    expect(b).toEqual(a);
  }
}
const sortBy = <T extends Record<K, string>, K extends string>(rows: T[], key: K) => [...rows].sort((x, y) => x[key].localeCompare(y[key]));

/**
 * An engine over `ch` with its shipper started: a ClickHouse that was not loaded under the database's
 * current registration (each test's is new) is loaded with everything so far and registered.
 */
async function engineOn(ch: ClickHouse) {
  const shipper = createShipper({ db: t.db, ch, streams: [salesStream(ch)] });
  await shipper.start();
  return { shipper, engine: createClickHouseSalesEngine(ch, () => shipper.caughtUp()), grocery: createClickHouseGroceryRepo(ch, t.db, () => shipper.caughtUp()),
    industry: createClickHouseIndustryRepo(ch, t.db, () => shipper.caughtUp()),
  };
}

describe('the ClickHouse analytics engine', () => {
  it('is loaded with every sale so far, then follows the orders through the outbox, answering as PostgreSQL does', async () => {
    const ch = await createClickHouse(`chdb:?database=${newDatabase()}`);
    const { engine, grocery, industry } = await engineOn(ch);
    const [facts] = await ch.query<{ n: string }>(`SELECT count() AS n FROM ${ch.table('sales_facts')}`);
    expect(Number(facts!.n)).toBeGreaterThan(0);
    await expectSameAnswers(engine);
    await expectSameGroceryAnswers(grocery);
    await expectSameIndustryAnswers(industry);

    // New orders, a cancel and a customer change: the outbox carries them; the next read ships first.
    const placed = await placeOrder(t, admin, store, { items: [{ product_id: store.products.queijo, weight: 1.2 }] });
    const other = await placeOrder(t, admin, store, { channel: 'whatsapp', items: [{ product_id: store.products.leite, quantity: 5 }] });
    await t.db.$executeRaw`UPDATE orders SET status = 'canceled', canceled_at = now() WHERE id = ${placed.order.id}`;
    const [pending] = await t.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM analytics_outbox`;
    expect(Number(pending!.n)).toBeGreaterThan(0);
    await expectSameAnswers(engine);
    await expectSameGroceryAnswers(grocery);
    await expectSameIndustryAnswers(industry);
    const [left] = await t.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM analytics_outbox`;
    expect(Number(left!.n)).toBe(0);
    expect(other.order.id).toBeGreaterThan(0);
  });

  it('counts a batch once when it is sent again after ClickHouse took it but the shipper never heard back', async () => {
    const ch = await createClickHouse(`chdb:?database=${newDatabase()}`);
    const { engine, shipper } = await engineOn(ch);
    await placeOrder(t, admin, store, { items: [{ product_id: store.products.leite, quantity: 7 }] });
    // A connection lost after the insert: ClickHouse has the batch, PostgreSQL still holds it unshipped.
    let lost = 0;
    const flaky: ClickHouse = {
      ...ch,
      async insert(table, rows, options) {
        await ch.insert(table, rows, options);
        lost += 1;
        throw new Error('socket hang up');
      },
    };
    const dying = createShipper({ db: t.db, ch: flaky, streams: [salesStream(flaky)] });
    await expect(dying.drain()).rejects.toThrow('socket hang up');
    expect(lost).toBe(1);
    const [unshipped] = await t.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM analytics_batches WHERE shipped_at IS NULL`;
    expect(Number(unshipped!.n)).toBe(1);
    // The next shipper sends the same rows under the same token: ClickHouse keeps them once (its rollups too).
    await shipper.drain();
    await expectSameAnswers(engine);
    const [after] = await t.db.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM analytics_batches WHERE shipped_at IS NULL`;
    expect(Number(after!.n)).toBe(0);
  });

  it('runs over HTTP through @clickhouse/client (bound parameters, JSONEachRow, deduplicated inserts)', async () => {
    const standin = await startClickHouseStandin();
    try {
      const ch = await createClickHouse(`${standin.url}/${newDatabase()}`);
      const { engine } = await engineOn(ch);
      await placeOrder(t, admin, store, { channel: 'whatsapp', items: [{ product_id: store.products.queijo, weight: 0.7 }] });
      await expectSameAnswers(engine);
      expect(standin.requests.some((r) => r.startsWith('INSERT'))).toBe(true);
      expect(standin.requests.some((r) => r.startsWith('SELECT'))).toBe(true);
      await ch.close();
    } finally {
      await standin.close();
    }
  });

  it('is the app’s engine with ANALYTICS_ENGINE=clickhouse', async () => {
    const { createTestApp } = await import('../../../test/helpers.ts');
    const app = await createTestApp({ analytics: { engine: 'clickhouse', clickhouseUrl: `chdb:?database=${newDatabase()}` } });
    try {
      expect(app.app.analyticsEngine.kind).toBe('clickhouse');
      const [sink] = await app.db.$queryRaw<Array<{ name: string }>>`SELECT name FROM analytics_sinks`;
      expect(sink?.name).toBe('clickhouse');
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('on a ClickHouse cluster (?cluster=name)', () => {
  it('creates, truncates and drops on every node, every MergeTree replicated, deduplicated across replicas', () => {
    expect(forCluster('CREATE TABLE IF NOT EXISTS db.t (x UInt32) ENGINE = MergeTree ORDER BY x SETTINGS non_replicated_deduplication_window = 10000', 'rede')).toBe(
      'CREATE TABLE IF NOT EXISTS db.t ON CLUSTER rede (x UInt32) ENGINE = ReplicatedMergeTree ORDER BY x SETTINGS replicated_deduplication_window = 10000',
    );
    expect(forCluster('CREATE TABLE IF NOT EXISTS db.s (x UInt32, n Int64) ENGINE = SummingMergeTree ORDER BY x', 'rede')).toBe(
      'CREATE TABLE IF NOT EXISTS db.s ON CLUSTER rede (x UInt32, n Int64) ENGINE = ReplicatedSummingMergeTree ORDER BY x',
    );
    expect(forCluster('CREATE MATERIALIZED VIEW IF NOT EXISTS db.v TO db.s AS SELECT x FROM db.t', 'rede')).toBe('CREATE MATERIALIZED VIEW IF NOT EXISTS db.v ON CLUSTER rede TO db.s AS SELECT x FROM db.t');
    expect(forCluster('TRUNCATE TABLE IF EXISTS db.t', 'rede')).toBe('TRUNCATE TABLE IF EXISTS db.t ON CLUSTER rede');
    expect(forCluster('CREATE DATABASE IF NOT EXISTS db', 'rede')).toBe('CREATE DATABASE IF NOT EXISTS db ON CLUSTER rede');
    expect(forCluster('TRUNCATE TABLE db.t', null)).toBe('TRUNCATE TABLE db.t');
  });
});
