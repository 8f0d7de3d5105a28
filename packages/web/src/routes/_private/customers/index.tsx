import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prefetchPage } from '../../../features/industry-analytics/api';
import { ConsumersPage } from '../../../features/industry-analytics/consumers-page';
import { IndustrySearch } from '../../../features/industry-analytics/industry-search';

/**
 * /customers is the industry's consumers dashboard (its menu's "Consumidores"); a grocery account's
 * customers live under /customers/list, where it goes instead.
 */
export const Route = createFileRoute('/_private/customers/')({
  validateSearch: IndustrySearch,
  beforeLoad: ({ context }) => {
    if (context.session.account.type !== 'industry') throw redirect({ to: '/customers/list', replace: true });
  },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state, then the numbers or the error banner.
  loader: ({ context, deps }) => prefetchPage.consumers(context.queryClient, context.session.account.id, deps),
  component: Consumers,
});

function Consumers() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: IndustrySearch) => void navigate({ search: next }), [navigate]);
  return <ConsumersPage search={search} onSearchChange={onSearchChange} />;
}
