import ExcelJS from 'exceljs';
import { PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_MAX_ROWS, type ProductImportField } from '@backoffice/contracts';
import { foldText } from '../../lib/like.ts';

/** A cell as read: text from a CSV; text, number, boolean or date from a sheet; a list or null from the API. */
export type Cell = string | number | boolean | Date | null | readonly string[];

/** One product line: its line number in the file (header = 1) or position in the items, and its cells by field. */
export interface SourceRow {
  line: number;
  cells: Partial<Record<ProductImportField, Cell>>;
}

/** Why a file cannot be imported at all (a 400 naming `file` at upload; the import's error in the job). */
export class ImportFileError extends Error {
  constructor(
    /** A key of detailMessages, with its params: the 400's detail. */
    readonly detail: 'IMPORT_FILE_TYPE' | 'IMPORT_FILE_UNREADABLE' | 'IMPORT_COLUMNS_MISSING' | 'IMPORT_COLUMN_REPEATED' | 'IMPORT_NO_ROWS' | 'IMPORT_TOO_MANY_ROWS',
    readonly params: Record<string, string | number> = {},
  ) {
    super(detail);
  }
}

export type FileKind = 'csv' | 'xlsx';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** XLSX by its content (a ZIP) or its name; CSV otherwise when it is text; anything else (images, PDFs, old .xls) refused. */
export function fileKindOf(bytes: Buffer, fileName: string | undefined): FileKind {
  const name = (fileName ?? '').toLowerCase();
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) return 'xlsx';
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) throw new ImportFileError('IMPORT_FILE_TYPE');
  // Text: no NUL byte in its first KB (binary files nearly always have one).
  if (bytes.subarray(0, 1024).includes(0)) throw new ImportFileError('IMPORT_FILE_TYPE');
  return 'csv';
}

/** A header as compared: no case, accents, surrounding spaces; inner spaces, hyphens and dots as "_"; a trailing "*" dropped. */
export const headerKey = (h: string) =>
  foldText(h)
    .trim()
    .replace(/\*+$/, '')
    .trim()
    .replace(/[\s.\-/]+/g, '_');

const FIELD_BY_HEADER = new Map<string, ProductImportField>(
  PRODUCT_IMPORT_COLUMNS.flatMap((c) => [c.header, c.field, ...c.aliases].map((h) => [headerKey(h), c.field] as const)),
);

/** The field of each column (undefined: a column the import does not read), checking the required ones and repeats. */
export function columnsOf(headers: readonly string[]): Array<ProductImportField | undefined> {
  const fields = headers.map((h) => FIELD_BY_HEADER.get(headerKey(h)));
  const seen = new Set<ProductImportField>();
  for (const f of fields) {
    if (!f) continue;
    if (seen.has(f)) throw new ImportFileError('IMPORT_COLUMN_REPEATED', { column: headerOf(f) });
    seen.add(f);
  }
  const missing = PRODUCT_IMPORT_COLUMNS.filter((c) => 'required' in c && c.required && !seen.has(c.field)).map((c) => c.header);
  if (missing.length) throw new ImportFileError('IMPORT_COLUMNS_MISSING', { columns: missing.join(', ') });
  return fields;
}

/** The Portuguese header of a field (what a file's rejected reasons name). */
export const headerOf = (field: ProductImportField): string => PRODUCT_IMPORT_COLUMNS.find((c) => c.field === field)!.header;

/** UTF-8 (with or without BOM); a file that is not valid UTF-8 is read as Windows-1252 (Latin-1, as Excel saves CSV in Brazil). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of a CSV: ";" or "," (or a tab), whichever its header line has most of outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([[';', 0], [',', 0], ['\t', 0]]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ';';
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/** RFC 4180 records (quoted fields with "" escapes and line breaks inside), each with the line it starts on. */
export function* csvRecords(text: string, sep: string): Generator<{ line: number; fields: string[] }> {
  const n = text.length;
  const SEP = sep.charCodeAt(0);
  const LF = 10;
  const CR = 13;
  const QUOTE = 34;
  let line = 1;
  let i = 0;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      // One field: quoted (spaces before the quote allowed), or up to the next separator or line break.
      let k = i;
      while (text.charCodeAt(k) === 32) k++;
      let field = '';
      if (text.charCodeAt(k) === QUOTE) {
        let j = k + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) {
            field += text.slice(j);
            j = n;
            break;
          }
          field += text.slice(j, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            j = q + 2;
            continue;
          }
          j = q + 1;
          break;
        }
        for (let p = field.indexOf('\n'); p >= 0; p = field.indexOf('\n', p + 1)) line++;
        i = j;
      }
      // Text up to the delimiter (after a closing quote: whatever stray text follows it).
      let j = i;
      for (let c = text.charCodeAt(j); j < n && c !== SEP && c !== LF && c !== CR; c = text.charCodeAt(++j));
      field += text.slice(i, j);
      fields.push(field);
      i = j;
      if (i >= n) break;
      const c = text.charCodeAt(i);
      i++;
      if (c === SEP) continue;
      if (c === CR && text.charCodeAt(i) === LF) i++;
      line++;
      break;
    }
    yield { line: start, fields };
  }
}

const blank = (values: readonly unknown[]) => values.every((v) => v === null || v === undefined || (typeof v === 'string' && v.trim() === ''));

/** The product lines of a table: header row first (blank lines before it skipped), then each non-blank line. */
function rowsOf(records: Iterable<{ line: number; values: Cell[] }>): SourceRow[] {
  let fields: Array<ProductImportField | undefined> | undefined;
  const rows: SourceRow[] = [];
  for (const { line, values } of records) {
    if (blank(values)) continue;
    if (!fields) {
      fields = columnsOf(values.map((v) => (v === null ? '' : String(v))));
      continue;
    }
    if (rows.length >= PRODUCT_IMPORT_MAX_ROWS) throw new ImportFileError('IMPORT_TOO_MANY_ROWS', { max: PRODUCT_IMPORT_MAX_ROWS.toLocaleString('pt-BR') });
    const cells: SourceRow['cells'] = {};
    fields.forEach((f, i) => {
      if (f) cells[f] = values[i] ?? null;
    });
    rows.push({ line, cells });
  }
  if (!fields) throw new ImportFileError('IMPORT_COLUMNS_MISSING', { columns: PRODUCT_IMPORT_COLUMNS.filter((c) => 'required' in c).map((c) => c.header).join(', ') });
  if (!rows.length) throw new ImportFileError('IMPORT_NO_ROWS');
  return rows;
}

export function parseCsv(bytes: Buffer): SourceRow[] {
  let text = decodeText(bytes).replace(/^\uFEFF/, '');
  // Excel's "sep=;" first line names the separator; the header then is line 2.
  const hint = /^sep=(.)\r?\n/i.exec(text);
  let offset = 0;
  if (hint) {
    text = text.slice(hint[0].length);
    offset = 1;
  }
  const sep = hint?.[1] ?? detectSeparator(text);
  return rowsOf(
    (function* () {
      for (const r of csvRecords(text, sep)) yield { line: r.line + offset, values: r.fields };
    })(),
  );
}

/** A sheet cell's value: formulas by their result, rich text and hyperlinks by their text, errors as empty. */
function sheetValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return sheetValue((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('hyperlink' in value) return String((value as { text?: unknown }).text ?? value.hyperlink);
    if ('error' in value) return null;
  }
  return String(value);
}

export async function parseXlsx(bytes: Buffer): Promise<SourceRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileError('IMPORT_FILE_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('IMPORT_NO_ROWS');
  const records: Array<{ line: number; values: Cell[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values: Cell[] = [];
    // row.values is 1-based.
    const raw = row.values as ExcelJS.CellValue[];
    for (let i = 1; i < raw.length; i++) values.push(sheetValue(raw[i]));
    records.push({ line, values });
  });
  return rowsOf(records);
}

/** The product lines of an uploaded file. */
export const parseFile = (kind: FileKind, bytes: Buffer): Promise<SourceRow[]> | SourceRow[] => (kind === 'xlsx' ? parseXlsx(bytes) : parseCsv(bytes));
