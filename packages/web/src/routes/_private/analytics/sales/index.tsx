import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prefetchSalesDashboard } from '../../../../features/sales-dashboard/api';
import { SalesDashboardPage } from '../../../../features/sales-dashboard/sales-dashboard-page';
import { SalesSearch } from '../../../../features/sales-dashboard/sales-search';

export const Route = createFileRoute('/_private/analytics/sales/')({
  validateSearch: SalesSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => prefetchSalesDashboard(context.queryClient, context.session.account.id, deps),
  component: SalesDashboard,
});

function SalesDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: SalesSearch) => void navigate({ search: next }), [navigate]);
  return <SalesDashboardPage search={search} onSearchChange={onSearchChange} />;
}
