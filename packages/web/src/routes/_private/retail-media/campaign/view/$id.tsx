import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { loadCampaign } from '../../../../../features/retail-media/campaigns/api';
import { CampaignViewPage } from '../../../../../features/retail-media/campaigns/components/campaign-view-page';
import { CampaignNotFound, CampaignRouteError } from '../../../../../features/retail-media/campaigns/components/campaign-load-states';
import { PageLoader } from '../../../../../shared/components/page-loader';

/** `?debug=1` shows the creation payload in the change history (spec §2). */
const ViewSearch = z.object({ debug: z.coerce.number().int().optional().catch(undefined) });

export const Route = createFileRoute('/_private/retail-media/campaign/view/$id')({
  validateSearch: ViewSearch,
  loader: ({ context, params }) => loadCampaign(context.queryClient, context.session.account.id, params.id),
  pendingComponent: () => <PageLoader />,
  notFoundComponent: CampaignNotFound,
  errorComponent: CampaignRouteError,
  component: function ViewCampaign() {
    const campaign = Route.useLoaderData();
    const { debug } = Route.useSearch();
    return <CampaignViewPage id={campaign.id} debug={debug === 1} />;
  },
});
