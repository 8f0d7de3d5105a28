import { createFileRoute } from '@tanstack/react-router';
import { loadCampaign } from '../../../../features/messaging-campaigns/api';
import { CampaignCreatePage } from '../../../../features/messaging-campaigns/campaign-create-page';
import { CampaignNotFound, CampaignRouteError, MessagingLoading } from '../../../../features/messaging-campaigns/load-states';

export const Route = createFileRoute('/_private/messaging-campaigns/duplicate/$id')({
  loader: ({ context, params }) => loadCampaign(context.queryClient, context.session.account.id, params.id),
  pendingComponent: MessagingLoading,
  notFoundComponent: CampaignNotFound,
  errorComponent: CampaignRouteError,
  component: function DuplicateCampaign() {
    const campaign = Route.useLoaderData();
    return <CampaignCreatePage key={campaign.id} duplicateId={campaign.id} />;
  },
});
