// Authenticated reads (issue 17): a signed-in user's GETs — the account info (one object) and a page
// of the account's users (a list), both held in the server's memory until a write changes them, and a
// page of its promotions (read from PostgreSQL every time, a reference) — against a bare Fastify route
// answering a body of the same size, in the same run and the same server process. Target: 5,000
// requests per second for the first two; each row also shows the server's CPU per request.
//
//   node --import tsx bench/auth-reads.ts     (PostgreSQL at DATABASE_URL, Redis at REDIS_URL)
//
// The parent seeds a benchmark database (the demo data, plus members enough for a full page of
// users), bundles the server as `pnpm build` bundles the API, forks it (`--serve`: the real app,
// as deployed — production mode, its own log level, the per-IP rate limit on, workers off — and
// the bare route, one process) and drives it with wrk (when installed) and autocannon from this
// process, compared rows in turns. Tokens of every demo member rotate, so per-member caches are
// exercised across users, not one. Writes bench/results/auth-<date>.json and prints a table with
// each row's share of the bare route.
//
// BENCH_PROFILE=<row key> (account-info, users, promotions, bare): only that row, with the server
// CPU-profiled into /tmp/auth-prof (nothing written).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { buildApp } from '../packages/api/src/app.ts';
import { loadConfig } from '../packages/api/src/config.ts';
import { createDatabase } from '../packages/api/src/db/client.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { DEMO_PASSWORD, seed } from '../packages/api/src/seed.ts';
import { bundleServer, cannon, CONNECTIONS, DURATION, interleaved, processes, REPO, rotating, serverChannel, wrkAvailable, wrkRotating, writeResults, type Msg, type Row, type Slice, type WrkRequest } from './load.ts';
import { benchDatabaseUrl } from './app-server.ts';

/** Members added to the demo grocery account, so that its first page of users is a full one. */
const EXTRA_MEMBERS = 120;
/** The authenticated reads must each answer at least this many requests per second. */
const TARGET_RPS = 5_000;

const profile = process.env.BENCH_PROFILE;
const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const benchDbUrl = benchDatabaseUrl(baseUrl, 'backoffice_bench_auth');


// ---------------------------------------------------------------------------------------------
// Server process: the real app and the bare route.

async function serve() {
  // As deployed (an API process; jobs run in the worker), with a per-IP ceiling the load cannot reach.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: benchDbUrl,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX,
    RATE_LIMIT_MAX: '100000000',
    RUN_WORKERS: 'false',
  });
  const database = await createDatabase(config);
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The bare route answers the body of the row it stands beside (set by the parent), serialised by Fastify.
  const bodies: Record<string, unknown> = {};
  const bare = Fastify();
  bare.get<{ Params: { name: string } }>('/bare/:name', async (request) => bodies[request.params.name]);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: typeof bare.server) => (s.address() as { port: number }).port;
  const send = (m: Msg) => process.send!(m);
  process.on('message', async (m: Msg) => {
    if (m.type === 'bare-body') {
      bodies[m.name as string] = m.body;
      send({ type: 'ok' });
    } else if (m.type === 'close') {
      setTimeout(() => process.exit(0), 10_000).unref();
      await app.close();
      await bare.close();
      await database.close();
      process.exit(0);
    }
  });
  send({ type: 'ready', appPort: port(app.server), barePort: port(bare.server), redis: Boolean(config.redisUrl), logLevel: config.logLevel });
}

// ---------------------------------------------------------------------------------------------
// Dataset: the demo seed and extra members of the demo grocery account.

async function seedDataset() {
  const admin = await createDatabase({ databaseUrl: baseUrl, dataDir: 'memory://', poolSize: 1 });
  await admin.sql.exec('DROP DATABASE IF EXISTS backoffice_bench_auth WITH (FORCE)');
  await admin.sql.exec('CREATE DATABASE backoffice_bench_auth');
  await admin.close();
  const database = await createDatabase({ databaseUrl: benchDbUrl, dataDir: 'memory://', poolSize: 1 });
  await migrate(database);
  await seed(database.prisma);
  await database.sql.exec(`
    INSERT INTO users (email, name, updated_at)
    SELECT 'membro-' || g || '@varejo.test', 'Membro ' || lpad(g::text, 3, '0'), now() FROM generate_series(1, ${EXTRA_MEMBERS}) g;
    INSERT INTO memberships (account_id, user_id, role, status, all_modules, updated_at)
    SELECT a.id, u.id, 'operator', 'active', true, now() FROM users u, accounts a
     WHERE u.email LIKE 'membro-%@varejo.test' AND a.slug = 'supermercado-bom-preco';
    ANALYZE;
  `);
  await database.close();
}

// ---------------------------------------------------------------------------------------------
// Load

/** Signs in as each demo user who can (password set, an active membership): their bearer tokens. */
async function tokens(appUrl: string, emails: string[]) {
  const out: Record<string, string> = {};
  for (const email of emails) {
    const res = await fetch(`${appUrl}/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    if (res.ok) out[email] = ((await res.json()) as { token: string }).token;
  }
  return out;
}

async function main() {
  const keepAlive = setInterval(() => undefined, 1_000);
  await seedDataset();
  const bundle = await bundleServer(resolve(REPO, 'bench/auth-reads.ts'), 'auth-reads');
  const logFile = resolve(REPO, 'packages/api/.bench/auth-reads/server.log');
  const child: ChildProcess = fork(bundle.server, ['--serve'], {
    execArgv: ['--enable-source-maps', ...(profile ? ['--cpu-prof', '--cpu-prof-dir=/tmp/auth-prof'] : [])],
    env: { ...process.env, BENCH_REPO: REPO, BENCH_REDIS_PREFIX: `bench-${randomUUID().slice(0, 8)}` },
    // The server logs as deployed (stdout), into a file: what it writes costs it what it would in production.
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit', 'ipc'],
  });
  const { next, ask, close } = serverChannel(child);
  const ready = await next();
  processes.server = child.pid;
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}`;

  // Every demo member who can sign in reads their account info; the grocery account's admin and manager read its lists.
  const signedIn = await tokens(appUrl, ['admin@varejo.test', 'operador@varejo.test', 'juliana.alves@varejo.test', 'beatriz.rocha@varejo.test', 'gestor@marca.test', 'admin@parceiro.test', 'suporte@plataforma.test']);
  const bearer = (email: string) => ({ authorization: `Bearer ${signedIn[email]}` });
  const listReaders = ['admin@varejo.test', 'juliana.alves@varejo.test', 'beatriz.rocha@varejo.test', 'suporte@plataforma.test'];
  const reads = {
    'account-info': { label: 'GET /api/account/account-info', requests: Object.keys(signedIn).map((email) => ({ path: '/api/account/account-info', headers: bearer(email) })) },
    users: { label: 'GET /api/user?page=1 (50 of 126 members)', requests: listReaders.map((email) => ({ path: '/api/user?page=1', headers: bearer(email) })) },
    // A reference, without a target: a list page read from PostgreSQL on every request (not cached).
    promotions: { label: 'GET /api/promotion?page=1 (not cached)', requests: listReaders.map((email) => ({ path: '/api/promotion?page=1', headers: bearer(email) })) },
  };
  const targeted = new Set(['account-info', 'users']);
  // Each read answers 200 for every token, and the bare route answers the first one's body.
  for (const [name, read] of Object.entries(reads)) {
    const bodies = await Promise.all(read.requests.map(async (r) => {
      const res = await fetch(`${appUrl}${r.path}`, { headers: r.headers });
      if (res.status !== 200) throw new Error(`${read.label} answered ${res.status}: ${await res.text()}`);
      return res.text();
    }));
    await ask({ type: 'bare-body', name, body: JSON.parse(bodies[0]!) });
    console.error(`${read.label}: ${bodies[0]!.length} bytes (${read.requests.length} members' tokens)`);
  }
  const get = (r: { path: string; headers: Record<string, string> }): WrkRequest => ({ method: 'GET', body: '', ...r });
  const bareRequests = (name: string) => [{ path: `/bare/${name}`, headers: {} }];

  // Warm-up (JIT, connections, caches), not recorded; when profiling, of the profiled row only.
  for (const [name, read] of Object.entries(reads).filter(([name]) => !profile || name === profile || (profile === 'bare' && name === 'account-info'))) {
    await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 2, requests: rotating(bareRequests(name).map(get)) });
    await autocannon({ url: appUrl, connections: CONNECTIONS, duration: 2, requests: rotating(read.requests.map(get)) });
  }

  const rows: Record<string, Row> = {};
  const bareLabel = (name: string) => `bare GET (the ${name} body)`;
  const wrkFound = await wrkAvailable();
  if (!wrkFound) console.error('wrk not found (apt-get install wrk): the rows run with autocannon only');
  type Tool = [tool: string, slice: (label: string, url: string, requests: WrkRequest[]) => Slice];
  const withWrk: Tool = ['wrk', (label, url, requests) => wrkRotating(label, url, requests)];
  const withAutocannon: Tool = ['autocannon', (label, url, requests) => cannon(label, { url, requests: rotating(requests) })];
  const tools = wrkFound ? [withWrk, withAutocannon] : [withAutocannon];
  if (profile) {
    const read = reads[profile as keyof typeof reads];
    const [, slice] = tools[0]!;
    rows[profile] = await (read ? slice(read.label, appUrl, read.requests.map(get)) : slice('bare', bareUrl, bareRequests('account-info').map(get)))(1);
  } else {
    for (const [tool, slice] of tools) {
      for (const [name, read] of Object.entries(reads)) {
        const bareRow = `[${tool}] ${bareLabel(name)}`;
        const readRow = `[${tool}] ${read.label}`;
        await interleaved(rows, [
          [bareRow, slice(bareRow, bareUrl, bareRequests(name).map(get))],
          [readRow, slice(readRow, appUrl, read.requests.map(get))],
        ]);
      }
    }
  }
  await close();
  clearInterval(keepAlive);
  if (profile) return console.table(rows);

  // The server's CPU per request: on this shared machine the server rarely gets a whole core, so its
  // rate alone says little; requests per second of server CPU is what one process could answer with a core of its own.
  const serverMicros = (r: Row) => ((r.cpu.server ?? Number.NaN) / Math.max(1, r.count2xx + r.non2xx)) * 1e6;
  const checks: Record<string, { value: string; pass: boolean }> = {};
  for (const [tool] of tools) {
    for (const [name, read] of Object.entries(reads)) {
      const r = rows[`[${tool}] ${read.label}`]!;
      const b = rows[`[${tool}] ${bareLabel(name)}`]!;
      const figures = `${r.rps} req/s; bare ${b.rps} req/s; bare / read ${(b.rps / r.rps).toFixed(2)} (${((r.rps / b.rps) * 100).toFixed(1)}% of bare); server CPU ${serverMicros(r).toFixed(0)} µs/request (bare ${serverMicros(b).toFixed(0)} µs)`;
      if (!targeted.has(name)) checks[`[${tool}] ${read.label} (reference)`] = { value: figures, pass: r.non2xx === 0 && r.errors === 0 };
      else checks[`[${tool}] ${read.label} ≥ ${TARGET_RPS} req/s`] = { value: figures, pass: r.rps >= TARGET_RPS && r.non2xx === 0 && r.errors === 0 };
    }
  }
  console.log(`\n${DURATION}s per row in 5 turns, ${CONNECTIONS} connections, PostgreSQL, redis: ${ready.redis ? 'on' : 'in-process'}, log level ${ready.logLevel}, ${availableParallelism()} cores`);
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([label, row]) => {
        const { cpu: _cpu, seconds: _seconds, count2xx: _count, ...shown } = row;
        return [label, { ...shown, 'server µs/req': Math.round(serverMicros(row)) }];
      }),
    ),
  );
  console.table(checks);
  writeResults(
    'auth',
    {
      targetRps: TARGET_RPS,
      redis: ready.redis,
      logLevel: ready.logLevel,
      rows,
    },
    checks,
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
