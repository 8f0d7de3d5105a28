import { createFileRoute } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { OrderPage } from '../../../features/orders/order-page';
import { NotFound } from '../../../shared/components/not-found';

/** Spec §2 /order/{id}: an order with its lines, totals, timeline and moves. */
export const Route = createFileRoute('/_private/order/$id')({
  component: function ViewOrder() {
    const parsed = IdParam.safeParse({ id: Route.useParams().id });
    return parsed.success ? <OrderPage orderId={parsed.data.id} /> : <NotFound />;
  },
});
