import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadWallet } from '../../../../../features/retail-media/wallets/api';
import { MovementsPage } from '../../../../../features/retail-media/wallets/movements-page';
import { WalletLoading, WalletNotFound, WalletRouteError } from '../../../../../features/retail-media/wallets/wallet-load-states';
import { WALLET_PAGE_SEARCH_DEFAULTS, WalletPageSearch } from '../../../../../features/retail-media/wallets/wallets-search';

export const Route = createFileRoute('/_private/retail-media/wallet/$id/movimentations')({
  validateSearch: WalletPageSearch,
  search: { middlewares: [stripSearchParams(WALLET_PAGE_SEARCH_DEFAULTS)] },
  loader: ({ context, params }) => loadWallet(context.queryClient, context.session.account.id, params.id),
  pendingComponent: WalletLoading,
  notFoundComponent: WalletNotFound,
  errorComponent: WalletRouteError,
  component: Movements,
});

function Movements() {
  const wallet = Route.useLoaderData();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: WalletPageSearch) => WalletPageSearch) => void navigate({ search: update }), [navigate]);
  return <MovementsPage wallet={wallet} search={search} onSearchChange={onSearchChange} />;
}
