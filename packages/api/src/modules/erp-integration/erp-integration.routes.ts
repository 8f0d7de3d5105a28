import type { FastifyInstance, FastifyReply } from 'fastify';
import { erpIntegrationRoutes as r, type ErpBatchInput, type ErpBatchKind } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { ErpBatchesService } from './erp-batches.service.ts';
import type { ErpCallbacksService } from './erp-callbacks.service.ts';

/** The ERP's batches (an integration key with the `erp` scope, or an admin's session) and the order status callbacks (admins). */
export function registerErpIntegrationRoutes(app: FastifyInstance, batches: ErpBatchesService, callbacks: ErpCallbacksService) {
  const receive = (kind: ErpBatchKind) => async ({ auth, body, reply }: { auth: { accountId: number; userId: number }; body: ErpBatchInput; reply: FastifyReply }) => {
    const { replayed, body: result } = await batches.receive(auth, kind, body);
    reply.code(replayed ? 200 : 202);
    return result;
  };
  route(app, r.products, receive('products'));
  route(app, r.offers, receive('offers'));
  route(app, r.customers, receive('customers'));
  route(app, r.batches, ({ auth, query }) => batches.list(auth.accountId, query));
  route(app, r.batch, ({ auth, params, query }) => batches.get(auth.accountId, params.id, query));

  route(app, r.callback, ({ auth }) => callbacks.get(auth.accountId));
  route(app, r.saveCallback, ({ auth, body }) => callbacks.save(auth.accountId, body));
  route(app, r.rotateSecret, ({ auth }) => callbacks.rotate(auth.accountId));
  route(app, r.testCallback, ({ auth }) => callbacks.test(auth.accountId));
  route(app, r.deliveries, ({ auth, query }) => callbacks.deliveries(auth.accountId, query));
}
