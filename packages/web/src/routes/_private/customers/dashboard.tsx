import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { customersDashboardQuery } from '../../../features/customers/api';
import { CustomersDashboardPage } from '../../../features/customers/customers-dashboard-page';
import { CustomersDashboardSearch } from '../../../features/customers/dashboard-search';

export const Route = createFileRoute('/_private/customers/dashboard')({
  validateSearch: CustomersDashboardSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(customersDashboardQuery(context.session.account.id, deps)),
  component: CustomersDashboard,
});

function CustomersDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: CustomersDashboardSearch) => void navigate({ search: next }), [navigate]);
  return <CustomersDashboardPage search={search} onSearchChange={onSearchChange} />;
}
