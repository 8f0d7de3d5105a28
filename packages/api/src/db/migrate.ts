import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, SqlRunner } from './client.ts';
import { workspaceRoot } from '../lib/paths.ts';

export const MIGRATIONS_DIR = join(workspaceRoot(), 'prisma/migrations');

// The table exactly as Prisma's migrate engine creates it, so `prisma migrate deploy`
// elsewhere sees these migrations as applied.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

// Same advisory lock key as Prisma's migrate engine.
const LOCK_KEY = 72707369;
/** Held by a process while it prepares the database at start (migrations, then the seed of an empty one). */
const STARTUP_LOCK_KEY = 72707370;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Applies pending migrations in order, one transaction each; returns the names applied. */
export function migrate(db: Pick<Database, 'session'>, migrations = readMigrations()): Promise<string[]> {
  return db.session((sql) => applyMigrations(sql, migrations));
}

async function applyMigrations(sql: SqlRunner, migrations: Migration[]): Promise<string[]> {
  // Lock first: two processes creating the table at once can both fail on the catalogue's
  // unique index, `IF NOT EXISTS` notwithstanding.
  await sql.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await sql.exec(CREATE_TABLE);
    const rows = await sql.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const known = applied.get(m.name);
      if (known !== undefined) {
        if (known !== m.checksum) throw new Error(`Migration ${m.name} was modified after it was applied (checksum mismatch)`);
        continue;
      }
      const id = randomUUID();
      await sql.exec('BEGIN');
      try {
        await sql.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
          [id, m.checksum, m.name],
        );
        await sql.exec(m.sql);
        // clock_timestamp(), not now(): now() is the transaction's start, i.e. started_at again.
        await sql.query('UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1', [id]);
        await sql.exec('COMMIT');
      } catch (err) {
        await sql.exec('ROLLBACK');
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      done.push(m.name);
    }
    return done;
  } finally {
    await sql.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
  }
}

/**
 * Runs `fn` (migrating, seeding an empty database) while this process holds a PostgreSQL advisory
 * lock, so any number of processes starting together on one database take turns: the first does
 * the work, the others find it done. The lock goes with its connection if the process dies.
 * PGlite has one process per data directory and nothing to wait for.
 */
export async function withStartupLock<T>(db: Pick<Database, 'kind' | 'session'>, fn: () => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return fn();
  return db.session(async (sql) => {
    await sql.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await sql.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  });
}
