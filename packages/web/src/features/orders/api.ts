import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@backoffice/contracts';
import type { components } from '../../shared/api/schema';
import { api, unwrap } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import { toListQuery, type OrdersSearch } from './search';
import type { FullOrder } from './types';

export { storesQuery } from '../locations/api';

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Keys per account, so another account's orders never show after switching. */
export const orderKeys = {
  all: (accountId: number) => ['account', accountId, 'orders'] as const,
  lists: (accountId: number) => [...orderKeys.all(accountId), 'list'] as const,
  list: (accountId: number, query: OrdersSearch) => [...orderKeys.lists(accountId), query] as const,
  board: (accountId: number) => [...orderKeys.all(accountId), 'board'] as const,
  detail: (accountId: number, id: number) => [...orderKeys.all(accountId), 'detail', id] as const,
  customers: (accountId: number, query: string) => [...orderKeys.all(accountId), 'customers', query] as const,
  products: (accountId: number, locationId: number, query: string) => [...orderKeys.all(accountId), 'products', locationId, query] as const,
  operators: (accountId: number, locationId: number) => [...orderKeys.all(accountId), 'operators', locationId] as const,
};

// Lists and pages show their own error states: the global toast stays quiet.
export const ordersListQuery = (accountId: number, query: OrdersSearch) =>
  queryOptions({
    queryKey: orderKeys.list(accountId, query),
    queryFn: () => unwrap(api.GET('/search/orders', { params: { query: toListQuery(query) } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const orderBoardQuery = (accountId: number) =>
  queryOptions({
    queryKey: orderKeys.board(accountId),
    queryFn: () => unwrap(api.GET('/search/orders-by-status', { params: { query: { quantity: 20 } } })),
    meta: { silent: true },
  });

export const fullOrderQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(accountId, id),
    queryFn: (): Promise<FullOrder> => unwrap(api.GET('/api/order/full-order/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const orderCustomersQuery = (accountId: number, query: string) =>
  queryOptions({
    queryKey: orderKeys.customers(accountId, query),
    queryFn: () => unwrap(api.GET('/search/customers', { params: { query: { search: query || undefined, page: 1, quantity: 20 } } })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });

/** The store's products matching what the picker typed, each with the store's offer (for a substitute or an added line). */
export const storeProductsQuery = (accountId: number, locationId: number, query: string) =>
  queryOptions({
    queryKey: orderKeys.products(accountId, locationId, query),
    queryFn: () => unwrap(api.GET('/search/products', { params: { query: { query: query || undefined, location_id: locationId, page: 1, quantity: 10 } } })).then((r) => r.data),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });

/** The store's active operators, who may be named as the picker. */
export const storeOperatorsQuery = (accountId: number, locationId: number) =>
  queryOptions({
    queryKey: orderKeys.operators(accountId, locationId),
    queryFn: () => unwrap(api.GET('/api/operator', { params: { query: { location_id: locationId, active: 'true', page: 1, quantity: 100 } } })).then((r) => r.data),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

function useOrderCache() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return ({ message, ...full }: FullOrder & { message: string }) => {
    notifySuccess(message);
    queryClient.setQueryData(orderKeys.detail(accountId, full.order.id), full);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.lists(accountId) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.board(accountId) }),
    ]);
  };
}

/** Moves the order through the state machine; a refused move (409) is shown in the server's words by the caller. */
export function useMoveOrder() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, status, note }: { id: number; status: OrderStatus; note?: string }) =>
      unwrap(api.POST('/api/picking/status/{id}', { params: { path: { id } }, body: { status, note: note || undefined } })),
    onSuccess: store,
  });
}

export function useCancelOrder() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (orderId: number) => unwrap(api.POST('/api/order/cancel/{orderId}', { params: { path: { orderId } } })),
    onSuccess: store,
  });
}

export type PickItemsBody = components['schemas']['PickItemsBodyInput'];
export type OrderDiscountBody = components['schemas']['OrderDiscountBodyInput'];
export type OrderAddressBody = components['schemas']['OrderAddressBodyInput'];
export type FraudDecision = 'pending' | 'approved' | 'denied';

/** Records how lines were picked (and lines added); the answer carries the recomputed totals. */
export function usePickItems() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: number; body: PickItemsBody }) => unwrap(api.POST('/api/order/items/{id}', { params: { path: { id } }, body })),
    onSuccess: store,
  });
}

/** Back to picking with every line pending. */
export function useRestartPicking() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => unwrap(api.POST('/api/picking/restart/{id}', { params: { path: { id } } })),
    onSuccess: store,
  });
}

export function useOrderDiscount() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: OrderDiscountBody) => unwrap(api.PUT('/api/order/discount', { body })),
    onSuccess: store,
  });
}

export function useFraudDecision() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ orderId, status }: { orderId: number; status: FraudDecision }) =>
      unwrap(api.PUT('/api/payment-hub/fraud-analyze/{orderId}/status', { params: { path: { orderId } }, body: { status } })),
    onSuccess: store,
  });
}

/** A new delivery address; the answer has the serving region's fee and the new totals. */
export function useOrderAddress() {
  const store = useOrderCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: number; body: OrderAddressBody }) => unwrap(api.POST('/api/order/address/{id}', { params: { path: { id } }, body })),
    onSuccess: store,
  });
}
