import { createFileRoute } from '@tanstack/react-router';
import { loadFlyer } from '../../../../features/flyers/api';
import { FlyerEditPage } from '../../../../features/flyers/flyer-edit-page';
import { FlyerLoading, FlyerNotFound, FlyerRouteError } from '../../../../features/flyers/flyer-load-states';

export const Route = createFileRoute('/_private/promotional-flyers/edit/$id')({
  loader: ({ context, params }) => loadFlyer(context.queryClient, context.session.account.id, params.id),
  pendingComponent: FlyerLoading,
  notFoundComponent: FlyerNotFound,
  errorComponent: FlyerRouteError,
  component: function EditFlyer() {
    const flyer = Route.useLoaderData();
    return <FlyerEditPage flyerId={flyer.id} />;
  },
});
