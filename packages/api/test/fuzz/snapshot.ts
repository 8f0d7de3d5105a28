import type { Database } from '../../src/db/client.ts';

type Prisma = Database['prisma'];

/**
 * Row counts and an order-free checksum of every table of the public schema (the migrations'
 * bookkeeping aside): a refused write must leave both as they were. One statement; the sum of
 * row hashes needs no sort, so it stays fast on the seeded report data.
 */
export async function createSnapshotter(db: Prisma) {
  const tables = (
    await db.$queryRawUnsafe<Array<{ name: string }>>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '\\_prisma%' ORDER BY tablename`,
    )
  ).map((r) => r.name);
  const sql = tables
    .map((name) => `SELECT '${name}' AS t, count(*)::text AS n, coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS h FROM "${name}" x`)
    .join(' UNION ALL ');
  return {
    tables,
    async take(): Promise<Map<string, string>> {
      const rows = await db.$queryRawUnsafe<Array<{ t: string; n: string; h: string }>>(sql);
      return new Map(rows.map((r) => [r.t, `${r.n} rows, sum ${r.h}`]));
    },
  };
}

/** The tables whose counts or checksums differ, with both values. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [table, value] of after) if (before.get(table) !== value) out.push(`${table}: ${before.get(table)} → ${value}`);
  return out;
}
