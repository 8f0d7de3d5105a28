import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ordersDashboardQuery } from '../../../../features/order-dashboards/api';
import { DashboardSearch } from '../../../../features/order-dashboards/dashboard-search';
import { OrdersDashboardPage } from '../../../../features/order-dashboards/orders-dashboard-page';

export const Route = createFileRoute('/_private/orders/orders-dashboard/')({
  validateSearch: DashboardSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(ordersDashboardQuery(context.session.account.id, deps)),
  component: OrdersDashboard,
});

function OrdersDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DashboardSearch) => void navigate({ search: next }), [navigate]);
  return <OrdersDashboardPage search={search} onSearchChange={onSearchChange} />;
}
