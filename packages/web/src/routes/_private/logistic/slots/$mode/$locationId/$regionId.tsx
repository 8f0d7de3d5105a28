import { createFileRoute } from '@tanstack/react-router';
import { loadSlotsScope } from '../../../../../../features/slots/slot-params';
import { SlotsPage } from '../../../../../../features/slots/slots-page';
import { SlotsLoading, SlotsNotFound, SlotsRouteError } from '../../../../../../features/slots/slots-load-states';

export const Route = createFileRoute('/_private/logistic/slots/$mode/$locationId/$regionId')({
  loader: ({ context, params }) => loadSlotsScope(context.queryClient, context.session.account.id, params),
  pendingComponent: SlotsLoading,
  notFoundComponent: SlotsNotFound,
  errorComponent: SlotsRouteError,
  component: function SlotsOfRegion() {
    return <SlotsPage scope={Route.useLoaderData()} />;
  },
});
