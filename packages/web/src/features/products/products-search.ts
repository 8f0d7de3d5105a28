import { z } from 'zod';
import { PRODUCT_SORTS, type ProductSort } from '@backoffice/contracts';
import { searchPage, searchText } from '../../shared/ui/search-params';

/** Spec §9: products 50 per page, page 1. */
export const PRODUCTS_PAGE_SIZE = 50;

export { PRODUCT_SORTS, type ProductSort };

/** A free-text facet value from the URL: trimmed, at most 120 characters, blank as absent. */
const facet = () => searchText();

/**
 * The products list's URL state (the store is in the path: /products/list/{locationId}), made
 * forgiving so a mistyped link falls back to the defaults instead of failing the page.
 */
export const ProductsSearch = z.object({
  page: searchPage(),
  search: searchText(),
  category: facet(),
  brand: facet(),
  /** true: available only; false: unavailable only (the URL's ?available=true|false, read as JSON). */
  available: z.boolean().optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).optional().catch(undefined),
});

export type ProductsSearch = z.output<typeof ProductsSearch>;
export type ProductsFilters = Omit<ProductsSearch, 'page'>;

/** Search values equal to these are left out of the URL. */
export const PRODUCTS_SEARCH_DEFAULTS = { page: 1 } as const;

/** The `{locationId}` of /products/list/{locationId}: a positive integer, or every store. */
export function parseLocationId(raw: string | undefined): number | undefined {
  const parsed = z.coerce.number().int().positive().safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyProductsFilter(search: ProductsSearch, patch: Partial<ProductsFilters>): ProductsSearch {
  const merged = { ...search, ...patch };
  const next: ProductsSearch = { page: 1 };
  const text = merged.search?.trim();
  if (text) next.search = text;
  if (merged.category) next.category = merged.category;
  if (merged.brand) next.brand = merged.brand;
  if (merged.available !== undefined) next.available = merged.available;
  if (merged.sort) next.sort = merged.sort;
  return next;
}

export const hasProductsFilters = (s: ProductsSearch) => Boolean(s.search || s.category || s.brand || s.available !== undefined);
