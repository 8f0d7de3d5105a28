import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { couponMetricsQuery } from '../../../features/coupon-metrics/api';
import { CouponMetricsPage } from '../../../features/coupon-metrics/coupon-metrics-page';
import { CouponMetricsSearch } from '../../../features/coupon-metrics/metrics-search';

export const Route = createFileRoute('/_private/promotional/coupon')({
  validateSearch: CouponMetricsSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(couponMetricsQuery(context.session.account.id, deps)),
  component: CouponMetrics,
});

function CouponMetrics() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: CouponMetricsSearch) => void navigate({ search: next }), [navigate]);
  return <CouponMetricsPage search={search} onSearchChange={onSearchChange} />;
}
