import { createFileRoute } from '@tanstack/react-router';
import { campaignFunnelQuery, ensureOrNotFound, parseId } from '../../../../../features/messaging-campaigns/api';
import { CampaignFunnelPage } from '../../../../../features/messaging-campaigns/campaign-funnel-page';
import { CampaignNotFound, CampaignRouteError, MessagingLoading } from '../../../../../features/messaging-campaigns/load-states';

export const Route = createFileRoute('/_private/messaging-campaigns/view/dashboard/$id')({
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    return ensureOrNotFound(() => context.queryClient.ensureQueryData(campaignFunnelQuery(context.session.account.id, id))).then(() => id);
  },
  pendingComponent: MessagingLoading,
  notFoundComponent: CampaignNotFound,
  errorComponent: CampaignRouteError,
  component: function CampaignDashboard() {
    const id = Route.useLoaderData();
    return <CampaignFunnelPage key={id} campaignId={id} />;
  },
});
