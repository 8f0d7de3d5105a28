import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { locationsListQuery } from '../../../features/locations/api';
import { LocationsListPage } from '../../../features/locations/locations-list-page';
import { LOCATIONS_SEARCH_DEFAULTS, LocationsSearch } from '../../../features/locations/locations-search';

export const Route = createFileRoute('/_private/locations/list')({
  validateSearch: LocationsSearch,
  search: { middlewares: [stripSearchParams(LOCATIONS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the list loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(locationsListQuery(context.session.account.id, deps)),
  component: LocationsList,
});

function LocationsList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: LocationsSearch) => LocationsSearch) => void navigate({ search: update }), [navigate]);
  return <LocationsListPage search={search} onSearchChange={onSearchChange} />;
}
