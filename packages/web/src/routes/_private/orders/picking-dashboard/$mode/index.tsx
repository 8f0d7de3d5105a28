import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { Fulfilment } from '@backoffice/contracts';
import { pickingDashboardQuery } from '../../../../../features/order-dashboards/api';
import { DashboardSearch, parsePickingMode } from '../../../../../features/order-dashboards/dashboard-search';
import { PickingDashboardPage } from '../../../../../features/order-dashboards/picking-dashboard-page';
import { PickingModeNotFound } from '../../../../../features/order-dashboards/picking-mode-not-found';

/** /orders/picking-dashboard/{mode}: delivery or pickup only; any other mode is not found. */
export const Route = createFileRoute('/_private/orders/picking-dashboard/$mode/')({
  validateSearch: DashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) => {
    const mode = parsePickingMode(params.mode);
    if (!mode) throw notFound();
    void context.queryClient.prefetchQuery(pickingDashboardQuery(context.session.account.id, { ...deps, mode }));
    return mode;
  },
  notFoundComponent: PickingModeNotFound,
  component: PickingDashboardMode,
});

function PickingDashboardMode() {
  const mode = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DashboardSearch) => void navigate({ search: next }), [navigate]);
  const onModeChange = useCallback(
    (next: Fulfilment | null) =>
      void (next ? navigate({ to: '/orders/picking-dashboard/$mode/', params: { mode: next }, search }) : navigate({ to: '/orders/picking-dashboard/', search })),
    [navigate, search],
  );
  return <PickingDashboardPage search={search} mode={mode} onSearchChange={onSearchChange} onModeChange={onModeChange} />;
}
