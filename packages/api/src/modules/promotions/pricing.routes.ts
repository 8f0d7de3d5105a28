import type { FastifyInstance } from 'fastify';
import { promotionPricingRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { RedemptionsService } from './redemptions.service.ts';

/** The pricing engine over HTTP: evaluate a cart, redeem an order's promotions, release them. */
export function registerPricingRoutes(app: FastifyInstance, redemptions: RedemptionsService) {
  route(app, promotionPricingRoutes.evaluate, ({ auth, body, request }) => redemptions.evaluate(auth.accountId, body, request.lang));
  route(app, promotionPricingRoutes.redeem, async ({ auth, body, request, reply }) => {
    const result = await redemptions.redeem(auth.accountId, body, request.lang);
    // A first redemption creates the ledger rows; a replay only reads them.
    if (!result.replayed) reply.code(201);
    return result;
  });
  route(app, promotionPricingRoutes.release, ({ auth, params }) => redemptions.release(auth.accountId, params.order_id));
}
