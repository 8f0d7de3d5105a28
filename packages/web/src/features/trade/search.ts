import { z } from 'zod';
import { TRADE_STATUSES } from '@backoffice/contracts';
import { searchPage } from '../../shared/ui/search-params';

export const TRADE_PAGE_SIZE = 20;

/** The agreement list's URL state: status, the other party and the page. Forgiving: a bad value falls back to the default. */
export const TradeSearch = z.object({
  page: searchPage(),
  quantity: z.coerce.number().int().min(1).max(500).default(TRADE_PAGE_SIZE).catch(TRADE_PAGE_SIZE),
  status: z.enum(TRADE_STATUSES).optional().catch(undefined),
  counterpart_id: z.coerce.number().int().positive().optional().catch(undefined),
});

export type TradeSearch = z.output<typeof TradeSearch>;
export type TradeFilters = Pick<TradeSearch, 'status' | 'counterpart_id'>;

/** Search values equal to these are left out of the URL. */
export const TRADE_SEARCH_DEFAULTS = { page: 1, quantity: TRADE_PAGE_SIZE } as const;

/** A filter change starts the list again at page 1; blank values drop out of the URL. */
export function applyTradeFilter(search: TradeSearch, patch: Partial<TradeFilters>): TradeSearch {
  const merged = { ...search, ...patch };
  const next: TradeSearch = { page: 1, quantity: merged.quantity };
  if (merged.status) next.status = merged.status;
  if (merged.counterpart_id) next.counterpart_id = merged.counterpart_id;
  return next;
}

export const hasTradeFilters = (s: TradeSearch) => Boolean(s.status || s.counterpart_id);
