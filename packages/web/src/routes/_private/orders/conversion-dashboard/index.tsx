import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { conversionDashboardQuery } from '../../../../features/order-dashboards/api';
import { ConversionDashboardPage } from '../../../../features/order-dashboards/conversion-dashboard-page';
import { DashboardSearch } from '../../../../features/order-dashboards/dashboard-search';

export const Route = createFileRoute('/_private/orders/conversion-dashboard/')({
  validateSearch: DashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(conversionDashboardQuery(context.session.account.id, deps)),
  component: ConversionDashboard,
});

function ConversionDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DashboardSearch) => void navigate({ search: next }), [navigate]);
  return <ConversionDashboardPage search={search} onSearchChange={onSearchChange} />;
}
