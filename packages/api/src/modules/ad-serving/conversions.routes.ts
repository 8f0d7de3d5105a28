import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conversionRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { isPublisher } from '../retail-media/scope.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { ConversionsService } from './conversions.service.ts';
import { publisherCallerOf } from './rma.routes.ts';

export interface ConversionDeps {
  conversions: ConversionsService;
  apiKeys: Pick<ApiKeysService, 'authenticate'>;
}

/** The publisher reporting the order: its API key's, or the signed-in member's own account when it is a publisher. */
async function reportingPublisher(app: FastifyInstance, deps: ConversionDeps, request: FastifyRequest): Promise<number> {
  const caller = await publisherCallerOf(app, deps.apiKeys, request);
  if ('publisherId' in caller) return caller.publisherId;
  if (!isPublisher(caller.member)) throw new ForbiddenError('FORBIDDEN_ACCOUNT_TYPE');
  return caller.member.accountId;
}

/** `POST /v1/beacon/conversion`: an order from the publisher's site, answered once it is stored. */
export function registerConversionRoutes(app: FastifyInstance, deps: ConversionDeps) {
  route(app, conversionRoutes.conversion, async ({ body, request }) => {
    const publisherId = await reportingPublisher(app, deps, request);
    return deps.conversions.record(publisherId, body);
  }, { hotPath: true });
}
