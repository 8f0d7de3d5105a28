import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { useMemo } from 'react';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { t } from '../../i18n';
import type { OperatorBody } from './operator-form-values';
import type { OperatorsQuery } from './operators-search';
import { storesQuery } from '../locations/api';

export { storesQuery, type StoreOption } from '../locations/api';

export type Operator = components['schemas']['Operator'];

/** Keys per account, so another account's operators never show after switching. */
export const operatorKeys = {
  all: (accountId: number) => ['account', accountId, 'operators'] as const,
  lists: (accountId: number) => [...operatorKeys.all(accountId), 'list'] as const,
  list: (accountId: number, query: OperatorsQuery) => [...operatorKeys.lists(accountId), query] as const,
  detail: (accountId: number, id: number) => [...operatorKeys.all(accountId), 'detail', id] as const,
};

// The list shows its own error state and the edit route its own notification, so the global toast stays quiet.
export const operatorsListQuery = (accountId: number, query: OperatorsQuery) =>
  queryOptions({
    queryKey: operatorKeys.list(accountId, query),
    queryFn: () => unwrap(api.GET('/api/operator', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const operatorQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: operatorKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/operator/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const useAccountId = () => useSession()?.account.id ?? 0;

/** The account's stores by id (empty while they load). */
export function useStores() {
  const stores = useQuery(storesQuery(useAccountId()));
  const byId = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s])), [stores.data]);
  return { ...stores, byId };
}

function useInvalidateOperators() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (operator: Operator) => {
    queryClient.setQueryData(operatorKeys.detail(accountId, operator.id), operator);
    return queryClient.invalidateQueries({ queryKey: operatorKeys.lists(accountId) });
  };
}

/** Creation: the server's "Operador adicionado com sucesso!" as a notification. */
export function useCreateOperator() {
  const invalidate = useInvalidateOperators();
  return useMutation({
    // The form shows 400 details next to the fields and other failures in its banner.
    meta: { silent: true },
    mutationFn: (body: OperatorBody) => unwrap(api.POST('/api/operator', { body })),
    onSuccess: ({ message, operator }) => {
      notifySuccess(message);
      return invalidate(operator);
    },
  });
}

/** Update: the server's "Operador atualizado com sucesso!" as a notification. */
export function useUpdateOperator(id: number) {
  const invalidate = useInvalidateOperators();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: OperatorBody) => unwrap(api.PUT('/api/operator/{id}', { params: { path: { id } }, body })),
    onSuccess: ({ message, operator }) => {
      notifySuccess(message);
      return invalidate(operator);
    },
  });
}

/** Removal (after the confirmation): "Operador removido com sucesso!"; a failure is the global "Erro" toast. */
export function useDeleteOperator() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/operator/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      queryClient.removeQueries({ queryKey: operatorKeys.detail(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: operatorKeys.lists(accountId) });
    },
  });
}

/**
 * The edit page's loader. Spec §8: when the operator cannot be loaded (404, a malformed id, any
 * failure) the page goes to /operators/list and the error's text shows there as a notification.
 * A preload (hovering a link) fails quietly; the real navigation reports it.
 */
export async function loadOperator(queryClient: QueryClient, accountId: number, rawId: string, preload = false): Promise<Operator> {
  const parsed = IdParam.safeParse({ id: rawId });
  try {
    if (!parsed.success) throw new ApiError(404, 'NOT_FOUND', t('operators.notFound'));
    return await queryClient.ensureQueryData(operatorQuery(accountId, parsed.data.id));
  } catch (error) {
    if (preload) throw error;
    notifyError(error);
    throw redirect({ to: '/operators/list/', replace: true });
  }
}
