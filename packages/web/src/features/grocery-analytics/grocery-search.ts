import { SalesSearch } from '../sales-dashboard/sales-search';

/**
 * A grocery dashboard's URL state: the sales dashboard's (period, store, channel, comparison). A bad
 * value falls back as there; without a store the page asks for one first.
 */
export const GrocerySearch = SalesSearch;
export type GrocerySearch = SalesSearch;

/** The state once a supermarket is chosen: what the API's body needs. */
export type StoreSearch = GrocerySearch & { location_id: number };

export const hasStore = (search: GrocerySearch): search is StoreSearch => search.location_id !== undefined;
