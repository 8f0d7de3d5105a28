import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { advertisersQuery } from '../../../features/retail-media/config/api';
import { AdvertisersPage } from '../../../features/retail-media/config/advertisers-page';
import { PARTNERS_SEARCH_DEFAULTS, PartnersSearch } from '../../../features/retail-media/config/partners-search';

export const Route = createFileRoute('/_private/retail-media/advertisers')({
  validateSearch: PartnersSearch,
  search: { middlewares: [stripSearchParams(PARTNERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(advertisersQuery(context.session.account.id, deps)),
  component: Advertisers,
});

function Advertisers() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: PartnersSearch) => PartnersSearch) => void navigate({ search: update }), [navigate]);
  return <AdvertisersPage search={search} onSearchChange={onSearchChange} />;
}
