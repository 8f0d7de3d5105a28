import { createHash } from 'node:crypto';
import type { ErpBatch, ErpBatchInput, ErpBatchKind, ErpBatchStatus } from '@backoffice/contracts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { JobQueue } from '../../lib/queue.ts';
import type { ProductImportsService } from '../product-imports/product-imports.service.ts';
import type { BatchRow, ErpBatchesRepo, RowError } from './erp-batches.repo.ts';
import type { ImportState } from './erp-imports.repo.ts';

/** BullMQ refuses ":" in a custom job id. */
export const batchJobId = (id: number) => `erp-batch-${id}`;
/** The product import of an ERP products batch is made once: its Idempotency-Key is the batch's. */
export const importKeyOf = (id: number) => `erp-batch-${id}`;

/** JSON with every object's keys sorted: the same rows hash the same whatever order their keys came in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
export const hashRows = (rows: unknown[]) => createHash('sha256').update(stableJson(rows)).digest('hex');

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const IMPORT_STATUS: Record<string, ErpBatchStatus> = { queued: 'queued', running: 'processing', done: 'done', failed: 'failed' };

/** A batch as the ERP reads it; a products batch's progress is its product import's. */
function batchView(row: BatchRow, imported?: ImportState | null): ErpBatch {
  const base = {
    id: row.id,
    kind: row.kind as ErpBatchKind,
    batch_id: row.batchId,
    created_at: row.createdAt.toISOString(),
  };
  if (row.kind === 'products' && imported) {
    return {
      ...base,
      status: IMPORT_STATUS[imported.status] ?? 'queued',
      total: imported.total,
      processed: imported.processed,
      applied: imported.accepted,
      rejected_count: imported.rejectedCount,
      error: imported.error,
      started_at: iso(imported.startedAt),
      finished_at: iso(imported.finishedAt),
    };
  }
  return {
    ...base,
    status: row.status as ErpBatchStatus,
    total: row.total,
    processed: row.processed,
    applied: row.applied,
    rejected_count: row.rejectedCount,
    error: row.error,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

interface Deps {
  repo: ErpBatchesRepo;
  imports: { states(accountId: number, ids: number[]): Promise<Map<number, ImportState>>; rejected(accountId: number, id: number): Promise<Array<{ line: number; sku: string | null; reason: string }> | null> };
  productImports: Pick<ProductImportsService, 'integrate'>;
  queue: JobQueue;
}

type Sender = { accountId: number; userId: number };

/** An ERP's batches: received once per (account, kind, batch id), applied by jobs, read with their refused rows. */
export function createErpBatchesService({ repo, imports, productImports, queue }: Deps) {
  const enqueue = (id: number) => queue.add('erp.batch', { batchId: id }, { jobId: batchJobId(id) });

  /** Hands a products batch to the product import machinery (once: the import's key is the batch's). */
  async function startImport(by: Sender, row: BatchRow, rows: unknown[]) {
    const { body } = await productImports.integrate(by, rows, importKeyOf(row.id));
    await repo.linkImport(by.accountId, row.id, body.import.id);
    return { ...row, productImportId: body.import.id };
  }

  async function view(accountId: number, row: BatchRow) {
    const states = row.productImportId ? await imports.states(accountId, [row.productImportId]) : new Map<number, ImportState>();
    return batchView(row, row.productImportId ? states.get(row.productImportId) : null);
  }

  /** The batch already received under this id: the same rows answer it again (queued again if its job was lost), other rows are 409. */
  async function replay(by: Sender, existing: BatchRow, hash: string, rows: unknown[]) {
    if (existing.bodyHash !== hash) throw new ConflictError('ERP_BATCH_ID_REUSED', { batch_id: existing.batchId });
    let row = existing;
    if (row.kind === 'products' && !row.productImportId) row = await startImport(by, row, rows);
    else if (row.kind !== 'products' && row.status === 'queued') await enqueue(row.id);
    return { replayed: true, body: { batch: await view(by.accountId, row) } };
  }

  return {
    /** Records a batch and starts it (202), or answers the one already received under its id (200). */
    async receive(by: Sender, kind: ErpBatchKind, input: ErpBatchInput) {
      const hash = hashRows(input.rows);
      const existing = await repo.byBatchId(by.accountId, kind, input.batch_id);
      if (existing) return replay(by, existing, hash, input.rows);
      let row: BatchRow;
      try {
        row = await repo.create({
          accountId: by.accountId,
          userId: by.userId,
          kind,
          batchId: input.batch_id,
          bodyHash: hash,
          payload: kind === 'products' ? null : input.rows,
          total: input.rows.length,
        });
      } catch (err) {
        // The same batch sent twice at once: the other request recorded it.
        const again = (err as { code?: string }).code === 'P2002' ? await repo.byBatchId(by.accountId, kind, input.batch_id) : null;
        if (again) return replay(by, again, hash, input.rows);
        throw err;
      }
      if (kind === 'products') row = await startImport(by, row, input.rows);
      else await enqueue(row.id);
      return { replayed: false, body: { batch: await view(by.accountId, row) } };
    },

    async list(accountId: number, q: { page: number; quantity: number; kind?: ErpBatchKind }) {
      const { rows, total } = await repo.page(accountId, q.kind, q.page, q.quantity);
      const ids = rows.flatMap((r) => (r.productImportId ? [r.productImportId] : []));
      const states = ids.length ? await imports.states(accountId, ids) : new Map<number, ImportState>();
      return pageOf(
        rows.map((r) => batchView(r, r.productImportId ? states.get(r.productImportId) : null)),
        q,
        total,
      );
    },

    /** The batch with one page of its refused rows; 404 for another account's id. */
    async get(accountId: number, id: number, q: { page: number; quantity: number }) {
      const row = await repo.find(accountId, id);
      if (!row) throw new NotFoundError('ERP_BATCH_NOT_FOUND');
      const batch = await view(accountId, row);
      let errors: RowError[];
      if (row.kind === 'products') {
        const all = row.productImportId ? ((await imports.rejected(accountId, row.productImportId)) ?? []) : [];
        errors = all.slice((q.page - 1) * q.quantity, q.page * q.quantity).map((r) => ({ index: r.line - 1, key: r.sku, reason: r.reason }));
      } else errors = await repo.errors(accountId, id, q.page, q.quantity);
      return { ...batch, errors: pageOf(errors, q, batch.rejected_count) };
    },
  };
}
export type ErpBatchesService = ReturnType<typeof createErpBatchesService>;
