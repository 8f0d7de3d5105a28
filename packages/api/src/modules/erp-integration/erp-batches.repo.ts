import type { ErpBatchKind } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

const batchSelect = {
  id: true,
  kind: true,
  batchId: true,
  bodyHash: true,
  status: true,
  productImportId: true,
  total: true,
  processed: true,
  applied: true,
  rejectedCount: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;
export type BatchRow = Prisma.ErpBatchGetPayload<{ select: typeof batchSelect }>;

export interface RowError {
  index: number;
  key: string | null;
  reason: string;
}

export interface NewBatch {
  accountId: number;
  userId: number;
  kind: ErpBatchKind;
  batchId: string;
  bodyHash: string;
  payload: unknown[] | null;
  total: number;
}

/** What a job reads of a batch. */
export interface BatchJobRow {
  id: number;
  accountId: number;
  userId: number | null;
  kind: ErpBatchKind;
  status: string;
  processed: number;
  payload: unknown;
}

/** Another run of the batch recorded this chunk first: this one's writes are rolled back. */
export class ChunkAlreadyDone extends Error {}

const CHUNK_TX = { timeout: 60_000, maxWait: 10_000 } as const;

/** The ERP's batches of an account: every query is scoped by `accountId` (the job's by the batch it was given). */
export function createErpBatchesRepo(db: Db) {
  return {
    create: (b: NewBatch): Promise<BatchRow> =>
      db.erpBatch.create({
        data: {
          accountId: b.accountId,
          userId: b.userId,
          kind: b.kind,
          batchId: b.batchId,
          bodyHash: b.bodyHash,
          payload: (b.payload ?? undefined) as Prisma.InputJsonValue | undefined,
          total: b.total,
        },
        select: batchSelect,
      }),

    byBatchId: (accountId: number, kind: ErpBatchKind, batchId: string) =>
      db.erpBatch.findUnique({ where: { accountId_kind_batchId: { accountId, kind, batchId } }, select: batchSelect }),

    find: (accountId: number, id: number) => db.erpBatch.findFirst({ where: { accountId, id }, select: batchSelect }),

    linkImport: (accountId: number, id: number, productImportId: number) =>
      db.erpBatch.updateMany({ where: { accountId, id, productImportId: null }, data: { productImportId } }),

    async page(accountId: number, kind: ErpBatchKind | undefined, page: number, quantity: number) {
      const where = { accountId, ...(kind ? { kind } : {}) };
      const [rows, total] = await Promise.all([
        db.erpBatch.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * quantity, take: quantity, select: batchSelect }),
        db.erpBatch.count({ where }),
      ]);
      return { rows, total };
    },

    /** One page of the batch's refused rows (in row order). */
    async errors(accountId: number, id: number, page: number, quantity: number): Promise<RowError[]> {
      const from = (page - 1) * quantity;
      const [row] = await db.$queryRaw<Array<{ errors: RowError[] }>>`
        SELECT jsonb_path_query_array(errors, ${`$[${from} to ${from + quantity - 1}]`}::jsonpath) AS errors
          FROM erp_batches WHERE id = ${id} AND account_id = ${accountId}`;
      return row?.errors ?? [];
    },

    forJob: (id: number) =>
      db.erpBatch.findUnique({
        where: { id },
        select: { id: true, accountId: true, userId: true, kind: true, status: true, processed: true, payload: true },
      }) as Promise<BatchJobRow | null>,

    markProcessing: (id: number) =>
      db.$executeRaw`UPDATE erp_batches SET status = 'processing', started_at = COALESCE(started_at, now()) WHERE id = ${id} AND status IN ('queued', 'processing')`,
    markDone: (id: number) => db.erpBatch.updateMany({ where: { id, status: 'processing' }, data: { status: 'done', finishedAt: new Date(), error: null } }),
    markFailed: (id: number, error: string) =>
      db.erpBatch.updateMany({ where: { id, status: { in: ['queued', 'processing'] } }, data: { status: 'failed', finishedAt: new Date(), error } }),

    /** The account's stores as rows name them: by id, and by external code. */
    async stores(accountId: number) {
      const rows = await db.location.findMany({ where: { accountId }, select: { id: true, externalId: true } });
      const byCode = new Map<string, number>();
      for (const r of rows) if (r.externalId) byCode.set(r.externalId.trim(), r.id);
      return { ids: new Set(rows.map((r) => r.id)), byCode };
    },

    /**
     * One chunk in one transaction: `apply` writes its rows and says how many it applied and which it
     * refused; the chunk's progress is recorded on the batch only if no other run recorded it first.
     */
    chunk(
      accountId: number,
      batchId: number,
      at: number,
      lines: number,
      apply: (tx: Tx) => Promise<{ applied: number; errors: RowError[] }>,
    ): Promise<{ applied: number; errors: RowError[] }> {
      return db.$transaction(async (tx) => {
        const result = await apply(tx);
        const recorded = await tx.$executeRaw`
          UPDATE erp_batches
             SET processed = processed + ${lines},
                 applied = applied + ${result.applied},
                 rejected_count = rejected_count + ${result.errors.length},
                 errors = errors || ${JSON.stringify(result.errors)}::jsonb
           WHERE id = ${batchId} AND account_id = ${accountId} AND processed = ${at} AND status = 'processing'`;
        if (recorded !== 1) throw new ChunkAlreadyDone();
        return result;
      }, CHUNK_TX);
    },
  };
}
export type ErpBatchesRepo = ReturnType<typeof createErpBatchesRepo>;
