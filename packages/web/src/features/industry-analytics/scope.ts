import type { KpiDrill } from '@backoffice/contracts';
import type { IndustrySearch } from './industry-search';

// What the pages do with the URL state (apart from industry-search.ts, which the app loads at
// start-up to check the URL: these load with the pages).

/** The filters the page narrows to (retailer, store, category, product): those set. */
export const scopeOf = ({ retailer_id, location_id, category, product_id }: IndustrySearch) => ({
  ...(retailer_id ? { retailer_id } : {}),
  ...(retailer_id && location_id ? { location_id } : {}),
  ...(category ? { category } : {}),
  ...(product_id ? { product_id } : {}),
});

/** The API body of a dashboard for the screen's filters (without `queries`). */
export const industryBody = (search: IndustrySearch) => ({ from: search.from, to: search.to, compare: search.compare, ...scopeOf(search) });

export const hasScope = (search: IndustrySearch) => Object.keys(scopeOf(search)).length > 0;

/** The search with the period and comparison only (every narrowing filter cleared). */
export const withoutScope = ({ from, to, compare }: IndustrySearch): IndustrySearch => ({ from, to, compare });

/**
 * Where the drill-down goes after narrowing to one of its rows: a retailer opens by store, a store
 * by category, a category by product; a product by where it sells (retailer, then store).
 */
export function drillAfter(dimension: KpiDrill, narrowed: IndustrySearch): KpiDrill {
  if (dimension === 'retailer') return 'store';
  if (dimension === 'store') return narrowed.category ? 'product' : 'category';
  if (dimension === 'category') return 'product';
  if (!narrowed.retailer_id) return 'retailer';
  return narrowed.location_id ? 'product' : 'store';
}
