import { z } from 'zod';
import { COMPARISONS, type Comparison } from '@backoffice/contracts';
import { DashboardSearch } from '../order-dashboards/dashboard-search';

/** The sales dashboard's URL state: the orders dashboard's (period, store, channel) and what the period is compared with. */
export type SalesSearch = DashboardSearch & { compare: Comparison };

export const DEFAULT_COMPARISON: Comparison = 'previous_period';

/** As DashboardSearch (a bad period, store or channel falls back), and a bad comparison is the previous period. */
export const SalesSearch = DashboardSearch.in.extend({ compare: z.enum(COMPARISONS).optional().catch(undefined) }).transform(
  ({ compare, ...rest }): SalesSearch => ({ ...DashboardSearch.parse(rest), compare: compare ?? DEFAULT_COMPARISON }),
);

/** The API's query string for a search: only the filters set. */
export const salesQuery = ({ from, to, location_id, channel, compare }: SalesSearch) => ({
  from,
  to,
  compare,
  ...(location_id ? { location_id } : {}),
  ...(channel ? { channel } : {}),
});
