import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed, DEMO_PASSWORD } from '../src/seed.ts';
import { businessDate } from '../src/lib/business-day.ts';
import { createClickHouse } from '../src/modules/analytics-engine/clickhouse.ts';
import { adminQuery, withDatabase } from './db-admin.ts';
import { clearRedisPrefix } from './redis-keys.ts';
import './global-setup.ts';

export { DEMO_PASSWORD };

export const DEMO = {
  admin: 'admin@varejo.test',
  operator: 'operador@varejo.test',
  brand: 'gestor@marca.test',
  partner: 'admin@parceiro.test',
} as const;

export interface TestApp {
  app: FastifyInstance;
  db: Database['prisma'];
  database: Database;
  config: AppConfig;
  http: ReturnType<typeof supertest>;
  /** Signs in through the API and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Waits until queued jobs (emails) have run. */
  drainJobs(): Promise<void>;
  close(): Promise<void>;
}

/** A database of the test's own: a copy of the seeded template (PostgreSQL) or a fresh in-memory PGlite. */
export async function createTestDatabase(): Promise<{ database: Database; name: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  if (!url) {
    const database = await createDatabase({ dataDir: 'memory://' });
    await migrate(database);
    await seed(database.prisma);
    return { database, name, drop: async () => undefined };
  }
  await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  const database = await createDatabase({ databaseUrl: withDatabase(url, name), dataDir: 'memory://', poolSize: 5 });
  return { database, name, drop: () => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The real app on a database and a Redis key prefix of its own; cleans both up on close. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, opts: BuildOptions = {}): Promise<TestApp> {
  const { database, name, drop } = await createTestDatabase();
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  const config = loadConfig(env, {
    redisPrefix: prefix,
    // ANALYTICS_ENGINE=clickhouse runs the suite on ClickHouse: the process's chDB (or the server), a database per app.
    ...(env.ANALYTICS_ENGINE === 'clickhouse' ? { analytics: { engine: 'clickhouse' as const, clickhouseUrl: clickhouseFor(env.CLICKHOUSE_URL ?? 'chdb:', name) } } : {}),
    webDist: undefined,
    appUrl: 'http://localhost:3000',
    ...overrides,
  });
  const app = await buildApp(config, { logger: false, ...opts, database });
  await app.ready();
  const http = supertest(app.server);
  return {
    app,
    db: database.prisma,
    database,
    config,
    http,
    async login(email, password = DEMO_PASSWORD) {
      const res = await http.post('/authenticate').send({ email, password });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    drainJobs: () => app.queue.drain(),
    async close() {
      await app.close();
      if (config.analytics.engine === 'clickhouse') {
        const ch = await createClickHouse(config.analytics.clickhouseUrl);
        await ch.command(`DROP DATABASE IF EXISTS ${ch.database}`);
        await ch.close();
      }
      await database.close();
      await drop();
      if (config.redisUrl) await clearRedisPrefix(config.redisUrl, prefix);
    },
  };
}

/** The ClickHouse of `url` with the database `name` (a test's own). */
export function clickhouseFor(url: string, name: string) {
  if (url.startsWith('chdb:')) return `${url.split('?')[0]}?database=${name}`;
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * For tests whose requests must all fall on one São Paulo business day (today's spend, per-day rows):
 * within `marginMs` of São Paulo midnight it waits until the day has turned. Give such a test a
 * timeout above the margin.
 */
export async function clearOfBusinessMidnight(marginMs = 15_000) {
  const today = businessDate(new Date());
  if (businessDate(new Date(Date.now() + marginMs)) === today) return;
  while (businessDate(new Date()) === today) await new Promise((resolve) => setTimeout(resolve, 250));
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asserts the common error envelope and returns it. */
export function expectEnvelope(body: unknown, code?: string) {
  const b = body as { error?: { code?: string; message?: string }; requestId?: string };
  if (!b?.error?.code || !b.error.message || !b.requestId) throw new Error(`not an error envelope: ${JSON.stringify(body)}`);
  if (code && b.error.code !== code) throw new Error(`expected ${code}, got ${b.error.code}: ${b.error.message}`);
  return b.error as { code: string; message: string; details?: Array<{ field: string; code: string; message: string }> };
}
