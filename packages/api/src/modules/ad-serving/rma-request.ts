import { RM_AD_TYPES, RMA_CONTEXTS, type RmaRequest } from '@backoffice/contracts';

/**
 * The decision API's body, read without zod when it is plainly valid: the same rules as the
 * contract's RmaRequest (rma-request.test.ts compares the two on generated bodies), for the shape
 * integrators send on every page view. Anything it is not sure of — a missing or malformed field,
 * padding to trim, an unknown type — answers undefined, and zod reads the body and names the
 * problem in its pt-BR messages. On the hot path zod cost as much as a third of the decision.
 */
export function plainRmaRequest(body: unknown): RmaRequest | undefined {
  if (!isObject(body)) return undefined;
  const context = body.context;
  if (typeof context !== 'string' || !CONTEXTS.has(context)) return undefined;
  const out: Record<string, unknown> = { context };
  for (const [field, max] of TEXT_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (!isText(value, max)) return undefined;
    out[field] = value;
  }
  const allowDuplicates = body.allow_duplicates;
  if (allowDuplicates !== undefined) {
    if (typeof allowDuplicates !== 'boolean') return undefined;
    out.allow_duplicates = allowDuplicates;
  }
  if (!isObject(body.placements)) return undefined;
  const placements: RmaRequest['placements'] = {};
  let count = 0;
  for (const name in body.placements) {
    if (!Object.hasOwn(body.placements, name) || name === '__proto__' || !isText(name, 100)) return undefined;
    const placement = plainPlacement(body.placements[name]);
    if (!placement) return undefined;
    placements[name] = placement;
    count += 1;
  }
  if (count < 1 || count > 20) return undefined;
  out.placements = placements;

  // The contract's cross-field rules (its superRefine).
  const has = (field: string) => out[field] !== undefined;
  if (context === 'search' && !has('term')) return undefined;
  if (context === 'product_page' && !has('product_sku')) return undefined;
  if (context === 'brand_page' && !has('brand_name')) return undefined;
  if (context === 'category' && (!has('category_name') || /[;|\n]/.test(out.category_name as string))) return undefined;
  return out as RmaRequest;
}

const CONTEXTS: ReadonlySet<string> = new Set(RMA_CONTEXTS);
const AD_TYPES: ReadonlySet<string> = new Set(RM_AD_TYPES);
/** The optional text fields of RmaRequest and their maximum lengths. */
const TEXT_FIELDS = [
  ['term', 200],
  ['category_name', 500],
  ['product_sku', 120],
  ['brand_name', 200],
  ['session_id', 200],
  ['user_id', 200],
  ['device', 60],
  ['channel', 60],
  ['brand', 200],
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text(max) of the contract, when trimming would not change it (else zod trims it). */
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max && !/^\s|\s$/.test(v);

function plainPlacement(v: unknown): RmaRequest['placements'][string] | undefined {
  if (!isObject(v)) return undefined;
  const { types, quantity = 1, size } = v;
  if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === 'string' && AD_TYPES.has(t))) return undefined;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 20) return undefined;
  if (size !== undefined && !isText(size, 60)) return undefined;
  if (size === undefined && types.includes('banner')) return undefined;
  return { types: types as RmaRequest['placements'][string]['types'], quantity, ...(size === undefined ? {} : { size }) };
}
