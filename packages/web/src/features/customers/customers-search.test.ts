import { describe, expect, it } from 'vitest';
import { applyCustomersFilter, CustomersSearch, toCustomersQuery } from './customers-search';
import { CustomersDashboardSearch } from './dashboard-search';
import { defaultPeriod } from '../../shared/ui/period';

describe('the customers list’s URL', () => {
  it('asks 50 a page from page 1, with only the filters given', () => {
    expect(toCustomersQuery(CustomersSearch.parse({}))).toEqual({ page: 1, quantity: 50 });
    expect(toCustomersQuery(CustomersSearch.parse({ page: '3', search: ' conceicao ', tag: 'vip', location_id: '2', opt_in: true }))).toEqual({
      page: 3,
      quantity: 50,
      search: 'conceicao',
      tag: 'vip',
      location_id: 2,
      opt_in: 'true',
    });
  });

  it('falls back to the defaults on a mistyped link', () => {
    expect(CustomersSearch.parse({ page: 'x', location_id: '-1', opt_in: 'maybe' })).toEqual({ page: 1 });
  });

  it('starts again at page 1 when a filter changes, and drops blanks', () => {
    expect(applyCustomersFilter({ page: 4, search: 'ana', tag: 'vip' }, { tag: ' ', opt_in: false })).toEqual({ page: 1, search: 'ana', opt_in: false });
  });
});

describe('the dashboard’s URL', () => {
  it('is the last 30 days by default, and keeps a valid period and store', () => {
    expect(CustomersDashboardSearch.parse({})).toEqual(defaultPeriod());
    expect(CustomersDashboardSearch.parse({ start_date: '2026-11-01', end_date: '2026-11-20', location_id: '3' })).toEqual({ start_date: '2026-11-01', end_date: '2026-11-20', location_id: 3 });
  });

  it('replaces a reversed or too long period with the default', () => {
    expect(CustomersDashboardSearch.parse({ start_date: '2026-11-20', end_date: '2026-11-01' })).toEqual(defaultPeriod());
    expect(CustomersDashboardSearch.parse({ start_date: '2024-01-01', end_date: '2026-11-01' })).toEqual(defaultPeriod());
  });
});
