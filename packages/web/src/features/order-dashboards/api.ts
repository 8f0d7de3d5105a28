import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import type { DashboardSearch, PickingSearch } from './dashboard-search';

export { storesQuery, type StoreOption } from '../locations/api';

export type OrdersDashboard = components['schemas']['OrdersDashboard'];
export type PickingDashboard = components['schemas']['PickingDashboard'];
export type ConversionDashboard = components['schemas']['ConversionDashboard'];
export type RuptureDashboard = components['schemas']['RuptureDashboard'];

/** Keys per account, so another account's numbers never show after switching. */
export const orderDashboardKeys = {
  all: (accountId: number) => ['account', accountId, 'order-dashboards'] as const,
  orders: (accountId: number, search: DashboardSearch) => [...orderDashboardKeys.all(accountId), 'orders', search] as const,
  picking: (accountId: number, search: PickingSearch) => [...orderDashboardKeys.all(accountId), 'picking', search] as const,
  conversion: (accountId: number, search: DashboardSearch) => [...orderDashboardKeys.all(accountId), 'conversion', search] as const,
  rupture: (accountId: number, search: DashboardSearch) => [...orderDashboardKeys.all(accountId), 'rupture', search] as const,
};

// Each page shows its own error banner, so the global toast stays quiet; the previous numbers stay
// (dimmed) while a new period loads.
const common = { placeholderData: keepPreviousData, meta: { silent: true } } as const;

const storeQuery = ({ from, to, location_id }: DashboardSearch) => ({ from, to, ...(location_id ? { location_id } : {}) });

export const ordersDashboardQuery = (accountId: number, search: DashboardSearch) =>
  queryOptions({
    queryKey: orderDashboardKeys.orders(accountId, search),
    queryFn: () =>
      unwrap(api.GET('/api/data-service/orders-dashboard', { params: { query: { ...storeQuery(search), ...(search.channel ? { channel: search.channel } : {}) } } })),
    ...common,
  });

export const pickingDashboardQuery = (accountId: number, search: PickingSearch) =>
  queryOptions({
    queryKey: orderDashboardKeys.picking(accountId, search),
    queryFn: () =>
      unwrap(api.GET('/api/data-service/picking-dashboard', { params: { query: { ...storeQuery(search), ...(search.mode ? { fulfilment: search.mode } : {}) } } })),
    ...common,
  });

export const conversionDashboardQuery = (accountId: number, search: DashboardSearch) =>
  queryOptions({
    queryKey: orderDashboardKeys.conversion(accountId, search),
    queryFn: () => unwrap(api.GET('/api/data-service/conversion-dashboard', { params: { query: storeQuery(search) } })),
    ...common,
  });

export const ruptureDashboardQuery = (accountId: number, search: DashboardSearch) =>
  queryOptions({
    queryKey: orderDashboardKeys.rupture(accountId, search),
    queryFn: () => unwrap(api.GET('/api/data-service/rupture-dashboard', { params: { query: storeQuery(search) } })),
    ...common,
  });

export const useAccountId = () => useSession()?.account.id ?? 0;
