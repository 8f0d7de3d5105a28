// The API as a benchmark's server process runs it (`--serve`), beside a bare Fastify route answering
// the body the parent sets, in the same process: shared by bench/catalog.ts and bench/orders.ts.
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../packages/api/src/app.ts';
import { loadConfig } from '../packages/api/src/config.ts';
import { createDatabase, type SqlRunner } from '../packages/api/src/db/client.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { accountsSeed } from '../packages/api/src/modules/accounts/accounts.seed.ts';
import type { Msg } from './load.ts';

process.env.BENCH_REDIS_PREFIX ??= `bench-${randomUUID().slice(0, 8)}`;
/** The API as deployed: production mode, workers in their own process, a per-IP ceiling the load cannot reach. */
export async function serveApp(benchDbUrl: string) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: benchDbUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    REDIS_PREFIX: process.env.BENCH_REDIS_PREFIX,
    RATE_LIMIT_MAX: '100000000',
    RUN_WORKERS: 'false',
  });
  const database = await createDatabase(config);
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The bare route answers the body of the row it stands beside (set by the parent), serialised by Fastify.
  const bodies: Record<string, unknown> = {};
  const bare = Fastify();
  bare.get<{ Params: { name: string } }>('/bare/:name', async (request) => bodies[request.params.name]);
  bare.post<{ Params: { name: string } }>('/bare/:name', async (request) => bodies[request.params.name]);
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
  send({ type: 'ready', appPort: port(app.server), barePort: port(bare.server), redis: Boolean(config.redisUrl) });
}


/** The benchmark database `name` on the server of `baseUrl`. */
export function benchDatabaseUrl(baseUrl: string, name: string) {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A benchmark's database `name` beside the one of DATABASE_URL: migrated, with the access modules and
 * the demo accounts and users (no other demo data), then `seed`'s rows. With `reuse`, a previous
 * run's database whose `seeded` answer `complete` accepts is kept as it is (migrations added since apply first).
 */
export async function benchDataset<T>(
  baseUrl: string,
  name: string,
  { reuse, seed, seeded, complete }: { reuse: boolean; seed: (db: SqlRunner) => Promise<T>; seeded: (db: SqlRunner) => Promise<T>; complete: (found: T) => boolean },
): Promise<T> {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  if (reuse) {
    const database = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 1 }).catch(() => undefined);
    if (database) {
      const found = await migrate(database)
        .then(() => database.session((db) => seeded(db)))
        .catch(() => undefined);
      await database.close();
      if (found && complete(found)) return found;
    }
  }
  const admin = await createDatabase({ databaseUrl: baseUrl, dataDir: 'memory://', poolSize: 1 });
  await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const database = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 1 });
  await migrate(database);
  await accountsSeed.seed(database.prisma, { accountIds: new Map() });
  const result = await database.session((db) => seed(db));
  await database.close();
  return result;
}
