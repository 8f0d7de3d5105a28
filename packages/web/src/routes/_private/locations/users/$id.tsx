import { createFileRoute } from '@tanstack/react-router';
import { loadLocation } from '../../../../features/locations/api';
import { LocationUsersPage } from '../../../../features/locations/location-users-page';
import { LocationLoading, LocationNotFound, LocationRouteError } from '../../../../features/locations/location-load-states';

export const Route = createFileRoute('/_private/locations/users/$id')({
  loader: ({ context, params }) => loadLocation(context.queryClient, context.session.account.id, params.id),
  pendingComponent: LocationLoading,
  notFoundComponent: LocationNotFound,
  errorComponent: LocationRouteError,
  component: function LocationUsers() {
    const location = Route.useLoaderData();
    return <LocationUsersPage locationId={location.id} />;
  },
});
