import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/queue.ts';
import { isUnavailableError } from '../../plugins/errors.ts';
import { ImportFileError, parseFile, type SourceRow } from './import-file.ts';
import { mergeChunk } from './import-merge.ts';
import { checkRow, itemAsRow, type StoreIndex } from './import-row.ts';
import { ChunkAlreadyDone, type ImportJobRow, type ProductImportsRepo } from './product-imports.repo.ts';
import { fileErrorText } from './product-imports.service.ts';

/** Lines written per transaction; the import's progress moves after each. */
export const IMPORT_CHUNK = 500;

const UNEXPECTED = 'Erro inesperado ao importar: tente de novo ou fale com o suporte.';
/** Tries of a chunk that lost a deadlock or a write conflict to another import of the same SKUs. */
const CONFLICT_TRIES = 3;

/** A deadlock or serialization failure (PostgreSQL 40P01/40001, Prisma P2034): the chunk may simply run again. */
function isWriteConflict(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; originalCode?: unknown; meta?: { code?: unknown }; cause?: unknown };
  const codes = [e.code, e.originalCode, e.meta?.code];
  if (codes.some((c) => c === 'P2034' || c === '40P01' || c === '40001')) return true;
  return isWriteConflict(e.cause, depth + 1);
}

async function linesOf(job: ImportJobRow): Promise<SourceRow[]> {
  const bytes = Buffer.from(job.payload ?? new Uint8Array());
  if (job.source === 'api') return (JSON.parse(bytes.toString('utf8')) as Array<Record<string, unknown>>).map(itemAsRow);
  return parseFile(job.source === 'xlsx' ? 'xlsx' : 'csv', bytes);
}

/**
 * Runs one import: parses its file or items, checks each line, and writes valid lines in chunks
 * of IMPORT_CHUNK, one transaction each with its progress. Resumable and idempotent: a run starts
 * at the lines already recorded (a crash loses at most the chunk in flight, rolled back whole), a
 * chunk another run recorded first is rolled back here, and writing a line twice changes nothing.
 */
export async function runImport(deps: { repo: ProductImportsRepo; log: FastifyBaseLogger }, importId: number): Promise<void> {
  const { repo, log } = deps;
  const job = await repo.forJob(importId);
  if (!job || job.status === 'done' || job.status === 'failed') return;
  await repo.markRunning(importId);
  try {
    let lines: SourceRow[];
    try {
      lines = await linesOf(job);
    } catch (err) {
      if (err instanceof ImportFileError) {
        await repo.markFailed(importId, fileErrorText(err));
        return;
      }
      throw err;
    }
    const stores: StoreIndex = await repo.stores(job.accountId);
    const naming = job.source === 'api' ? 'api' : 'file';
    let at = job.processed;
    while (at < lines.length) {
      const checked = lines.slice(at, at + IMPORT_CHUNK).map((line) => checkRow(line, stores, naming));
      const valid = checked.flatMap((c) => (c.ok ? [c.row] : []));
      try {
        const write = await withConflictRetries(() => repo.applyChunk(job.accountId, importId, at, valid, (current) => mergeChunk(checked, current, naming)));
        at += write.lines;
      } catch (err) {
        if (!(err instanceof ChunkAlreadyDone)) throw err;
        // Another run got there first: go on from where the import now stands (or stop if it ended).
        const now = await repo.forJob(importId);
        if (!now || now.status !== 'running') return;
        at = now.processed;
      }
    }
    await repo.markDone(importId);
  } catch (err) {
    // PostgreSQL away, or a conflict that outlasted its tries: the queue retries, and the retry resumes. Anything else would fail again.
    if (isUnavailableError(err) || isWriteConflict(err)) throw err;
    log.error({ err, importId }, 'product import failed');
    await repo.markFailed(importId, UNEXPECTED);
  }
}

async function withConflictRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= CONFLICT_TRIES || !isWriteConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** The 'products.import' job. */
export function registerProductImportJobs(queue: JobQueue, deps: { repo: ProductImportsRepo; log: FastifyBaseLogger }) {
  queue.handle('products.import', ({ importId }) => runImport(deps, importId));
}
