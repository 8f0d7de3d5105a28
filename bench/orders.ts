// Orders benchmark (issue 21): the orders list with a status + store + period filter, the board's
// columns and the orders dashboard over 90 days, with 1,000,000 orders in the database, against a bare
// Fastify route answering a body of the same size, in the same run and the same server process.
//
//   node --import tsx bench/orders.ts        (PostgreSQL at DATABASE_URL, Redis at REDIS_URL)
//
// The parent seeds a benchmark database (backoffice_bench_orders): the access modules and the demo
// accounts and users (accounts seed only), then in the demo grocery account 10 stores, 5,000 customers,
// 200 products and 1,000,000 orders over two years (three lines each: 3,000,000 order lines), in
// set-based SQL: orders older than two days are finished (delivered or picked up, some canceled or
// refunded), the last two days' are spread over the working statuses. The rows go in with triggers
// off (session_replication_role = replica, as a bulk load does), then every rollup is rebuilt from
// the rows by the rebuild functions the migrations provide, then VACUUM ANALYZE. It bundles the
// server as `pnpm build` bundles the API, forks it (`--serve`: the real app, as deployed, and the
// bare route, one process) and drives it with autocannon at 20 connections, compared rows in turns:
//   1. GET /search/orders?status&location_id&from&to (90 days), first page: p95 ≤ 30 ms;
//   2. GET /search/orders-by-status?location_id&from&to (the board of a store's week): p95 ≤ 50 ms,
//      and the same for the whole account with no period (reference);
//   3. the orders dashboard for 90 days: p95 ≤ 200 ms.
// The list's pages and the board's columns are kept by the app while the versions of the stores they
// read stay the same (modules/orders/orders-cache.ts: triggers raise a store's version with every write
// of its orders): so that misses are measured too, store staff write all along the rows (5 manual
// discounts a second by the real API, BENCH_WRITES_PER_SECOND; the dataset's own rate, 1,370 orders a
// day through ~8 steps each, is about 0.13 a second), and every cached row has a reference row served
// by a second server process keeping nothing (ORDERS_CACHE_MB=0: every read loads from the database).
// The dashboard is not cached (it reads rollups). Writes bench/results/orders-<date>.json.
//
// BENCH_REUSE=1: the dataset of a previous run is used as it is (migrations added since apply first).
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { SqlRunner } from '../packages/api/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/api/src/seed.ts';
import { benchDatabaseUrl, benchDataset, serveApp } from './app-server.ts';
import { bundleServer, CONNECTIONS, DURATION, processes, REPO, rotating, serverChannel, writeResults } from './load.ts';
import { interleavedRows, SLICES, type Timed } from './timed-rows.ts';

const ORDERS = 1_000_000;
const STORES = 10;
const CUSTOMERS = 5_000;
const PRODUCTS = 200;
const DAYS = 730;
const LIST_P95_MS = 30;
const BOARD_P95_MS = 50;
const DASHBOARD_P95_MS = 200;
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 5);
const ACCOUNT_SLUG = 'supermercado-bom-preco';
const reuseDataset = process.env.BENCH_REUSE === '1';

const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const benchDbUrl = benchDatabaseUrl(baseUrl, 'backoffice_bench_orders');

// ---------------------------------------------------------------------------------------------
// Dataset

const seedDataset = () =>
  benchDataset(baseUrl, 'backoffice_bench_orders', { reuse: reuseDataset, seed: seedRows, seeded, complete: (found) => found.orders === ORDERS });

/** The finished statuses of orders older than two days, and the working ones of the last two days. */
const FINISHED = `ARRAY['delivered','delivered','delivered','delivered','delivered','delivered','picked_up','picked_up','canceled','refunded']::order_status[]`;
const WORKING = `ARRAY['created','payment_pending','paid','picking','picked','ready','out_for_delivery','awaiting_pickup','delivered','picked_up','canceled']::order_status[]`;
const CHANNELS = `ARRAY['whatsapp','whatsapp_bot','rappi','magento','vtex','shopping_cart']::order_channel[]`;

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
    INSERT INTO products (account_id, sku, name, brand, price_cents, categories, unit_measurement, is_available, available_stock, updated_at)
    SELECT ${accountId}, 'PED-' || lpad(p::text, 4, '0'), 'Produto de pedido ' || p, 'Marca ' || (p % 20), 199 + (p * 37) % 4000,
           ARRAY['Mercearia', 'Categoria ' || (p % 12)], CASE WHEN p % 10 = 0 THEN 'kg' ELSE 'un' END, true, 100, now()
      FROM generate_series(1, ${PRODUCTS}) p;
    CREATE TEMP TABLE bench_products AS SELECT id, sku, name, unit_measurement, price_cents, row_number() OVER (ORDER BY id) - 1 AS n FROM products WHERE account_id = ${accountId} AND sku LIKE 'PED-%';
  `);
  // Bulk load: triggers (rollups) and foreign-key checks off for these inserts; the rollups are rebuilt below.
  await db.exec(`SET session_replication_role = replica`);
  await db.exec(`
    INSERT INTO orders (account_id, number, location_id, customer_id, channel, external_id, status, fulfilment, pays_in_person,
                        sub_total_cents, total_cents, delivery_fee_cents, paid_at, picking_started_at, picked_at, ready_at, dispatched_at,
                        completed_at, canceled_at, refunded_at, created_at, updated_at)
    SELECT ${accountId}, (g + 1)::int, s.id, c.id, (${CHANNELS})[1 + g % 6], 'EXT-' || g,
           x.status, CASE WHEN g % 4 = 0 THEN 'pickup' ELSE 'delivery' END::fulfilment, g % 9 = 0,
           x.amount, x.amount + CASE WHEN g % 4 = 0 THEN 0 ELSE 790 END, CASE WHEN g % 4 = 0 THEN 0 ELSE 790 END,
           CASE WHEN x.status NOT IN ('created', 'payment_pending', 'canceled') THEN x.at + interval '4 minutes' END,
           CASE WHEN x.status NOT IN ('created', 'payment_pending', 'paid', 'canceled') THEN x.at + interval '20 minutes' END,
           CASE WHEN x.status IN ('picked', 'ready', 'out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up', 'refunded') THEN x.at + interval '20 minutes' + (g % 40) * interval '1 minute' END,
           CASE WHEN x.status IN ('ready', 'out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up', 'refunded') THEN x.at + interval '65 minutes' END,
           CASE WHEN x.status IN ('out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up', 'refunded') THEN x.at + interval '80 minutes' END,
           CASE WHEN x.status IN ('delivered', 'picked_up', 'refunded') THEN x.at + interval '2 hours' + (g % 90) * interval '1 minute' END,
           CASE WHEN x.status = 'canceled' THEN x.at + interval '30 minutes' END,
           CASE WHEN x.status = 'refunded' THEN x.at + interval '2 days' END,
           x.at, x.at
      FROM generate_series(0::bigint, ${ORDERS - 1}) g
      JOIN bench_stores s ON s.n = g % ${STORES}
      JOIN bench_customers c ON c.n = (g * 7919) % ${CUSTOMERS}
      CROSS JOIN LATERAL (
        SELECT now() - (${ORDERS - 1} - g) * (interval '${DAYS} days' / ${ORDERS}) AS at,
               (2000 + (g * 7127) % 38000)::bigint AS amount
      ) a
      CROSS JOIN LATERAL (
        SELECT a.at, a.amount,
               CASE WHEN a.at < now() - interval '2 days' THEN (${FINISHED})[1 + (g * 31) % 10]
                    ELSE (${WORKING})[1 + (g * 13) % 11] END AS status
      ) x;
  `);
  const t1 = performance.now();
  await db.exec(`
    INSERT INTO order_items (order_id, position, product_id, sku, name, unit_measurement, quantity, weight, unit_price_cents, sub_total_cents, total_cents,
                             pick_status, picked_quantity, picked_at)
    SELECT o.id, i, p.id, p.sku, p.name, p.unit_measurement, 1 + (o.id + i) % 3, CASE WHEN p.unit_measurement = 'kg' THEN 0.5 END,
           p.price_cents, p.price_cents * (1 + (o.id + i) % 3), p.price_cents * (1 + (o.id + i) % 3),
           CASE WHEN o.picked_at IS NULL THEN 'pending' WHEN (o.id + i) % 40 = 0 THEN 'missing' WHEN (o.id + i) % 25 = 0 THEN 'substituted' ELSE 'picked' END::pick_status,
           CASE WHEN o.picked_at IS NOT NULL THEN 1 + (o.id + i) % 3 END, o.picked_at
      FROM orders o
      CROSS JOIN generate_series(0, 2) i
      JOIN bench_products p ON p.n = (o.id * 3 + i * 61) % ${PRODUCTS}
     WHERE o.account_id = ${accountId};
  `);
  await db.exec(`SET session_replication_role = DEFAULT`);
  const t2 = performance.now();
  // The rollups the migrations keep with triggers, rebuilt from the rows (what a bulk load does after it).
  const rebuilds = await db.query<{ name: string }>(
    `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname LIKE '%rebuild%' AND p.proname LIKE 'order%' ORDER BY 1`,
  );
  for (const r of rebuilds) await db.query(`SELECT ${r.name}($1)`, [accountId]);
  const t3 = performance.now();
  await db.exec('VACUUM ANALYZE');
  console.log(
    `dataset: orders ${((t1 - t0) / 1000).toFixed(1)} s, lines ${((t2 - t1) / 1000).toFixed(1)} s, rollups (${rebuilds.map((r) => r.name).join(', ') || 'none'}) ${((t3 - t2) / 1000).toFixed(1)} s, VACUUM ANALYZE ${((performance.now() - t3) / 1000).toFixed(1)} s`,
  );
  return seeded(db);
}

/** The seeded dataset: counts and the stores the rows use. */
async function seeded(db: SqlRunner) {
  const [counts] = await db.query<{ orders: string; items: string }>(`SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS items`);
  const stores = await db.query<{ id: number }>(`SELECT id FROM locations WHERE name LIKE 'Bom Preço Loja %' ORDER BY id`);
  // The writer's orders: the stores' orders still in the store (a manual discount is allowed there).
  const working = await db.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN locations l ON l.id = o.location_id AND l.name LIKE 'Bom Preço Loja %'
      WHERE o.status IN ('created', 'payment_pending', 'paid', 'picking', 'picked', 'ready') ORDER BY o.id LIMIT 1000`,
  );
  return { orders: Number(counts!.orders), items: Number(counts!.items), storeIds: stores.map((s) => s.id), workingIds: working.map((o) => o.id) };
}

// ---------------------------------------------------------------------------------------------
// Load

const serve = () => serveApp(benchDbUrl);

/** A São Paulo date `days` before today, AAAA-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Store staff at work while the rows run: WRITES_PER_SECOND manual discounts (PUT /api/order/discount,
 * the real write path: a transaction, the rollups' and versions' triggers, the board's notice) on the
 * stores' working orders, each alternating between R$ 1,00 and R$ 2,00. Every write changes a store's
 * orders, so the cached lists and boards of that store (and the account's) load again after it.
 */
function startWriter(appUrl: string, auth: Record<string, string>, orderIds: number[]) {
  const t0 = performance.now();
  let i = 0;
  let ok = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const id = orderIds[i % orderIds.length]!;
    const amount = Math.floor(i / orderIds.length) % 2 ? 2 : 1;
    i++;
    const p = fetch(`${appUrl}/api/order/discount`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: id, amount, reason: 'Desconto da carga de teste' }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) ok++;
        else {
          failed++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      })
      .catch(() => {
        failed++;
        statuses.error = (statuses.error ?? 0) + 1;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / WRITES_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      const seconds = (performance.now() - t0) / 1000;
      return { ok, failed, statuses, perSecond: Math.round(((ok + failed) / seconds) * 10) / 10 };
    },
  };
}

async function main() {
  const keepAlive = setInterval(() => undefined, 1_000);
  const dataset = await seedDataset();
  console.log(`dataset: ${dataset.orders} orders, ${dataset.items} lines, ${dataset.storeIds.length} stores`);
  const bundle = await bundleServer(resolve(REPO, 'bench/orders.ts'), 'orders');
  const child: ChildProcess = fork(bundle.server, ['--serve'], { execArgv: ['--enable-source-maps'], env: { ...process.env, BENCH_REPO: REPO } });
  const { next, ask, close } = serverChannel(child);
  const ready = await next();
  processes.server = child.pid;
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}`;
  // The reference: the same app keeping nothing (ORDERS_CACHE_MB=0), every read loading from the database.
  const uncachedChild: ChildProcess = fork(bundle.server, ['--serve'], { execArgv: ['--enable-source-maps'], env: { ...process.env, BENCH_REPO: REPO, ORDERS_CACHE_MB: '0' } });
  const uncached = serverChannel(uncachedChild);
  const uncachedUrl = `http://127.0.0.1:${(await uncached.next()).appPort}`;

  const login = await fetch(`${appUrl}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@varejo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);

  const samples: Record<string, { status: number; ms: number; bytes: number; note: string }> = {};
  /** One request outside the load: its status, size and what it found, and the bare route set to answer the same body. */
  const sampleOf = async (label: string, bareName: string, path: string, note: (body: Record<string, unknown>) => string) => {
    const t0 = performance.now();
    const res = await fetch(`${appUrl}${path}`, { headers: auth });
    const text = await res.text();
    const ms = Math.round((performance.now() - t0) * 100) / 100;
    const body = JSON.parse(text) as Record<string, unknown>;
    samples[label] = { status: res.status, ms, bytes: text.length, note: res.ok ? note(body) : text.slice(0, 300) };
    console.log(`sample ${label}: ${res.status} in ${ms} ms (alone), ${text.length} bytes, ${samples[label]!.note}`);
    await ask({ type: 'bare-body', name: bareName, body });
    return res.ok;
  };
  const get = (path: string) => ({ method: 'GET' as const, path, headers: auth, body: '' });

  // Lists: a store's orders of one status over 90 days (ending at different days), first page.
  const statuses = ['delivered', 'picked_up', 'canceled', 'refunded', 'delivered'];
  const lists = Array.from({ length: 200 }, (_, i) =>
    get(`/search/orders?status=${statuses[i % statuses.length]}&location_id=${dataset.storeIds[i % STORES]}&from=${daysAgo(90 + (i % 40) * 7)}&to=${daysAgo((i % 40) * 7)}`),
  );
  // The board: a store's week, and (reference) the whole account with no period.
  const boards = Array.from({ length: 50 }, (_, i) => get(`/search/orders-by-status?location_id=${dataset.storeIds[i % STORES]}&from=${daysAgo(6 + (i % 5))}&to=${daysAgo(0)}`));
  const accountBoards = [get('/search/orders-by-status')];
  // The orders dashboard: 90 days, the account's or one store's.
  const dashboardPath = (from: string, to: string, store?: number) => `/api/data-service/orders-dashboard?from=${from}&to=${to}${store ? `&location_id=${store}` : ''}`;
  const dashboards = Array.from({ length: 40 }, (_, i) => get(dashboardPath(daysAgo(90 + i * 3), daysAgo(i * 3), i % 2 ? dataset.storeIds[i % STORES] : undefined)));

  const total = (body: Record<string, unknown>) => `${(body.meta as { total?: number } | undefined)?.total ?? '?'} found`;
  await sampleOf('list', 'list', lists[0]!.path, total);
  await sampleOf('board (store, 7 days)', 'board', boards[0]!.path, (b) =>
    (b.columns as Array<{ status: string; count: number }>).map((c) => `${c.status} ${c.count}`).join(', '),
  );
  await sampleOf('board (account, no period)', 'board-account', accountBoards[0]!.path, (b) =>
    (b.columns as Array<{ status: string; count: number }>).map((c) => `${c.status} ${c.count}`).join(', '),
  );
  const hasDashboard = await sampleOf('orders dashboard (90 days)', 'dashboard', dashboards[0]!.path, (b) => Object.keys(b).join(', '));

  for (const url of [appUrl, uncachedUrl]) {
    await autocannon({ url, connections: CONNECTIONS, duration: 3, requests: rotating(lists) });
    await autocannon({ url, connections: CONNECTIONS, duration: 3, requests: rotating(boards) });
  }
  const bare = (name: string) => ({ url: bareUrl, requests: rotating([get(`/bare/${name}`)]) });
  const writer = startWriter(appUrl, auth, dataset.workingIds);
  const rows: Record<string, Timed> = await interleavedRows([
    ['bare GET /bare (list-sized body)', bare('list')],
    ['GET /search/orders?status&location_id&from&to (90 days), first page', { url: appUrl, requests: rotating(lists) }],
    ['GET /search/orders, the same, every read loading (ORDERS_CACHE_MB=0)', { url: uncachedUrl, requests: rotating(lists) }],
    ['bare GET /bare (board-sized body)', bare('board')],
    ['GET /search/orders-by-status?location_id&from&to (a store’s week)', { url: appUrl, requests: rotating(boards) }],
    ['GET /search/orders-by-status, the same, every read loading (ORDERS_CACHE_MB=0)', { url: uncachedUrl, requests: rotating(boards) }],
    ['GET /search/orders-by-status (the account, no period)', { url: appUrl, requests: rotating(accountBoards) }],
    ...(hasDashboard
      ? ([
          ['bare GET /bare (dashboard-sized body)', bare('dashboard')],
          ['orders dashboard, 90 days (account or store)', { url: appUrl, requests: rotating(dashboards) }],
        ] as Array<[string, autocannon.Options]>)
      : []),
  ]);
  const writes = await writer.stop();
  console.log(`writer: ${writes.ok} discounts written (${writes.perSecond}/s) while the rows ran, ${writes.failed} failed${writes.failed ? `: ${JSON.stringify(writes.statuses)}` : ''}`);
  await close();
  await uncached.close();
  clearInterval(keepAlive);

  const bareOf = (label: string) => rows[label.includes('dashboard') ? 'bare GET /bare (dashboard-sized body)' : label.includes('by-status') ? 'bare GET /bare (board-sized body)' : 'bare GET /bare (list-sized body)']!;
  const shown = Object.fromEntries(
    Object.entries(rows).map(([label, r]) => {
      const b = bareOf(label);
      return [label, { 'req/s': r.rps, p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.non2xx, errors: r.errors, 'req/s vs bare': `${((r.rps / b.rps) * 100).toFixed(1)}%`, 'p95 vs bare': `${(r.p95 / Math.max(b.p95, 0.01)).toFixed(1)}×` }];
    }),
  );
  const target = (label: string, ms: number) =>
    rows[label]
      ? { [`${label}: p95 ≤ ${ms} ms`]: { value: `${rows[label]!.p95} ms (p50 ${rows[label]!.p50}, p99 ${rows[label]!.p99}; non-2xx ${rows[label]!.non2xx}, errors ${rows[label]!.errors})`, pass: rows[label]!.p95 <= ms && rows[label]!.non2xx === 0 && rows[label]!.errors === 0 } }
      : { [`${label}: p95 ≤ ${ms} ms`]: { value: 'not measured', pass: false } };
  const checks = {
    [`writes during the rows: ${WRITES_PER_SECOND}/s, none failed`]: { value: `${writes.ok} written (${writes.perSecond}/s), ${writes.failed} failed`, pass: writes.failed === 0 && writes.ok > 0 },
    ...target('GET /search/orders?status&location_id&from&to (90 days), first page', LIST_P95_MS),
    ...target('GET /search/orders-by-status?location_id&from&to (a store’s week)', BOARD_P95_MS),
    ...target('orders dashboard, 90 days (account or store)', DASHBOARD_P95_MS),
  };
  console.log(
    `\n${DURATION}s per row in ${SLICES} turns, ${CONNECTIONS} connections, ${writes.perSecond} order writes/s meanwhile, PostgreSQL, redis: ${ready.redis ? 'on' : 'in-process'}, ` +
      `${availableParallelism()} cores, load average before ${loadBefore.join(' / ')}`,
  );
  console.table(shown);
  console.table(checks);
  writeResults(
    'orders',
    {
      redis: ready.redis,
      loadAverage: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
      dataset: { orders: dataset.orders, lines: dataset.items, stores: dataset.storeIds.length, customers: CUSTOMERS, products: PRODUCTS, days: DAYS },
      samples,
      writes,
      rows,
    },
    checks,
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
