import { RmaRequest } from '@backoffice/contracts';
import type { z } from 'zod';
import { t } from '../../../i18n';

/** The ad types and contexts the tester offers (spec §2; digital signage has its own devices). */
export const TESTER_TYPES = ['product', 'banner', 'sponsored_brand'] as const;
export const TESTER_CONTEXTS = ['home', 'category', 'product_page', 'brand_page', 'search'] as const;
export const TESTER_DEVICES = ['desktop', 'mobile', 'tablet', 'app'] as const;
export const MAX_QUANTITY = 10;

export type TesterType = (typeof TESTER_TYPES)[number];
export type TesterContext = (typeof TESTER_CONTEXTS)[number];
export type RmaBody = z.input<typeof RmaRequest>;

export interface TesterValues {
  publisherId: string;
  type: TesterType | '';
  quantity: number | string;
  /** "LxA", e.g. 728x90 (banner only). */
  size: string;
  context: TesterContext | '';
  term: string;
  category: string;
  sku: string;
  brand: string;
  sessionId: string;
  userId: string;
  device: string;
}
export type TesterField = keyof TesterValues;
export type TesterErrors = Partial<Record<TesterField, string>>;

export const emptyTesterValues = (publisherId = ''): TesterValues => ({
  publisherId,
  type: 'product',
  quantity: 1,
  size: '',
  context: 'home',
  term: '',
  category: '',
  sku: '',
  brand: '',
  sessionId: '',
  userId: '',
  device: '',
});

/** The one field each context asks for (home asks for none). */
export const CONTEXT_FIELD: Record<TesterContext, 'term' | 'category' | 'sku' | 'brand' | null> = {
  home: null,
  category: 'category',
  product_page: 'sku',
  brand_page: 'brand',
  search: 'term',
};
const CONTEXT_FIELDS = ['term', 'category', 'sku', 'brand'] as const;

/** Spec §5: changing the type away from banner clears the size. */
export function withType(values: TesterValues, type: TesterType | ''): TesterValues {
  return { ...values, type, size: type === 'banner' ? values.size : '' };
}

/** Spec §5: changing the context clears the fields that belong to other contexts. */
export function withContext(values: TesterValues, context: TesterContext | ''): TesterValues {
  const keep = context ? CONTEXT_FIELD[context] : null;
  const next = { ...values, context };
  for (const field of CONTEXT_FIELDS) if (field !== keep) next[field] = '';
  return next;
}

/** The placement's name in the request: what an integrator would call the slot. */
export const placementName = (values: Pick<TesterValues, 'context' | 'type'>) => `${values.context || 'home'}_${values.type || 'product'}`;

const text = (value: string) => value.trim() || undefined;

/** The exact body POSTed to /v1/rma (only the current context's field goes). */
export function toRmaBody(values: TesterValues): RmaBody {
  const context = (values.context || 'home') as TesterContext;
  const field = CONTEXT_FIELD[context];
  const quantity = Number(values.quantity);
  const body: RmaBody = {
    context,
    term: field === 'term' ? text(values.term) : undefined,
    category_name: field === 'category' ? text(values.category) : undefined,
    product_sku: field === 'sku' ? text(values.sku) : undefined,
    brand_name: field === 'brand' ? text(values.brand) : undefined,
    session_id: text(values.sessionId),
    user_id: text(values.userId),
    device: text(values.device),
    placements: {
      [placementName(values)]: {
        types: values.type ? [values.type] : [],
        quantity,
        size: values.type === 'banner' ? text(values.size) : undefined,
      },
    },
  };
  return JSON.parse(JSON.stringify(body)) as RmaBody;
}

/** Where an API field path ("term", "placements.search_product.size") shows in the form. */
export function fieldOf(path: string): TesterField | null {
  const parts = path.split('.');
  if (parts[0] === 'placements') {
    const leaf = parts[2];
    if (leaf === 'size') return 'size';
    if (leaf === 'quantity') return 'quantity';
    if (leaf === 'types') return 'type';
    return null;
  }
  const top: Record<string, TesterField> = {
    context: 'context',
    term: 'term',
    category_name: 'category',
    product_sku: 'sku',
    brand_name: 'brand',
    session_id: 'sessionId',
    user_id: 'userId',
    device: 'device',
  };
  return top[parts[0] ?? ''] ?? null;
}

/** Field errors from a 400's details; what names no form field is returned apart. */
export function serverErrors(details: Array<{ field: string; message: string }>): { fields: TesterErrors; other: string[] } {
  const fields: TesterErrors = {};
  const other: string[] = [];
  for (const d of details) {
    const field = fieldOf(d.field);
    if (field) fields[field] ??= d.message;
    else other.push(d.message);
  }
  return { fields, other };
}

/**
 * Spec §5 rules: publisher, type, context and quantity (1–10) required; then the contract's own
 * RmaRequest rules (banner needs a size, search a term, product_page a SKU, brand_page a brand,
 * category a single category), so the form and the API say the same thing.
 */
export function validateTester(values: TesterValues): TesterErrors {
  const errors: TesterErrors = {};
  if (!values.publisherId) errors.publisherId = t('rmTester.errors.publisher');
  if (!values.type) errors.type = t('rmTester.errors.type');
  if (!values.context) errors.context = t('rmTester.errors.context');
  const quantity = Number(values.quantity);
  if (values.quantity === '' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) errors.quantity = t('rmTester.errors.quantity');
  const parsed = RmaRequest.safeParse(toRmaBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field) errors[field] ??= issue.message;
    }
  }
  return errors;
}

/** Single-quotes a value for a POSIX shell. */
const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The curl an integrator runs: the publisher's key instead of the session, and the exact body. */
export function toCurl(origin: string, publisherId: string, body: RmaBody): string {
  return [
    `curl -X POST ${shellQuote(`${origin}/v1/rma/${publisherId}`)}`,
    `  -H 'content-type: application/json'`,
    `  -H 'x-api-key: SUA_CHAVE'`,
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}
