import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components, paths } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';

export { locationQuery, storesQuery, type StoreOption } from '../locations/api';

export type PaymentMethod = components['schemas']['PaymentMethod'];
export type PaymentMethodConfig = components['schemas']['PaymentMethodConfig'];
type Json<Op extends { requestBody?: unknown }> = NonNullable<Op['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;
export type CreateConfigBody = Json<paths['/api/payment-hub/payment/method-config']['post']>;
export type UpdateConfigBody = Json<paths['/api/payment-hub/payment/method-config/{id}']['put']>;

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Keys per account, so another account's configuration never shows after switching. */
export const paymentMethodKeys = {
  all: (accountId: number) => ['account', accountId, 'payment-methods'] as const,
  catalog: (accountId: number) => [...paymentMethodKeys.all(accountId), 'catalog'] as const,
  configs: (accountId: number) => [...paymentMethodKeys.all(accountId), 'configs'] as const,
};

/** The hub's methods (online and in person), in the order the screens list them. */
export const paymentMethodsQuery = (accountId: number) =>
  queryOptions({
    queryKey: paymentMethodKeys.catalog(accountId),
    queryFn: () => unwrap(api.GET('/api/payment-hub/payment/method')).then((r) => r.data),
    staleTime: Infinity,
    meta: { silent: true },
  });

const PAGE = 500;

/** Every configuration of the account: its defaults (location_id null) and each store's own, all pages. */
export const paymentConfigsQuery = (accountId: number) =>
  queryOptions({
    queryKey: paymentMethodKeys.configs(accountId),
    queryFn: async () => {
      const all: PaymentMethodConfig[] = [];
      for (let page = 1; ; page++) {
        const r = await unwrap(api.GET('/api/payment-hub/payment/method-config', { params: { query: { page, quantity: PAGE } } }));
        all.push(...r.data);
        if (page >= r.meta.total_pages) return all;
      }
    },
    meta: { silent: true },
  });

function useSaved() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return ({ message }: { message: string }) => {
    notifySuccess(message);
    return queryClient.invalidateQueries({ queryKey: paymentMethodKeys.configs(accountId) });
  };
}

// Errors reach the person as the common "Erro" toast, in the server's words.
export function useCreateConfig() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: CreateConfigBody) => unwrap(api.POST('/api/payment-hub/payment/method-config', { body })),
    onSuccess: saved,
  });
}

export function useUpdateConfig() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateConfigBody }) => unwrap(api.PUT('/api/payment-hub/payment/method-config/{id}', { params: { path: { id } }, body })),
    onSuccess: saved,
  });
}

/** Removes the own configuration: the store goes back to the account's default (the account, to the hub's). */
export function useRestoreConfig() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/payment-hub/payment/method-config/{id}', { params: { path: { id } } })),
    onSuccess: saved,
  });
}
