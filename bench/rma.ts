// Ad-serving benchmark (issue 6): the decision API and the event beacons against a bare Fastify
// route returning a JSON body of the same size, in the same run and the same server process.
//
//   node --import tsx bench/rma.ts            (PostgreSQL at DATABASE_URL, Redis at REDIS_URL)
//
// The parent seeds a benchmark database (50 publishers, 10,000 active campaigns, 100,000 ads,
// 200,000 keywords), then forks the server (`--serve`: the real app and the bare route, one
// process) and drives it with autocannon from this process, so load generation never shares the
// server's thread. Writes bench/results/rma-<date>.json and prints a table.
//
// The server and the worker run as deployed: bundled by esbuild as `pnpm build` bundles the API
// (packages/api/scripts/build.mjs), not through tsx, whose on-the-fly transform keeps function
// names with a helper call at every closure a request creates.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../packages/api/src/app.ts';
import { loadConfig } from '../packages/api/src/config.ts';
import { createDatabase, type SqlRunner } from '../packages/api/src/db/client.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { createEventSigner, type ServedAd } from '../packages/api/src/modules/ad-serving/event-signing.ts';
import { createDecisionService } from '../packages/api/src/modules/ad-serving/decision.service.ts';
import { createBeaconsService } from '../packages/api/src/modules/ad-serving/beacons.service.ts';
import { createDatabaseEventStore, createRedisEventStore } from '../packages/api/src/modules/ad-serving/event-store.ts';
import type { RmaRequest } from '../packages/contracts/src/ad-decision.ts';
import {
  apiRequire,
  bundleServer,
  cannon,
  CONNECTIONS,
  DURATION,
  interleaved,
  load,
  processes,
  REPO,
  rotating,
  scripts,
  serverChannel,
  wrkAvailable,
  wrkPaths,
  wrkRotating,
  writeResults,
  type Msg,
  type Row,
  type Slice,
  type WrkRequest,
} from './load.ts';

const PUBLISHERS = 50;
const ADVERTISERS = 100;
const CAMPAIGNS = 10_000;
const ADS_PER_CAMPAIGN = 10;
const KEYWORDS_PER_CAMPAIGN = 20;
const VOCABULARY = 400;
const SKUS_PER_PUBLISHER = 500;
/**
 * Beacons come from the browsers of every shopper on the publisher's pages, many at once (decisions
 * from a publisher's servers, through a pool of connections): their maximum-rate rows, the bare
 * route's included, run with this many connections. Each beacon waits for its event to be durable in
 * Redis, so a connection spends most of its time waiting: 20 connections cannot keep the server busy.
 */
const BEACON_CONNECTIONS = Number(process.env.BENCH_BEACON_CONNECTIONS ?? 100);
/** Distinct beacon tokens for the autocannon rows (the timed row, then the count check's 260,000). */
const BEACON_TOKENS = 1_200_000;
/** Beacons fired by the API-only run and by the run with the worker counting at the same time. */
const BEACONS_ALONE = 200_000;
const BEACONS_WITH_WORKER = 60_000;
/** Distinct beacon paths for the wrk rows (more than five 2-s slices fire at this machine's speed). */
const WRK_BEACON_TOKENS = 1_100_000;

/**
 * BENCH_PROFILE=rma|bare|decide|beacons: only that row, with the server process CPU-profiled into
 * /tmp/rma-prof (no results written).
 */
const profile = process.env.BENCH_PROFILE as 'rma' | 'bare' | 'decide' | 'beacons' | undefined;
/**
 * BENCH_ROWS=decisions|beacons: only the interleaved maximum-rate rows of decisions (bare, /v1/rma,
 * the decision alone) or of beacons, printed and not written; with BENCH_REUSE=1 the dataset of the
 * previous run is used as it is. For iterating on a hot path.
 */
const onlyRows = process.env.BENCH_ROWS as 'decisions' | 'beacons' | undefined;
const reuseDataset = process.env.BENCH_REUSE === '1';

const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const benchDbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = '/backoffice_bench_rma';
  return u.toString();
})();
const termOf = (n: number) => `termo-${String(n % VOCABULARY).padStart(3, '0')}`;


// ---------------------------------------------------------------------------------------------
// Server process: the real app and the bare route.

/** The API and the worker share this environment, as a deployment would. */
const serverEnv = () => ({
  ...process.env,
  DATABASE_URL: benchDbUrl,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  // Keys of its own in Redis: nothing left from another run (or a dev server) is counted here.
  REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX!,
});
process.env.BENCH_REDIS_PREFIX ??= `bench-${randomUUID().slice(0, 8)}`;

async function serve() {
  // An API process: jobs and event counting run in the worker process (packages/api/src/worker.ts).
  // One client IP sends everything at rates no page view makes: the public ceilings must not trip.
  const config = loadConfig({
    ...serverEnv(),
    RATE_LIMIT_MAX: '100000000',
    PUBLIC_RATE_LIMIT_IP: '1000000000',
    PUBLIC_RATE_LIMIT_PUBLISHER: '1000000000',
    RUN_WORKERS: 'false',
  });
  const database = await createDatabase(config);
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let bareBody: unknown = { status: 'ok' };
  const bare = Fastify();
  bare.post('/bare', async () => bareBody);
  // The decision alone, on the bare instance (no validation, API key, hooks or request counters):
  // the gap between this row and /v1/rma is what the app's request pipeline adds to a decision.
  const decisionOnly = createDecisionService({ index: app.adIndex, signer: createEventSigner(config.jwtSecret), appUrl: config.appUrl });
  bare.post<{ Params: { publisherId: string }; Body: RmaRequest }>('/decide/:publisherId', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await decisionOnly.decide(Number(request.params.publisherId), request.body)),
  );
  // A bare route that answers only after one Redis round trip (commands of one turn pipelined, as the
  // event store batches them): the ceiling of any beacon that is durable in Redis before its 202.
  const { Redis } = apiRequire('ioredis') as {
    Redis: new (url: string, options: { enableAutoPipelining: boolean }) => { ping(): Promise<string>; del(key: string): Promise<number>; disconnect(): void };
  };
  const redis = config.redisUrl ? new Redis(config.redisUrl, { enableAutoPipelining: true }) : undefined;
  if (redis) bare.post('/bare-redis', async () => (await redis.ping(), bareBody));
  // The beacon alone (token check and durable append, the app's own service and store), on the
  // bare instance: the gap between this row and the beacon row is what the app's request pipeline adds.
  const beaconOnly = createBeaconsService({
    signer: createEventSigner(config.jwtSecret),
    store: config.redisUrl ? createRedisEventStore(database.prisma, new Redis(config.redisUrl, { enableAutoPipelining: false }) as never, config.redisPrefix) : createDatabaseEventStore(database.prisma),
  });
  bare.post<{ Querystring: { t?: string } }>('/v1/beacon/impression', async (request) => (await beaconOnly.accept('impression', request.query.t), bareBody));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: typeof bare.server) => (s.address() as { port: number }).port;
  const send = (m: Msg) => process.send!(m);

  process.on('message', async (m: Msg) => {
    if (m.type === 'bare-body') {
      bareBody = m.body;
      send({ type: 'ok' });
    } else if (m.type === 'warm') {
      // Heap of the indexes of all 50 publishers: measured after full GCs, before and after building them.
      const gc = (globalThis as { gc?: () => void }).gc!;
      gc();
      gc();
      const before = process.memoryUsage().heapUsed;
      const t0 = performance.now();
      let entries = 0;
      for (const id of m.publisherIds as number[]) entries += (await app.adIndex.get(id)).all.length;
      const buildMs = performance.now() - t0;
      gc();
      gc();
      const after = process.memoryUsage().heapUsed;
      send({ type: 'warmed', heapMb: (after - before) / 2 ** 20, entries, buildMs, heapTotalMb: after / 2 ** 20 });
    } else if (m.type === 'discard') {
      // Drops the events the timed rows stored (nobody counts them; the count check starts from nothing).
      if (redis) await redis.del(`${config.redisPrefix}:rm-events`);
      else await database.sql.query('DELETE FROM rm_event_inbox');
      send({ type: 'discarded' });
    } else if (m.type === 'close') {
      setTimeout(() => process.exit(0), 10_000).unref();
      await app.close();
      await bare.close();
      redis?.disconnect();
      process.exit(0);
    }
  });
  send({ type: 'ready', appPort: port(app.server), barePort: port(bare.server), secret: config.jwtSecret, redis: Boolean(config.redisUrl) });
}

// ---------------------------------------------------------------------------------------------
// Dataset

async function seedDataset() {
  if (reuseDataset) {
    const database = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 }).catch(() => undefined);
    if (database) {
      // Migrations added since that run apply first.
      await migrate(database);
      const found = await database
        .session(async (db) => {
          await grantRetailMedia(db);
          return seededRows(db);
        })
        .catch(() => undefined);
      await database.close();
      if (found && found.publisherIds.length === PUBLISHERS) return found;
    }
  }
  const admin = await createDatabase({ databaseUrl: baseUrl, dataDir: 'memory://', poolSize: 1 });
  await admin.sql.exec('DROP DATABASE IF EXISTS backoffice_bench_rma WITH (FORCE)');
  await admin.sql.exec('CREATE DATABASE backoffice_bench_rma');
  await admin.close();
  const database = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 });
  await migrate(database);
  // One connection: the temporary tables below live in it.
  const result = await database.session((db) => seedRows(db));
  await database.close();
  return result;
}

async function seedRows(db: SqlRunner) {
  const t0 = performance.now();
  await db.exec(`
    INSERT INTO accounts (name, slug, type, retail_media_role, updated_at)
    SELECT 'Publisher ' || g, 'bench-publisher-' || g, 'grocery', 'publisher', now() FROM generate_series(1, ${PUBLISHERS}) g;
    INSERT INTO accounts (name, slug, type, retail_media_role, updated_at)
    SELECT 'Marca ' || g, 'bench-brand-' || g, 'industry', 'advertiser', now() FROM generate_series(1, ${ADVERTISERS}) g;
    CREATE TEMP TABLE pubs AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM accounts WHERE slug LIKE 'bench-publisher-%';
    CREATE TEMP TABLE advs AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM accounts WHERE slug LIKE 'bench-brand-%';
    INSERT INTO retail_media_configs (publisher_id, updated_at) SELECT id, now() FROM pubs;
    INSERT INTO ad_sizes (publisher_id, name, width, height) SELECT id, 'Super Banner', 728, 90 FROM pubs;
    INSERT INTO advertiser_links (publisher_id, advertiser_id, updated_at) SELECT p.id, a.id, now() FROM pubs p CROSS JOIN advs a;
    INSERT INTO wallets (publisher_id, advertiser_id, balance_cents, updated_at) SELECT p.id, a.id, 100000000000, now() FROM pubs p CROSS JOIN advs a;
    INSERT INTO products (account_id, sku, name, brand, image_url, url, price_cents, categories, updated_at)
    SELECT p.id, 'sku-' || s, 'Produto ' || s, 'Marca ' || (s % ${ADVERTISERS} + 1), 'https://cdn.bench/p/' || s || '.png',
           'https://loja.bench/p/' || s, 990 + s, ARRAY['Mercearia', 'Seção ' || (s % 20)], now()
      FROM pubs p CROSS JOIN generate_series(0, ${SKUS_PER_PUBLISHER - 1}) s;
    INSERT INTO campaigns (publisher_id, advertiser_id, name, ad_type, targeting, daily_budget_cents, cpc_cents, active, start_at, updated_at)
    SELECT (SELECT id FROM pubs WHERE n = g % ${PUBLISHERS}), (SELECT id FROM advs WHERE n = g % ${ADVERTISERS}),
           'Campanha ' || g, CASE WHEN (g / ${PUBLISHERS}) % 2 = 0 THEN 'product' ELSE 'banner' END::"CampaignType", 'keyword',
           1000000000, 50 + (g * 37) % 200, true, now() - interval '10 days', now()
      FROM generate_series(0, ${CAMPAIGNS - 1}) g;
    CREATE TEMP TABLE camps AS SELECT c.id, c.publisher_id, c.ad_type, row_number() OVER (ORDER BY c.id) - 1 AS n FROM campaigns c
      JOIN pubs ON pubs.id = c.publisher_id;
    INSERT INTO ads (campaign_id, ad_type, status, sku, media_url, ad_size_id, destination_url, headline, updated_at)
    SELECT c.id, c.ad_type, 'approved',
           CASE WHEN c.ad_type = 'product' THEN 'sku-' || ((c.n * ${ADS_PER_CAMPAIGN} + j) % ${SKUS_PER_PUBLISHER}) END,
           CASE WHEN c.ad_type = 'banner' THEN 'https://cdn.bench/b/' || c.id || '-' || j || '.png' END,
           CASE WHEN c.ad_type = 'banner' THEN (SELECT id FROM ad_sizes s WHERE s.publisher_id = c.publisher_id) END,
           'https://loja.bench/c/' || c.id, 'Oferta ' || c.id || '-' || j, now()
      FROM camps c CROSS JOIN generate_series(0, ${ADS_PER_CAMPAIGN - 1}) j;
    INSERT INTO campaign_keywords (campaign_id, keyword)
    SELECT c.id, 'termo-' || lpad((((c.n / ${PUBLISHERS}) * 37 + k * 13 + (c.n % ${PUBLISHERS}) * 11) % ${VOCABULARY})::text, 3, '0')
      FROM camps c CROSS JOIN generate_series(0, ${KEYWORDS_PER_CAMPAIGN - 1}) k;
    ANALYZE;
  `);
  await grantRetailMedia(db);
  const counts = await db.query(`SELECT (SELECT count(*) FROM campaigns) AS campaigns, (SELECT count(*) FROM ads) AS ads,
    (SELECT count(*) FROM campaign_keywords) AS keywords, (SELECT count(*) FROM pubs) AS publishers`);
  console.log(`dataset in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, counts[0]);
  return seededRows(db);
}

/** The publishers' retail_media module: the public gate serves only publishers with active retail media. */
async function grantRetailMedia(db: SqlRunner) {
  await db.exec(`
    INSERT INTO access_modules (id, key, name, position) VALUES (8, 'retail_media', 'Retail media', 0) ON CONFLICT DO NOTHING;
    INSERT INTO account_access_modules (account_id, module_id)
    SELECT a.id, m.id FROM accounts a CROSS JOIN access_modules m WHERE a.slug LIKE 'bench-publisher-%' AND m.key = 'retail_media'
    ON CONFLICT DO NOTHING;
  `);
}

/** The publishers (in API key order) and a sample of served ads of the seeded dataset. */
async function seededRows(db: SqlRunner) {
  const keys = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE slug LIKE 'bench-publisher-%' ORDER BY id`);
  const ads = await db.query<{ p: number; a: number; c: number; d: number }>(`
    SELECT c.publisher_id AS p, c.advertiser_id AS a, c.id AS c, ads.id AS d FROM ads JOIN campaigns c ON c.id = ads.campaign_id ORDER BY random() LIMIT 5000`);
  return { publisherIds: keys.map((r) => r.id), ads };
}

/** Each row's requests per second as a share of the bare row of its load generator and kind. */
function printShares(rows: Record<string, Row>) {
  const bareOf = (label: string) => {
    const tool = /^\[(\w+)\]/.exec(label)?.[0] ?? '';
    return rows[`${tool} ${label.includes('beacon') ? 'bare POST /bare (beacon-sized body)' : 'bare POST /bare (same body size)'}`]?.rps ?? Number.NaN;
  };
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([label, { rps, p99, non2xx, cores }]) => [label, { rps, '% of bare': `${((rps / bareOf(label)) * 100).toFixed(1)}%`, p99, non2xx, cores }]),
    ),
  );
}

async function main() {
  // The IPC channel alone does not keep this process waiting for the server's answers.
  const keepAlive = setInterval(() => undefined, 1_000);
  const { publisherIds, ads } = await seedDataset();
  const bundle = await bundleServer(resolve(REPO, 'bench/rma.ts'), 'rma');
  const child: ChildProcess = fork(bundle.server, ['--serve'], {
    execArgv: ['--expose-gc', '--enable-source-maps', ...(profile ? ['--cpu-prof', '--cpu-prof-dir=/tmp/rma-prof'] : [])],
    env: { ...process.env, BENCH_REPO: REPO },
  });
  // The worker (event counting, jobs) starts after the API-only rows; see the beacon rows below.
  let worker: ChildProcess | undefined;
  const startWorker = () => {
    worker ??= fork(bundle.worker, [], { execArgv: ['--enable-source-maps'], env: serverEnv() });
    processes.worker = worker.pid;
  };
  // However this process ends (a failed check throws), it takes the server and the worker with it.
  const { next, ask, close } = serverChannel(child, () => worker);
  const shutDown = async () => {
    await close();
    worker?.kill('SIGTERM');
  };
  const ready = await next();
  processes.server = child.pid;
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}`;

  const warmed = await ask({ type: 'warm', publisherIds });
  console.log(`indexes of ${publisherIds.length} publishers: ${warmed.entries} entries, ${(warmed.heapMb as number).toFixed(1)} MB of heap, built in ${Math.round(warmed.buildMs as number)} ms`);

  // Decision requests: search context, two placements, every publisher and term.
  const rmaRequests = Array.from({ length: 2000 }, (_, i) => {
    const n = i % publisherIds.length;
    return {
      path: `/v1/rma/${publisherIds[n]}`,
      // Anonymous, as a VTEX Ads integration queries a publisher that does not require its key.
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        context: 'search',
        term: termOf(i * 31),
        channel: 'site',
        session_id: `sessao-${i}`,
        placements: { busca_topo: { types: ['product'], quantity: 3 }, busca_banner: { types: ['banner'], size: '728x90', quantity: 1 } },
      }),
    };
  });
  const sample = await fetch(`${appUrl}${rmaRequests[0]!.path}`, { method: 'POST', headers: rmaRequests[0]!.headers, body: rmaRequests[0]!.body });
  // The VTEX Ads answer: request_id, query_id, query_at and a list of ads per placement name.
  const sampleBody = (await sample.json()) as Record<string, unknown>;
  const sampleBytes = JSON.stringify(sampleBody).length;
  const filled = Object.values(sampleBody).flatMap((v) => (Array.isArray(v) ? [v.length] : []));
  console.log(`sample decision: ${sample.status}, ${sampleBytes} bytes, ads per placement ${filled.join(' + ')}`);
  await ask({ type: 'bare-body', body: sampleBody });
  const bareRequests = [{ path: '/bare', headers: { 'content-type': 'application/json' }, body: rmaRequests[0]!.body }];

  // Warm-up (JIT, connections), not recorded.
  await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 2, requests: rotating(bareRequests) });
  await autocannon({ url: appUrl, connections: CONNECTIONS, duration: 2, requests: rotating(rmaRequests) });

  const rows: Record<string, Row> = {};
  const done = async () => {
    await shutDown();
    clearInterval(keepAlive);
  };
  const bareRow = 'bare POST /bare (same body size)';
  const rmaRow = 'POST /v1/rma (search, 2 placements)';
  const decisionOnlyRow = 'bare + the decision only';
  const decisionOnly = rmaRequests.map((r) => ({ ...r, path: r.path.replace('/v1/rma/', '/decide/') }));
  if (profile === 'bare') rows[bareRow] = await load(bareRow, { url: bareUrl, requests: rotating(bareRequests) });
  if (profile === 'rma') rows[rmaRow] = await load(rmaRow, { url: appUrl, requests: rotating(rmaRequests) });
  if (profile === 'decide') rows[decisionOnlyRow] = await load(decisionOnlyRow, { url: bareUrl, requests: rotating(decisionOnly) });
  if (profile === 'bare' || profile === 'rma' || profile === 'decide') return done();
  // The compared maximum-rate rows, with each load generator ("[wrk] …", "[autocannon] …").
  const wrkFound = await wrkAvailable();
  const withWrk = wrkFound && !profile;
  if (!wrkFound) console.error(`wrk not found (apt-get install wrk): the maximum-rate rows run with autocannon only`);
  const ac = (label: string) => `[autocannon] ${label}`;
  const wk = (label: string) => `[wrk] ${label}`;
  const post = (r: { path: string; headers: Record<string, string>; body: string }): WrkRequest => ({ method: 'POST', ...r });
  if (!profile && onlyRows !== 'beacons') {
    if (withWrk) {
      await interleaved(rows, [
        [wk(bareRow), wrkRotating(wk(bareRow), bareUrl, bareRequests.map(post))],
        [wk(rmaRow), wrkRotating(wk(rmaRow), appUrl, rmaRequests.map(post))],
        [wk(decisionOnlyRow), wrkRotating(wk(decisionOnlyRow), bareUrl, decisionOnly.map(post))],
      ]);
    }
    await interleaved(rows, [
      [ac(bareRow), cannon(ac(bareRow), { url: bareUrl, requests: rotating(bareRequests) })],
      [ac(rmaRow), cannon(ac(rmaRow), { url: appUrl, requests: rotating(rmaRequests) })],
      [ac(decisionOnlyRow), cannon(ac(decisionOnlyRow), { url: bareUrl, requests: rotating(decisionOnly) })],
    ]);
  }
  /** The decision maximum the fixed-rate rows take half of: wrk's when it ran, else autocannon's. */
  const rmaMax = rows[withWrk ? wk(rmaRow) : ac(rmaRow)]?.rps ?? 0;
  if (onlyRows === 'decisions') {
    printShares(rows);
    return done();
  }
  const halfRate = Math.max(1, Math.round(rmaMax / 2));
  // At a fixed rate (autocannon; wrk has none) the machine is far from busy: whole runs, one after
  // the other (a short slice's start would weigh on its p99).
  if (!profile && !onlyRows) {
    rows[`bare at ${halfRate} req/s`] = await load(`bare at ${halfRate} req/s`, { url: bareUrl, requests: rotating(bareRequests), overallRate: halfRate });
    rows[`/v1/rma at ${halfRate} req/s (50% of its max)`] = await load(`/v1/rma at ${halfRate} req/s (50% of its max)`, { url: appUrl, requests: rotating(rmaRequests), overallRate: halfRate });
  }

  // Beacons: every request a distinct served ad and person, so each 202 is one event to count.
  // 1. Maximum rates, API instance alone (the worker that counts is not running: accepted events
  //    wait in the Redis stream), timed rows with both load generators; what they stored is then
  //    dropped uncounted (counting a million events here would only take minutes).
  // 2. The count check: a fixed number of beacons (autocannon then waits for every answer, so its
  //    202 count is exact; a timed run stops with requests in flight that the server did accept),
  //    counted by the worker afterwards; then again with the worker counting at the same time on this
  //    same 2-core machine. These runs fire through autocannon's per-request setup, which holds a
  //    fixed number of requests to ~20,000 per second here whatever the server: they check counts,
  //    not speed.
  const countEvents = async () => {
    const db = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 });
    const [row] = await db.sql.query<{ n: string }>('SELECT count(*) AS n FROM rm_events');
    await db.close();
    return Number(row!.n);
  };
  /** Waits (at most two minutes) until the worker has counted `expected` events; returns how many it counted. */
  const countedAfter = async (expected: number) => {
    let counted: number;
    const by = Date.now() + 120_000;
    while ((counted = await countEvents()) < expected && Date.now() < by) await new Promise((r) => setTimeout(r, 1_000));
    return counted;
  };
  const signer = createEventSigner(ready.secret as string);
  const now = Date.now();
  const beaconPath = (i: number, who: string) => {
    const ad = ads[i % ads.length]!;
    const served: ServedAd = { r: randomUUID(), ...ad, pl: 'busca_topo', cx: 'search', pos: 1, u: `${who}-${i}`, cpc: 0, cpm: 500, t: now };
    return `/v1/beacon/impression?t=${encodeURIComponent(signer.sign(served))}`;
  };
  const beaconRequests = Array.from({ length: BEACON_TOKENS }, (_, i) => ({ path: beaconPath(i, 'bench-user'), headers: {}, body: '' }));
  // One cursor over the tokens for every autocannon row: no token is fired twice.
  const cursor = { i: 0 };
  const enoughTokens = () => {
    if (cursor.i >= BEACON_TOKENS) throw new Error('not enough distinct beacon tokens for this run; raise BEACON_TOKENS');
  };
  const beacons = (opts: Partial<autocannon.Options>, url = appUrl): autocannon.Options => ({ connections: BEACON_CONNECTIONS, ...opts, url, requests: rotating(beaconRequests, cursor) });
  const beaconLoad = async (label: string, amount: number) => {
    const row = await load(label, beacons({ amount }));
    enoughTokens();
    return row;
  };
  await ask({ type: 'bare-body', body: { accepted: true } });
  const beaconBareRow = 'bare POST /bare (beacon-sized body)';
  const redisRoundTripRow = 'bare + one Redis round trip (beacon-sized body)';
  const beaconRow = 'POST /v1/beacon/impression';
  const beaconOnlyRow = 'bare + the beacon only';
  const bareBeacon = { url: bareUrl, connections: BEACON_CONNECTIONS, requests: rotating([{ path: '/bare', headers: {}, body: '' }]) };
  const bareRedis = { url: bareUrl, connections: BEACON_CONNECTIONS, requests: rotating([{ path: '/bare-redis', headers: {}, body: '' }]) };
  if (profile) rows[ac(beaconRow)] = await load(ac(beaconRow), beacons({}));
  else {
    await interleaved(rows, [
      [ac(beaconBareRow), cannon(ac(beaconBareRow), bareBeacon)],
      ...(ready.redis ? [[ac(redisRoundTripRow), cannon(ac(redisRoundTripRow), bareRedis)] as [string, Slice]] : []),
      [ac(beaconRow), cannon(ac(beaconRow), beacons({}))],
      [ac(beaconOnlyRow), cannon(ac(beaconOnlyRow), beacons({}, bareUrl))],
    ]);
    enoughTokens();
  }
  if (profile) return done();
  if (withWrk) {
    const wrkTokens = join(scripts(), 'beacon-paths.txt');
    writeFileSync(wrkTokens, Array.from({ length: WRK_BEACON_TOKENS }, (_, i) => `${beaconPath(i, 'bench-wrk-user')}\n`).join(''));
    const wrkCursor = { i: 0 };
    const post = (path: string): WrkRequest[] => [{ method: 'POST', path, headers: {}, body: '' }];
    await interleaved(rows, [
      [wk(beaconBareRow), wrkRotating(wk(beaconBareRow), bareUrl, post('/bare'), BEACON_CONNECTIONS)],
      ...(ready.redis ? [[wk(redisRoundTripRow), wrkRotating(wk(redisRoundTripRow), bareUrl, post('/bare-redis'), BEACON_CONNECTIONS)] as [string, Slice]] : []),
      [wk(beaconRow), wrkPaths(wk(beaconRow), appUrl, wrkTokens, wrkCursor, WRK_BEACON_TOKENS, BEACON_CONNECTIONS)],
      [wk(beaconOnlyRow), wrkPaths(wk(beaconOnlyRow), bareUrl, wrkTokens, wrkCursor, WRK_BEACON_TOKENS, BEACON_CONNECTIONS)],
    ]);
  }
  // What these rows stored is dropped, not counted: the count check below starts from an empty stream
  // (and a run leaves nothing behind in Redis).
  await ask({ type: 'discard' });
  if (onlyRows) {
    printShares(rows);
    return done();
  }

  const eventsBefore = await countEvents();
  const countRow = 'POST /v1/beacon/impression: 200,000 beacons, API alone (count check)';
  rows[countRow] = await beaconLoad(countRow, BEACONS_ALONE);
  const accepted = rows[countRow]!.count2xx;
  startWorker();
  const counted = (await countedAfter(eventsBefore + accepted)) - eventsBefore;
  const whileCountingRow = 'POST /v1/beacon/impression: 60,000 beacons, the worker counting meanwhile (count check)';
  rows[whileCountingRow] = await beaconLoad(whileCountingRow, BEACONS_WITH_WORKER);
  const acceptedWhileCounting = rows[whileCountingRow]!.count2xx;
  const countedWhileCounting = (await countedAfter(eventsBefore + accepted + acceptedWhileCounting)) - eventsBefore - accepted;

  await shutDown();

  const p99Bare = rows[`bare at ${halfRate} req/s`]!.p99;
  const p99Rma = rows[`/v1/rma at ${halfRate} req/s (50% of its max)`]!.p99;
  const share = (label: string, bareLabel: string, target: number) => {
    const rps = rows[label]!.rps;
    const bare = rows[bareLabel]!.rps;
    return { value: `${((rps / bare) * 100).toFixed(1)}% (${rps} / ${bare} req/s)`, pass: rps >= bare * target };
  };
  const checks = {
    ...(withWrk ? { 'rma rps ≥ 50% of bare [wrk]': share(wk(rmaRow), wk(bareRow), 0.5) } : {}),
    'rma rps ≥ 50% of bare [autocannon]': share(ac(rmaRow), ac(bareRow), 0.5),
    'rma p99 ≤ 3× bare p99 at 50% load': { value: `${p99Rma} ms vs ${p99Bare} ms (${(p99Rma / Math.max(p99Bare, 0.001)).toFixed(2)}×)`, pass: p99Rma <= 3 * p99Bare },
    ...(withWrk ? { 'beacons rps ≥ 70% of bare [wrk]': share(wk(beaconRow), wk(beaconBareRow), 0.7) } : {}),
    'beacons rps ≥ 70% of bare [autocannon]': share(ac(beaconRow), ac(beaconBareRow), 0.7),
    ...(ready.redis && withWrk ? { 'bare + one Redis round trip ≥ 70% of bare [wrk] (reference)': share(wk(redisRoundTripRow), wk(beaconBareRow), 0.7) } : {}),
    ...(ready.redis ? { 'bare + one Redis round trip ≥ 70% of bare [autocannon] (reference)': share(ac(redisRoundTripRow), ac(beaconBareRow), 0.7) } : {}),
    'counted events = 202s': {
      value: `${counted} counted / ${accepted} accepted; with the worker counting meanwhile ${countedWhileCounting} / ${acceptedWhileCounting}`,
      pass: counted === accepted && countedWhileCounting === acceptedWhileCounting && rows[countRow]!.non2xx === 0 && rows[whileCountingRow]!.non2xx === 0,
    },
    'index heap < 300 MB': { value: `${(warmed.heapMb as number).toFixed(1)} MB`, pass: (warmed.heapMb as number) < 300 },
  };

  console.log(`\n${DURATION}s per row, ${CONNECTIONS} connections (beacons: ${BEACON_CONNECTIONS}), PostgreSQL, redis: ${ready.redis ? 'on' : 'in-process'}, ${availableParallelism()} cores`);
  console.table(Object.fromEntries(Object.entries(rows).map(([label, { cpu: _cpu, seconds: _seconds, ...shown }]) => [label, shown])));
  console.table(checks);
  writeResults(
    'rma',
    {
      beaconConnections: BEACON_CONNECTIONS,
      redis: ready.redis,
      dataset: { publishers: PUBLISHERS, advertisers: ADVERTISERS, campaigns: CAMPAIGNS, ads: CAMPAIGNS * ADS_PER_CAMPAIGN, keywords: CAMPAIGNS * KEYWORDS_PER_CAMPAIGN },
      index: { entries: warmed.entries, heapMb: Number((warmed.heapMb as number).toFixed(1)), buildMs: Math.round(warmed.buildMs as number) },
      sampleDecisionBytes: sampleBytes,
      rows,
    },
    checks,
  );
  clearInterval(keepAlive);
}

if (process.argv.includes('--serve')) await serve();
else await main();
