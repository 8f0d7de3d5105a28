import { createFileRoute } from '@tanstack/react-router';
import { TradeCreatePage } from '../../../features/trade/components/trade-create-page';
import { tradeCounterpartsQuery } from '../../../features/trade/api';

export const Route = createFileRoute('/_private/trade/create')({
  // Not awaited: the party select waits for its choices.
  loader: ({ context }) => void context.queryClient.prefetchQuery(tradeCounterpartsQuery(context.session.account.id)),
  component: TradeCreatePage,
});
