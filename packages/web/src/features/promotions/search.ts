import { z } from 'zod';
import { PROMOTION_STATUSES, PROMOTION_TYPES } from '@backoffice/contracts';
import { searchPage } from '../../shared/ui/search-params';

export const PROMOTIONS_PAGE_SIZE = 20;

const date = z.iso.date();

/**
 * The promotion list's URL state (spec §2): status, type, period, search and page. Forgiving, so a
 * mistyped link falls back to the defaults instead of failing the page.
 */
export const PromotionsSearch = z.object({
  page: searchPage(),
  quantity: z.coerce.number().int().min(1).max(500).default(PROMOTIONS_PAGE_SIZE).catch(PROMOTIONS_PAGE_SIZE),
  status: z.enum(PROMOTION_STATUSES).optional().catch(undefined),
  promotion_type: z.enum(PROMOTION_TYPES).optional().catch(undefined),
  start_date: date.optional().catch(undefined),
  end_date: date.optional().catch(undefined),
  search: z.string().max(120).optional().catch(undefined),
});

export type PromotionsSearch = z.output<typeof PromotionsSearch>;
export type PromotionsFilters = Omit<PromotionsSearch, 'page' | 'quantity'>;

/** Search values equal to these are left out of the URL. */
export const PROMOTIONS_SEARCH_DEFAULTS = { page: 1, quantity: PROMOTIONS_PAGE_SIZE } as const;

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyPromotionsFilter(search: PromotionsSearch, patch: Partial<PromotionsFilters>): PromotionsSearch {
  const merged = { ...search, ...patch };
  const next: PromotionsSearch = { page: 1, quantity: merged.quantity };
  const text = merged.search?.trim();
  if (text) next.search = text;
  if (merged.status) next.status = merged.status;
  if (merged.promotion_type) next.promotion_type = merged.promotion_type;
  if (merged.start_date) next.start_date = merged.start_date;
  if (merged.end_date) next.end_date = merged.end_date;
  return next;
}

export const hasPromotionsFilters = (s: PromotionsSearch) =>
  Boolean(s.search || s.status || s.promotion_type || s.start_date || s.end_date);

/** The create screen's search: `?duplicate={id}` copies an existing promotion. */
export const CreatePromotionSearch = z.object({
  duplicate: z.coerce.number().int().positive().optional().catch(undefined),
});
