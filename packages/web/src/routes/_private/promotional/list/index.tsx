import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PromotionsListPage } from '../../../../features/promotions/components/promotions-list-page';
import { PROMOTIONS_SEARCH_DEFAULTS, PromotionsSearch } from '../../../../features/promotions/search';
import { promotionsListQuery } from '../../../../features/promotions/api';

export const Route = createFileRoute('/_private/promotional/list/')({
  validateSearch: PromotionsSearch,
  search: { middlewares: [stripSearchParams(PROMOTIONS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton rows while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(promotionsListQuery(context.session.account.id, deps)),
  component: PromotionsList,
});

function PromotionsList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: PromotionsSearch) => PromotionsSearch) => void navigate({ search: update }), [navigate]);
  return <PromotionsListPage search={search} onSearchChange={onSearchChange} />;
}
