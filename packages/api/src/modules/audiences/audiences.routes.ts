import type { FastifyInstance } from 'fastify';
import { audienceRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { AudiencesService } from './audiences.service.ts';

export function registerAudienceRoutes(app: FastifyInstance, audiences: AudiencesService) {
  route(app, audienceRoutes.list, ({ auth, query }) => audiences.list(rmCallerOf(auth), query));
  route(app, audienceRoutes.attributes, async () => audiences.attributes());
  route(app, audienceRoutes.get, ({ auth, params }) => audiences.get(rmCallerOf(auth), params.id));
  route(app, audienceRoutes.create, ({ auth, body }) => audiences.create(rmCallerOf(auth), body));
  route(app, audienceRoutes.update, ({ auth, params, body }) => audiences.update(rmCallerOf(auth), params.id, body));
  route(app, audienceRoutes.delete, async ({ auth, params, request }) => {
    await audiences.remove(rmCallerOf(auth), params.id);
    return { message: translate('AUDIENCE_DELETED', request.lang) };
  });
  route(app, audienceRoutes.approve, ({ auth, params, body }) => audiences.approve(rmCallerOf(auth), params.id, body));
  route(app, audienceRoutes.reject, ({ auth, params, body }) => audiences.reject(rmCallerOf(auth), params.id, body));
}
