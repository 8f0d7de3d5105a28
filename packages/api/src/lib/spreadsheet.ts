import ExcelJS from 'exceljs';

/**
 * How a column is written: `money` in reais with two places, `percent` a fraction shown as a
 * percentage (two places), `decimal` a ratio with two places, `date` a YYYY-MM-DD day.
 */
export type ColumnKind = 'text' | 'int' | 'money' | 'percent' | 'decimal' | 'date';
export type CellValue = string | number | null;

export interface Column<T> {
  header: string;
  kind: ColumnKind;
  value: (row: T) => CellValue;
}

/** A report as one sheet: pt-BR headers and one line per table row of the screen. */
export interface Table {
  sheet: string;
  columns: Array<{ header: string; kind: ColumnKind }>;
  rows: CellValue[][];
}

export function tableOf<T>(sheet: string, columns: Array<Column<T>>, rows: T[]): Table {
  return {
    sheet,
    columns: columns.map(({ header, kind }) => ({ header, kind })),
    rows: rows.map((row) => columns.map((c) => c.value(row))),
  };
}

/** A cell's number as the sheet holds it (percentages ×100, everything rounded to its places). */
function numberOf(kind: ColumnKind, v: number): number {
  if (kind === 'percent') return Math.round(v * 10_000) / 100;
  if (kind === 'money' || kind === 'decimal') return Math.round(v * 100) / 100;
  return v;
}

const PLACES: Partial<Record<ColumnKind, number>> = { money: 2, percent: 2, decimal: 2 };
const brDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Text a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const safeText = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const quoted = (s: string) => (/[";\n\r]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

function csvCell(kind: ColumnKind, v: CellValue): string {
  if (v === null || v === '') return '';
  if (typeof v === 'number') {
    const places = PLACES[kind];
    const n = numberOf(kind, v);
    return (places === undefined ? String(n) : n.toFixed(places)).replace('.', ',');
  }
  return quoted(kind === 'date' ? brDate(v) : safeText(v));
}

/** CSV as Excel in pt-BR opens it: UTF-8 with BOM, ";" between fields, decimal comma, CRLF. */
export function toCsv(t: Table): Buffer {
  const lines = [t.columns.map((c) => quoted(c.header)), ...t.rows.map((row) => row.map((v, i) => csvCell(t.columns[i]!.kind, v)))];
  return Buffer.from(`\uFEFF${lines.map((l) => l.join(';')).join('\r\n')}\r\n`, 'utf8');
}

const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: undefined,
  int: '#,##0',
  money: '#,##0.00',
  percent: '0.00',
  decimal: '0.00',
  date: 'dd/mm/yyyy',
};

/** XLSX with numeric (and date) cells, a bold frozen header, a filter and widths from the content. */
export async function toXlsx(t: Table): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Back-office';
  const sheet = book.addWorksheet(t.sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = t.columns.map((c, i) => {
    const longest = Math.max(c.header.length, ...t.rows.map((r) => String(r[i] ?? '').length + (c.kind === 'money' ? 3 : 0)));
    return { header: c.header, key: `c${i}`, width: Math.min(Math.max(longest + 2, 10), 50), style: NUM_FMT[c.kind] ? { numFmt: NUM_FMT[c.kind] } : {} };
  });
  for (const row of t.rows) {
    sheet.addRow(
      row.map((v, i) => {
        const kind = t.columns[i]!.kind;
        if (v === null) return null;
        if (typeof v === 'number') return numberOf(kind, v);
        return kind === 'date' ? new Date(`${v}T00:00:00Z`) : v;
      }),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).alignment = { vertical: 'middle' };
  if (t.columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: t.columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
