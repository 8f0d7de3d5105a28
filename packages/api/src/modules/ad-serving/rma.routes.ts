import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { adDecisionRoutes as r } from '@backoffice/contracts';
import { JsonText, route } from '../../lib/route.ts';
import { AppError, ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { bearerToken, type MemberContext } from '../../plugins/identity.ts';
import { managesPublisher, rmCallerOf, type RmScopes } from '../retail-media/scope.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { DecisionService } from './decision.service.ts';
import { admittedSettings } from './publisher-gate.http.ts';
import type { PublisherGate } from './publisher-gate.ts';
import { plainRmaParams, plainRmaRequest } from './rma-request.ts';

export interface RmaDeps {
  decisions: DecisionService;
  apiKeys: ApiKeysService;
  scopes: Pick<RmScopes, 'resolve'>;
  gate: Pick<PublisherGate, 'publisher'>;
}

/** Who calls a publisher's public endpoint: the publisher of its API key, or a signed-in back-office member. */
export type PublisherCaller = { publisherId: number } | { member: MemberContext };

/**
 * Reads the caller of `/v1/beacon/conversion`: an `x-api-key` (unknown or revoked → 401), else a
 * bearer session of a member with the retail_media module (none → 401; no module → 403).
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

/** Whether the request carries the session of a signed-in member managing the publisher (the back-office tester). */
async function managedByMember(app: FastifyInstance, deps: RmaDeps, request: FastifyRequest, publisherId: number): Promise<boolean> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return false;
  try {
    const claims = await app.identity.verifyToken(token);
    const member = await app.identity.activeMembership(claims.sub, claims.account_id);
    if (!member.moduleKeys.includes('retail_media')) return false;
    return managesPublisher(await deps.scopes.resolve(rmCallerOf(member)), publisherId);
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * Who may ask for a publisher's ads (public, as in the VTEX Ads API; the gate already admitted the
 * publisher, the origin and the ceilings): an `x-api-key` sent must be this publisher's (unknown or
 * revoked → 401, another publisher's → 403) even when not required; a publisher that requires one
 * takes it, or the session of a member managing it (the tester), else 401 API_KEY_REQUIRED.
 */
async function authorizeRma(app: FastifyInstance, deps: RmaDeps, request: FastifyRequest, publisherId: number) {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string' && key) {
    if ((await deps.apiKeys.authenticate(key)) !== publisherId) throw new ForbiddenError('RMA_WRONG_PUBLISHER');
    return;
  }
  const settings = admittedSettings(request.raw) ?? (await deps.gate.publisher(publisherId));
  if (!settings.requireApiKey || (await managedByMember(app, deps, request, publisherId))) return;
  throw new UnauthorizedError('API_KEY_REQUIRED');
}

/** The decision API (spec §3 Placement, §7): `POST /v1/rma/:publisherId`, public behind the publisher gate (publisher-gate.http.ts). */
export function registerRmaRoutes(app: FastifyInstance, deps: RmaDeps) {
  route(app, r.decide, async ({ params, body, request }) => {
    await authorizeRma(app, deps, request, params.publisherId);
    return new JsonText<z.input<typeof r.decide.responses[200]>>(await deps.decisions.decide(params.publisherId, body));
  }, { hotPath: true, plain: { params: plainRmaParams, body: plainRmaRequest } });
}
