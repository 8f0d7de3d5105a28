import { createFileRoute } from '@tanstack/react-router';
import { loadTrade, tradeCounterpartsQuery } from '../../../../features/trade/api';
import { TradeEditPage } from '../../../../features/trade/components/trade-edit-page';
import { TradeNotFound, TradeRouteError } from '../../../../features/trade/components/trade-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';

export const Route = createFileRoute('/_private/trade/edit/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(tradeCounterpartsQuery(context.session.account.id));
    return loadTrade(context.queryClient, context.session.account.id, params.id);
  },
  pendingComponent: () => <PageLoader />,
  notFoundComponent: TradeNotFound,
  errorComponent: TradeRouteError,
  component: function EditTrade() {
    const agreement = Route.useLoaderData();
    return <TradeEditPage id={agreement.id} />;
  },
});
