import { createFileRoute } from '@tanstack/react-router';
import { loadAudience } from '../../../../../features/retail-media/audiences/api';
import { AudienceLoading, AudienceNotFound, AudienceRouteError } from '../../../../../features/retail-media/audiences/audience-load-states';
import { AudienceViewPage } from '../../../../../features/retail-media/audiences/audience-view-page';

// `audiences_` keeps this page out of the list's layout: it opens on its own, in a new tab (spec §2).
export const Route = createFileRoute('/_private/retail-media/audiences_/view/$id')({
  loader: ({ context, params }) => loadAudience(context.queryClient, context.session.account.id, params.id),
  pendingComponent: AudienceLoading,
  notFoundComponent: AudienceNotFound,
  errorComponent: AudienceRouteError,
  component: function ViewAudience() {
    const audience = Route.useLoaderData();
    return <AudienceViewPage audience={audience} />;
  },
});
