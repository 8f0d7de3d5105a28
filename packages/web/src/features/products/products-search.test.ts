import { describe, expect, it } from 'vitest';
import { applyProductsFilter, hasProductsFilters, parseLocationId, ProductsSearch } from './products-search';
import { toProductsQuery } from './api';

describe('products list URL state', () => {
  it('falls back to the defaults for a mistyped link instead of failing the page', () => {
    expect(ProductsSearch.parse({ page: 'x', sort: 'cheapest', available: 'maybe', search: '   ' })).toEqual({ page: 1 });
    expect(ProductsSearch.parse({ page: '3', sort: 'price_asc', available: false, category: 'Arroz' })).toEqual({ page: 3, sort: 'price_asc', available: false, category: 'Arroz' });
  });

  it('starts again at page 1 on any filter change and leaves blank filters out of the URL', () => {
    const current = ProductsSearch.parse({ page: 4, search: 'arroz', brand: 'Tio João', sort: 'name' });
    expect(applyProductsFilter(current, { search: '  açúcar ' })).toEqual({ page: 1, search: 'açúcar', brand: 'Tio João', sort: 'name' });
    expect(applyProductsFilter(current, { brand: undefined, available: true })).toEqual({ page: 1, search: 'arroz', available: true, sort: 'name' });
    expect(applyProductsFilter(current, { search: '' })).toEqual({ page: 1, brand: 'Tio João', sort: 'name' });
  });

  it('knows when something filters the list (the sort does not)', () => {
    expect(hasProductsFilters(ProductsSearch.parse({ sort: 'name' }))).toBe(false);
    expect(hasProductsFilters(ProductsSearch.parse({ available: false }))).toBe(true);
  });

  it('reads the store of /products/list/{locationId}', () => {
    expect(parseLocationId('12')).toBe(12);
    expect(parseLocationId('abc')).toBeUndefined();
    expect(parseLocationId('0')).toBeUndefined();
  });

  it('asks the API 50 a page with the store, the filters and the sort', () => {
    const search = ProductsSearch.parse({ page: 2, search: 'acucar', category: 'Açúcar', available: true, sort: 'price_desc' });
    expect(toProductsQuery(search, 7)).toEqual({ page: 2, quantity: 50, query: 'acucar', location_id: 7, category: 'Açúcar', available: 'true', sort: 'price_desc' });
    expect(toProductsQuery(ProductsSearch.parse({}), undefined)).toEqual({ page: 1, quantity: 50 });
  });
});
