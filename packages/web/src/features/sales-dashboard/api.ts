import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SalesExport } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import { downloadedFile } from '../../shared/api/download';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { salesQuery, type SalesSearch } from './sales-search';

type Schemas = components['schemas'];
export type SalesCards = Schemas['SalesCards'];
export type GmvPerDay = Schemas['GmvPerDay'];
export type MarginPerDay = Schemas['MarginPerDay'];
export type TopProducts = Schemas['TopProducts'];
export type TopCustomers = Schemas['TopCustomers'];
export type SalesFileFormat = 'csv' | 'xlsx';

/** Keys per account, so another account's numbers never show after switching. */
export const salesDashboardKeys = {
  all: (accountId: number) => ['account', accountId, 'sales-dashboard'] as const,
  part: (accountId: number, part: 'cards' | 'gmv-per-day' | 'margin-per-day' | 'top-products' | 'top-customers', search: SalesSearch) =>
    [...salesDashboardKeys.all(accountId), part, search] as const,
};

// Each panel shows its own error, so the global toast stays quiet; the previous numbers stay
// (dimmed) while new filters load.
const common = { placeholderData: keepPreviousData, meta: { silent: true } } as const;
const params = (search: SalesSearch) => ({ params: { query: salesQuery(search) } });

export const salesCardsQuery = (accountId: number, search: SalesSearch) =>
  queryOptions({
    queryKey: salesDashboardKeys.part(accountId, 'cards', search),
    queryFn: () => unwrap(api.GET('/api/data-service/dashboard/cards', params(search))),
    ...common,
  });

export const gmvPerDayQuery = (accountId: number, search: SalesSearch) =>
  queryOptions({
    queryKey: salesDashboardKeys.part(accountId, 'gmv-per-day', search),
    queryFn: () => unwrap(api.GET('/api/data-service/dashboard/gmv-per-day', params(search))),
    ...common,
  });

export const marginPerDayQuery = (accountId: number, search: SalesSearch) =>
  queryOptions({
    queryKey: salesDashboardKeys.part(accountId, 'margin-per-day', search),
    queryFn: () => unwrap(api.GET('/api/data-service/dashboard/margin-per-day', params(search))),
    ...common,
  });

export const topProductsQuery = (accountId: number, search: SalesSearch) =>
  queryOptions({
    queryKey: salesDashboardKeys.part(accountId, 'top-products', search),
    queryFn: () => unwrap(api.GET('/api/data-service/dashboard/top-products', params(search))),
    ...common,
  });

export const topCustomersQuery = (accountId: number, search: SalesSearch) =>
  queryOptions({
    queryKey: salesDashboardKeys.part(accountId, 'top-customers', search),
    queryFn: () => unwrap(api.GET('/api/data-service/dashboard/top-customers', params(search))),
    ...common,
  });

/** Starts every query of the page at once (the route's loader; not awaited). */
export function prefetchSalesDashboard(queryClient: QueryClient, accountId: number, search: SalesSearch) {
  void queryClient.prefetchQuery(salesCardsQuery(accountId, search));
  void queryClient.prefetchQuery(gmvPerDayQuery(accountId, search));
  void queryClient.prefetchQuery(marginPerDayQuery(accountId, search));
  void queryClient.prefetchQuery(topProductsQuery(accountId, search));
  void queryClient.prefetchQuery(topCustomersQuery(accountId, search));
}

/** A table of the dashboard as CSV or XLSX with the screen's filters, under the server's file name. */
export function fetchSalesFile(report: SalesExport, format: SalesFileFormat, search: SalesSearch) {
  const call = api.GET('/api/data-service/dashboard/export', { params: { query: { ...salesQuery(search), report, format } }, parseAs: 'blob' });
  return downloadedFile(call, `vendas-${report}-${search.from}-${search.to}.${format}`);
}

export const useAccountId = () => useSession()?.account.id ?? 0;
