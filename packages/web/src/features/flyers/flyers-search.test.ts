import { describe, expect, it } from 'vitest';
import { applyFlyersFilter, FlyersSearch, hasFlyersFilters } from './flyers-search';

describe('FlyersSearch (the flyer list query parameters)', () => {
  it('defaults to page 1 without filters', () => {
    expect(FlyersSearch.parse({})).toEqual({ page: 1, quantity: 20 });
  });

  it('keeps valid filters and drops nonsense instead of failing', () => {
    expect(FlyersSearch.parse({ page: '2', status: 'pause', start_date: '2026-11-01', end_date: '2026-11-30', search: ' Churrasco ' })).toEqual({
      page: 2,
      quantity: 20,
      status: 'pause',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      search: 'Churrasco',
    });
    expect(FlyersSearch.parse({ page: 'x', status: 'paused', start_date: '01/11/2026', search: '  ' })).toEqual({ page: 1, quantity: 20 });
  });

  it('reads a reversed range as "from the start date"', () => {
    expect(FlyersSearch.parse({ start_date: '2026-11-30', end_date: '2026-11-01' })).toEqual({ page: 1, quantity: 20, start_date: '2026-11-30' });
  });
});

describe('applyFlyersFilter', () => {
  const onPage3 = FlyersSearch.parse({ page: 3, status: 'active', search: 'Semanal' });

  it('resets the page to 1 when any filter changes', () => {
    expect(applyFlyersFilter(onPage3, { status: 'finished' })).toEqual({ page: 1, quantity: 20, status: 'finished', search: 'Semanal' });
    expect(applyFlyersFilter(onPage3, { start_date: '2026-11-01', end_date: '2026-11-07' })).toMatchObject({ page: 1, start_date: '2026-11-01', end_date: '2026-11-07' });
  });

  it('removes cleared filters', () => {
    const cleared = applyFlyersFilter(onPage3, { status: undefined, search: ' ' });
    expect(cleared).toEqual({ page: 1, quantity: 20 });
    expect(hasFlyersFilters(cleared)).toBe(false);
  });
});
