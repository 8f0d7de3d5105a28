import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { publishersQuery } from '../../../../features/retail-media/campaign-create/api';
import { CampaignCreatePage } from '../../../../features/retail-media/campaign-create/components/campaign-create-page';

/** `?publisher_id={id}` preselects a publisher; a malformed id is ignored. */
const CreateSearch = z.object({ publisher_id: z.coerce.number().int().positive().optional().catch(undefined) });

export const Route = createFileRoute('/_private/retail-media/campaign/create')({
  validateSearch: CreateSearch,
  // Not awaited: the page shows its loading state while the publishers load.
  loader: ({ context }) => void context.queryClient.prefetchQuery(publishersQuery(context.session.account.id)),
  component: function CreateCampaign() {
    const { publisher_id } = Route.useSearch();
    return <CampaignCreatePage key={publisher_id ?? 'any'} initialPublisherId={publisher_id} />;
  },
});
