import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { DeliveryDashboardSearch } from './dashboard-search';

export { storesQuery, type StoreOption } from '../locations/api';

export type DeliveryDashboard = components['schemas']['DeliveryDashboard'];
export type DeliveryFigures = components['schemas']['DeliveryFigures'];
export type Delivery = components['schemas']['Delivery'];
export type DeliveryEvent = components['schemas']['DeliveryEvent'];

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Keys per account, so another account's deliveries never show after switching. */
export const deliveryKeys = {
  all: (accountId: number) => ['account', accountId, 'deliveries'] as const,
  dashboard: (accountId: number, search: DeliveryDashboardSearch) => [...deliveryKeys.all(accountId), 'dashboard', search] as const,
  order: (accountId: number, orderId: number) => [...deliveryKeys.all(accountId), 'order', orderId] as const,
};

// The screens show their own error states: the global toast stays quiet.
export const deliveryDashboardQuery = (accountId: number, search: DeliveryDashboardSearch) =>
  queryOptions({
    queryKey: deliveryKeys.dashboard(accountId, search),
    queryFn: () => unwrap(api.GET('/api/delivery-hub/dashboard', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** The order's deliveries, latest first, each with its timeline. */
export const orderDeliveriesQuery = (accountId: number, orderId: number) =>
  queryOptions({
    queryKey: deliveryKeys.order(accountId, orderId),
    queryFn: () => unwrap(api.GET('/api/delivery-hub/delivery-orders', { params: { query: { order_id: orderId } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** After a request or a cancel: the order's deliveries and the dashboard read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return async ({ message }: { message: string }) => {
    notifySuccess(message);
    await queryClient.invalidateQueries({ queryKey: deliveryKeys.all(accountId) });
  };
}

/** Requests a courier for the order; a refusal (409) is shown in the server's words by the caller. */
export function useRequestCourier(orderId: number) {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.POST('/api/delivery-hub/create', { body: { order_id: orderId, provider: 'simulator' } })),
    onSuccess: refresh,
  });
}

export function useCancelDelivery() {
  const refresh = useRefresh();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ deliveryId, reason }: { deliveryId: number; reason: string }) =>
      unwrap(api.POST('/api/delivery-hub/cancel', { body: { delivery_id: deliveryId, reason } })),
    onSuccess: refresh,
  });
}
