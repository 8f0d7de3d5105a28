import { z } from 'zod';
import type { Comparison, KpiDrill } from '@backoffice/contracts';
import { searchText } from '../../shared/ui/search-params';
import { SalesSearch } from '../sales-dashboard/sales-search';

/**
 * The URL state of the industry dashboards (/kpi, /sell-out, /stock, /customers): the period and
 * its comparison, then what the brand narrows to: a linked retailer, one of its stores, a category,
 * one of its products. A store only goes with its retailer.
 */
export type IndustrySearch = {
  from: string;
  to: string;
  compare: Comparison;
  retailer_id?: number;
  location_id?: number;
  category?: string;
  product_id?: number;
};
/** /kpi's: what the drill-down table opens by. */
export type KpiSearch = IndustrySearch & { drill: KpiDrill };

export const DEFAULT_DRILL: KpiDrill = 'retailer';
/**
 * The contract's KPI_DRILLS, spelled out: the URL is checked as the app starts, and importing the
 * analytics contracts there would put all of them in the sign-in page's JavaScript.
 */
export const URL_DRILLS = ['retailer', 'store', 'category', 'product'] as const satisfies readonly KpiDrill[];

const id = z.coerce.number().int().positive().optional().catch(undefined);

// The period and the comparison are the sales dashboard's (a bad period: the last 30 days; a bad
// comparison: the previous period); a store without its retailer is dropped.
const Fields = z.object({
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  compare: z.unknown().optional(),
  retailer_id: id,
  location_id: id,
  category: searchText(),
  product_id: id,
  drill: z.enum(URL_DRILLS).optional().catch(undefined),
});

const clean = ({ from, to, compare, retailer_id, location_id, category, product_id }: z.output<typeof Fields>): IndustrySearch => ({
  ...SalesSearch.parse({ from, to, compare }),
  ...(retailer_id && { retailer_id, ...(location_id && { location_id }) }),
  ...(category && { category }),
  ...(product_id && { product_id }),
});

export const IndustrySearch = Fields.transform(clean);
export const KpiSearch = Fields.transform((s): KpiSearch => ({ ...clean(s), drill: s.drill ?? DEFAULT_DRILL }));
