import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { FlyersListPage } from '../../../features/flyers/flyers-list-page';
import { FLYERS_SEARCH_DEFAULTS, FlyersSearch } from '../../../features/flyers/flyers-search';
import { flyersListQuery } from '../../../features/flyers/api';

export const Route = createFileRoute('/_private/promotional-flyers/list')({
  validateSearch: FlyersSearch,
  search: { middlewares: [stripSearchParams(FLYERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading message while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(flyersListQuery(context.session.account.id, deps)),
  component: FlyersList,
});

function FlyersList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: FlyersSearch) => FlyersSearch) => void navigate({ search: update }), [navigate]);
  return <FlyersListPage search={search} onSearchChange={onSearchChange} />;
}
