import { createFileRoute } from '@tanstack/react-router';
import { loadLocation } from '../../../../features/locations/api';
import { LocationLoading, LocationNotFound, LocationRouteError } from '../../../../features/locations/location-load-states';
import { StoreMethodsPage } from '../../../../features/payment-methods/store-methods-page';

/** Spec §2 /locations/payment-methods/{id}: a store's payment methods; another account's store is not found. */
export const Route = createFileRoute('/_private/locations/payment-methods/$id')({
  loader: ({ context, params }) => loadLocation(context.queryClient, context.session.account.id, params.id),
  pendingComponent: LocationLoading,
  notFoundComponent: LocationNotFound,
  errorComponent: LocationRouteError,
  component: function StorePaymentMethods() {
    const location = Route.useLoaderData();
    return <StoreMethodsPage locationId={location.id} />;
  },
});
