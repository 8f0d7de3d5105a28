import { z } from 'zod';
import { AUDIENCE_STATUSES } from '@backoffice/contracts';
import { searchPage, searchText } from '../../../shared/ui/search-params';

/** Audience cards per page: four rows of three on a wide screen. */
export const AUDIENCES_PAGE_SIZE = 12;

/** The audience list's URL state (spec §2: the status filter lives in `status`); bad values fall back to none. */
export const AudiencesSearch = z.object({
  page: searchPage(),
  status: z.enum(AUDIENCE_STATUSES).optional().catch(undefined),
  name: searchText(),
});
export type AudiencesSearch = z.output<typeof AudiencesSearch>;
export type AudiencesFilters = Pick<AudiencesSearch, 'status' | 'name'>;
export const AUDIENCES_SEARCH_DEFAULTS = { page: 1 } as const;

/** A filter change: blank values leave the URL and the list starts again at page 1. */
export function applyAudiencesFilter(search: AudiencesSearch, patch: Partial<AudiencesFilters>): AudiencesSearch {
  const merged = { ...search, ...patch };
  const next: AudiencesSearch = { page: 1 };
  if (merged.status) next.status = merged.status;
  const name = merged.name?.trim();
  if (name) next.name = name;
  return next;
}
