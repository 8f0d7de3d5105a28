import { RM_AD_TYPES, RMA_ASSET_TYPES, RMA_CHANNELS, RMA_CONTEXTS, RMA_RESERVED_NAMES, RmaRequest } from '@backoffice/contracts';
import type { z } from 'zod';
import { t } from '../../../i18n';

export const TESTER_TYPES = RM_AD_TYPES;
export const TESTER_CONTEXTS = RMA_CONTEXTS;
export const TESTER_CHANNELS = RMA_CHANNELS;
export const TESTER_ASSET_TYPES = RMA_ASSET_TYPES;
/** The contract's limit per placement. */
export const MAX_QUANTITY = 20;
export const MAX_PLACEMENTS = 20;

export type TesterType = (typeof TESTER_TYPES)[number];
export type TesterContext = (typeof TESTER_CONTEXTS)[number];
export type TesterChannel = (typeof TESTER_CHANNELS)[number];
export type TesterAssetType = (typeof TESTER_ASSET_TYPES)[number];
export type RmaBody = z.input<typeof RmaRequest>;

export interface PlacementValues {
  /** Empty: named after the context and its first type (see placementNames). */
  name: string;
  types: TesterType[];
  quantity: number | string;
  /** desktop, mobile, LxA, a publisher format's name, or 1080p…320p for video. */
  size: string;
  /** Empty: the API's default (image; both for digital signage). */
  assetsType: TesterAssetType[];
  allowSkuDuplications: boolean;
}
export interface SegmentValues {
  key: string;
  /** Comma-separated, as a person types them. */
  values: string;
}

export interface TesterValues {
  publisherId: string;
  context: TesterContext | '';
  channel: TesterChannel | '';
  term: string;
  category: string;
  sku: string;
  brand: string;
  deviceId: string;
  storeName: string;
  storeId: string;
  sessionId: string;
  userId: string;
  /** The publisher's site, when it has more than one (the request's `brand`). */
  site: string;
  userAgent: string;
  segmentation: SegmentValues[];
  tags: string[];
  dedupCampaignAds: boolean;
  dedupAds: boolean;
  placements: PlacementValues[];
}
export type TesterErrors = Record<string, string>;

export const emptyPlacement = (types: TesterType[] = ['product']): PlacementValues => ({
  name: '',
  types,
  quantity: 1,
  size: '',
  assetsType: [],
  allowSkuDuplications: false,
});

export const emptyTesterValues = (publisherId = ''): TesterValues => ({
  publisherId,
  context: 'home',
  channel: '',
  term: '',
  category: '',
  sku: '',
  brand: '',
  deviceId: '',
  storeName: '',
  storeId: '',
  sessionId: '',
  userId: '',
  site: '',
  userAgent: '',
  segmentation: [],
  tags: [],
  dedupCampaignAds: false,
  dedupAds: false,
  placements: [emptyPlacement()],
});

type ContextField = 'term' | 'category' | 'sku' | 'brand' | 'deviceId' | 'storeName';
/** The fields each context asks for (home asks for none). */
export const CONTEXT_FIELDS: Record<TesterContext, ContextField[]> = {
  home: [],
  category: ['category'],
  product_page: ['sku'],
  brand_page: ['brand'],
  search: ['term'],
  digital_signage: ['deviceId', 'storeName'],
};
const ALL_CONTEXT_FIELDS: ContextField[] = ['term', 'category', 'sku', 'brand', 'deviceId', 'storeName'];

/** Changing the context clears the fields of other contexts; a screen in a store is seen in-store. */
export function withContext(values: TesterValues, context: TesterContext | ''): TesterValues {
  const keep = context ? CONTEXT_FIELDS[context] : [];
  const next = { ...values, context };
  for (const field of ALL_CONTEXT_FIELDS) if (!keep.includes(field)) next[field] = '';
  if (context === 'digital_signage' && !values.channel) next.channel = 'in-store';
  return next;
}

/** Media types matter to banners, sponsored brands and signage, not to product ads. */
export const takesMedia = (types: TesterType[]) => types.some((type) => type !== 'product');
/** SKU duplication matters where products are listed: product ads and sponsored brands. */
export const listsProducts = (types: TesterType[]) => types.some((type) => type === 'product' || type === 'sponsored_brand');

/** Each placement's name in the request: the one typed, or `<context>_<type>` (numbered when repeated). */
export function placementNames(values: Pick<TesterValues, 'context' | 'placements'>): string[] {
  const auto = values.placements.map((p) => `${values.context || 'home'}_${p.types[0] ?? 'product'}`);
  return values.placements.map((p, i) => {
    if (p.name.trim()) return p.name.trim();
    const repeated = values.placements.filter((q, j) => !q.name.trim() && auto[j] === auto[i]).length > 1;
    return repeated ? `${auto[i]}_${i + 1}` : auto[i]!;
  });
}

const text = (value: string) => value.trim() || undefined;
const splitValues = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The segmentation rows that go in the body (blank ones stay out), with their row in the form. */
function segmentRows(values: TesterValues) {
  return values.segmentation.map((row, index) => ({ row, index })).filter(({ row }) => row.key.trim() || row.values.trim());
}

/** The exact body POSTed to /v1/rma: only the current context's fields, defaults left out. */
export function toRmaBody(values: TesterValues): RmaBody {
  const context = (values.context || 'home') as TesterContext;
  const fields = CONTEXT_FIELDS[context];
  const own = (field: ContextField) => (fields.includes(field) ? text(values[field]) : undefined);
  const names = placementNames(values);
  const segmentation = segmentRows(values).map(({ row }) => ({ key: row.key.trim(), values: splitValues(row.values) }));
  const body = {
    context,
    channel: values.channel || undefined,
    term: own('term'),
    category_name: own('category'),
    product_sku: own('sku'),
    brand_name: own('brand'),
    device_id: own('deviceId'),
    store_name: own('storeName'),
    store_id: text(values.storeId),
    session_id: text(values.sessionId),
    user_id: text(values.userId),
    brand: text(values.site),
    userAgent: text(values.userAgent),
    segmentation: segmentation.length ? segmentation : undefined,
    tags: values.tags.length ? values.tags : undefined,
    dedup_campaign_ads: values.dedupCampaignAds || undefined,
    dedup_ads: values.dedupAds || undefined,
    placements: Object.fromEntries(
      values.placements.map((p, i) => [
        names[i]!,
        {
          types: p.types,
          quantity: Number(p.quantity),
          size: text(p.size),
          assets_type: takesMedia(p.types) && p.assetsType.length ? p.assetsType : undefined,
          allow_sku_duplications: listsProducts(p.types) && p.allowSkuDuplications ? true : undefined,
        },
      ]),
    ),
  };
  return JSON.parse(JSON.stringify(body)) as RmaBody;
}

const TOP_FIELDS: Record<string, keyof TesterValues> = {
  context: 'context',
  channel: 'channel',
  term: 'term',
  category_name: 'category',
  product_sku: 'sku',
  brand_name: 'brand',
  device_id: 'deviceId',
  store_name: 'storeName',
  store_id: 'storeId',
  session_id: 'sessionId',
  user_id: 'userId',
  brand: 'site',
  userAgent: 'userAgent',
  tags: 'tags',
  dedup_campaign_ads: 'dedupCampaignAds',
  dedup_ads: 'dedupAds',
};
const PLACEMENT_FIELDS: Record<string, keyof PlacementValues> = {
  types: 'types',
  quantity: 'quantity',
  size: 'size',
  assets_type: 'assetsType',
  allow_sku_duplications: 'allowSkuDuplications',
};

/**
 * Where a field path of the API ("term", "placements.search_banner.size", "segmentation.0.key")
 * shows in the form ("term", "placements.0.size", "segmentation.2.key"), or null.
 */
export function fieldOf(path: string, values: TesterValues): string | null {
  const [head, second, third] = path.split('.');
  if (head === 'placements') {
    if (second === undefined) return null;
    const index = placementNames(values).indexOf(second);
    if (index < 0) return null;
    const leaf = third === undefined ? 'name' : PLACEMENT_FIELDS[third];
    return leaf ? `placements.${index}.${leaf}` : null;
  }
  if (head === 'segmentation') {
    const row = second === undefined ? undefined : segmentRows(values)[Number(second)];
    if (!row) return null;
    return `segmentation.${row.index}.${third === 'values' ? 'values' : 'key'}`;
  }
  return TOP_FIELDS[head ?? ''] ?? null;
}

/** Field errors from a 400/422's details; what names no form field is returned apart. */
export function serverErrors(details: Array<{ field: string; message: string }>, values: TesterValues): { fields: TesterErrors; other: string[] } {
  const fields: TesterErrors = {};
  const other: string[] = [];
  for (const d of details) {
    const field = fieldOf(d.field, values);
    if (field) fields[field] ??= d.message;
    else other.push(d.message);
  }
  return { fields, other };
}

/**
 * The form's own rules (publisher, context, 1–20 ads per placement, a unique placement name), then
 * the contract's RmaRequest rules, so the form and the API say the same thing at the same field.
 */
export function validateTester(values: TesterValues): TesterErrors {
  const errors: TesterErrors = {};
  if (!values.publisherId) errors.publisherId = t('rmTester.errors.publisher');
  if (!values.context) errors.context = t('rmTester.errors.context');
  const names = placementNames(values);
  values.placements.forEach((p, i) => {
    const quantity = Number(p.quantity);
    if (p.quantity === '' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) errors[`placements.${i}.quantity`] = t('rmAdApi.tester.errors.quantity');
    if (names.indexOf(names[i]!) !== i) errors[`placements.${i}.name`] = t('rmAdApi.tester.errors.nameRepeated');
    else if ((RMA_RESERVED_NAMES as readonly string[]).includes(names[i]!)) errors[`placements.${i}.name`] = t('rmAdApi.tester.errors.nameReserved');
  });
  const parsed = RmaRequest.safeParse(toRmaBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'), values);
      if (field) errors[field] ??= issue.message;
    }
  }
  return errors;
}

/** Single-quotes a value for a POSIX shell. */
const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The curl an integrator runs: the public endpoint takes no credentials; the key header goes only
 * when the publisher requires one.
 */
export function toCurl(origin: string, publisherId: string, body: RmaBody, { withKey = false } = {}): string {
  return [
    `curl -X POST ${shellQuote(`${origin}/v1/rma/${publisherId}`)}`,
    `  -H 'content-type: application/json'`,
    ...(withKey ? [`  -H 'x-api-key: SUA_CHAVE'`] : []),
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}
