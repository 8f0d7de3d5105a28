// Load benchmark: the real app (embedded PGlite, in-process cache, or PostgreSQL/Redis when
// DATABASE_URL/REDIS_URL are set) against a bare Fastify route, in the same run and process
// layout. Writes bench/results/<date>.json and prints a table. Loopback only, bounded in time.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../packages/api/src/config.ts';
import { buildApp } from '../packages/api/src/app.ts';
import { createDatabase } from '../packages/api/src/db/client.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { seed, DEMO_PASSWORD } from '../packages/api/src/seed.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function load(url: string, opts: Partial<autocannon.Options> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const bare = Fastify();
bare.get('/bare', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DATA_DIR: 'memory://', RATE_LIMIT_MAX: '100000000', LOGIN_MAX_FAILURES_PER_EMAIL: '1000000', LOGIN_MAX_FAILURES_PER_IP: '1000000' });
const database = await createDatabase(config);
await migrate(database);
await seed(database.prisma);
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${appUrl}/authenticate`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@varejo.test', password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

const rows: Record<string, Awaited<ReturnType<typeof load>>> = {};
rows['bare fastify GET /bare'] = await load(`${bareUrl}/bare`);
rows['GET /health'] = await load(`${appUrl}/health`);
rows['GET /api/account/account-info (auth)'] = await load(`${appUrl}/api/account/account-info`, { headers: auth });
rows['GET /api/access-module (auth)'] = await load(`${appUrl}/api/access-module`, { headers: auth });

// Sign-in timing: a known email with a wrong password and an unknown email must cost the same
// (argon2id runs on both paths), so response time does not reveal which emails exist.
async function signInLatency(email: string) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await fetch(`${appUrl}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'senha-errada-123' }),
    });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[10]! * 10) / 10;
}
const knownMs = await signInLatency('juliana.alves@varejo.test');
const unknownMs = await signInLatency('ninguem@nao-existe.test');

await app.close();
await database.close();
await bare.close();

const baseline = rows['bare fastify GET /bare']!.rps;
console.log(`\n${DURATION}s per row, ${CONNECTIONS} connections, database: ${database.kind}, redis: ${config.redisUrl ? 'on' : 'in-process'}`);
console.table(
  Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, { ...v, 'vs bare': `${((v.rps / baseline) * 100).toFixed(1)}%` }])),
);
console.log(`sign-in median: known email ${knownMs} ms, unknown email ${unknownMs} ms`);
const outDir = resolve(import.meta.dirname, 'results');
mkdirSync(outDir, { recursive: true });
const file = resolve(outDir, `platform-${database.kind}-${new Date().toISOString().slice(0, 10)}.json`);
writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), durationSeconds: DURATION, connections: CONNECTIONS, database: database.kind, redis: Boolean(config.redisUrl), rows, signIn: { knownMs, unknownMs } }, null, 2));
console.log(`written ${file}`);
