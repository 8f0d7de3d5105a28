import { createFileRoute } from '@tanstack/react-router';
import { loadCampaign } from '../../../../features/messaging-campaigns/api';
import { CampaignViewPage } from '../../../../features/messaging-campaigns/campaign-view-page';
import { CampaignNotFound, CampaignRouteError, MessagingLoading } from '../../../../features/messaging-campaigns/load-states';

export const Route = createFileRoute('/_private/messaging-campaigns/view/$id')({
  loader: ({ context, params }) => loadCampaign(context.queryClient, context.session.account.id, params.id),
  pendingComponent: MessagingLoading,
  notFoundComponent: CampaignNotFound,
  errorComponent: CampaignRouteError,
  component: function ViewCampaign() {
    const campaign = Route.useLoaderData();
    return <CampaignViewPage key={campaign.id} campaignId={campaign.id} />;
  },
});
