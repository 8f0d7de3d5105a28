import { z } from 'zod';
import { UserListQuery } from '@backoffice/contracts';

/** Spec §9: the users list shows 50 per page. */
export const USERS_PAGE_SIZE = 50;

const query = UserListQuery.shape;

/**
 * The users list's URL state (spec §2): the API's own list query, made forgiving so a mistyped
 * link falls back to the defaults instead of failing the page.
 */
export const UsersSearch = z.object({
  page: query.page.catch(1),
  quantity: query.quantity.catch(USERS_PAGE_SIZE),
  name: query.name.catch(undefined).optional(),
  email: query.email.catch(undefined).optional(),
  role: query.role.catch(undefined),
});

export type UsersSearch = z.output<typeof UsersSearch>;
export type UsersFilters = Pick<UsersSearch, 'name' | 'email' | 'role'>;

/** Search values equal to these are left out of the URL. */
export const USERS_SEARCH_DEFAULTS = { page: 1, quantity: USERS_PAGE_SIZE } as const;

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyUsersFilter(search: UsersSearch, patch: Partial<UsersFilters>): UsersSearch {
  const merged = { ...search, ...patch };
  const next: UsersSearch = { page: 1, quantity: merged.quantity };
  const name = merged.name?.trim();
  const email = merged.email?.trim();
  if (name) next.name = name;
  if (email) next.email = email;
  if (merged.role) next.role = merged.role;
  return next;
}

export const hasUsersFilters = (search: UsersSearch) => Boolean(search.name || search.email || search.role);
