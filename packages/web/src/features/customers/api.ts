import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import type { CustomerBody } from './customer-form-values';
import type { CustomersQuery } from './customers-search';
import type { CustomersDashboardSearch } from './dashboard-search';
import { t } from '../../i18n';

// The account's stores and the CEP lookup come from the stores screens' queries: one cache entry each.
export { geocodeQuery, storesQuery, type StoreOption } from '../locations/api';

export type Customer = components['schemas']['Customer'];
export type CustomerListItem = components['schemas']['CustomerListItem'];
export type CustomerAddress = components['schemas']['CustomerAddress'];
export type CustomerAuditEntry = components['schemas']['CustomerAuditEntry'];
export type CustomersDashboard = components['schemas']['CustomerDashboard'];

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Keys per account, so another account's customers never show after switching. */
export const customerKeys = {
  all: (accountId: number) => ['account', accountId, 'customers'] as const,
  lists: (accountId: number) => [...customerKeys.all(accountId), 'list'] as const,
  list: (accountId: number, query: CustomersQuery) => [...customerKeys.lists(accountId), query] as const,
  detail: (accountId: number, id: number) => [...customerKeys.all(accountId), 'detail', id] as const,
  audit: (accountId: number, id: number) => [...customerKeys.all(accountId), 'audit', id] as const,
  dashboard: (accountId: number, search: CustomersDashboardSearch) => [...customerKeys.all(accountId), 'dashboard', search] as const,
};

// Lists and pages show their own error states, so the global toast stays quiet.
export const customersListQuery = (accountId: number, query: CustomersQuery) =>
  queryOptions({
    queryKey: customerKeys.list(accountId, query),
    queryFn: () => unwrap(api.GET('/search/customers', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const customerQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/customer/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const customerAuditQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: customerKeys.audit(accountId, id),
    // The most recent first; a customer's trail is short, so one long page holds it.
    queryFn: () => unwrap(api.GET('/api/customer/{id}/audit', { params: { path: { id }, query: { page: 1, quantity: 100 } } })),
    meta: { silent: true },
  });

export const customersDashboardQuery = (accountId: number, search: CustomersDashboardSearch) =>
  queryOptions({
    queryKey: customerKeys.dashboard(accountId, search),
    queryFn: () => unwrap(api.GET('/api/customer/dashboard', { params: { query: { from: search.start_date, to: search.end_date, location_id: search.location_id } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

function useRefreshCustomers() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (customer: Customer) => {
    queryClient.setQueryData(customerKeys.detail(accountId, customer.id), customer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.lists(accountId) }),
      queryClient.invalidateQueries({ queryKey: customerKeys.audit(accountId, customer.id) }),
      queryClient.invalidateQueries({ queryKey: [...customerKeys.all(accountId), 'dashboard'] }),
    ]);
  };
}

/** Creation: the server's "Cliente criado com sucesso" (spec §8); the form shows a refusal itself. */
export function useCreateCustomer() {
  const refresh = useRefreshCustomers();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CustomerBody) => unwrap(api.POST('/api/customer', { body })),
    onSuccess: async ({ message, customer }) => {
      notifySuccess(message);
      await refresh(customer);
    },
  });
}

/** Update (the id travels in the body, spec §7): the server's "Cliente atualizado com sucesso". */
export function useUpdateCustomer(id: number) {
  const refresh = useRefreshCustomers();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CustomerBody) => unwrap(api.PUT('/api/customer', { body: { ...body, id } })),
    onSuccess: async ({ message, customer }) => {
      notifySuccess(message);
      await refresh(customer);
    },
  });
}

/** Saves the customer's data (the LGPD export) as a JSON file named after the customer. */
export function useExportCustomer(id: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.GET('/api/customer/{id}/export', { params: { path: { id } } })),
    onSuccess: (data) => {
      downloadJson(data, `cliente-${id}.json`);
      notifySuccess(t('customers.privacy.exported'));
      return queryClient.invalidateQueries({ queryKey: customerKeys.audit(accountId, id) });
    },
    onError: (error) => notifyError(error),
  });
}

/** Anonymisation (after its confirmation): personal fields erased, the customer kept for the totals. */
export function useAnonymizeCustomer(id: number) {
  const refresh = useRefreshCustomers();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.POST('/api/customer/{id}/anonymize', { params: { path: { id } } })),
    onSuccess: async ({ message, customer }) => {
      notifySuccess(message);
      await refresh(customer);
    },
    onError: (error) => notifyError(error),
  });
}

/** Hands a JSON document to the browser as a download. */
export function downloadJson(data: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The edit loader: a malformed id, a 404 (another account's customer too) is the route's not-found state. */
export async function loadCustomer(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(customerQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
