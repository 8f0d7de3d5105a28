import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_TRANSACTION_SORTS, TRANSACTION_STATUSES } from '@backoffice/contracts';
import { addDays } from '../../shared/ui/period';
import { todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';
import { searchPage } from '../../shared/ui/search-params';

export const TRANSACTIONS_PAGE_SIZE = 50;

/** The period's quick choices; `custom` reads `from` and `to` from the URL. */
export const PERIOD_PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const day = z.iso.date().optional().catch(undefined);
const id = z.coerce.number().int().positive().optional().catch(undefined);

/**
 * The filters both financial screens share, in the URL (spec §2 /financial/payments): a preset
 * period (30 days when absent), or `custom` with its days, the store and the method. Forgiving:
 * a mistyped link falls back to the defaults instead of failing the page.
 */
export const PaymentsSearch = z.object({
  period: z.enum(PERIOD_PRESETS).default('30d').catch('30d'),
  from: day,
  to: day,
  location_id: id,
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
});
export type PaymentsSearch = z.output<typeof PaymentsSearch>;
export type PaymentsFilters = Omit<PaymentsSearch, 'period' | 'from' | 'to'>;
export const PAYMENTS_SEARCH_DEFAULTS = { period: '30d' } as const;

/**
 * /financial/payments_old adds status, order number, sort and page. The sort travels as
 * `tx_sort`/`tx_dir`: the router shares one search type, and other lists own `order_by`.
 */
export const TransactionsSearch = PaymentsSearch.extend({
  page: searchPage(),
  status: z.enum(TRANSACTION_STATUSES).optional().catch(undefined),
  order_number: id,
  tx_sort: z.enum(PAYMENT_TRANSACTION_SORTS).default('created_at').catch('created_at'),
  tx_dir: z.enum(['asc', 'desc']).default('desc').catch('desc'),
});
export type TransactionsSearch = z.output<typeof TransactionsSearch>;
export type TransactionSort = TransactionsSearch['tx_sort'];
export const TRANSACTIONS_SEARCH_DEFAULTS = { period: '30d', page: 1, tx_sort: 'created_at', tx_dir: 'desc' } as const;

export type ResolvedPeriod = { from: string; to: string };

/** The São Paulo days a preset covers today, both ends included (a custom period missing a day → 30 days). */
export function resolvePeriod({ period, from, to }: Pick<PaymentsSearch, 'period' | 'from' | 'to'>, now: Date = new Date()): ResolvedPeriod {
  const today = todayInSaoPaulo(now);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'custom':
      if (from && to) return from <= to ? { from, to } : { from: to, to: from };
      break;
    case '30d':
      break;
  }
  return { from: addDays(today, -29), to: today };
}

/** A period change: a preset drops the custom days from the URL; custom keeps both. */
export function applyPeriod<S extends PaymentsSearch>(search: S, period: PeriodPreset, days?: ResolvedPeriod): S {
  const next: S = { ...search, period, from: undefined, to: undefined };
  if (period === 'custom') Object.assign(next, days ?? resolvePeriod(search));
  if ('page' in next) Object.assign(next, { page: 1 });
  return next;
}

/** A filter change: blank values leave the URL, and a paged list starts again at page 1. */
export function applyFilter<S extends PaymentsSearch>(search: S, patch: Partial<TransactionsSearch>): S {
  const next = { ...search, ...patch } as Record<string, unknown>;
  for (const key of ['location_id', 'method', 'status', 'order_number'] as const) if (!next[key]) delete next[key];
  if ('page' in next) next.page = 1;
  return next as S;
}

/** Sorting by a column: the same column flips direction, another starts descending. */
export function applySort(search: TransactionsSearch, by: TransactionSort): TransactionsSearch {
  const tx_dir = search.tx_sort === by && search.tx_dir === 'desc' ? 'asc' : 'desc';
  return { ...search, page: 1, tx_sort: by, tx_dir };
}

export const hasTransactionFilters = (s: TransactionsSearch) => Boolean(s.location_id || s.method || s.status || s.order_number);

/** The report query as the API reads it. */
export function byLocationQuery(search: PaymentsSearch, now?: Date) {
  const { location_id, method } = search;
  return { ...resolvePeriod(search, now), location_id, method, per_day: 'true' as const };
}

/** The export's filters: the list's, without paging or sort. */
export function exportQuery(search: TransactionsSearch, now?: Date) {
  const { location_id, method, status, order_number } = search;
  return { ...resolvePeriod(search, now), location_id, method, status, order_number };
}

/** The list query as the API reads it (page size fixed at 50). */
export function transactionsQuery(search: TransactionsSearch, now?: Date) {
  return { ...exportQuery(search, now), page: search.page, quantity: TRANSACTIONS_PAGE_SIZE, order_by: search.tx_sort, order_direction: search.tx_dir };
}
