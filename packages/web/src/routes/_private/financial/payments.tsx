import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { paymentsByLocationQuery } from '../../../features/financial/api';
import { PaymentsPage } from '../../../features/financial/payments-page';
import { PAYMENTS_SEARCH_DEFAULTS, PaymentsSearch } from '../../../features/financial/search';

/** Spec §2 /financial/payments: period, store and method in the URL. */
export const Route = createFileRoute('/_private/financial/payments')({
  validateSearch: PaymentsSearch,
  search: { middlewares: [stripSearchParams(PAYMENTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the figures or the error banner.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(paymentsByLocationQuery(context.session.account.id, deps)),
  component: Payments,
});

function Payments() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: PaymentsSearch) => void navigate({ search: next }), [navigate]);
  return <PaymentsPage search={search} onSearchChange={onSearchChange} />;
}
