import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { cartsListQuery } from '../../../features/shopping-carts/api';
import { CartsListPage } from '../../../features/shopping-carts/carts-list-page';
import { CARTS_SEARCH_DEFAULTS, CartsSearch } from '../../../features/shopping-carts/search';

/** Spec §2 /shopping-carts: status, search, store and page in the URL. */
export const Route = createFileRoute('/_private/shopping-carts/')({
  validateSearch: CartsSearch,
  search: { middlewares: [stripSearchParams(CARTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(cartsListQuery(context.session.account.id, deps)),
  component: function ShoppingCarts() {
    const search = Route.useSearch();
    const navigate = useNavigate();
    const onNavigate = useCallback((update: (prev: CartsSearch) => CartsSearch) => void navigate({ to: '/shopping-carts', search: update(search) }), [navigate, search]);
    return <CartsListPage search={search} onNavigate={onNavigate} />;
  },
});
