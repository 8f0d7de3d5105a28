import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErpBatchKind, ErpCallbackBody } from '@backoffice/contracts';
import type { z } from 'zod';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { accountInfoQuery } from '../../shared/account/queries';
import { useSession } from '../../shared/session/session';
import { ERP_PAGE_SIZE } from './erp-search';

export type ErpBatch = components['schemas']['ErpBatch'];
export type ErpBatchDetail = components['schemas']['ErpBatchDetail'];
export type ErpCallbackConfig = components['schemas']['ErpCallbackConfig'];
export type ErpCallbackSaved = components['schemas']['ErpCallbackSaved'];
export type ErpCallbackDelivery = components['schemas']['ErpCallbackDelivery'];
export type ErpCallbackInput = z.input<typeof ErpCallbackBody>;

/** Keys per account, so another account's batches never show after switching. */
export const erpKeys = {
  all: (accountId: number) => ['account', accountId, 'erp'] as const,
  batches: (accountId: number, page: number, kind: ErpBatchKind | undefined) => [...erpKeys.all(accountId), 'batches', page, kind ?? 'all'] as const,
  batch: (accountId: number, id: number, page: number) => [...erpKeys.all(accountId), 'batch', id, page] as const,
  callback: (accountId: number) => [...erpKeys.all(accountId), 'callback'] as const,
  deliveries: (accountId: number, page: number) => [...erpKeys.all(accountId), 'deliveries', page] as const,
};

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Whether the signed-in user is an admin of the current account: the ERP integration is admins' only. */
export function useIsAdmin(): boolean | undefined {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  return data ? (data.find((a) => a.current) ?? data[0])?.role === 'admin' : undefined;
}

// The page shows its own error states, so the global toast stays quiet on the loads.
export const erpBatchesQuery = (accountId: number, page: number, kind: ErpBatchKind | undefined) =>
  queryOptions({
    queryKey: erpKeys.batches(accountId, page, kind),
    queryFn: () => unwrap(api.GET('/api/integration/erp/batches', { params: { query: { page, quantity: ERP_PAGE_SIZE, ...(kind ? { kind } : {}) } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const erpBatchQuery = (accountId: number, id: number, page: number) =>
  queryOptions({
    queryKey: erpKeys.batch(accountId, id, page),
    queryFn: () => unwrap(api.GET('/api/integration/erp/batches/{id}', { params: { path: { id }, query: { page, quantity: ERP_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const erpCallbackQuery = (accountId: number) =>
  queryOptions({
    queryKey: erpKeys.callback(accountId),
    queryFn: () => unwrap(api.GET('/api/integration/erp/callback')),
    meta: { silent: true },
  });

export const erpDeliveriesQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: erpKeys.deliveries(accountId, page),
    queryFn: () => unwrap(api.GET('/api/integration/erp/callback/deliveries', { params: { query: { page, quantity: ERP_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

function useInvalidateCallback() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () => queryClient.invalidateQueries({ queryKey: erpKeys.callback(accountId) });
}

export function useSaveErpCallback() {
  const invalidate = useInvalidateCallback();
  return useMutation({
    mutationFn: (body: ErpCallbackInput) => unwrap(api.PUT('/api/integration/erp/callback', { body })),
    onSuccess: invalidate,
    // The form shows a refused URL on its field (and other errors itself).
    meta: { silent: true },
  });
}

export function useRotateErpSecret() {
  const invalidate = useInvalidateCallback();
  return useMutation({ mutationFn: () => unwrap(api.POST('/api/integration/erp/callback/secret')), onSuccess: invalidate });
}

export function useTestErpCallback() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/integration/erp/callback/test')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...erpKeys.all(accountId), 'deliveries'] }),
  });
}
