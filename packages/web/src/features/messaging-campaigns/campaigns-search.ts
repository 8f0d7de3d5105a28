import { z } from 'zod';
import { MESSAGING_CAMPAIGN_PAGE_SIZE, MESSAGING_CAMPAIGN_STATUSES } from '@backoffice/contracts';
import { searchPage, searchText } from '../../shared/ui/search-params';

const isoDate = z.iso.date();

/** The campaign list's URL state (spec §9: 10 a page); a mistyped link falls back to the defaults. */
export const CampaignsSearch = z
  .object({
    page: searchPage(),
    quantity: z.coerce.number().int().min(1).max(100).default(MESSAGING_CAMPAIGN_PAGE_SIZE).catch(MESSAGING_CAMPAIGN_PAGE_SIZE),
    status: z.enum(MESSAGING_CAMPAIGN_STATUSES).optional().catch(undefined),
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
    search: searchText(),
  })
  .transform((s) => (s.start_date && s.end_date && s.end_date < s.start_date ? { ...s, end_date: undefined } : s));

export type CampaignsSearch = z.output<typeof CampaignsSearch>;
export type CampaignsFilters = Pick<CampaignsSearch, 'status' | 'start_date' | 'end_date' | 'search'>;

export const CAMPAIGNS_SEARCH_DEFAULTS = { page: 1, quantity: MESSAGING_CAMPAIGN_PAGE_SIZE } as const;

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyCampaignsFilter(search: CampaignsSearch, patch: Partial<CampaignsFilters>): CampaignsSearch {
  const merged = { ...search, ...patch };
  const next: CampaignsSearch = { page: 1, quantity: merged.quantity };
  const text = merged.search?.trim();
  if (text) next.search = text;
  if (merged.status) next.status = merged.status;
  if (merged.start_date) next.start_date = merged.start_date;
  if (merged.end_date) next.end_date = merged.end_date;
  return next;
}

export const hasCampaignsFilters = (s: CampaignsSearch) => Boolean(s.search || s.status || s.start_date || s.end_date);
