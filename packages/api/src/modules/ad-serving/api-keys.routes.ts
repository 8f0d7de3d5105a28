import type { FastifyInstance } from 'fastify';
import { adDecisionRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** The publisher's decision-API keys: list (without the key), create (key shown once), revoke. */
export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeysService) {
  route(app, r.listApiKeys, ({ auth }) => keys.list(rmCallerOf(auth)));
  route(app, r.createApiKey, ({ auth, body }) => keys.create(rmCallerOf(auth), body.name));
  route(app, r.revokeApiKey, async ({ auth, params, request }) => {
    await keys.revoke(rmCallerOf(auth), params.id);
    return { message: translate('API_KEY_REVOKED_OK', request.lang) };
  });
}
