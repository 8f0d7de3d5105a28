import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Plain SQL access for the migrator and health checks, on either engine. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
}

export interface Database {
  kind: 'postgres' | 'pglite';
  prisma: PrismaClient;
  sql: SqlRunner;
  /** Runs fn on one connection (transactions and advisory locks need it). */
  session<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite directory, or `memory://`. */
  dataDir: string;
  poolSize?: number;
}

/**
 * Session settings of every connection. random_page_cost 1.1: the working set is in memory or on SSD, where a random read costs about what a
 * sequential one does; with the default (4, for spinning disks) the planner walks a whole table or
 * hashes a store's 100,000 offers to join a search's 2,000 products rather than look each up by its key.
 */
const SESSION_SETTINGS = { random_page_cost: '1.1' } as const;

/** PostgreSQL through @prisma/adapter-pg when a URL is given; otherwise embedded PGlite. */
export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // A server that does not answer (down, or a partition) fails the request (503) instead of holding
      // it; as long as the transactions' maxWait, so that a busy pool is waited for as before.
      connectionTimeoutMillis: 10_000,
      // A connection whose far side vanished without closing it is noticed by the kernel.
      keepAlive: true,
      options: Object.entries(SESSION_SETTINGS).map(([k, v]) => `-c ${k}=${v}`).join(' '),
    });
    // An idle client that loses its connection (server restart, terminated backend) is already dropped
    // by the pool, which opens another on demand; unhandled, this event would crash the process.
    pool.on('error', () => undefined);
    // A client checked out (inside a transaction) when its backend is terminated emits 'error' too, and
    // the pool listens only to idle ones: its query or transaction fails on its own, and the pool drops
    // the client on release (no longer queryable); unheard, the event would crash the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      kind: 'postgres',
      prisma,
      sql: {
        query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
        exec: async (sql) => void (await pool.query(sql)),
      },
      session: async (fn) => {
        const client = await pool.connect();
        try {
          return await fn({
            query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
            exec: async (sql) => void (await client.query(sql)),
          });
        } finally {
          client.release();
        }
      },
      close: async () => {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir === 'memory://' ? undefined : `${opts.dataDir}/pglite`;
  if (dir) mkdirSync(dir, { recursive: true });
  // The catalog search's extensions (accent folding, trigram similarity), as PostgreSQL's contrib has them.
  const lite = new PGlite({ dataDir: dir, extensions: { unaccent, pg_trgm } });
  await lite.waitReady;
  for (const [k, v] of Object.entries(SESSION_SETTINGS)) await lite.query('SELECT set_config($1, $2, false)', [k, v]);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) });
  const sql: SqlRunner = {
    query: async (text, params) => (await lite.query(text, params as unknown[])).rows as never,
    exec: async (text) => void (await lite.exec(text)),
  };
  // PGlite is one connection: sessions (transactions, advisory locks) take turns on it.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    prisma,
    sql,
    session: (fn) => {
      const run = turn.then(() => fn(sql));
      turn = run.catch(() => undefined);
      return run;
    },
    close: async () => {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}
