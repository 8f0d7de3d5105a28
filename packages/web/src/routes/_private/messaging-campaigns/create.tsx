import { createFileRoute } from '@tanstack/react-router';
import { CampaignCreatePage } from '../../../features/messaging-campaigns/campaign-create-page';

export const Route = createFileRoute('/_private/messaging-campaigns/create')({
  component: () => <CampaignCreatePage />,
});
