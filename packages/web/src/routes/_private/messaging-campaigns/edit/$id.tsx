import { createFileRoute } from '@tanstack/react-router';
import { loadCampaign } from '../../../../features/messaging-campaigns/api';
import { CampaignEditPage } from '../../../../features/messaging-campaigns/campaign-edit-page';
import { CampaignNotFound, CampaignRouteError, MessagingLoading } from '../../../../features/messaging-campaigns/load-states';

export const Route = createFileRoute('/_private/messaging-campaigns/edit/$id')({
  loader: ({ context, params }) => loadCampaign(context.queryClient, context.session.account.id, params.id),
  pendingComponent: MessagingLoading,
  notFoundComponent: CampaignNotFound,
  errorComponent: CampaignRouteError,
  component: function EditCampaign() {
    const campaign = Route.useLoaderData();
    return <CampaignEditPage key={campaign.id} campaignId={campaign.id} />;
  },
});
