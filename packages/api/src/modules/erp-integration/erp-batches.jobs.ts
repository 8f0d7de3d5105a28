import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/queue.ts';
import { isUnavailableError } from '../../plugins/errors.ts';
import { ChunkAlreadyDone, type ErpBatchesRepo } from './erp-batches.repo.ts';
import { applyCustomers, applyOffers, type IndexedRow } from './erp-rows.ts';

/** Rows per transaction: the batch's progress moves after each. */
export const OFFERS_CHUNK = 500;
export const CUSTOMERS_CHUNK = 200;
const UNEXPECTED = 'Erro inesperado ao aplicar o lote: envie-o de novo com outro batch_id ou fale com o suporte.';

/**
 * Runs one batch of offers or customers in chunks, one transaction each with its progress.
 * Resumable and idempotent: a run starts at the rows already recorded, a chunk another run
 * recorded first is rolled back here, and applying a row twice leaves the same state.
 */
export async function runBatch(deps: { repo: ErpBatchesRepo; log: FastifyBaseLogger }, batchId: number): Promise<void> {
  const { repo, log } = deps;
  const job = await repo.forJob(batchId);
  if (!job || job.kind === 'products' || job.status === 'done' || job.status === 'failed') return;
  await repo.markProcessing(batchId);
  try {
    const rows = (Array.isArray(job.payload) ? job.payload : []) as Array<Record<string, unknown>>;
    const stores = job.kind === 'offers' ? await repo.stores(job.accountId) : null;
    const size = job.kind === 'offers' ? OFFERS_CHUNK : CUSTOMERS_CHUNK;
    let at = job.processed;
    while (at < rows.length) {
      const slice: IndexedRow[] = rows.slice(at, at + size).map((raw, i) => ({ index: at + i, raw }));
      try {
        await repo.chunk(job.accountId, batchId, at, slice.length, (tx) =>
          stores ? applyOffers(tx, job.accountId, slice, stores) : applyCustomers(tx, job.accountId, job.userId, slice),
        );
        at += slice.length;
      } catch (err) {
        if (!(err instanceof ChunkAlreadyDone)) throw err;
        const now = await repo.forJob(batchId);
        if (!now || now.status !== 'processing') return;
        at = now.processed;
      }
    }
    await repo.markDone(batchId);
  } catch (err) {
    // PostgreSQL away: the queue retries and the retry resumes. Anything else would fail again.
    if (isUnavailableError(err)) throw err;
    log.error({ err, batchId }, 'erp batch failed');
    await repo.markFailed(batchId, UNEXPECTED);
  }
}

export function registerErpBatchJobs(queue: JobQueue, deps: { repo: ErpBatchesRepo; log: FastifyBaseLogger }) {
  queue.handle('erp.batch', ({ batchId }) => runBatch(deps, batchId));
}
