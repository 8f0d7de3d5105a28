import { z } from 'zod';
import { FLYER_STATUSES } from '@backoffice/contracts';
import { searchPage, searchText } from '../../shared/ui/search-params';

/** The flyer list's page size. */
export const FLYERS_PAGE_SIZE = 20;

const isoDate = z.iso.date();

/**
 * The flyer list's URL state: the API's list query, made forgiving so a mistyped link falls back
 * to the defaults instead of failing the page.
 */
export const FlyersSearch = z
  .object({
    page: searchPage(),
    quantity: z.coerce.number().int().min(1).max(100).default(FLYERS_PAGE_SIZE).catch(FLYERS_PAGE_SIZE),
    status: z.enum(FLYER_STATUSES).optional().catch(undefined),
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
    search: searchText(),
  })
  .transform((s) => {
    // A reversed range from an old link is read as "from the start date".
    if (s.start_date && s.end_date && s.end_date < s.start_date) return { ...s, end_date: undefined };
    return s;
  });

export type FlyersSearch = z.output<typeof FlyersSearch>;
export type FlyersFilters = Pick<FlyersSearch, 'status' | 'start_date' | 'end_date' | 'search'>;

/** Search values equal to these are left out of the URL. */
export const FLYERS_SEARCH_DEFAULTS = { page: 1, quantity: FLYERS_PAGE_SIZE } as const;

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyFlyersFilter(search: FlyersSearch, patch: Partial<FlyersFilters>): FlyersSearch {
  const merged = { ...search, ...patch };
  const next: FlyersSearch = { page: 1, quantity: merged.quantity };
  const text = merged.search?.trim();
  if (text) next.search = text;
  if (merged.status) next.status = merged.status;
  if (merged.start_date) next.start_date = merged.start_date;
  if (merged.end_date) next.end_date = merged.end_date;
  return next;
}

export const hasFlyersFilters = (s: FlyersSearch) => Boolean(s.search || s.status || s.start_date || s.end_date);
