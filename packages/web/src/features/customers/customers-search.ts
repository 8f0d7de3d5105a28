import { z } from 'zod';
import { searchPage, searchText } from '../../shared/ui/search-params';

/** Spec §9: customers are listed 50 a page, from page 1. */
export const CUSTOMERS_PAGE_SIZE = 50;

/**
 * The customers list's URL state: the search (name, CPF, phone or e-mail), the tag, store and
 * opt-in filters and the page, made forgiving so a mistyped link falls back to the defaults.
 */
export const CustomersSearch = z.object({
  page: searchPage(),
  search: searchText(),
  tag: searchText(),
  location_id: z.coerce.number().int().positive().optional().catch(undefined),
  /** true: accepts messages; false: does not (the URL's ?opt_in=true|false, read as JSON). */
  opt_in: z.boolean().optional().catch(undefined),
});

export type CustomersSearch = z.output<typeof CustomersSearch>;
export type CustomersFilters = Omit<CustomersSearch, 'page'>;

/** Search values equal to these are left out of the URL. */
export const CUSTOMERS_SEARCH_DEFAULTS = { page: 1 } as const;

/** What the list asks GET /search/customers. */
export interface CustomersQuery {
  page: number;
  quantity: number;
  search?: string;
  tag?: string;
  location_id?: number;
  opt_in?: 'true' | 'false';
}

export function toCustomersQuery(search: CustomersSearch): CustomersQuery {
  const { opt_in, ...rest } = search;
  const query: CustomersQuery = { ...rest, quantity: CUSTOMERS_PAGE_SIZE };
  for (const key of ['search', 'tag', 'location_id'] as const) if (query[key] === undefined) delete query[key];
  if (opt_in !== undefined) query.opt_in = opt_in ? 'true' : 'false';
  return query;
}

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyCustomersFilter(search: CustomersSearch, patch: Partial<CustomersFilters>): CustomersSearch {
  const merged = { ...search, ...patch };
  const next: CustomersSearch = { page: 1 };
  const text = merged.search?.trim();
  if (text) next.search = text;
  const tag = merged.tag?.trim();
  if (tag) next.tag = tag;
  if (merged.location_id !== undefined) next.location_id = merged.location_id;
  if (merged.opt_in !== undefined) next.opt_in = merged.opt_in;
  return next;
}

export const hasCustomersFilters = (s: CustomersSearch) => Boolean(s.search || s.tag || s.location_id !== undefined || s.opt_in !== undefined);
