import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { tvDevicesListQuery } from '../../../features/tv-devices/api';
import { TvDevicesPage } from '../../../features/tv-devices/tv-devices-page';
import { TV_DEVICES_SEARCH_DEFAULTS, TvDevicesSearch } from '../../../features/tv-devices/tv-devices-search';

export const Route = createFileRoute('/_private/retail-media/tv-devices')({
  validateSearch: TvDevicesSearch,
  search: { middlewares: [stripSearchParams(TV_DEVICES_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(tvDevicesListQuery(context.session.account.id, deps)),
  component: TvDevices,
});

function TvDevices() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: TvDevicesSearch) => TvDevicesSearch) => void navigate({ search: update }), [navigate]);
  return <TvDevicesPage search={search} onSearchChange={onSearchChange} />;
}
