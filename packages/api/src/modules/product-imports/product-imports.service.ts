import { PRODUCT_IMPORT_COLUMNS, type ProductImport, type ProductImportSource, type ProductImportStatus } from '@backoffice/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { detailMessages } from '../../i18n/messages.ts';
import type { JobQueue } from '../../lib/queue.ts';
import { fileKindOf, ImportFileError, parseFile } from './import-file.ts';
import type { ImportDetailRow, ImportRow, ProductImportsRepo } from './product-imports.repo.ts';

/** How many imports the history shows. */
const LATEST = 20;

/** BullMQ refuses ":" in a custom job id: "product-import-<id>". */
export const importJobId = (id: number) => `product-import-${id}`;

/** An import file's problem in pt-BR (the 400's detail, a failed import's error). */
export const fileErrorText = (err: ImportFileError): string =>
  detailMessages[err.detail]['pt-BR'].replace(/\{(\w+)\}/g, (_, k: string) => String(err.params[k] ?? ''));

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function importView(row: ImportRow): ProductImport {
  const status = row.status as ProductImportStatus;
  const percent = row.total > 0 ? Math.min(100, Math.floor((row.processed * 100) / row.total)) : status === 'done' ? 100 : 0;
  return {
    id: row.id,
    source: row.source as ProductImportSource,
    file_name: row.fileName,
    status,
    total: row.total,
    processed: row.processed,
    accepted: row.accepted,
    rejected_count: row.rejectedCount,
    percent,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

const detailView = (row: ImportDetailRow) => ({ ...importView(row), rejected: row.rejected.map((r) => ({ line: r.line, sku: r.sku, reason: r.reason })) });

/** A CSV field: quoted when it needs to be; a leading formula character neutralised (spreadsheet injection). */
function csvField(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+@\t\r]/.test(s) || /^-[^\d]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
/** Semicolon-separated, CRLF, with a BOM: what Excel in Brazil opens as columns with accents intact. */
export const csvText = (rows: Array<Array<string | number | null>>) => `\uFEFF${rows.map((r) => r.map(csvField).join(';')).join('\r\n')}\r\n`;

const TEMPLATE_EXAMPLES: Record<string, [string, string]> = {
  sku: ['ARROZ-TJ-5KG', 'BANANA-PRATA-KG'],
  nome: ['Arroz Tio João Tipo 1 5kg', 'Banana Prata'],
  marca: ['Tio João', ''],
  gtin: ['7891000100103', ''],
  categorias: ['Mercearia > Arroz', 'Hortifruti > Frutas'],
  unidade: ['un', 'kg'],
  embalagem: ['5kg', ''],
  peso_unidade: ['', '0,5'],
  preco: ['29,90', '6,99'],
  custo: ['21,40', '4,15'],
  imagem_url: ['https://cdn.exemplo.com.br/arroz-tj-5kg.jpg', ''],
  url: ['https://loja.exemplo.com.br/p/arroz-tj-5kg', ''],
  disponivel: ['sim', 'sim'],
  estoque: ['120', '300'],
  loja: ['LJ001', ''],
  preco_loja: ['28,90', ''],
  preco_promocional: ['24,90', ''],
  inicio_promocao: ['01/12/2026', ''],
  fim_promocao: ['15/12/2026', ''],
  estoque_loja: ['40', ''],
  disponivel_loja: ['sim', ''],
};

/** The template: the columns most imports use, and two example lines (one with a store's offer and promotion). */
export const templateCsv = () => {
  const headers = PRODUCT_IMPORT_COLUMNS.map((c) => c.header).filter((h) => h in TEMPLATE_EXAMPLES);
  return csvText([headers, headers.map((h) => TEMPLATE_EXAMPLES[h]![0]), headers.map((h) => TEMPLATE_EXAMPLES[h]![1])]);
};

/** The sender's file name without folders or control characters, at most 255 characters. */
const baseName = (name: string | undefined) =>
  // eslint-disable-next-line no-control-regex -- control characters are what it drops
  (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || null;

export interface Importer {
  accountId: number;
  userId: number;
}

/** Catalog imports: each is recorded, then run by the 'products.import' job. */
export function createProductImportsService(deps: { repo: ProductImportsRepo; queue: JobQueue }) {
  const { repo, queue } = deps;
  const enqueue = (id: number) => queue.add('products.import', { importId: id }, { jobId: importJobId(id) });

  return {
    /** Reads the file once (its type, header and line count: a 400 naming `file` when it cannot be imported), records it and queues it. */
    async upload(by: Importer, file: { fileName: string | undefined; bytes: Buffer }) {
      let kind: 'csv' | 'xlsx';
      let total: number;
      try {
        kind = fileKindOf(file.bytes, file.fileName);
        total = (await parseFile(kind, file.bytes)).length;
      } catch (err) {
        if (!(err instanceof ImportFileError)) throw err;
        const message = fileErrorText(err);
        throw new ValidationError('VALIDATION_ERROR', { field: 'file', detail: message }, [{ field: 'file', code: 'import_file', message }]);
      }
      const row = await repo.create({
        accountId: by.accountId,
        userId: by.userId,
        source: kind,
        fileName: baseName(file.fileName),
        idempotencyKey: null,
        payload: file.bytes,
        total,
      });
      await enqueue(row.id);
      return { import: importView(row) };
    },

    /**
     * An ERP's items, as one import. With a key already used in the account, the import it made
     * (queued again if its job was lost: the job id keeps it to one run) and `replayed`.
     */
    async integrate(by: Importer, items: unknown[], key: string | undefined) {
      if (key) {
        const existing = await repo.byKey(by.accountId, key);
        if (existing) return replay(existing);
      }
      let row: ImportRow;
      try {
        row = await repo.create({
          accountId: by.accountId,
          userId: by.userId,
          source: 'api',
          fileName: null,
          idempotencyKey: key ?? null,
          payload: Buffer.from(JSON.stringify(items)),
          total: items.length,
        });
      } catch (err) {
        // The same key sent twice at once: the other request created it.
        const existing = key && (err as { code?: string }).code === 'P2002' ? await repo.byKey(by.accountId, key) : null;
        if (existing) return replay(existing);
        throw err;
      }
      await enqueue(row.id);
      return { replayed: false, body: { import: importView(row) } };
    },

    async list(accountId: number) {
      return { data: (await repo.latest(accountId, LATEST)).map(importView) };
    },

    async get(accountId: number, id: number) {
      const row = await repo.find(accountId, id);
      if (!row) throw new NotFoundError('PRODUCT_IMPORT_NOT_FOUND');
      return detailView(row);
    },

    /** Every rejected line: line;sku;motivo. */
    async rejectedCsv(accountId: number, id: number) {
      const rows = await repo.rejected(accountId, id);
      if (!rows) throw new NotFoundError('PRODUCT_IMPORT_NOT_FOUND');
      return csvText([['line', 'sku', 'motivo'], ...rows.map((r) => [r.line, r.sku, r.reason])]);
    },
  };

  async function replay(existing: ImportRow) {
    if (existing.status === 'queued') await enqueue(existing.id);
    return { replayed: true, body: { import: importView(existing) } };
  }
}

export type ProductImportsService = ReturnType<typeof createProductImportsService>;
