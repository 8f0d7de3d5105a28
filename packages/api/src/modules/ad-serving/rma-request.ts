import { z } from 'zod';
import { RM_AD_TYPES, RMA_CONTEXTS, RmaPlacementRequest, RmaRequest, type RmaParams } from '@backoffice/contracts';

/**
 * The decision API's body, read without zod when it is plainly valid: the same rules as the
 * contract's RmaRequest (rma-request.test.ts compares the two on generated bodies), for the shape
 * integrators send on every page view. Anything it is not sure of — a missing or malformed field,
 * padding to trim, an unknown type — answers undefined, and zod reads the body and names the
 * problem in its pt-BR messages. On the hot path zod cost as much as a third of the decision.
 */
export function plainRmaRequest(body: unknown): z.output<typeof RmaRequest> | undefined {
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
  const placements: z.output<typeof RmaRequest>['placements'] = {};
  let count = 0;
  for (const name in body.placements) {
    if (!Object.hasOwn(body.placements, name) || name === '__proto__' || !isText(name, PLACEMENT_NAME_MAX)) return undefined;
    const placement = plainPlacement(body.placements[name]);
    if (!placement) return undefined;
    placements[name] = placement;
    count += 1;
  }
  if (count < 1 || count > 20) return undefined;
  out.placements = placements;

  // The contract's cross-field rules (its superRefine).
  if (context === 'search' && out.term === undefined) return undefined;
  if (context === 'product_page' && out.product_sku === undefined) return undefined;
  if (context === 'brand_page' && out.brand_name === undefined) return undefined;
  if (context === 'category' && (out.category_name === undefined || /[;|\n]/.test(out.category_name as string))) return undefined;
  return out as z.output<typeof RmaRequest>;
}

/**
 * The decision API's path params, read without zod when the publisher id is plainly a positive
 * integer in decimal digits (zod's coercion also takes " 12", "1e2" or "0x10": those go to zod).
 */
export function plainRmaParams(params: unknown): z.output<typeof RmaParams> | undefined {
  const id = isObject(params) ? params.publisherId : undefined;
  return typeof id === 'string' && /^[1-9][0-9]{0,14}$/.test(id) ? { publisherId: Number(id) } : undefined;
}

const CONTEXTS: ReadonlySet<string> = new Set(RMA_CONTEXTS);
const AD_TYPES: ReadonlySet<string> = new Set(RM_AD_TYPES);
/** The maximum length of a contract's optional text field (Text(max): z.string().trim().min(1).max(max)). */
const maxOf = (field: z.ZodType): number | null => {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : undefined;
  return inner instanceof z.ZodString ? inner.maxLength : null;
};

/** The optional text fields of RmaRequest and their maximum lengths, read from the contract. */
const TEXT_FIELDS = Object.entries(RmaRequest.shape).flatMap(([field, schema]) => {
  const max = maxOf(schema);
  return max === null ? [] : [[field, max] as const];
});
const SIZE_MAX = maxOf(RmaPlacementRequest.shape.size)!;
const PLACEMENT_NAME_MAX = (RmaRequest.shape.placements.keyType as z.ZodString).maxLength!;
// A contract reshaped past what these readers understand must fail loudly, never read bodies unchecked.
if (TEXT_FIELDS.length === 0 || !SIZE_MAX || !PLACEMENT_NAME_MAX) throw new Error('rma-request.ts no longer matches the RmaRequest contract');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text(max) of the contract, when trimming would not change it (else zod trims it). */
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max && !/^\s|\s$/.test(v);

function plainPlacement(v: unknown): z.output<typeof RmaRequest>['placements'][string] | undefined {
  if (!isObject(v)) return undefined;
  const { types, quantity = 1, size } = v;
  if (!Array.isArray(types) || types.length === 0) return undefined;
  for (const t of types) if (typeof t !== 'string' || !AD_TYPES.has(t)) return undefined;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 20) return undefined;
  if (size !== undefined && !isText(size, SIZE_MAX)) return undefined;
  if (size === undefined && types.includes('banner')) return undefined;
  return { types: types as z.output<typeof RmaRequest>['placements'][string]['types'], quantity, ...(size === undefined ? {} : { size }) };
}
