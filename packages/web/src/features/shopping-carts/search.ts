import { z } from 'zod';
import { searchPage, searchText } from '../../shared/ui/search-params';
import { CART_STATUSES } from './status';

export const CARTS_PAGE_SIZE = 20;

/**
 * The carts list's URL state (spec §2): status chip, text search, store and page. Forgiving, so a
 * mistyped link falls back to the defaults instead of failing the page.
 */
export const CartsSearch = z.object({
  page: searchPage(),
  quantity: z.coerce.number().int().min(1).max(100).default(CARTS_PAGE_SIZE).catch(CARTS_PAGE_SIZE),
  status: z.enum(CART_STATUSES).optional().catch(undefined),
  query: searchText(),
  location_id: z.coerce.number().int().positive().optional().catch(undefined),
});

export type CartsSearch = z.output<typeof CartsSearch>;
export type CartsFilters = Omit<CartsSearch, 'page' | 'quantity'>;

/** Search values equal to these are left out of the URL. */
export const CARTS_SEARCH_DEFAULTS = { page: 1, quantity: CARTS_PAGE_SIZE } as const;

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyCartsFilter(search: CartsSearch, patch: Partial<CartsFilters>): CartsSearch {
  const merged = { ...search, ...patch };
  const next: CartsSearch = { page: 1, quantity: merged.quantity };
  const text = merged.query?.trim();
  if (text) next.query = text;
  if (merged.status) next.status = merged.status;
  if (merged.location_id) next.location_id = merged.location_id;
  return next;
}

export const hasCartsFilters = (s: CartsSearch) => Boolean(s.query || s.status || s.location_id);
