import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isAdvertiser, managesPublisher, type RmCaller, type RmScope, type RmScopes } from '../retail-media/scope.ts';

export interface PublisherAccess {
  scope: RmScope;
  publisherId: number;
  /** `publisher`: the caller runs this inventory (its own, or a sub-publisher of its network); `advertiser`: it is linked to it. */
  side: 'publisher' | 'advertiser';
}

const WRITERS = new Set(['admin', 'manager']);
export const isWriter = (caller: RmCaller) => WRITERS.has(caller.role);

/**
 * Which publisher a configuration call is about (the `publisher_id` given, else the caller) and
 * from which side the caller sees it; PUBLISHER_NOT_FOUND when it is neither's.
 */
export async function publisherAccess(scopes: Pick<RmScopes, 'resolve'>, caller: RmCaller, publisherId?: number): Promise<PublisherAccess> {
  const scope = await scopes.resolve(caller);
  const id = publisherId ?? caller.accountId;
  if (managesPublisher(scope, id)) return { scope, publisherId: id, side: 'publisher' };
  if (isAdvertiser(caller) && scope.linkedPublishers.includes(id)) return { scope, publisherId: id, side: 'advertiser' };
  throw new NotFoundError('PUBLISHER_NOT_FOUND');
}

/** The same, for a change only the publisher side makes: a linked advertiser gets 403. */
export async function managedPublisher(scopes: Pick<RmScopes, 'resolve'>, caller: RmCaller, publisherId?: number): Promise<PublisherAccess> {
  const access = await publisherAccess(scopes, caller, publisherId);
  if (access.side !== 'publisher') throw new ForbiddenError('RM_CONFIG_PUBLISHER_ONLY');
  return access;
}
