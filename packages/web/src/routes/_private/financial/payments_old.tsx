import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { paymentTransactionsQuery } from '../../../features/financial/api';
import { PaymentsOldPage } from '../../../features/financial/payments-old-page';
import { TRANSACTIONS_SEARCH_DEFAULTS, TransactionsSearch } from '../../../features/financial/search';

/** Spec §2 /financial/payments_old: the per-transaction table; filters, sort and page in the URL. */
export const Route = createFileRoute('/_private/financial/payments_old')({
  validateSearch: TransactionsSearch,
  search: { middlewares: [stripSearchParams(TRANSACTIONS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(paymentTransactionsQuery(context.session.account.id, deps)),
  component: PaymentsOld,
});

function PaymentsOld() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onNavigate = useCallback((update: (prev: TransactionsSearch) => TransactionsSearch) => void navigate({ search: update }), [navigate]);
  return <PaymentsOldPage search={search} onNavigate={onNavigate} />;
}
