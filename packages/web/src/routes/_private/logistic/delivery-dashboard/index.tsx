import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { deliveryDashboardQuery } from '../../../../features/delivery/api';
import { DeliveryDashboardPage } from '../../../../features/delivery/delivery-dashboard-page';
import { DeliveryDashboardSearch } from '../../../../features/delivery/dashboard-search';

export const Route = createFileRoute('/_private/logistic/delivery-dashboard/')({
  validateSearch: DeliveryDashboardSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(deliveryDashboardQuery(context.session.account.id, deps)),
  component: DeliveryDashboard,
});

function DeliveryDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: DeliveryDashboardSearch) => void navigate({ search: next }), [navigate]);
  return <DeliveryDashboardPage search={search} onSearchChange={onSearchChange} />;
}
