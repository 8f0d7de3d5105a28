import { createFileRoute } from '@tanstack/react-router';
import { loadLocation } from '../../../../features/locations/api';
import { LocationEditPage } from '../../../../features/locations/location-edit-page';
import { LocationLoading, LocationNotFound, LocationRouteError } from '../../../../features/locations/location-load-states';

export const Route = createFileRoute('/_private/locations/edit/$id')({
  loader: ({ context, params }) => loadLocation(context.queryClient, context.session.account.id, params.id),
  pendingComponent: LocationLoading,
  notFoundComponent: LocationNotFound,
  errorComponent: LocationRouteError,
  component: function EditLocation() {
    const location = Route.useLoaderData();
    return <LocationEditPage locationId={location.id} />;
  },
});
