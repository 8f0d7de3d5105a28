import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { cartAbandonmentQuery } from '../../../../features/cart-metrics/api';
import { CartAbandonmentPage } from '../../../../features/cart-metrics/cart-abandonment-page';
import { CartAbandonmentSearch } from '../../../../features/cart-metrics/metrics-search';

export const Route = createFileRoute('/_private/shopping-carts/metrics/cart-abandonment')({
  validateSearch: CartAbandonmentSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(cartAbandonmentQuery(context.session.account.id, deps)),
  component: CartAbandonment,
});

function CartAbandonment() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: CartAbandonmentSearch) => void navigate({ search: next }), [navigate]);
  return <CartAbandonmentPage search={search} onSearchChange={onSearchChange} />;
}
