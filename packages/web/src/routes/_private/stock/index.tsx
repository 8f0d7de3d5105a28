import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prefetchPage } from '../../../features/industry-analytics/api';
import { IndustrySearch } from '../../../features/industry-analytics/industry-search';
import { StockPage } from '../../../features/industry-analytics/stock-page';

export const Route = createFileRoute('/_private/stock/')({
  validateSearch: IndustrySearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => prefetchPage.stock(context.queryClient, context.session.account.id, deps),
  component: Stock,
});

function Stock() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: IndustrySearch) => void navigate({ search: next }), [navigate]);
  return <StockPage search={search} onSearchChange={onSearchChange} />;
}
