import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prefetchCustomers } from '../../../features/grocery-analytics/api';
import { CustomersPage } from '../../../features/grocery-analytics/customers-page';
import { hasStore, type GrocerySearch } from '../../../features/grocery-analytics/grocery-search';
import { SalesSearch } from '../../../features/sales-dashboard/sales-search';

export const Route = createFileRoute('/_private/analytics/customers')({
  // The sales dashboard's URL state (GrocerySearch is the same), so no more code loads before the page.
  validateSearch: SalesSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner. Without a
  // supermarket there is nothing to ask for: the page asks for one first.
  loader: ({ context, deps }) => {
    if (hasStore(deps)) prefetchCustomers(context.queryClient, context.session.account.id, deps);
  },
  component: Customers,
});

function Customers() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: GrocerySearch) => void navigate({ search: next }), [navigate]);
  return <CustomersPage search={search} onSearchChange={onSearchChange} />;
}
