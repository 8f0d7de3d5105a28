import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CampaignsListPage } from '../../../features/retail-media/campaigns/components/campaigns-list-page';
import { CAMPAIGNS_SEARCH_DEFAULTS, CampaignsSearch } from '../../../features/retail-media/campaigns/search';
import { campaignsListQuery } from '../../../features/retail-media/campaigns/api';

export const Route = createFileRoute('/_private/retail-media/campaigns')({
  validateSearch: CampaignsSearch,
  search: { middlewares: [stripSearchParams(CAMPAIGNS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton rows while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(campaignsListQuery(context.session.account.id, deps)),
  component: CampaignsList,
});

function CampaignsList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: CampaignsSearch) => CampaignsSearch) => void navigate({ search: update }), [navigate]);
  return <CampaignsListPage search={search} onSearchChange={onSearchChange} />;
}
