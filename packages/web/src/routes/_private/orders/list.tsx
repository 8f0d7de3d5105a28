import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ordersListQuery } from '../../../features/orders/api';
import { OrdersListPage } from '../../../features/orders/orders-list-page';
import { ORDERS_SEARCH_DEFAULTS, OrdersSearch } from '../../../features/orders/search';

/** Spec §2 /orders/list: status, store, channel, period, customer, number, sort and page in the URL. */
export const Route = createFileRoute('/_private/orders/list')({
  validateSearch: OrdersSearch,
  search: { middlewares: [stripSearchParams(ORDERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(ordersListQuery(context.session.account.id, deps)),
  component: OrdersList,
});

function OrdersList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onNavigate = useCallback((update: (prev: OrdersSearch) => OrdersSearch) => void navigate({ search: update }), [navigate]);
  return <OrdersListPage search={search} onNavigate={onNavigate} />;
}
