import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { OperatorsService } from './operators.service.ts';

export function registerOperatorRoutes(app: FastifyInstance, operators: OperatorsService) {
  route(app, operatorRoutes.list, ({ auth, query }) => operators.list(auth, query));
  route(app, operatorRoutes.get, ({ auth, params }) => operators.get(auth, params.id));
  route(app, operatorRoutes.create, async ({ auth, body, request }) => {
    const operator = await operators.create(auth, body);
    return { message: translate('OPERATOR_CREATED', request.lang), operator };
  });
  route(app, operatorRoutes.update, async ({ auth, params, body, request }) => {
    const operator = await operators.update(auth, params.id, body);
    return { message: translate('OPERATOR_UPDATED', request.lang), operator };
  });
  route(app, operatorRoutes.remove, async ({ auth, params, request }) => {
    await operators.remove(auth, params.id);
    return { message: translate('OPERATOR_DELETED', request.lang) };
  });
}
