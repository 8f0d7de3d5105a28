import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import type { CouponMetricsSearch } from './metrics-search';

export type CouponMetrics = components['schemas']['CouponMetrics'];
export type TopCoupon = components['schemas']['TopCoupon'];

/** Keys per account, so another account's numbers never show after switching. */
export const couponMetricsKeys = {
  all: (accountId: number) => ['account', accountId, 'coupon-metrics'] as const,
  range: (accountId: number, search: CouponMetricsSearch) => [...couponMetricsKeys.all(accountId), search] as const,
};

// The page shows its own "Erro: {message}" banner, so the global toast stays quiet.
export const couponMetricsQuery = (accountId: number, search: CouponMetricsSearch) =>
  queryOptions({
    queryKey: couponMetricsKeys.range(accountId, search),
    queryFn: () => unwrap(api.GET('/api/promotion/coupon-metrics', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useAccountId = () => useSession()?.account.id ?? 0;
