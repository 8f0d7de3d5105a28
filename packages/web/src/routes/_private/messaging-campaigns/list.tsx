import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { campaignsListQuery } from '../../../features/messaging-campaigns/api';
import { CampaignsListPage } from '../../../features/messaging-campaigns/campaigns-list-page';
import { CAMPAIGNS_SEARCH_DEFAULTS, CampaignsSearch } from '../../../features/messaging-campaigns/campaigns-search';

export const Route = createFileRoute('/_private/messaging-campaigns/list')({
  validateSearch: CampaignsSearch,
  search: { middlewares: [stripSearchParams(CAMPAIGNS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading message while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(campaignsListQuery(context.session.account.id, deps)),
  component: CampaignsList,
});

function CampaignsList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: CampaignsSearch) => CampaignsSearch) => void navigate({ search: update }), [navigate]);
  return <CampaignsListPage search={search} onSearchChange={onSearchChange} />;
}
