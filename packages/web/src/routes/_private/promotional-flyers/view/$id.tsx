import { createFileRoute } from '@tanstack/react-router';
import { loadFlyer } from '../../../../features/flyers/api';
import { FlyerViewPage } from '../../../../features/flyers/flyer-view-page';
import { FlyerLoading, FlyerNotFound, FlyerRouteError } from '../../../../features/flyers/flyer-load-states';

export const Route = createFileRoute('/_private/promotional-flyers/view/$id')({
  loader: ({ context, params }) => loadFlyer(context.queryClient, context.session.account.id, params.id),
  pendingComponent: FlyerLoading,
  notFoundComponent: FlyerNotFound,
  errorComponent: FlyerRouteError,
  component: function ViewFlyer() {
    const flyer = Route.useLoaderData();
    return <FlyerViewPage flyerId={flyer.id} />;
  },
});
