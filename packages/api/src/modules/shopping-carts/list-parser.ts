/**
 * A customer's shopping list, line by line: "2kg de arroz tio joão", "6 ovos", "leite integral 1L x3",
 * "meia dúzia de bananas", "1/2 kg de queijo". Pure functions: no I/O.
 */
import { foldText } from '../../lib/like.ts';

export type ListUnit = 'un' | 'kg' | 'g' | 'l';

export interface ParsedLine {
  /** The line as written (trimmed, without its bullet or number). */
  detail: string;
  /** What to search for. */
  query: string;
  quantity: number;
  /** un: a count; kg, g, l: an amount; null: nothing said (one). */
  unit: ListUnit | null;
}

/** What a product tells about how it is sold (the catalog's offer match has these). */
export interface SoldAs {
  unitMeasurement: string;
  sizePack: string | null;
  weightPerUnit: number | null;
}

/** Kilograms one unit of a kg-sold item weighs when the product does not say (spec §9). */
export const DEFAULT_WEIGHT_PER_UNIT = 0.5;
/** The most units one cart line takes. */
export const MAX_UNITS = 99;
const MAX_AMOUNT: Record<ListUnit, number> = { un: MAX_UNITS, kg: 50, g: 50_000, l: 50 };
/** Lines read from one list at most. */
export const MAX_LINES = 200;

const NUMBER_WORDS: Record<string, number> = {
  um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10,
  onze: 11, doze: 12, quinze: 15, vinte: 20, meio: 0.5, meia: 0.5,
};

type UnitWord = { unit: ListUnit; factor: number };
const UNIT_WORDS: Record<string, UnitWord> = {};
const unitWords = (unit: ListUnit, factor: number, words: string[]) => words.forEach((w) => (UNIT_WORDS[w] = { unit, factor }));
unitWords('kg', 1, ['kg', 'kgs', 'kilo', 'kilos', 'quilo', 'quilos', 'quilograma', 'quilogramas']);
unitWords('g', 1, ['g', 'gr', 'grs', 'grama', 'gramas']);
unitWords('l', 1, ['l', 'lt', 'lts', 'litro', 'litros']);
unitWords('l', 0.001, ['ml', 'mls']);
unitWords('un', 12, ['duzia', 'duzias', 'dz']);
unitWords('un', 1, [
  'un', 'und', 'unds', 'unid', 'unids', 'unidade', 'unidades', 'pc', 'pcs', 'pct', 'pcts', 'pacote', 'pacotes', 'cx', 'cxs',
  'caixa', 'caixas', 'lata', 'latas', 'garrafa', 'garrafas', 'pote', 'potes', 'vidro', 'vidros', 'saco', 'sacos', 'bandeja',
  'bandejas', 'maco', 'macos', 'rolo', 'rolos', 'fardo', 'fardos', 'cartela', 'cartelas', 'embalagem', 'embalagens', 'sache', 'saches',
]);

const NUM = String.raw`(\d+\/\d+|\d+(?:[.,]\d+)?|½|¼)`;
const BULLET = /^(?:[-*•·+>–—]+|\[\s?[xX]?\s?\]|\d{1,3}\s*[.)](?=\s))\s*/;
const CONNECTOR = /^(?:de|do|da|dos|das|d')\s+/i;
const TRAILING_TIMES = /\s*(?:[x×*]\s*(\d{1,3})|(\d{1,3})\s*[x×])\s*$/i;
const LEADING_TIMES = /^(\d{1,3})\s*[x×]\s+/i;

function numberOf(text: string): number | null {
  if (text === '½') return 0.5;
  if (text === '¼') return 0.25;
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** A quantity at the start: "2kg", "1,5 kg", "1/2 kg", "6", "meia dúzia", "uma caixa". */
function leadingQuantity(s: string): { quantity: number; unit: ListUnit; rest: string } | null {
  const folded = foldText(s);
  const word = /^([a-z]+)\s+/.exec(folded);
  let amount: number | null = null;
  let consumed = 0;
  const digits = new RegExp(`^${NUM}\\s*`).exec(s);
  if (digits) {
    amount = numberOf(digits[1]!);
    consumed = digits[0].length;
  } else if (word && NUMBER_WORDS[word[1]!] !== undefined) {
    amount = NUMBER_WORDS[word[1]!]!;
    consumed = word[0].length;
  } else if (word && UNIT_WORDS[word[1]!]?.factor === 12) {
    // "dúzia de ovos": one dozen.
    amount = 1;
  }
  if (amount === null) return null;
  const after = foldText(s.slice(consumed));
  const unitWord = /^([a-z]+)(?=[\s.,;]|$)\.?\s*/.exec(after);
  const unit = unitWord ? UNIT_WORDS[unitWord[1]!] : undefined;
  if (unit) {
    const rest = s.slice(consumed + unitWord![0].length);
    return { quantity: amount * unit.factor, unit: unit.unit, rest };
  }
  if (!digits && !word) return null;
  // A bare number (or number word) counts units: "6 ovos", "um abacaxi".
  return { quantity: amount, unit: 'un', rest: s.slice(consumed) };
}

/** An amount at the end of the line: "arroz 5kg", "leite 1 L", "sabonete 3 un". */
function trailingQuantity(s: string): { quantity: number; unit: ListUnit; sizeInQuery: boolean; rest: string } | null {
  const m = new RegExp(`\\s${NUM}\\s*([A-Za-zçÇ]+)\\.?$`).exec(s);
  if (!m) return null;
  const unit = UNIT_WORDS[foldText(m[2]!)];
  const amount = numberOf(m[1]!);
  if (!unit || amount === null) return null;
  // A count word ("3 un") leaves the query; a size ("5kg", "1L") stays in it: it tells packs apart.
  const isCount = unit.unit === 'un';
  return { quantity: amount * unit.factor, unit: unit.unit, sizeInQuery: !isCount, rest: isCount ? s.slice(0, m.index) : s };
}

const clampAmount = (quantity: number, unit: ListUnit) => Math.min(Math.max(quantity, unit === 'un' ? 1 : 0.001), MAX_AMOUNT[unit]);
const cleanQuery = (q: string) =>
  q
    .replace(CONNECTOR, '')
    .replace(/^[\s,;:.\-–—]+|[\s,;:.!?\-–—]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** One line of a list; null for a line with nothing to buy (blank, only a bullet or a number). */
export function parseLine(raw: string): ParsedLine | null {
  const detail = raw.replace(/\s+/g, ' ').trim().replace(BULLET, '').trim();
  if (!detail) return null;
  let s = detail;
  let times: number | null = null;
  const tail = TRAILING_TIMES.exec(s);
  if (tail && tail.index > 0) {
    times = Number(tail[1] ?? tail[2]);
    s = s.slice(0, tail.index);
  } else {
    const head = LEADING_TIMES.exec(s);
    if (head) {
      times = Number(head[1]);
      s = s.slice(head[0].length);
    }
  }
  let quantity: number | null = null;
  let unit: ListUnit | null = null;
  const lead = leadingQuantity(s);
  if (lead && cleanQuery(lead.rest)) {
    ({ quantity, unit } = lead);
    s = lead.rest;
  } else if (times === null) {
    const trail = trailingQuantity(s);
    if (trail && cleanQuery(trail.rest)) {
      ({ quantity, unit } = trail);
      s = trail.rest;
    }
  }
  if (times !== null) {
    // "leite 1L x3": three units; "2 pct de café x2": four.
    if (unit === null || unit === 'un') [quantity, unit] = [(quantity ?? 1) * times, 'un'];
    else quantity = quantity! * times;
  }
  const query = cleanQuery(s);
  // Nothing left to search for, or only an amount ("2kg").
  const onlyAmount = new RegExp(`^${NUM}\\s*([a-z]+)$`).exec(foldText(query));
  if (!query || !/[\p{L}]/u.test(query) || (onlyAmount && UNIT_WORDS[onlyAmount[2]!])) return null;
  if (unit === null) return { detail, query, quantity: 1, unit: null };
  return { detail, query, quantity: round3(clampAmount(quantity!, unit)), unit };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** How a line's amount adds up with another's: counts, weights (in kg) or volumes. */
const kindOf = (l: ParsedLine) => (l.unit === 'kg' || l.unit === 'g' ? 'weight' : l.unit === 'l' ? 'volume' : 'count');
const kgOf = (l: ParsedLine) => (l.unit === 'g' ? l.quantity / 1000 : l.quantity);

/** Every line of a list, blank lines skipped, the same item twice merged (amounts added). */
export function parseList(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  const byKey = new Map<string, ParsedLine>();
  for (const raw of text.split(/\r?\n|;|,(?!\d)/)) {
    const line = parseLine(raw);
    if (!line) continue;
    const key = `${kindOf(line)}|${foldText(line.query)}`;
    const previous = byKey.get(key);
    if (!previous) {
      if (out.length >= MAX_LINES) break;
      byKey.set(key, line);
      out.push(line);
      continue;
    }
    if (kindOf(line) === 'weight') {
      previous.quantity = round3(Math.min(kgOf(previous) + kgOf(line), MAX_AMOUNT.kg));
      previous.unit = 'kg';
    } else {
      previous.quantity = Math.min(previous.quantity + line.quantity, MAX_AMOUNT[previous.unit ?? line.unit ?? 'un']);
      previous.unit = previous.unit ?? line.unit ?? 'un';
    }
  }
  return out;
}

/** A pack size as printed ("1kg", "500 g", "2L", "350ml", "6 x 1L") in kg or litres; null when it says neither. */
export function packSize(sizePack: string | null): { amount: number; kind: 'weight' | 'volume' } | null {
  if (!sizePack) return null;
  const m = /(?:(\d+)\s*[x×]\s*)?(\d+(?:[.,]\d+)?)\s*(kg|g|gr|l|lt|ml)\b/i.exec(foldText(sizePack));
  if (!m) return null;
  const packs = m[1] ? Number(m[1]) : 1;
  const n = Number(m[2]!.replace(',', '.')) * packs;
  const unit = m[3]!.toLowerCase();
  if (!(n > 0)) return null;
  if (unit === 'kg') return { amount: n, kind: 'weight' };
  if (unit === 'g' || unit === 'gr') return { amount: n / 1000, kind: 'weight' };
  if (unit === 'ml') return { amount: n / 1000, kind: 'volume' };
  return { amount: n, kind: 'volume' };
}

const clampUnits = (n: number) => Math.min(Math.max(Math.round(n), 1), MAX_UNITS);

/**
 * The cart units of a line once its product is known: a kg-sold product takes units of its weight
 * per unit (0.5 kg unless it says); a pack with a printed weight or volume takes as many packs as
 * come closest to the amount asked (at least one); otherwise the count.
 */
export function toCartUnits(line: Pick<ParsedLine, 'quantity' | 'unit'>, product: SoldAs): number {
  const kind = kindOf(line as ParsedLine);
  const amount = kind === 'weight' ? kgOf(line as ParsedLine) : line.quantity;
  if (product.unitMeasurement === 'kg') {
    if (kind === 'weight') return clampUnits(Math.ceil(amount / (product.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT) - 1e-9));
    return clampUnits(Math.ceil(kind === 'count' ? amount : 1));
  }
  if (kind !== 'count') {
    const pack = packSize(product.sizePack);
    if (pack && pack.kind === kind) return clampUnits(Math.max(1, Math.round(amount / pack.amount)));
    return 1;
  }
  return clampUnits(Math.ceil(amount));
}
