import { createFileRoute } from '@tanstack/react-router';
import { orderBoardQuery } from '../../../features/orders/api';
import { OrdersBoardPage } from '../../../features/orders/board-page';

/** Spec §2 /orders/board: the orders by status, live. */
export const Route = createFileRoute('/_private/orders/board')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(orderBoardQuery(context.session.account.id)),
  component: OrdersBoardPage,
});
