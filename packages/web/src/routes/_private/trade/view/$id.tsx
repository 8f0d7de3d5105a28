import { createFileRoute } from '@tanstack/react-router';
import { loadTrade, tradeProofsQuery, tradeResultsQuery } from '../../../../features/trade/api';
import { TradeViewPage } from '../../../../features/trade/components/trade-view-page';
import { TradeNotFound, TradeRouteError } from '../../../../features/trade/components/trade-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';

export const Route = createFileRoute('/_private/trade/view/$id')({
  loader: async ({ context, params }) => {
    const agreement = await loadTrade(context.queryClient, context.session.account.id, params.id);
    void context.queryClient.prefetchQuery(tradeResultsQuery(context.session.account.id, agreement.id));
    void context.queryClient.prefetchQuery(tradeProofsQuery(context.session.account.id, agreement.id));
    return agreement;
  },
  pendingComponent: () => <PageLoader />,
  notFoundComponent: TradeNotFound,
  errorComponent: TradeRouteError,
  component: function ViewTrade() {
    const agreement = Route.useLoaderData();
    return <TradeViewPage id={agreement.id} />;
  },
});
