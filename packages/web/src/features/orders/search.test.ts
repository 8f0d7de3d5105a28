import { describe, expect, it } from 'vitest';
import { OrdersSearch, applyOrdersFilter, applyOrdersSort, toListQuery } from './search';

describe('orders search', () => {
  it('falls back to the defaults on a mistyped link', () => {
    expect(OrdersSearch.parse({ page: 'x', status: 'nope', order_sort: 'name', number: '-3' })).toEqual({ page: 1, order_sort: 'created_at', order_dir: 'desc' });
  });

  it('a filter change drops blanks and restarts at page 1, keeping the sort', () => {
    const search = OrdersSearch.parse({ page: 3, status: 'paid', channel: 'vtex', order_sort: 'total' });
    expect(applyOrdersFilter(search, { channel: undefined, location_id: 7 })).toEqual({ page: 1, status: 'paid', location_id: 7, order_sort: 'total', order_dir: 'desc' });
  });

  it('sorting the same column flips its direction; another column starts descending', () => {
    const search = OrdersSearch.parse({ page: 2 });
    const byTotal = applyOrdersSort(search, 'total');
    expect(byTotal).toMatchObject({ page: 1, order_sort: 'total', order_dir: 'desc' });
    expect(applyOrdersSort(byTotal, 'total')).toMatchObject({ order_dir: 'asc' });
    expect(applyOrdersSort(applyOrdersSort(byTotal, 'total'), 'number')).toMatchObject({ order_sort: 'number', order_dir: 'desc' });
  });

  it('asks the API for 50 a page with its own sort names', () => {
    expect(toListQuery(OrdersSearch.parse({ from: '2026-11-01', to: '2026-11-20' }))).toEqual({ page: 1, from: '2026-11-01', to: '2026-11-20', order_by: 'created_at', order_direction: 'desc', quantity: 50 });
  });
});
