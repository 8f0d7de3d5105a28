import { z } from 'zod';
import {
  RM_AD_TYPES,
  RMA_ASSET_TYPES,
  RMA_CHANNELS,
  RMA_CONTEXTS,
  RMA_RESERVED_NAMES,
  RmaPlacementRequest,
  RmaRequest,
  RmaSegmentation,
  type RmaParams,
} from '@backoffice/contracts';

/**
 * The decision API's body, read without zod when it is plainly valid: the same rules as the
 * contract's RmaRequest (rma-request.test.ts compares the two on generated bodies), for the shape
 * integrators send on every page view: `product` read as `product_page`, fields it does not know
 * left out (zod strips them). Anything it is not sure of — a missing or malformed field, padding to
 * trim, an unknown type — answers undefined, and zod reads the body and names the problem in its
 * pt-BR messages. On the hot path zod cost as much as a third of the decision.
 */
export function plainRmaRequest(body: unknown): z.output<typeof RmaRequest> | undefined {
  if (!isObject(body)) return undefined;
  const given = body.context;
  if (typeof given !== 'string' || !CONTEXTS.has(given)) return undefined;
  const context = given === 'product' ? 'product_page' : given;
  const out: Record<string, unknown> = { context };
  for (const [field, max] of TEXT_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (!isText(value, max)) return undefined;
    out[field] = value;
  }
  if (body.channel !== undefined) {
    if (typeof body.channel !== 'string' || !CHANNELS.has(body.channel)) return undefined;
    out.channel = body.channel;
  }
  for (const field of ['dedup_campaign_ads', 'dedup_ads'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return undefined;
    out[field] = value;
  }
  if (body.segmentation !== undefined) {
    const segmentation = plainSegmentation(body.segmentation);
    if (!segmentation) return undefined;
    out.segmentation = segmentation;
  }
  if (body.tags !== undefined) {
    if (!isTextList(body.tags, TAG_MAX, TAGS_MAX)) return undefined;
    out.tags = body.tags;
  }
  if (!isObject(body.placements)) return undefined;
  const placements: z.output<typeof RmaRequest>['placements'] = {};
  let count = 0;
  for (const name in body.placements) {
    if (!Object.hasOwn(body.placements, name) || name === '__proto__' || RESERVED.has(name) || !isText(name, PLACEMENT_NAME_MAX)) return undefined;
    const placement = plainPlacement(body.placements[name]);
    if (!placement) return undefined;
    placements[name] = placement;
    count += 1;
  }
  if (count < 1 || count > PLACEMENTS_MAX) return undefined;
  out.placements = placements;

  // The contract's cross-field rules (its superRefine).
  if (context === 'search' && out.term === undefined) return undefined;
  if (context === 'product_page' && out.product_sku === undefined) return undefined;
  if (context === 'brand_page' && out.brand_name === undefined) return undefined;
  if (context === 'digital_signage' && (out.device_id === undefined || out.store_name === undefined)) return undefined;
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

const CONTEXTS: ReadonlySet<string> = new Set([...RMA_CONTEXTS, 'product']);
const CHANNELS: ReadonlySet<string> = new Set(RMA_CHANNELS);
const AD_TYPES: ReadonlySet<string> = new Set(RM_AD_TYPES);
const ASSET_TYPES: ReadonlySet<string> = new Set(RMA_ASSET_TYPES);
const RESERVED: ReadonlySet<string> = new Set(RMA_RESERVED_NAMES);

/** The maximum length of a contract's text field (Text(max): z.string().trim().min(1).max(max)), optional or not. */
const maxOf = (field: z.ZodType): number | null => {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
  return inner instanceof z.ZodString ? inner.maxLength : null;
};

/** The optional text fields of RmaRequest and their maximum lengths, read from the contract. */
const TEXT_FIELDS = Object.entries(RmaRequest.shape).flatMap(([field, schema]) => {
  const max = schema instanceof z.ZodOptional ? maxOf(schema) : null;
  return max === null ? [] : [[field, max] as const];
});
const SIZE_MAX = maxOf(RmaPlacementRequest.shape.size)!;
const PLACEMENT_NAME_MAX = (RmaRequest.shape.placements.keyType as z.ZodString).maxLength!;
const SEGMENT_KEY_MAX = maxOf(RmaSegmentation.shape.key)!;
const SEGMENT_VALUE_MAX = maxOf(RmaSegmentation.shape.values.element as z.ZodType)!;
const TAG_MAX = maxOf((RmaRequest.shape.tags.unwrap() as z.ZodArray<z.ZodType>).element)!;
/** List limits of the contract (zod keeps no readable maximum on arrays: checked against it below). */
const PLACEMENTS_MAX = 20;
const SEGMENTATION_MAX = 20;
const SEGMENT_VALUES_MAX = 50;
const TAGS_MAX = 10;

/** Whether the contract takes a list of exactly `n` valid items here (and refuses n + 1). */
const takesAtMost = (schema: z.ZodType, item: () => unknown, n: number) =>
  schema.safeParse(Array.from({ length: n }, item)).success && !schema.safeParse(Array.from({ length: n + 1 }, item)).success;
const segmentation = RmaRequest.shape.segmentation.unwrap();
// A contract reshaped past what these readers understand must fail loudly, never read bodies unchecked.
if (
  TEXT_FIELDS.length === 0 ||
  !SIZE_MAX ||
  !PLACEMENT_NAME_MAX ||
  !SEGMENT_KEY_MAX ||
  !SEGMENT_VALUE_MAX ||
  !TAG_MAX ||
  !takesAtMost(segmentation, () => ({ key: 'STATE', values: [] }), SEGMENTATION_MAX) ||
  !takesAtMost(RmaSegmentation.shape.values, () => 'x', SEGMENT_VALUES_MAX) ||
  !takesAtMost(RmaRequest.shape.tags.unwrap(), () => 'x', TAGS_MAX)
)
  throw new Error('rma-request.ts no longer matches the RmaRequest contract');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text(max) of the contract, when trimming would not change it (else zod trims it). */
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max && !/^\s|\s$/.test(v);

/** A list of Text(max) of the contract, at most `count` long (empty allowed). */
const isTextList = (v: unknown, max: number, count: number): v is string[] =>
  Array.isArray(v) && v.length <= count && v.every((x) => isText(x, max));

function plainSegmentation(v: unknown): z.output<typeof RmaRequest>['segmentation'] | undefined {
  if (!Array.isArray(v) || v.length > SEGMENTATION_MAX) return undefined;
  const out: NonNullable<z.output<typeof RmaRequest>['segmentation']> = [];
  for (const s of v) {
    if (!isObject(s) || !isText(s.key, SEGMENT_KEY_MAX) || !isTextList(s.values, SEGMENT_VALUE_MAX, SEGMENT_VALUES_MAX)) return undefined;
    out.push({ key: s.key, values: s.values });
  }
  return out;
}

type PlainPlacement = z.output<typeof RmaRequest>['placements'][string];

function plainPlacement(v: unknown): PlainPlacement | undefined {
  if (!isObject(v)) return undefined;
  const { types, quantity = 1, size, assets_type: assetsType, allow_sku_duplications: allowSkus } = v;
  if (!Array.isArray(types) || types.length === 0) return undefined;
  for (const t of types) if (typeof t !== 'string' || !AD_TYPES.has(t)) return undefined;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 20) return undefined;
  if (size !== undefined && !isText(size, SIZE_MAX)) return undefined;
  if (size === undefined && types.includes('banner')) return undefined;
  if (assetsType !== undefined) {
    if (!Array.isArray(assetsType) || assetsType.length === 0) return undefined;
    for (const t of assetsType) if (typeof t !== 'string' || !ASSET_TYPES.has(t)) return undefined;
  }
  if (allowSkus !== undefined && typeof allowSkus !== 'boolean') return undefined;
  return {
    types: types as PlainPlacement['types'],
    quantity,
    ...(size === undefined ? {} : { size }),
    ...(assetsType === undefined ? {} : { assets_type: assetsType as NonNullable<PlainPlacement['assets_type']> }),
    ...(allowSkus === undefined ? {} : { allow_sku_duplications: allowSkus }),
  };
}
