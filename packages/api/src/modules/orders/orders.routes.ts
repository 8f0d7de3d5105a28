import type { FastifyInstance } from 'fastify';
import { ORDER_STATUS_LABELS, orderRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { OrdersService } from './orders.service.ts';

export function registerOrderRoutes(app: FastifyInstance, orders: OrdersService) {
  route(app, orderRoutes.create, async ({ auth, body, request, reply }) => {
    const { created, order } = await orders.create(auth, body, request.lang);
    if (created) reply.code(201);
    const message = translate(created ? 'ORDER_CREATED' : 'ORDER_ALREADY_RECEIVED', request.lang, { number: order.order.number });
    return { message, ...order };
  });
  route(app, orderRoutes.search, ({ auth, query }) => orders.list(auth, query));
  route(app, orderRoutes.board, ({ auth, query }) => orders.board(auth, query));
  route(app, orderRoutes.full, ({ auth, params }) => orders.get(auth, params.id));
  route(app, orderRoutes.move, async ({ auth, params, body, request }) => {
    const { number, order } = await orders.move(auth, params.id, body.status, body.note);
    return { message: translate('ORDER_MOVED', request.lang, { number, status: ORDER_STATUS_LABELS[body.status] }), ...order };
  });
  route(app, orderRoutes.cancel, async ({ auth, params, request }) => {
    const { number, order } = await orders.move(auth, params.orderId, 'canceled', null);
    return { message: translate('ORDER_CANCELED', request.lang, { number }), ...order };
  });
  route(app, orderRoutes.pickItems, async ({ auth, params, body, request }) => {
    const { number, order } = await orders.pickItems(auth, params.id, body, request.lang);
    return { message: translate('ORDER_ITEMS_PICKED', request.lang, { number }), ...order };
  });
  route(app, orderRoutes.restartPicking, async ({ auth, params, request }) => {
    const { number, order } = await orders.restart(auth, params.id, request.lang);
    return { message: translate('ORDER_PICKING_RESTARTED', request.lang, { number }), ...order };
  });
  route(app, orderRoutes.discount, async ({ auth, body, request }) => {
    const { number, order } = await orders.discount(auth, body);
    return { message: translate('ORDER_DISCOUNT_SET', request.lang, { number }), ...order };
  });
  route(app, orderRoutes.fraud, async ({ auth, params, body, request }) => {
    const { number, order } = await orders.fraud(auth, params.orderId, body.status);
    const label = { pending: 'pendente', approved: 'aprovada', denied: 'recusada' }[body.status];
    return { message: translate('ORDER_FRAUD_SET', request.lang, { number, status: label }), ...order };
  });
  route(app, orderRoutes.address, async ({ auth, params, body, request }) => {
    const { number, order } = await orders.address(auth, params.id, body);
    return { message: translate('ORDER_ADDRESS_CHANGED', request.lang, { number }), ...order };
  });
}
