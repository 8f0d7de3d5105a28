import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';
import { IdParam, type ChangeRoleBody, type InviteBody } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { UsersSearch } from './users-search';
import { roleLabel } from './roles';
import { t } from '../../i18n';

export type AccountUser = components['schemas']['AccountUser'];
export type AccountUserDetail = components['schemas']['AccountUserDetail'];

/** Keys per account, so another account's users never show after switching. */
export const userKeys = {
  all: (accountId: number) => ['account', accountId, 'users'] as const,
  lists: (accountId: number) => [...userKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: UsersSearch) => [...userKeys.lists(accountId), search] as const,
  details: (accountId: number) => [...userKeys.all(accountId), 'detail'] as const,
  detail: (accountId: number, id: number) => [...userKeys.details(accountId), id] as const,
};

// The list and the edit page show their own error states, so the global "Erro" toast stays quiet.
export const usersListQuery = (accountId: number, search: UsersSearch) =>
  queryOptions({
    queryKey: userKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/user', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const userQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: userKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/user/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** Edit-page loader: an invalid id or a 404 from the API become the route's not-found state. */
export async function loadUser(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(userQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

export function useInviteUser() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    // The form shows 409/422 next to the fields; anything else is reported by the page.
    meta: { silent: true },
    mutationFn: (body: z.input<typeof InviteBody>) => unwrap(api.POST('/api/user/invite', { body })),
    onSuccess: (user) => {
      notifySuccess(t('users.new.success', { email: user.email }));
      return queryClient.invalidateQueries({ queryKey: userKeys.lists(accountId) });
    },
  });
}

export function useResendInvite() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/user/{id}/resend-invite', { params: { path: { id } } })),
    onSuccess: ({ message }) => notifySuccess(message),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: z.input<typeof ChangeRoleBody>) => unwrap(api.PUT('/api/user/change-role', { body })),
    onSuccess: (user) => {
      notifySuccess(t('users.edit.success', { name: user.name, role: roleLabel(user.role) }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists(accountId) }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail(accountId, user.id) }),
      ]);
    },
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/user/{id}/remove-from-account', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      queryClient.removeQueries({ queryKey: userKeys.detail(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists(accountId) });
    },
  });
}
