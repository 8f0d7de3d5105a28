import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prefetchPage } from '../../../features/industry-analytics/api';
import { IndustrySearch } from '../../../features/industry-analytics/industry-search';
import { SelloutPage } from '../../../features/industry-analytics/sellout-page';

export const Route = createFileRoute('/_private/sell-out/')({
  validateSearch: IndustrySearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => prefetchPage.sellout(context.queryClient, context.session.account.id, deps),
  component: Sellout,
});

function Sellout() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: IndustrySearch) => void navigate({ search: next }), [navigate]);
  return <SelloutPage search={search} onSearchChange={onSearchChange} />;
}
