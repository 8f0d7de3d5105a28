import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateIntegrationKeyBody } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { accountInfoQuery } from '../../shared/account/queries';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';

export type IntegrationKey = components['schemas']['IntegrationKey'];
export type CreatedIntegrationKey = components['schemas']['CreatedIntegrationKey'];
export type CreateIntegrationKeyInput = z.input<typeof CreateIntegrationKeyBody>;

/** Keys per account, so another account's keys never show after switching. */
export const integrationKeyKeys = {
  list: (accountId: number) => ['account', accountId, 'integration-keys'] as const,
};

// The page shows its own error banner, so the global toast stays quiet on the load.
export const integrationKeysQuery = (accountId: number) =>
  queryOptions({
    queryKey: integrationKeyKeys.list(accountId),
    queryFn: () => unwrap(api.GET('/api/integration-key')).then((r) => r.data),
    meta: { silent: true },
  });

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Whether the signed-in user is an admin of the current account: only admins manage keys. */
export function useIsAdmin(): boolean | undefined {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  return data ? (data.find((a) => a.current) ?? data[0])?.role === 'admin' : undefined;
}

export function useCreateIntegrationKey() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: CreateIntegrationKeyInput) => unwrap(api.POST('/api/integration-key', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeyKeys.list(accountId) }),
  });
}

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/integration-key/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return queryClient.invalidateQueries({ queryKey: integrationKeyKeys.list(accountId) });
    },
  });
}
