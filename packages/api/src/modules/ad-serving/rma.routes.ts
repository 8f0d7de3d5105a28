import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adDecisionRoutes as r, type RmaResponse } from '@backoffice/contracts';
import { JsonText, route } from '../../lib/route.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { bearerToken, type MemberContext } from '../../plugins/identity.ts';
import { managesPublisher, rmCallerOf, type RmScopes } from '../retail-media/scope.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { DecisionService } from './decision.service.ts';
import { plainRmaParams, plainRmaRequest } from './rma-request.ts';

export interface RmaDeps {
  decisions: DecisionService;
  apiKeys: ApiKeysService;
  scopes: Pick<RmScopes, 'resolve'>;
}

/** Who calls a publisher's public endpoint: the publisher of its API key, or a signed-in back-office member. */
export type PublisherCaller = { publisherId: number } | { member: MemberContext };

/**
 * Reads the caller of `/v1/rma` and `/v1/beacon/conversion`: an `x-api-key` (unknown or revoked → 401),
 * else a bearer session of a member with the retail_media module (none → 401; no module → 403).
 */
export async function publisherCallerOf(
  app: FastifyInstance,
  apiKeys: Pick<ApiKeysService, 'authenticate'>,
  request: FastifyRequest,
): Promise<PublisherCaller> {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string' && key) return { publisherId: await apiKeys.authenticate(key) };
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new UnauthorizedError('API_KEY_INVALID');
  const claims = await app.identity.verifyToken(token);
  const member = await app.identity.activeMembership(claims.sub, claims.account_id);
  if (!member.moduleKeys.includes('retail_media')) throw new ForbiddenError('FORBIDDEN_MODULE');
  return { member };
}

/**
 * Who may ask for a publisher's ads: its API key (`x-api-key`; another publisher's key → 403), or a
 * signed-in back-office member of that publisher with the retail_media module (the tester; else 404).
 */
async function authorizeRma(app: FastifyInstance, deps: RmaDeps, request: FastifyRequest, publisherId: number) {
  const caller = await publisherCallerOf(app, deps.apiKeys, request);
  if ('publisherId' in caller) {
    if (caller.publisherId !== publisherId) throw new ForbiddenError('RMA_WRONG_PUBLISHER');
    return;
  }
  const scope = await deps.scopes.resolve(rmCallerOf(caller.member));
  if (!managesPublisher(scope, publisherId)) throw new NotFoundError('PUBLISHER_NOT_FOUND');
}

/** The decision API (spec §3 Placement, §7): `POST /v1/rma/:publisherId`. */
export function registerRmaRoutes(app: FastifyInstance, deps: RmaDeps) {
  route(app, r.decide, async ({ params, body, request }) => {
    await authorizeRma(app, deps, request, params.publisherId);
    return new JsonText<RmaResponse>(await deps.decisions.decide(params.publisherId, body));
  }, { hotPath: true, plain: { params: plainRmaParams, body: plainRmaRequest } });
}
