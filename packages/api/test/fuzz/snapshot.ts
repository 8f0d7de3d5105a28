import type { Database } from '../../src/db/client.ts';

type Prisma = Database['prisma'];

/**
 * Watches every table of the public schema of the fuzzing's own database copy for changed rows: a
 * row trigger appends the table's name to a journal for each insert, delete and update that changes
 * a value (an update to the same values changes nothing). A write inside a transaction that rolls
 * back leaves no journal entry either. So "a refused write changed no row" is "the journal did not
 * grow", one index read per request, where counts and checksums of every table took ~50 ms.
 * `checksums()` is the slow way, kept to confirm the journal agrees with it.
 */
export async function createRowWatch(db: Prisma) {
  const tables = (
    await db.$queryRawUnsafe<Array<{ name: string }>>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '\\_prisma%' AND tablename <> 'fuzz_row_journal' ORDER BY tablename`,
    )
  ).map((r) => r.name);
  await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS fuzz_row_journal (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`);
  await db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION fuzz_journal_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_row_journal (tbl, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`);
  for (const name of tables) {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS fuzz_journal_insert_delete ON "${name}"`);
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS fuzz_journal_update ON "${name}"`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER fuzz_journal_insert_delete AFTER INSERT OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_journal_row()`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER fuzz_journal_update AFTER UPDATE ON "${name}" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_journal_row()`,
    );
  }
  const checksumSql = tables
    .map((name) => `SELECT '${name}' AS t, count(*)::text AS n, coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS h FROM "${name}" x`)
    .join(' UNION ALL ');

  return {
    tables,
    /** Where the journal ends now. */
    async mark(): Promise<bigint> {
      const [row] = await db.$queryRawUnsafe<Array<{ id: bigint | null }>>(`SELECT max(id) AS id FROM fuzz_row_journal`);
      return BigInt(row?.id ?? 0);
    },
    /** The tables changed since `mark`, with what was done to them ("campaigns: UPDATE ×2"). */
    async changedSince(mark: bigint): Promise<string[]> {
      const rows = await db.$queryRawUnsafe<Array<{ tbl: string; op: string; n: bigint }>>(
        `SELECT tbl, op, count(*) AS n FROM fuzz_row_journal WHERE id > $1 GROUP BY tbl, op ORDER BY tbl, op`,
        mark,
      );
      return rows.map((r) => `${r.tbl}: ${r.op} ×${r.n}`);
    },
    /** Row counts and an order-free checksum of every table (slow). */
    async checksums(): Promise<Map<string, string>> {
      const rows = await db.$queryRawUnsafe<Array<{ t: string; n: string; h: string }>>(checksumSql);
      return new Map(rows.filter((r) => r.t !== 'fuzz_row_journal').map((r) => [r.t, `${r.n} rows, sum ${r.h}`]));
    },
  };
}

/** The tables whose counts or checksums differ, with both values. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [table, value] of after) if (before.get(table) !== value) out.push(`${table}: ${before.get(table)} → ${value}`);
  return out;
}
