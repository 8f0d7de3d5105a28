import { z } from 'zod';
import { searchPage, searchText } from '../../shared/ui/search-params';
import { OPERATOR_ROLES } from './operator-labels';

/** The operators list's page size. */
const OPERATORS_PAGE_SIZE = 20;

/**
 * The operators list's URL state (the store is in the path: /operators/list/{locationId}): the API's
 * list query, made forgiving so a mistyped link falls back to the defaults instead of failing the page.
 */
export const OperatorsSearch = z.object({
  page: searchPage(),
  quantity: z.coerce.number().int().min(1).max(100).default(OPERATORS_PAGE_SIZE).catch(OPERATORS_PAGE_SIZE),
  search: searchText(),
  role: z.enum(OPERATOR_ROLES).optional().catch(undefined),
  /** true: active only; false: inactive only (the URL's ?active=true|false, read as JSON). */
  active: z.boolean().optional().catch(undefined),
});

export type OperatorsSearch = z.output<typeof OperatorsSearch>;
export type OperatorsFilters = Pick<OperatorsSearch, 'search' | 'role' | 'active'>;
/** What the list asks the API: the URL's search and the path's store. */
export type OperatorsQuery = Omit<OperatorsSearch, 'active'> & { active?: 'true' | 'false'; location_id?: number };

/** The API's list query from the URL's search and the path's store. */
export function toOperatorsQuery(search: OperatorsSearch, locationId: number | undefined): OperatorsQuery {
  const { active, ...rest } = search;
  const query: OperatorsQuery = { ...rest };
  if (active !== undefined) query.active = active ? 'true' : 'false';
  if (locationId !== undefined) query.location_id = locationId;
  return query;
}

/** Search values equal to these are left out of the URL. */
export const OPERATORS_SEARCH_DEFAULTS = { page: 1, quantity: OPERATORS_PAGE_SIZE } as const;

/** The `{locationId}` of /operators/list/{locationId}: a positive integer, or no store filter. */
export function parseLocationId(raw: string | undefined): number | undefined {
  const parsed = z.coerce.number().int().positive().safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyOperatorsFilter(search: OperatorsSearch, patch: Partial<OperatorsFilters>): OperatorsSearch {
  const merged = { ...search, ...patch };
  const next: OperatorsSearch = { page: 1, quantity: merged.quantity };
  const text = merged.search?.trim();
  if (text) next.search = text;
  if (merged.role) next.role = merged.role;
  if (merged.active !== undefined) next.active = merged.active;
  return next;
}

export const hasOperatorsFilters = (s: OperatorsSearch, locationId: number | undefined) =>
  Boolean(s.search || s.role || s.active !== undefined || locationId !== undefined);
