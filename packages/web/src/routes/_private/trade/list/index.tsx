import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TradeListPage } from '../../../../features/trade/components/trade-list-page';
import { TRADE_SEARCH_DEFAULTS, TradeSearch } from '../../../../features/trade/search';
import { tradeListQuery } from '../../../../features/trade/api';

export const Route = createFileRoute('/_private/trade/list/')({
  validateSearch: TradeSearch,
  search: { middlewares: [stripSearchParams(TRADE_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its skeleton rows while the first page loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(tradeListQuery(context.session.account.id, deps)),
  component: TradeList,
});

function TradeList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: TradeSearch) => TradeSearch) => void navigate({ search: update }), [navigate]);
  return <TradeListPage search={search} onSearchChange={onSearchChange} />;
}
