import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Fulfilment } from '@backoffice/contracts';
import { pickingDashboardQuery } from '../../../../features/order-dashboards/api';
import { DashboardSearch } from '../../../../features/order-dashboards/dashboard-search';
import { PickingDashboardPage } from '../../../../features/order-dashboards/picking-dashboard-page';

export const Route = createFileRoute('/_private/orders/picking-dashboard/')({
  validateSearch: DashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(pickingDashboardQuery(context.session.account.id, deps)),
  component: PickingDashboard,
});

function PickingDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DashboardSearch) => void navigate({ search: next }), [navigate]);
  const onModeChange = useCallback(
    (mode: Fulfilment | null) => void (mode ? navigate({ to: '/orders/picking-dashboard/$mode/', params: { mode }, search }) : undefined),
    [navigate, search],
  );
  return <PickingDashboardPage search={search} mode={null} onSearchChange={onSearchChange} onModeChange={onModeChange} />;
}
