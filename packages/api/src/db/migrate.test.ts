import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from '../../test/db-admin.ts';
import { createDatabase, type Database } from './client.ts';
import { MIGRATIONS_DIR, migrate, readMigrations, withStartupLock, type Migration } from './migrate.ts';

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

/** The migration folders, read independently of the migrator. */
const folders = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(MIGRATIONS_DIR, d.name, 'migration.sql')))
  .map((d) => d.name)
  .sort();
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** An empty database of the test's own: in-memory PGlite, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ db: Database; another(): Promise<Database> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await createDatabase({ dataDir: 'memory://' });
    opened.push(() => db.close());
    return { db, another: async () => db };
  }
  const name = `bo_mig_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  opened.push(() => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const open = async () => {
    const db = await createDatabase({ databaseUrl: withDatabase(url, name), dataDir: 'memory://', poolSize: 2 });
    opened.push(() => db.close());
    return db;
  };
  return { db: await open(), another: open };
}

const rows = (db: Database) =>
  db.sql.query<MigrationRow>('SELECT * FROM "_prisma_migrations" ORDER BY migration_name');
const tableExists = async (db: Database, table: string) =>
  (await db.sql.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`public.${table}`]))[0]!.t !== null;

describe('migrate', () => {
  it('has migrations to test', () => {
    expect(folders.length).toBeGreaterThan(0);
    expect(readMigrations().map((m) => m.name)).toEqual(folders);
  });

  it('applies every migration folder in order and records each exactly as Prisma does', async () => {
    const { db } = await freshDatabase();
    expect(await migrate(db)).toEqual(folders);

    const recorded = await rows(db);
    expect(recorded.map((r) => r.migration_name)).toEqual(folders);
    for (const r of recorded) {
      const file = readFileSync(join(MIGRATIONS_DIR, r.migration_name, 'migration.sql'));
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(r.checksum).toBe(sha256(file));
      expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(r.finished_at).toBeInstanceOf(Date);
      expect(r.finished_at!.getTime()).toBeGreaterThanOrEqual(r.started_at.getTime());
      expect(r.applied_steps_count).toBe(1);
      expect(r.logs).toBeNull();
      expect(r.rolled_back_at).toBeNull();
    }
    expect(new Set(recorded.map((r) => r.id)).size).toBe(recorded.length);

    // The schema the migrations describe is there.
    for (const table of ['accounts', 'users', 'memberships', 'email_outbox']) expect(await tableExists(db, table)).toBe(true);
  });

  it('creates _prisma_migrations with the columns of Prisma’s migrate engine', async () => {
    const { db } = await freshDatabase();
    await migrate(db);
    const columns = await db.sql.query<{ column_name: string; data_type: string; is_nullable: string; character_maximum_length: number | null }>(
      `SELECT column_name, data_type, is_nullable, character_maximum_length
         FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = '_prisma_migrations'
        ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.is_nullable, c.character_maximum_length])).toEqual([
      ['id', 'character varying', 'NO', 36],
      ['checksum', 'character varying', 'NO', 64],
      ['finished_at', 'timestamp with time zone', 'YES', null],
      ['migration_name', 'character varying', 'NO', 255],
      ['logs', 'text', 'YES', null],
      ['rolled_back_at', 'timestamp with time zone', 'YES', null],
      ['started_at', 'timestamp with time zone', 'NO', null],
      ['applied_steps_count', 'integer', 'NO', null],
    ]);
  });

  it('applies nothing on a second run', async () => {
    const { db } = await freshDatabase();
    await migrate(db);
    const before = await rows(db);
    expect(await migrate(db)).toEqual([]);
    expect(await rows(db)).toEqual(before);
  });

  it('applies only what is new', async () => {
    const { db } = await freshDatabase();
    await migrate(db);
    const extra = migration('29990101000000_add_probe', 'CREATE TABLE "probe" ("id" SERIAL PRIMARY KEY);');
    expect(await migrate(db, [...readMigrations(), extra])).toEqual([extra.name]);
    expect(await tableExists(db, 'probe')).toBe(true);
    expect((await rows(db)).map((r) => r.migration_name)).toEqual([...folders, extra.name]);
  });

  it('throws when an applied migration was changed afterwards', async () => {
    const { db } = await freshDatabase();
    await migrate(db);
    const [first, ...rest] = readMigrations();
    const edited = { ...first!, sql: `${first!.sql}\n-- edited`, checksum: sha256(`${first!.sql}\n-- edited`) };
    const extra = migration('29990101000000_after_edit', 'CREATE TABLE "after_edit" ("id" INTEGER);');
    await expect(migrate(db, [edited, ...rest, extra])).rejects.toThrow(/checksum/);
    // Nothing after the mismatch ran.
    expect(await tableExists(db, 'after_edit')).toBe(false);
    expect((await rows(db)).map((r) => r.checksum)).toEqual(readMigrations().map((m) => m.checksum));
    // The lock was released: a correct run proceeds.
    expect(await migrate(db)).toEqual([]);
  });

  it('rolls a failing migration back and records nothing finished for it', async () => {
    const { db } = await freshDatabase();
    await migrate(db);
    const broken = migration(
      '29990101000000_broken',
      'CREATE TABLE "half_done" ("id" INTEGER);\nINSERT INTO "half_done" VALUES (1);\nSELECT * FROM "no_such_table";',
    );
    await expect(migrate(db, [...readMigrations(), broken])).rejects.toThrow(/29990101000000_broken failed/);
    expect(await tableExists(db, 'half_done')).toBe(false);
    const recorded = await rows(db);
    expect(recorded.filter((r) => r.migration_name === broken.name && r.finished_at !== null)).toEqual([]);
    expect(recorded.map((r) => r.migration_name)).toEqual(folders);

    // Fixed, it applies on the next run.
    const fixed = migration(broken.name, 'CREATE TABLE "half_done" ("id" INTEGER);');
    expect(await migrate(db, [...readMigrations(), fixed])).toEqual([broken.name]);
    expect(await tableExists(db, 'half_done')).toBe(true);
  });

  it('lets two processes migrate at once: each migration is applied once', async () => {
    const { db, another } = await freshDatabase();
    const other = await another();
    const [a, b] = await Promise.all([migrate(db), migrate(other)]);
    expect([...a, ...b].sort()).toEqual(folders);
    expect((await rows(db)).map((r) => r.migration_name)).toEqual(folders);
  });
});

describe('withStartupLock', () => {
  // PGlite: one process per data directory, nobody to take turns with (the lock is not taken).
  it.skipIf(!process.env.DATABASE_URL)('lets processes starting together take turns: a check-then-write (as seeding an empty database) is done once (PostgreSQL)', async () => {
    const { db, another } = await freshDatabase();
    const handles = [db, await another(), await another()];
    await db.sql.exec('CREATE TABLE "seeded_by" ("who" INTEGER NOT NULL)');
    // Each reads "empty?", yields, then writes: without turns, every one of them would write.
    const seedIfEmpty = (h: Database, who: number) =>
      withStartupLock(h, async () => {
        const [{ n }] = (await h.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "seeded_by"')) as [{ n: number }];
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (n === 0) await h.sql.query('INSERT INTO "seeded_by" (who) VALUES ($1)', [who]);
        return n === 0;
      });
    const seeded = await Promise.all(handles.map((h, who) => seedIfEmpty(h, who)));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    expect(await db.sql.query('SELECT * FROM "seeded_by"')).toHaveLength(1);
  });

  it('releases the lock when its work fails, so the next process can start', async () => {
    const { db, another } = await freshDatabase();
    await expect(withStartupLock(db, async () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    expect(await withStartupLock(await another(), async () => 'started')).toBe('started');
  });
});

function migration(name: string, sql: string): Migration {
  return { name, sql, checksum: sha256(sql) };
}
