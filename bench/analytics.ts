// Analytics benchmark (issue 23): the dashboard data service (cards, GMV and margin per day, top products
// and customers, each with its comparison period) with two years of 1,000,000 orders and 10,000,000 order
// lines in the database, against a bare Fastify route answering bodies of the same size, in the same run
// and the same server process: every call p95 ≤ 200 ms on PostgreSQL.
//
//   node --import tsx bench/analytics.ts        (PostgreSQL at DATABASE_URL, Redis at REDIS_URL)
//
// The parent seeds a benchmark database (backoffice_bench_analytics): the access modules and the demo
// accounts and users (accounts seed only), then in the demo grocery account 10 stores, 50,000 customers,
// 3,000 products (a cost for 19 in 20; sales skewed towards the first ones, as a supermarket's are) and
// 1,000,000 orders over 730 days on the six channels (one in ten canceled or refunded), ten lines each
// (10,000,000 lines: picked, a few substituted or missing), in set-based SQL with the triggers off (as a
// bulk load does), then the sales rollups are rebuilt from the rows by sales_stats_rebuild (what the
// triggers keep as orders change), then VACUUM ANALYZE. It bundles the server as `pnpm build` bundles
// the API, forks it (`--serve`: the real app, as deployed, and the bare route, one process) and drives
// it with autocannon at 20 connections, rows in turns, each beside a bare route answering its bodies:
//   1. GET /api/data-service/dashboard/cards, 30 days ending on different days, the account's or a
//      store's or a channel's, compared with the previous period;
//   2. gmv-per-day and margin-per-day, 90 days;
//   3. top-products and top-customers, 30 days;
//   4. the analytics cards, every card of each, 30 days: POST /metabase/analytics-grocery and
//      customers-grocery (a store), and as the brand (Café Aurora, linked with two brands: 100 of the
//      3,000 products) /metabase/kpi, analytics, stocks and customers;
// and, for reference, the year-long calls timed alone with nothing kept. BENCH_ROWS=metabase: the
// analytics cards' rows only.
// Answers are kept while the sales they count stay the same (the orders' cache and its versions, raised
// per store or brand and day as writes commit): so that misses are measured too, orders of the last 30
// days are refunded and restored all along the rows (BENCH_WRITES_PER_SECOND, default 0.5, about four
// times the dataset's own rate of order writes: 1,370 orders a day through ~8 steps each), each write
// making the answers of its store (and of the whole account, and of its brands) whose period ends on or
// after its day load again; and every row has a reference row served by a second
// server process keeping nothing (ORDERS_CACHE_MB=0: every call reads the rollups).
// Every row is also run on a third server process reading ClickHouse (ANALYTICS_ENGINE=clickhouse, embedded
// chDB in BENCH_CLICKHOUSE_DIR, default /tmp/backoffice-bench-chdb): loaded from PostgreSQL on its first
// start, then fed by the outbox as the writes go on. BENCH_CLICKHOUSE=0: PostgreSQL alone (no third process
// shipping and merging beside it), written to analytics[-metabase]-postgres-<date>.json.
// Writes bench/results/analytics-<date>.json.
//
// BENCH_REUSE=1: the dataset of a previous run is used as it is (migrations added since apply first).
// BENCH_SEED_ONLY=1: seeds (or brings up to date) the dataset and stops.
import type autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createDatabase, type SqlRunner } from '../packages/api/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/api/src/seed.ts';
import { benchDatabaseUrl, benchDataset, serveApp } from './app-server.ts';
import { bundleServer, CONNECTIONS, DURATION, processes, REPO, rotating, serverChannel, writeResults } from './load.ts';
import { interleavedRows, SLICES, type Timed } from './timed-rows.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LINES_PER_ORDER = 10;
const STORES = 10;
const CUSTOMERS = 50_000;
const PRODUCTS = 3_000;
const DAYS = 730;
const P95_MS = 200;
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 0.5);
const ACCOUNT_SLUG = 'supermercado-bom-preco';
const reuseDataset = process.env.BENCH_REUSE === '1';
/** The embedded ClickHouse's data directory (kept between runs, as the PostgreSQL dataset is). */
const CLICKHOUSE_DIR = process.env.BENCH_CLICKHOUSE_DIR ?? '/tmp/backoffice-bench-chdb';

const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const benchDbUrl = benchDatabaseUrl(baseUrl, 'backoffice_bench_analytics');

// ---------------------------------------------------------------------------------------------
// Dataset

const seedDataset = () =>
  benchDataset(baseUrl, 'backoffice_bench_analytics', { reuse: reuseDataset, seed: seedRows, seeded, complete: (found) => found.orders === ORDERS && found.items === ORDERS * LINES_PER_ORDER });

const CHANNELS = `ARRAY['whatsapp','whatsapp_bot','rappi','magento','vtex','shopping_cart']::order_channel[]`;
const STATUSES = `ARRAY['delivered','delivered','delivered','delivered','delivered','delivered','picked_up','picked_up','canceled','refunded']::order_status[]`;

async function seedRows(db: SqlRunner) {
  const t0 = performance.now();
  const [{ id: accountId }] = (await db.query<{ id: number }>(`SELECT id FROM accounts WHERE slug = $1`, [ACCOUNT_SLUG])) as [{ id: number }];
  await db.exec(`
    INSERT INTO locations (account_id, name, city, state, updated_at)
    SELECT ${accountId}, 'Bom Preço Loja ' || lpad(s::text, 2, '0'), 'São Paulo', 'SP', now() FROM generate_series(1, ${STORES}) s;
    CREATE TEMP TABLE bench_stores AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM locations WHERE account_id = ${accountId} AND name LIKE 'Bom Preço Loja %';
    INSERT INTO customers (account_id, name, phone, email, opt_in, updated_at)
    SELECT ${accountId}, 'Cliente ' || c, '+55119' || lpad(c::text, 8, '0'), 'cliente' || c || '@bench.test', c % 3 = 0, now() FROM generate_series(1, ${CUSTOMERS}) c;
    CREATE TEMP TABLE bench_customers AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM customers WHERE account_id = ${accountId};
    INSERT INTO products (account_id, sku, name, brand, price_cents, cost_cents, categories, unit_measurement, is_available, available_stock, updated_at)
    SELECT ${accountId}, 'ANL-' || lpad(p::text, 5, '0'), 'Produto ' || p, 'Marca ' || (p % 60), 199 + (p * 37) % 4000,
           CASE WHEN p % 20 <> 0 THEN round((199 + (p * 37) % 4000) * (0.62 + (p % 17) / 100.0)) END,
           ARRAY['Categoria ' || (p % 24)], CASE WHEN p % 10 = 0 THEN 'kg' ELSE 'un' END, true, 100, now()
      FROM generate_series(1, ${PRODUCTS}) p;
    CREATE TEMP TABLE bench_products AS
      SELECT id, sku, name, unit_measurement, price_cents, cost_cents, row_number() OVER (ORDER BY id) - 1 AS n FROM products WHERE account_id = ${accountId} AND sku LIKE 'ANL-%';
    CREATE UNIQUE INDEX ON bench_products (n);
  `);
  // Bulk load: triggers (rollups) and foreign-key checks off for these inserts; the rollups are rebuilt below.
  await db.exec(`SET session_replication_role = replica`);
  await db.exec(`
    INSERT INTO orders (account_id, number, location_id, customer_id, channel, external_id, status, fulfilment, pays_in_person,
                        sub_total_cents, total_cents, delivery_fee_cents, paid_at, picking_started_at, picked_at, ready_at, completed_at,
                        canceled_at, refunded_at, created_at, updated_at)
    SELECT ${accountId}, (g + 1)::int, s.id, c.id, (${CHANNELS})[1 + (g * 5) % 6], 'ANL-' || g, x.status,
           CASE WHEN g % 4 = 0 THEN 'pickup' ELSE 'delivery' END::fulfilment, g % 9 = 0,
           0, 0, CASE WHEN g % 4 = 0 THEN 0 ELSE 790 END,
           CASE WHEN x.status <> 'canceled' THEN x.at + interval '4 minutes' END,
           CASE WHEN x.status <> 'canceled' THEN x.at + interval '20 minutes' END,
           CASE WHEN x.status <> 'canceled' THEN x.at + interval '50 minutes' END,
           CASE WHEN x.status <> 'canceled' THEN x.at + interval '65 minutes' END,
           CASE WHEN x.status IN ('delivered', 'picked_up', 'refunded') THEN x.at + interval '2 hours' END,
           CASE WHEN x.status = 'canceled' THEN x.at + interval '30 minutes' END,
           CASE WHEN x.status = 'refunded' THEN x.at + interval '2 days' END,
           x.at, x.at
      FROM generate_series(0::bigint, ${ORDERS - 1}) g
      JOIN bench_stores s ON s.n = g % ${STORES}
      JOIN bench_customers c ON c.n = (g * 7919) % ${CUSTOMERS}
      CROSS JOIN LATERAL (
        SELECT now() - (${ORDERS - 1} - g) * (interval '${DAYS} days' / ${ORDERS}) AS at, (${STATUSES})[1 + (g * 31) % 10] AS status
      ) x;
  `);
  const t1 = performance.now();
  // Ten lines an order; the products skewed (u² of a hash): the first few hundred sell most.
  await db.exec(`
    INSERT INTO order_items (order_id, position, product_id, sku, name, unit_measurement, quantity, weight, unit_price_cents, unit_cost_cents,
                             sub_total_cents, total_cents, pick_status, picked_quantity, picked_weight, picked_at, substitute_product_id)
    SELECT o.id, i, p.id, p.sku, p.name, p.unit_measurement, q.quantity, CASE WHEN p.unit_measurement = 'kg' THEN q.weight END,
           p.price_cents, p.cost_cents, q.value, q.value, q.status,
           CASE WHEN q.status <> 'missing' AND p.unit_measurement <> 'kg' THEN q.quantity END,
           CASE WHEN q.status <> 'missing' AND p.unit_measurement = 'kg' THEN q.weight END,
           o.picked_at, CASE WHEN q.status = 'substituted' THEN p.id END
      FROM orders o
      CROSS JOIN generate_series(0, ${LINES_PER_ORDER - 1}) i
      CROSS JOIN LATERAL (SELECT ((o.id::bigint * 2654435761 + i * 40503) % 1000003) / 1000003.0 AS u) h
      JOIN bench_products p ON p.n = floor(${PRODUCTS} * h.u * h.u)::int
      CROSS JOIN LATERAL (
        SELECT 1 + (o.id + i) % 3 AS quantity, 0.3 + ((o.id + i) % 8) / 10.0 AS weight,
               CASE WHEN p.unit_measurement = 'kg' THEN round(p.price_cents * (0.3 + ((o.id + i) % 8) / 10.0)) ELSE p.price_cents * (1 + (o.id + i) % 3) END::bigint AS value,
               CASE WHEN (o.id + i) % 40 = 0 THEN 'missing' WHEN (o.id + i) % 25 = 0 THEN 'substituted' ELSE 'picked' END::pick_status AS status
      ) q
     WHERE o.account_id = ${accountId};
  `);
  // The orders' totals: their lines sold, plus the delivery fee.
  await db.exec(`
    UPDATE orders o SET sub_total_cents = t.value, total_cents = t.value + o.delivery_fee_cents
      FROM (SELECT order_id, sum(total_cents) FILTER (WHERE pick_status <> 'missing')::bigint AS value FROM order_items GROUP BY order_id) t
     WHERE t.order_id = o.id AND o.account_id = ${accountId};
  `);
  await db.exec(`SET session_replication_role = DEFAULT`);
  const t2 = performance.now();
  await db.query(`SELECT sales_stats_rebuild_all($1)`, [accountId]);
  await db.query(`SELECT order_stats_rebuild($1)`, [accountId]);
  const t3 = performance.now();
  await db.exec('VACUUM ANALYZE');
  console.log(
    `dataset: orders ${((t1 - t0) / 1000).toFixed(1)} s, lines and totals ${((t2 - t1) / 1000).toFixed(1)} s, sales rollups ${((t3 - t2) / 1000).toFixed(1)} s, VACUUM ANALYZE ${((performance.now() - t3) / 1000).toFixed(1)} s`,
  );
  return seeded(db);
}

/** The seeded dataset: counts, the rollups' sizes and the stores the rows use. */
async function seeded(db: SqlRunner) {
  const [counts] = await db.query<{ orders: string; items: string; sales_rows: string; customer_rows: string }>(
    `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS items,
            (SELECT count(*) FROM sales_daily_stats) AS sales_rows, (SELECT count(*) FROM customer_daily_stats) AS customer_rows`,
  );
  const stores = await db.query<{ id: number }>(`SELECT id FROM locations WHERE name LIKE 'Bom Preço Loja %' ORDER BY id`);
  return {
    orders: Number(counts!.orders),
    items: Number(counts!.items),
    salesRows: Number(counts!.sales_rows),
    customerRows: Number(counts!.customer_rows),
    storeIds: stores.map((s) => s.id),
  };
}

/** The brands of the demo industry account (Café Aurora) at the grocery account: 100 of the 3,000 products. */
const BRANDS = ['Marca 1', 'Marca 2'];

/**
 * What the industry's dashboards read besides the sales (idempotent, so a reused dataset gets it too):
 * Café Aurora linked to the grocery account with two brands, their offers in the ten stores, 60 days
 * of stock snapshots, and the brands' customer rollup.
 */
async function ensureIndustryData() {
  const database = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 });
  const db = database.sql;
  try {
    const [{ grocery, brand }] = (await db.query<{ grocery: number; brand: number }>(
      `SELECT (SELECT id FROM accounts WHERE slug = $1) AS grocery, (SELECT id FROM accounts WHERE slug = 'cafe-aurora') AS brand`,
      [ACCOUNT_SLUG],
    )) as [{ grocery: number; brand: number }];
    await db.query(
      `INSERT INTO advertiser_links (publisher_id, advertiser_id, type, brands, updated_at) VALUES ($1, $2, 'industry', $3, now())
       ON CONFLICT (publisher_id, advertiser_id) DO UPDATE SET brands = excluded.brands`,
      [grocery, brand, BRANDS],
    );
    const [{ offers }] = (await db.query<{ offers: string }>(`SELECT count(*) AS offers FROM offers WHERE account_id = $1`, [grocery])) as [{ offers: string }];
    if (Number(offers) === 0) {
      await db.query(
        `INSERT INTO offers (account_id, location_id, product_id, price_cents, stock, is_available, updated_at)
         SELECT $1, l.id, p.id, p.price_cents, (p.id * 37 + l.id * 11) % 90, true, now()
           FROM products p CROSS JOIN locations l
          WHERE p.account_id = $1 AND l.account_id = $1 AND l.name LIKE 'Bom Preço Loja %' AND p.brand = ANY($2::text[])`,
        [grocery, BRANDS],
      );
      await db.query(
        `INSERT INTO stock_daily_snapshots (account_id, product_id, location_id, day, stock, available, min_stock)
         SELECT o.account_id, o.product_id, o.location_id, (order_business_day(now()) - n)::date, x.stock, true, x.stock
           FROM offers o CROSS JOIN generate_series(1, 60) AS n
          CROSS JOIN LATERAL (SELECT CASE WHEN v < 6 THEN 0 ELSE v END AS stock FROM (SELECT ((o.id * 37 + n * 5) % 75)::int AS v) y) x
          WHERE o.account_id = $1
          ORDER BY 1, 2, 3, 4
         ON CONFLICT DO NOTHING`,
        [grocery],
      );
    }
    const [{ rows }] = (await db.query<{ rows: string }>(`SELECT count(*) AS rows FROM sales_brand_customer_daily WHERE account_id = $1`, [grocery])) as [{ rows: string }];
    if (Number(rows) === 0) await db.query(`SELECT sales_brand_rebuild($1, NULL)`, [grocery]);
    const [{ n }] = (await db.query<{ n: string }>(`SELECT count(*) AS n FROM order_item_daily_stats WHERE account_id = $1`, [grocery])) as [{ n: string }];
    if (Number(n) === 0) await db.query(`SELECT order_stats_rebuild($1)`, [grocery]);
    await db.exec('ANALYZE');
    const [sizes] = await db.query<{ brand_rows: string; offers: string; snapshots: string }>(
      `SELECT (SELECT count(*) FROM sales_brand_customer_daily) AS brand_rows, (SELECT count(*) FROM offers) AS offers, (SELECT count(*) FROM stock_daily_snapshots) AS snapshots`,
    );
    return { brandRows: Number(sizes!.brand_rows), offers: Number(sizes!.offers), snapshots: Number(sizes!.snapshots) };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Load

const serve = () => serveApp(benchDbUrl);

/** A São Paulo date `days` before today, AAAA-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const CHANNEL_NAMES = ['whatsapp', 'whatsapp_bot', 'rappi', 'magento', 'vtex', 'shopping_cart'];

/**
 * Refunds and restores orders of the last 30 days at `perSecond` while the rows run (raw SQL, as an
 * import or a script writes: the triggers keep the rollups and raise the orders' versions), each write
 * changing the figures of its store and of the whole account.
 */
function startWriter(perSecond: number) {
  const t0 = performance.now();
  let ok = 0;
  let failed = 0;
  let i = 0;
  const database = createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 });
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const n = i++;
    const p = database
      .then(async (db) => {
        // Order n of the last 30 days (by number): refunded on the first pass, delivered again on the next.
        await db.sql.query(
          `UPDATE orders SET status = CASE WHEN status = 'refunded' THEN 'delivered' ELSE 'refunded' END::order_status
            WHERE account_id = (SELECT id FROM accounts WHERE slug = $1) AND number = $2`,
          [ACCOUNT_SLUG, ORDERS - 1 - ((n * 37) % Math.round((ORDERS * 30) / DAYS))],
        );
        ok++;
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      await (await database).close();
      return { ok, failed, perSecond: Math.round((ok / ((performance.now() - t0) / 1000)) * 100) / 100 };
    },
  };
}

async function main() {
  const keepAlive = setInterval(() => undefined, 1_000);
  const dataset = await seedDataset();
  const industry = await ensureIndustryData();
  console.log(
    `dataset: ${dataset.orders} orders, ${dataset.items} lines; rollups: ${dataset.salesRows} sales rows, ${dataset.customerRows} customer rows, ` +
      `${industry.brandRows} brand customer rows; ${industry.offers} offers, ${industry.snapshots} stock snapshots`,
  );
  if (process.env.BENCH_SEED_ONLY === '1') {
    clearInterval(keepAlive);
    return;
  }
  const bundle = await bundleServer(resolve(REPO, 'bench/analytics.ts'), 'analytics');
  const child: ChildProcess = fork(bundle.server, ['--serve'], { execArgv: ['--enable-source-maps'], env: { ...process.env, BENCH_REPO: REPO } });
  const { next, ask, close } = serverChannel(child);
  const ready = await next();
  processes.server = child.pid;
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}`;
  // The reference: the same app keeping nothing (ORDERS_CACHE_MB=0), every call reading the rollups.
  const uncachedChild: ChildProcess = fork(bundle.server, ['--serve'], { execArgv: ['--enable-source-maps'], env: { ...process.env, BENCH_REPO: REPO, ORDERS_CACHE_MB: '0' } });
  const uncached = serverChannel(uncachedChild);
  const uncachedUrl = `http://127.0.0.1:${(await uncached.next()).appPort}`;
  // The same calls on ClickHouse (embedded chDB, its data kept in CLICKHOUSE_DIR between runs), answers kept as the first's.
  // Its first start loads every sale so far from PostgreSQL (writers wait meanwhile); later ones find it loaded.
  const withClickHouse = process.env.BENCH_CLICKHOUSE !== '0';
  const clickhouseChild: ChildProcess | null = !withClickHouse ? null : fork(bundle.server, ['--serve'], {
    execArgv: ['--enable-source-maps'],
    env: { ...process.env, BENCH_REPO: REPO, ANALYTICS_ENGINE: 'clickhouse', CLICKHOUSE_URL: `chdb:${CLICKHOUSE_DIR}?database=bench_analytics` },
  });
  const clickhouse = clickhouseChild ? serverChannel(clickhouseChild) : null;
  const clickhouseStarted = performance.now();
  const clickhouseUrl = clickhouse ? `http://127.0.0.1:${(await clickhouse.next()).appPort}` : '';
  if (clickhouse) console.log(`ClickHouse (chDB) server ready in ${Math.round((performance.now() - clickhouseStarted) / 1000)} s`);

  const login = await fetch(`${appUrl}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@varejo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const brandLogin = await fetch(`${appUrl}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gestor@marca.test', password: DEMO_PASSWORD }),
  });
  const brandAuth = { authorization: `Bearer ${((await brandLogin.json()) as { token: string }).token}` };
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  type Request = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body: string };
  const get = (path: string): Request => ({ method: 'GET', path, headers: auth, body: '' });
  const post = (path: string, body: unknown, as = auth): Request => ({ method: 'POST', path, headers: { ...as, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /** `n` POSTs of an analytics dashboard over periods of `days` days ending on different days; a supermarket's (grocery) or the brand's. */
  const analytics = (name: string, queries: string[], days: number, n: number, brand = false) =>
    Array.from({ length: n }, (_, i) => {
      const period = { from: daysAgo(i * 3 + days - 1), to: daysAgo(i * 3), queries };
      return brand ? post(`/metabase/${name}`, period, brandAuth) : post(`/metabase/${name}`, { ...period, location_id: dataset.storeIds[i % STORES] });
    });

  /** `n` requests of a call over periods of `days` days ending on different days, the account's or a store's or a channel's. */
  const variants = (call: string, days: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const to = i * 3;
      const filter = i % 3 === 1 ? `&location_id=${dataset.storeIds[i % STORES]}` : i % 3 === 2 ? `&channel=${CHANNEL_NAMES[i % 6]}` : '';
      return get(`/api/data-service/dashboard/${call}?from=${daysAgo(to + days - 1)}&to=${daysAgo(to)}${filter}`);
    });
  const onlyAnalytics = process.env.BENCH_ROWS === 'metabase';
  const calls: Array<[label: string, name: string, requests: Request[]]> = [
    ...(onlyAnalytics
      ? []
      : ([
          ['cards, 30 days', 'cards', variants('cards', 30, 30)],
          ['gmv-per-day, 90 days', 'gmv', variants('gmv-per-day', 90, 30)],
          ['margin-per-day, 90 days', 'margin', variants('margin-per-day', 90, 30)],
          ['top-products, 30 days', 'products', variants('top-products', 30, 30)],
          ['top-customers, 30 days', 'customers', variants('top-customers', 30, 30)],
        ] as Array<[string, string, Request[]]>)),
    // The analytics cards (POST /metabase/*), every card of each, 30 days.
    ['analytics-grocery, 30 days, a store', 'grocery-sellout', analytics('analytics-grocery', ['summary', 'per_day', 'by_category', 'by_brand', 'by_product'], 30, 30)],
    ['customers-grocery, 30 days, a store', 'grocery-customers', analytics('customers-grocery', ['summary', 'per_day', 'frequency', 'rfm', 'cohorts'], 30, 30)],
    ['kpi, 30 days (brand)', 'kpi', analytics('kpi', ['tree', 'drill'], 30, 30, true)],
    ['analytics (sell-out), 30 days (brand)', 'industry-sellout', analytics('analytics', ['summary', 'per_day', 'by_retailer', 'by_store', 'by_category', 'by_product'], 30, 30, true)],
    ['stocks, 30 days (brand)', 'stocks', analytics('stocks', ['summary', 'per_day', 'by_retailer', 'by_store', 'by_product'], 30, 30, true)],
    ['customers (consumers), 30 days (brand)', 'consumers', analytics('customers', ['summary', 'per_day', 'by_retailer', 'segments', 'frequency'], 30, 30, true)],
  ];
  // Year-long calls, for reference: timed alone, nothing kept (seconds each: under load they would hold the database).
  const references: Array<[label: string, requests: Request[]]> = [
    ...(onlyAnalytics
      ? []
      : ([
          ['cards, 366 days', variants('cards', 366, 3)],
          ['gmv-per-day, 366 days', variants('gmv-per-day', 366, 3)],
          ['top-products, 366 days', variants('top-products', 366, 3)],
          ['top-customers, 366 days', variants('top-customers', 366, 3)],
        ] as Array<[string, Request[]]>)),
    ['analytics-grocery, 366 days', analytics('analytics-grocery', ['summary', 'per_day', 'by_category', 'by_brand', 'by_product'], 366, 3)],
    ['customers-grocery, 366 days', analytics('customers-grocery', ['summary', 'per_day', 'frequency', 'rfm', 'cohorts'], 366, 3)],
    ['kpi, 366 days (brand)', analytics('kpi', ['tree', 'drill'], 366, 3, true)],
    ['customers (consumers), 366 days (brand)', analytics('customers', ['summary', 'per_day', 'by_retailer', 'segments', 'frequency'], 366, 3, true)],
  ];

  // One request of each alone: its status, time and size; the bare route is set to answer the same body.
  const samples: Record<string, { status: number; ms: number; bytes: number }> = {};
  for (const [label, name, requests] of calls) {
    const t0 = performance.now();
    const r0 = requests[0]!;
    const res = await fetch(`${appUrl}${r0.path}`, { method: r0.method, headers: r0.headers, body: r0.body || undefined });
    const text = await res.text();
    samples[label] = { status: res.status, ms: Math.round((performance.now() - t0) * 100) / 100, bytes: text.length };
    console.log(`sample ${label}: ${res.status} in ${samples[label].ms} ms (alone), ${text.length} bytes${res.ok ? '' : `: ${text.slice(0, 300)}`}`);
    if (!res.ok) throw new Error(`${label}: ${res.status}`);
    await ask({ type: 'bare-body', name, body: JSON.parse(text) });
  }
  const alone: Record<string, { ms: number[] }> = {};
  for (const [label, requests] of references) {
    alone[label] = { ms: [] };
    for (const r of requests) {
      const t0 = performance.now();
      const res = await fetch(`${uncachedUrl}${r.path}`, { method: r.method, headers: r.headers, body: r.body || undefined });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${label}: ${res.status}`);
      alone[label].ms.push(Math.round(performance.now() - t0));
    }
    console.log(`${label}, alone, nothing kept: ${alone[label].ms.join(', ')} ms`);
  }
  // Warm-up: each call's variants once, in turn.
  for (const [, , requests] of calls) for (const r of requests) await (await fetch(`${appUrl}${r.path}`, { method: r.method, headers: r.headers, body: r.body || undefined })).arrayBuffer();

  const writer = startWriter(WRITES_PER_SECOND);
  const rows: Record<string, Timed> = await interleavedRows(
    calls.flatMap(([label, name, requests]): Array<[string, autocannon.Options]> => [
      [`bare GET /bare (${label} body)`, { url: bareUrl, requests: rotating([get(`/bare/${name}`)]) }],
      [`${label}`, { url: appUrl, requests: rotating(requests) }],
      [`${label}, every call reading the rollups (ORDERS_CACHE_MB=0)`, { url: uncachedUrl, requests: rotating(requests) }],
      ...(withClickHouse ? ([[`${label}, ClickHouse (chDB)`, { url: clickhouseUrl, requests: rotating(requests) }]] as Array<[string, autocannon.Options]>) : []),
    ]),
  );
  const writes = await writer.stop();
  console.log(`writer: ${writes.ok} refunds and restores (${writes.perSecond}/s) while the rows ran, ${writes.failed} failed`);
  await close();
  await uncached.close();
  await clickhouse?.close();
  clearInterval(keepAlive);

  const shown = Object.fromEntries(
    calls.flatMap(([label]) => {
      const b = rows[`bare GET /bare (${label} body)`]!;
      const r = rows[`${label}`]!;
      return [
        [`bare (${label})`, { 'req/s': b.rps, p50: b.p50, p95: b.p95, p99: b.p99, non2xx: b.non2xx, errors: b.errors, 'req/s vs bare': '100.0%', 'p95 vs bare': '1.0×' }],
        [label, { 'req/s': r.rps, p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.non2xx, errors: r.errors, 'req/s vs bare': `${((r.rps / b.rps) * 100).toFixed(1)}%`, 'p95 vs bare': `${(r.p95 / Math.max(b.p95, 0.01)).toFixed(1)}×` }],
        ...(() => {
          const u = rows[`${label}, every call reading the rollups (ORDERS_CACHE_MB=0)`]!;
          const c = rows[`${label}, ClickHouse (chDB)`];
          return [
            [`${label}, nothing kept`, { 'req/s': u.rps, p50: u.p50, p95: u.p95, p99: u.p99, non2xx: u.non2xx, errors: u.errors, 'req/s vs bare': `${((u.rps / b.rps) * 100).toFixed(1)}%`, 'p95 vs bare': `${(u.p95 / Math.max(b.p95, 0.01)).toFixed(1)}×` }],
            ...(c
              ? [[`${label}, ClickHouse`, { 'req/s': c.rps, p50: c.p50, p95: c.p95, p99: c.p99, non2xx: c.non2xx, errors: c.errors, 'req/s vs bare': `${((c.rps / b.rps) * 100).toFixed(1)}%`, 'p95 vs bare': `${(c.p95 / Math.max(b.p95, 0.01)).toFixed(1)}×` }]]
              : []),
          ];
        })(),
      ];
    }),
  );
  const checks = Object.fromEntries([
    [`writes during the rows: ${WRITES_PER_SECOND}/s, none failed`, { value: `${writes.ok} written (${writes.perSecond}/s), ${writes.failed} failed`, pass: writes.failed === 0 && writes.ok > 0 }],
    ...calls.map(([label]) => {
      const r = rows[`${label}`]!;
      return [`${label}: p95 ≤ ${P95_MS} ms`, { value: `${r.p95} ms (p50 ${r.p50}, p99 ${r.p99}; non-2xx ${r.non2xx}, errors ${r.errors})`, pass: r.p95 <= P95_MS && r.non2xx === 0 && r.errors === 0 }];
    }),
    // ClickHouse beside it: measured, every answer a 2xx (the target is PostgreSQL's).
    ...calls.filter(() => withClickHouse).map(([label]) => {
      const c = rows[`${label}, ClickHouse (chDB)`]!;
      return [`${label} on ClickHouse (chDB): answered`, { value: `p95 ${c.p95} ms (p50 ${c.p50}, p99 ${c.p99}; non-2xx ${c.non2xx}, errors ${c.errors})`, pass: c.non2xx === 0 && c.errors === 0 }];
    }),
  ]);
  console.log(
    `\n${DURATION}s per row in ${SLICES} turns, ${CONNECTIONS} connections, ${writes.perSecond} order writes/s meanwhile, PostgreSQL, redis: ${ready.redis ? 'on' : 'in-process'}, ` +
      `${availableParallelism()} cores, load average before ${loadBefore.join(' / ')}`,
  );
  console.table(shown);
  console.table(checks);
  writeResults(
    `${onlyAnalytics ? 'analytics-metabase' : 'analytics'}${withClickHouse ? '' : '-postgres'}`,
    {
      redis: ready.redis,
      loadAverage: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
      dataset: { orders: dataset.orders, lines: dataset.items, salesRows: dataset.salesRows, customerRows: dataset.customerRows, stores: STORES, customers: CUSTOMERS, products: PRODUCTS, days: DAYS, ...industry, brands: BRANDS },
      samples,
      yearLongAloneMs: alone,
      writes,
      rows,
    },
    checks,
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
