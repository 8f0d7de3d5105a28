import type { FastifyInstance } from 'fastify';
import { integrationKeyRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { IntegrationKeysService } from './integration-keys.service.ts';

/** The account's integration keys: list (never the key), create (the key once), revoke. */
export function registerIntegrationKeyRoutes(app: FastifyInstance, keys: IntegrationKeysService) {
  route(app, r.list, ({ auth }) => keys.list(auth));
  route(app, r.create, async ({ auth, body, request }) => ({ message: translate('INTEGRATION_KEY_CREATED', request.lang), ...(await keys.create(auth, body)) }));
  route(app, r.revoke, async ({ auth, params, request }) => {
    const { name } = await keys.revoke(auth, params.id);
    return { message: translate('INTEGRATION_KEY_REVOKED_OK', request.lang, { name }) };
  });
}
