import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import type { CartAbandonmentSearch } from './metrics-search';

export { storesQuery, type StoreOption } from '../locations/api';

export type CartAbandonmentMetrics = components['schemas']['CartAbandonmentMetrics'];
export type CartFunnel = components['schemas']['CartFunnel'];
export type CartAbandonmentDay = components['schemas']['CartAbandonmentDay'];
export type CartAbandonmentStore = components['schemas']['CartAbandonmentStore'];

/** Keys per account, so another account's numbers never show after switching. */
export const cartMetricsKeys = {
  all: (accountId: number) => ['account', accountId, 'cart-metrics'] as const,
  abandonment: (accountId: number, search: CartAbandonmentSearch) => [...cartMetricsKeys.all(accountId), 'abandonment', search] as const,
};

// The page shows its own "Erro: {message}" banner, so the global toast stays quiet.
export const cartAbandonmentQuery = (accountId: number, search: CartAbandonmentSearch) =>
  queryOptions({
    queryKey: cartMetricsKeys.abandonment(accountId, search),
    queryFn: () => unwrap(api.GET('/api/shopping-cart/metrics/cart-abandonment', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useAccountId = () => useSession()?.account.id ?? 0;
