import type { FastifyInstance } from 'fastify';
import { promotionRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import { ACTION_MESSAGES, type PromotionsService } from './promotions.service.ts';

export function registerPromotionRoutes(app: FastifyInstance, promotions: PromotionsService) {
  route(app, promotionRoutes.list, ({ auth, query }) => promotions.list(auth.accountId, query));
  route(app, promotionRoutes.get, ({ auth, params }) => promotions.get(auth.accountId, params.id));
  route(app, promotionRoutes.create, ({ auth, body }) => promotions.create(auth.accountId, body));
  route(app, promotionRoutes.update, ({ auth, params, body }) => promotions.update(auth.accountId, params.id, body));
  route(app, promotionRoutes.remove, async ({ auth, params, request }) => {
    await promotions.remove(auth.accountId, params.id);
    return { message: translate('PROMOTION_DELETED', request.lang) };
  });
  route(app, promotionRoutes.action, async ({ auth, params, request }) => {
    const promotion = await promotions.act(auth.accountId, params.id, params.action);
    return { message: translate(ACTION_MESSAGES[params.action], request.lang), promotion };
  });
}
