import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ruptureDashboardQuery } from '../../../../features/order-dashboards/api';
import { DashboardSearch } from '../../../../features/order-dashboards/dashboard-search';
import { RuptureDashboardPage } from '../../../../features/order-dashboards/rupture-dashboard-page';

export const Route = createFileRoute('/_private/orders/rupture-dashboard/')({
  validateSearch: DashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(ruptureDashboardQuery(context.session.account.id, deps)),
  component: RuptureDashboard,
});

function RuptureDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DashboardSearch) => void navigate({ search: next }), [navigate]);
  return <RuptureDashboardPage search={search} onSearchChange={onSearchChange} />;
}
