import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { walletsListQuery } from '../../../features/retail-media/wallets/api';
import { WalletsListPage } from '../../../features/retail-media/wallets/wallets-list-page';
import { WALLETS_SEARCH_DEFAULTS, WalletsSearch } from '../../../features/retail-media/wallets/wallets-search';

export const Route = createFileRoute('/_private/retail-media/wallets')({
  validateSearch: WalletsSearch,
  search: { middlewares: [stripSearchParams(WALLETS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(walletsListQuery(context.session.account.id, deps)),
  component: Wallets,
});

function Wallets() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: WalletsSearch) => WalletsSearch) => void navigate({ search: update }), [navigate]);
  return <WalletsListPage search={search} onSearchChange={onSearchChange} />;
}
