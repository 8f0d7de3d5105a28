import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { customersListQuery } from '../../../features/customers/api';
import { CustomersListPage } from '../../../features/customers/customers-list-page';
import { CUSTOMERS_SEARCH_DEFAULTS, CustomersSearch, toCustomersQuery } from '../../../features/customers/customers-search';

export const Route = createFileRoute('/_private/customers/list')({
  validateSearch: CustomersSearch,
  search: { middlewares: [stripSearchParams(CUSTOMERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(customersListQuery(context.session.account.id, toCustomersQuery(deps))),
  component: CustomersList,
});

function CustomersList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onNavigate = useCallback((update: (prev: CustomersSearch) => CustomersSearch) => void navigate({ search: update }), [navigate]);
  return <CustomersListPage search={search} onNavigate={onNavigate} />;
}
