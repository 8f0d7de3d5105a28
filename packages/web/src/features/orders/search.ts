import { z } from 'zod';
import { ORDER_CHANNELS, ORDER_SORTS, ORDER_STATUSES } from '@backoffice/contracts';
import { searchPage } from '../../shared/ui/search-params';

export const ORDERS_PAGE_SIZE = 50;

const day = z.iso.date().optional().catch(undefined);
const id = z.coerce.number().int().positive().optional().catch(undefined);

/**
 * The orders list's URL state (spec §2 /orders/list): status, store, channel, period, customer,
 * number, sort and page. Forgiving, so a mistyped link falls back to the defaults.
 */
export const OrdersSearch = z.object({
  page: searchPage(),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  location_id: id,
  channel: z.enum(ORDER_CHANNELS).optional().catch(undefined),
  customer_id: id,
  number: id,
  from: day,
  to: day,
  // Named apart from other lists' order_by: every route's search shares one type in the router.
  order_sort: z.enum(ORDER_SORTS).default('created_at').catch('created_at'),
  order_dir: z.enum(['asc', 'desc']).default('desc').catch('desc'),
});

export type OrdersSearch = z.output<typeof OrdersSearch>;
export type OrdersFilters = Omit<OrdersSearch, 'page' | 'order_sort' | 'order_dir'>;
export type OrderSort = OrdersSearch['order_sort'];

/** Search values equal to these are left out of the URL. */
export const ORDERS_SEARCH_DEFAULTS = { page: 1, order_sort: 'created_at', order_dir: 'desc' } as const;

const FILTER_KEYS = ['status', 'location_id', 'channel', 'customer_id', 'number', 'from', 'to'] as const;

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyOrdersFilter(search: OrdersSearch, patch: Partial<OrdersFilters>): OrdersSearch {
  const merged = { ...search, ...patch };
  const next: OrdersSearch = { page: 1, order_sort: merged.order_sort, order_dir: merged.order_dir };
  for (const key of FILTER_KEYS) if (merged[key]) Object.assign(next, { [key]: merged[key] });
  return next;
}

/** Sorting by a column: the same column flips direction, another starts descending. */
export function applyOrdersSort(search: OrdersSearch, by: OrderSort): OrdersSearch {
  const order_dir = search.order_sort === by && search.order_dir === 'desc' ? 'asc' : 'desc';
  return { ...search, page: 1, order_sort: by, order_dir };
}

export const hasOrdersFilters = (s: OrdersSearch) => FILTER_KEYS.some((key) => Boolean(s[key]));

/** The list query as the API reads it (page size fixed at 50). */
export function toListQuery({ order_sort, order_dir, ...filters }: OrdersSearch) {
  return { ...filters, order_by: order_sort, order_direction: order_dir, quantity: ORDERS_PAGE_SIZE };
}
