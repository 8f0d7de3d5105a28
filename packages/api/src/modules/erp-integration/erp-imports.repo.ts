import type { Db } from '../../db/client.ts';

/** What an ERP products batch shows of its product import. */
export interface ImportState {
  id: number;
  status: string;
  total: number;
  processed: number;
  accepted: number;
  rejectedCount: number;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Reads the product imports that ERP products batches run as (the account's only). */
export function createErpImportsRepo(db: Db) {
  return {
    async states(accountId: number, ids: number[]): Promise<Map<number, ImportState>> {
      const rows = await db.productImport.findMany({
        where: { accountId, id: { in: ids } },
        select: { id: true, status: true, total: true, processed: true, accepted: true, rejectedCount: true, error: true, startedAt: true, finishedAt: true },
      });
      return new Map(rows.map((r) => [r.id, r]));
    },
    async rejected(accountId: number, id: number) {
      const row = await db.productImport.findFirst({ where: { accountId, id }, select: { rejected: true } });
      return row ? (row.rejected as unknown as Array<{ line: number; sku: string | null; reason: string }>) : null;
    },
  };
}
