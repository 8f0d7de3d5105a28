import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adDecisionRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/identity.ts';
import { managesPublisher, rmCallerOf, type RmScopes } from '../retail-media/scope.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { DecisionService } from './decision.service.ts';

export interface RmaDeps {
  decisions: DecisionService;
  apiKeys: ApiKeysService;
  scopes: Pick<RmScopes, 'resolve'>;
}

/**
 * Who may ask for a publisher's ads: its API key (`x-api-key`; another publisher's key → 403), or a
 * signed-in back-office member of that publisher with the retail_media module (the tester; else 404).
 */
async function authorizeRma(app: FastifyInstance, deps: RmaDeps, request: FastifyRequest, publisherId: number) {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string' && key) {
    const owner = await deps.apiKeys.authenticate(key);
    if (owner !== publisherId) throw new ForbiddenError('RMA_WRONG_PUBLISHER');
    return;
  }
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new UnauthorizedError('API_KEY_INVALID');
  const claims = await app.identity.verifyToken(token);
  const member = await app.identity.activeMembership(claims.sub, claims.account_id);
  if (!member.moduleKeys.includes('retail_media')) throw new ForbiddenError('FORBIDDEN_MODULE');
  const scope = await deps.scopes.resolve(rmCallerOf(member));
  if (!managesPublisher(scope, publisherId)) throw new NotFoundError('PUBLISHER_NOT_FOUND');
}

/** The decision API (spec §3 Placement, §7): `POST /v1/rma/:publisherId`. */
export function registerRmaRoutes(app: FastifyInstance, deps: RmaDeps) {
  route(app, r.decide, async ({ params, body, request }) => {
    await authorizeRma(app, deps, request, params.publisherId);
    return deps.decisions.decide(params.publisherId, body);
  });
}
