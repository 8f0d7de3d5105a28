import { z } from 'zod';
import type { ProductImportField } from '@backoffice/contracts';
import { foldText } from '../../lib/like.ts';
import { endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { headerOf, type Cell, type SourceRow } from './import-file.ts';

/**
 * What one line sets. A field absent (its column not in the file, or its key not in the item)
 * keeps the current value; `null` (an empty cell, a JSON null) puts the default back.
 */
export interface ProductChanges {
  name: string;
  priceCents: number;
  /** What one unit (or kg) costs the retailer; null: not known. */
  costCents?: number | null;
  brand?: string | null;
  gtin?: string | null;
  categories?: string[] | null;
  unitMeasurement?: string | null;
  sizePack?: string | null;
  weightPerUnit?: number | null;
  imageUrl?: string | null;
  url?: string | null;
  isAvailable?: boolean | null;
  availableStock?: number | null;
  referenceCode?: string | null;
  additionalReferences?: string[] | null;
  sellers?: string[] | null;
  tags?: string[] | null;
}

export interface OfferChanges {
  locationId: number;
  priceCents?: number | null;
  promotionalPriceCents?: number | null;
  promotionStartAt?: Date | null;
  promotionEndAt?: Date | null;
  stock?: number | null;
  isAvailable?: boolean | null;
}

export interface ValidRow {
  line: number;
  sku: string;
  product: ProductChanges;
  offer?: OfferChanges;
}

export interface RejectedRow {
  line: number;
  sku: string | null;
  reason: string;
}

export type CheckedRow = { ok: true; row: ValidRow } | { ok: false; rejected: RejectedRow };

/** The account's stores as a line names them: by external_id, else by id. */
export interface StoreIndex {
  byExternalId: Map<string, number>;
  ids: Set<number>;
}

const MAX_MONEY_CENTS = 100_000_000; // R$ 1.000.000,00
const MAX_STOCK = 1_000_000_000;

const INVALID = 'valor inválido';
const blankCell = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type Ctx = z.RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A cell as text: strings trimmed, whole numbers written out; anything else refused. */
function textOf(v: unknown, ctx: Ctx, max: number): string {
  let s: string;
  if (typeof v === 'string') s = v.trim();
  else if (typeof v === 'number' && Number.isSafeInteger(v)) s = String(v);
  else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
  else return fail(ctx, INVALID);
  if (CONTROL.test(s)) return fail(ctx, 'caractere de controle não permitido');
  if (s.length > max) return fail(ctx, `no máximo ${max} caracteres`);
  return s;
}

/** A field that may be blank (null: back to its default). */
const optional = <T>(parse: (v: unknown, ctx: Ctx) => T) => z.unknown().transform((v, ctx): T | null => (blankCell(v) ? null : parse(v, ctx)));
const required = <T>(parse: (v: unknown, ctx: Ctx) => T) => z.unknown().transform((v, ctx): T => (blankCell(v) ? fail(ctx, 'obrigatório') : parse(v, ctx)));

const text = (max: number) => (v: unknown, ctx: Ctx) => textOf(v, ctx, max);

/** Reais as a number (a sheet, the API) or text: "12,90", "12.90", "1.234,56", "R$ 12,90". */
export function parseMoneyCents(v: unknown): number | undefined {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') {
    let s = v.trim().replace(/^R\$\s*/i, '').replace(/\s/g, '');
    if (!/^\d[\d.,]*$/.test(s)) return undefined;
    const comma = s.lastIndexOf(',');
    const dot = s.lastIndexOf('.');
    if (comma >= 0 && dot >= 0) {
      // The last one is the decimal separator; the other groups thousands.
      const [thousands, decimal] = comma > dot ? ['.', ','] : [',', '.'];
      s = s.split(thousands).join('').replace(decimal, '.');
    } else if (comma >= 0) {
      if (s.indexOf(',') !== comma) return undefined;
      s = s.replace(',', '.');
    } else if (dot >= 0 && s.indexOf('.') !== dot) s = s.split('.').join(''); // 1.234.567: thousands
    if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
    n = Number(s);
  } else return undefined;
  if (!Number.isFinite(n) || n < 0) return undefined;
  const cents = Math.round(n * 100);
  if (Math.abs(cents - n * 100) > 1e-6 || cents > MAX_MONEY_CENTS) return undefined;
  return cents;
}

const money = (v: unknown, ctx: Ctx) => parseMoneyCents(v) ?? fail(ctx, INVALID);

/** A whole number from zero up (stocks): a number, or digits. */
function count(v: unknown, ctx: Ctx): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+([.,]0+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : NaN;
  if (!Number.isInteger(n)) return fail(ctx, 'informe um número inteiro');
  if (n < 0) return fail(ctx, 'deve ser zero ou mais');
  if (n > MAX_STOCK) return fail(ctx, INVALID);
  return n;
}

/** Kilograms per unit: above zero, up to 1,000. */
function weight(v: unknown, ctx: Ctx): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 1000) return fail(ctx, INVALID);
  return n;
}

const TRUE = new Set(['sim', 's', 'true', '1', 'yes', 'y', 'verdadeiro', 'v', 'x']);
const FALSE = new Set(['nao', 'n', 'false', '0', 'no', 'falso', 'f']);
function bool(v: unknown, ctx: Ctx): boolean {
  if (typeof v === 'boolean') return v;
  const key = typeof v === 'number' ? String(v) : typeof v === 'string' ? foldText(v.trim()) : '';
  if (TRUE.has(key)) return true;
  if (FALSE.has(key)) return false;
  return fail(ctx, 'use sim ou não');
}

const UNITS: Record<string, 'un' | 'kg' | 'g' | 'l'> = {
  un: 'un', und: 'un', unid: 'un', unidade: 'un', u: 'un',
  kg: 'kg', quilo: 'kg', kilo: 'kg',
  g: 'g', gr: 'g', grama: 'g',
  l: 'l', lt: 'l', litro: 'l',
};
function unit(v: unknown, ctx: Ctx): string {
  const u = typeof v === 'string' ? UNITS[foldText(v.trim())] : undefined;
  return u ?? fail(ctx, 'use un, kg, g ou l');
}

/** GS1 check digit (GTIN-8, 12, 13, 14): weights 3 and 1 from the right, the last digit excluded. */
export function validGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += Number(digits[i]) * w;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}
function gtin(v: unknown, ctx: Ctx): string {
  const digits = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim().replace(/[\s.-]/g, '') : '';
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return fail(ctx, 'deve ter 8, 12, 13 ou 14 dígitos');
  if (!validGtin(digits)) return fail(ctx, 'dígito verificador inválido');
  return digits;
}

function cleanList(items: readonly unknown[], ctx: Ctx, maxItems: number, maxLength: number): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') return fail(ctx, INVALID);
    const s = item.trim();
    if (!s) continue;
    if (CONTROL.test(s)) return fail(ctx, 'caractere de controle não permitido');
    if (s.length > maxLength) return fail(ctx, `cada item com no máximo ${maxLength} caracteres`);
    if (!out.includes(s)) out.push(s);
  }
  if (out.length > maxItems) return fail(ctx, `no máximo ${maxItems} itens`);
  return out;
}

/** "Mercearia > Café | Bebidas": the levels of the first path (the catalog keeps one category path). */
function categories(v: unknown, ctx: Ctx): string[] {
  // A list of levels; an item written as a path ("Mercearia > Café") is split into its levels.
  if (Array.isArray(v)) return cleanList(v.flatMap((level: unknown) => (typeof level === 'string' ? level.split('>') : [level])), ctx, 10, 100);
  if (typeof v !== 'string') return fail(ctx, INVALID);
  const first = v.split('|').map((p) => p.trim()).find(Boolean) ?? '';
  return cleanList(first.split('>'), ctx, 10, 100);
}

/** "a | b | c" or a JSON list. */
const list = (maxItems: number, maxLength: number) => (v: unknown, ctx: Ctx) =>
  Array.isArray(v) ? cleanList(v, ctx, maxItems, maxLength) : typeof v === 'string' ? cleanList(v.split('|'), ctx, maxItems, maxLength) : fail(ctx, INVALID);

function address(v: unknown, ctx: Ctx): string {
  const s = textOf(v, ctx, 1000);
  if (s.startsWith('/') && !s.startsWith('//')) return s;
  try {
    const u = new URL(s);
    if (u.protocol === 'http:' || u.protocol === 'https:') return s;
  } catch {
    // refused below
  }
  return fail(ctx, 'informe um endereço que comece com http:// ou https://');
}

const pad = (n: number) => String(n).padStart(2, '0');
const validDay = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d && y >= 2000 && y <= 2100;
};

/**
 * A promotion's start or end, in São Paulo time: dd/mm/aaaa [hh:mm[:ss]], an ISO date or date-time
 * (with its offset, or São Paulo's), or a sheet's date. A day alone starts at 00:00 and ends at 23:59:59.999.
 */
const instant = (edge: 'start' | 'end') => (v: unknown, ctx: Ctx): Date => {
  let y: number, m: number, d: number;
  let time: string | undefined;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return fail(ctx, INVALID);
    // A sheet's date is its wall-clock time written as UTC.
    [y, m, d] = [v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate()];
    const hms = [v.getUTCHours(), v.getUTCMinutes(), v.getUTCSeconds()];
    if (hms.some(Boolean)) time = hms.map(pad).join(':');
  } else if (typeof v === 'string') {
    const s = v.trim();
    const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
    const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
    if (br) {
      [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
      if (br[4]) time = `${pad(Number(br[4]))}:${br[5]}:${br[6] ?? '00'}`;
    } else if (iso) {
      [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
      if (iso[7]) {
        const at = new Date(s.replace(' ', 'T'));
        if (!validDay(y, m, d) || Number.isNaN(at.getTime())) return fail(ctx, 'data inválida: use dd/mm/aaaa ou ISO 8601');
        return at;
      }
      if (iso[4]) time = `${iso[4]}:${iso[5]}:${iso[6] ?? '00'}`;
    } else return fail(ctx, 'data inválida: use dd/mm/aaaa ou ISO 8601');
  } else return fail(ctx, 'data inválida: use dd/mm/aaaa ou ISO 8601');
  if (!validDay(y, m, d)) return fail(ctx, 'data inválida: use dd/mm/aaaa ou ISO 8601');
  const day = `${y}-${pad(m)}-${pad(d)}`;
  if (!time) return edge === 'start' ? startOfBusinessDay(day) : endOfBusinessDay(day);
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  if (hh > 23 || mm > 59 || ss > 59) return fail(ctx, 'horário inválido');
  const midnight = startOfBusinessDay(day);
  return new Date(midnight.getTime() + ((hh * 60 + mm) * 60 + ss) * 1000);
};

/** The fields of one line, each checked on its own (cross-field rules below). */
const RowFields = z.object({
  sku: required(text(64)),
  name: required(text(200)),
  brand: optional(text(100)),
  gtin: optional(gtin),
  categories: optional(categories),
  unit_measurement: optional(unit),
  size_pack: optional(text(40)),
  weight_per_unit: optional(weight),
  price: required(money),
  cost: optional(money),
  image_url: optional(address),
  url: optional(address),
  is_available: optional(bool),
  stock: optional(count),
  reference_code: optional(text(64)),
  additional_references: optional(list(20, 64)),
  sellers: optional(list(50, 64)),
  tags: optional(list(10, 64)),
  store: optional(text(64)),
  store_price: optional(money),
  promotional_price: optional(money),
  promotion_start_at: optional(instant('start')),
  promotion_end_at: optional(instant('end')),
  store_stock: optional(count),
  store_available: optional(bool),
});
type RowOut = z.output<typeof RowFields>;

/** How reasons name a field: the file's Portuguese header, or the API's field name. */
export type Naming = 'file' | 'api';
const nameOf = (field: ProductImportField, naming: Naming) => (naming === 'file' ? headerOf(field) : field);

/** Checks one line (every field, then the cross-field rules and the store) and says what it sets, or why it is refused. */
export function checkRow(source: SourceRow, stores: StoreIndex, naming: Naming): CheckedRow {
  const cells = source.cells;
  const present = (f: ProductImportField) => Object.hasOwn(cells, f);
  // A field not given is parsed as blank (required fields then say so) but sets nothing.
  const input = Object.fromEntries(Object.keys(RowFields.shape).map((f) => [f, cells[f as ProductImportField] ?? null]));
  const parsed = RowFields.safeParse(input);
  const rawSku = cells.sku;
  const skuText = typeof rawSku === 'string' ? rawSku.trim().slice(0, 64) || null : typeof rawSku === 'number' ? String(rawSku) : null;
  const reasons: string[] = [];
  const reject = () => ({ ok: false as const, rejected: { line: source.line, sku: skuText, reason: reasons.join('; ') } });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as ProductImportField;
      if (seen.has(field)) continue;
      seen.add(field);
      reasons.push(`${nameOf(field, naming)}: ${issue.message}`);
    }
    return reject();
  }
  const r: RowOut = parsed.data;
  const say = (field: ProductImportField, message: string) => reasons.push(`${nameOf(field, naming)}: ${message}`);

  let locationId: number | undefined;
  if (r.store !== null) {
    locationId = stores.byExternalId.get(r.store) ?? (/^\d{1,9}$/.test(r.store) && stores.ids.has(Number(r.store)) ? Number(r.store) : undefined);
    if (locationId === undefined) say('store', 'loja não encontrada nesta conta');
    const offerPrice = r.store_price ?? r.price;
    if (r.promotional_price !== null && r.promotional_price >= offerPrice) {
      say('promotional_price', `deve ser menor que o preço da loja (${nameOf(r.store_price !== null ? 'store_price' : 'price', naming)})`);
    }
    if (r.promotional_price === null && (r.promotion_start_at !== null || r.promotion_end_at !== null)) {
      say('promotional_price', `obrigatório com ${nameOf('promotion_start_at', naming)} ou ${nameOf('promotion_end_at', naming)}`);
    }
    if (r.promotion_start_at && r.promotion_end_at && r.promotion_end_at <= r.promotion_start_at) {
      say('promotion_end_at', `deve ser depois de ${nameOf('promotion_start_at', naming)}`);
    }
  }
  if (reasons.length) return reject();

  const product: ProductChanges = { name: r.name, priceCents: r.price };
  const set = <K extends keyof ProductChanges>(field: ProductImportField, key: K, value: ProductChanges[K]) => {
    if (present(field)) product[key] = value;
  };
  set('brand', 'brand', r.brand);
  set('gtin', 'gtin', r.gtin);
  set('categories', 'categories', r.categories);
  set('unit_measurement', 'unitMeasurement', r.unit_measurement);
  set('size_pack', 'sizePack', r.size_pack);
  set('weight_per_unit', 'weightPerUnit', r.weight_per_unit);
  set('cost', 'costCents', r.cost);
  set('image_url', 'imageUrl', r.image_url);
  set('url', 'url', r.url);
  set('is_available', 'isAvailable', r.is_available);
  set('stock', 'availableStock', r.stock);
  set('reference_code', 'referenceCode', r.reference_code);
  set('additional_references', 'additionalReferences', r.additional_references);
  set('sellers', 'sellers', r.sellers);
  set('tags', 'tags', r.tags);

  const row: ValidRow = { line: source.line, sku: r.sku, product };
  if (locationId !== undefined) {
    const offer: OfferChanges = { locationId };
    const put = <K extends keyof OfferChanges>(field: ProductImportField, key: K, value: OfferChanges[K]) => {
      if (present(field)) offer[key] = value;
    };
    put('store_price', 'priceCents', r.store_price);
    put('promotional_price', 'promotionalPriceCents', r.promotional_price);
    put('promotion_start_at', 'promotionStartAt', r.promotion_start_at);
    put('promotion_end_at', 'promotionEndAt', r.promotion_end_at);
    put('store_stock', 'stock', r.store_stock);
    put('store_available', 'isAvailable', r.store_available);
    row.offer = offer;
  }
  return { ok: true, row };
}

/** An API item as a line: its fields as cells (only the keys it has), its position as the line. */
export const itemAsRow = (item: Record<string, unknown>, index: number): SourceRow => ({ line: index + 1, cells: item as SourceRow['cells'] });

export type { Cell };
