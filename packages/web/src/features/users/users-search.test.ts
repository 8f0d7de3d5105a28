import { describe, expect, it } from 'vitest';
import { applyUsersFilter, hasUsersFilters, UsersSearch } from './users-search';

describe('UsersSearch (the users list query parameters)', () => {
  it('defaults to page 1 with 50 per page and no filters', () => {
    expect(UsersSearch.parse({})).toEqual({ page: 1, quantity: 50 });
  });

  it('coerces numbers written as text and trims the text filters', () => {
    expect(UsersSearch.parse({ page: '3', quantity: '20', name: '  Ana ', email: 'ana@', role: 'manager' })).toEqual({
      page: 3,
      quantity: 20,
      name: 'Ana',
      email: 'ana@',
      role: 'manager',
    });
  });

  it('falls back to the defaults for values that make no sense instead of failing', () => {
    expect(UsersSearch.parse({ page: 'abc', quantity: 0, role: 'owner', name: 42 })).toEqual({ page: 1, quantity: 50 });
    expect(UsersSearch.parse({ page: -2, quantity: 9999 })).toEqual({ page: 1, quantity: 50 });
  });

  it('drops blank text filters and unknown parameters', () => {
    expect(UsersSearch.parse({ name: '   ', email: '', utm: 'x' })).toEqual({ page: 1, quantity: 50 });
  });
});

describe('applyUsersFilter', () => {
  const onPage4 = UsersSearch.parse({ page: 4, quantity: 50, name: 'Ana', role: 'admin' });

  it('resets the page to 1 whenever a filter changes', () => {
    expect(applyUsersFilter(onPage4, { email: 'ana@varejo.test' })).toEqual({ page: 1, quantity: 50, name: 'Ana', email: 'ana@varejo.test', role: 'admin' });
    expect(applyUsersFilter(onPage4, { role: 'operator' })).toMatchObject({ page: 1, role: 'operator' });
  });

  it('keeps the page size', () => {
    expect(applyUsersFilter({ page: 2, quantity: 20 }, { name: 'Bia' })).toEqual({ page: 1, quantity: 20, name: 'Bia' });
  });

  it('removes filters that are cleared or blank', () => {
    expect(applyUsersFilter(onPage4, { name: '  ', role: undefined })).toEqual({ page: 1, quantity: 50 });
    expect(hasUsersFilters(applyUsersFilter(onPage4, { name: undefined, email: undefined, role: undefined }))).toBe(false);
  });
});
