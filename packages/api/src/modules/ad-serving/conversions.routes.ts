import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { conversionRoutes, msg } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/identity.ts';
import { isPublisher } from '../retail-media/scope.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { ConversionsService } from './conversions.service.ts';
import { publisherCallerOf } from './rma.routes.ts';

export interface ConversionDeps {
  conversions: ConversionsService;
  apiKeys: Pick<ApiKeysService, 'authenticate'>;
  /** Admits the request for its publisher once known (origin checks, CORS of the answer); throws what it refuses. */
  admit?: (request: FastifyRequest, reply: FastifyReply, publisherId: number) => Promise<void>;
}

const publisherIdRequired = () => {
  const detail = msg('PUBLISHER_ID_REQUIRED');
  return new ValidationError('VALIDATION_ERROR', { field: 'publisher_id', detail }, [{ field: 'publisher_id', code: 'custom', message: detail }]);
};

/**
 * The publisher reporting the order, as in the VTEX Ads API: its `x-api-key`'s (unknown → 401; the
 * body's `publisher_id` must agree → 403), else the body's `publisher_id` (public), else a signed-in
 * back-office member's own account when it is a publisher; none of them → 422 naming publisher_id.
 */
async function reportingPublisher(app: FastifyInstance, deps: ConversionDeps, request: FastifyRequest, publisherId: number | undefined): Promise<number> {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string' && key) {
    const keyPublisher = await deps.apiKeys.authenticate(key);
    if (publisherId !== undefined && publisherId !== keyPublisher) throw new ForbiddenError('RMA_WRONG_PUBLISHER');
    return keyPublisher;
  }
  if (publisherId !== undefined) return publisherId;
  if (!bearerToken(request.headers.authorization)) throw publisherIdRequired();
  const caller = await publisherCallerOf(app, deps.apiKeys, request);
  if ('publisherId' in caller) return caller.publisherId;
  if (!isPublisher(caller.member)) throw new ForbiddenError('FORBIDDEN_ACCOUNT_TYPE');
  return caller.member.accountId;
}

/** `POST /v1/beacon/conversion`: an order from the publisher's site or store, answered once it is stored. */
export function registerConversionRoutes(app: FastifyInstance, deps: ConversionDeps) {
  route(app, conversionRoutes.conversion, async ({ body, request, reply }) => {
    const publisherId = await reportingPublisher(app, deps, request, body.publisher_id);
    await deps.admit?.(request, reply, publisherId);
    return deps.conversions.record(publisherId, body, request.lang);
  }, { hotPath: true });
}
