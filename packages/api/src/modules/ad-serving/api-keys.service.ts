import { randomBytes } from 'node:crypto';
import type { ApiKey } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { apiKeyPrefix, hashApiKey } from './api-key-hash.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { isPublisher, type RmCaller, type RmScopes } from '../retail-media/scope.ts';
import { managedPublisher } from '../retail-config/publisher-access.ts';

export const API_KEY_CACHE_MS = 60_000;

interface CachedKey {
  id: number;
  publisherId: number;
  revoked: boolean;
}

const toApiKey = (k: { id: number; name: string; keyPrefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }): ApiKey => ({
  id: k.id,
  name: k.name,
  key_prefix: k.keyPrefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

/**
 * Publisher API keys of the decision API: stored as sha256 hashes (the key is shown once),
 * recognised by a prefix, checked through a 60 s in-memory cache that a revocation clears.
 */
export function createApiKeysService({ db, scopes }: { db: Db; scopes: Pick<RmScopes, 'resolve'> }) {
  /**
   * Key as presented → its sha256, the key (null: unknown) and when it was read; unknown keys are
   * cached too, so guessing costs no query. Keyed by the key itself, so a decision within the
   * minute hashes nothing (the process holds the key only as long as it would hold a request's).
   */
  const cache = new Map<string, { hash: string; key: CachedKey | null; at: number }>();
  /** The caller's own inventory: keys are a publisher's; an advertiser-only account gets 403. */
  const ownInventory = (caller: RmCaller) => {
    if (!isPublisher(caller)) throw new ForbiddenError('API_KEYS_PUBLISHER_ONLY');
    return managedPublisher(scopes, caller);
  };

  return {
    /** The publisher a key belongs to; 401 when unknown or revoked. */
    async authenticate(key: string): Promise<number> {
      const now = Date.now();
      let cached = cache.get(key);
      if (!cached || now - cached.at > API_KEY_CACHE_MS) {
        const hash = hashApiKey(key);
        const row = await db.publisherApiKey.findUnique({ where: { keyHash: hash }, select: { id: true, publisherId: true, revokedAt: true } });
        cached = { hash, key: row ? { id: row.id, publisherId: row.publisherId, revoked: row.revokedAt !== null } : null, at: now };
        if (cache.size >= 10_000) cache.clear();
        cache.set(key, cached);
        if (row && !row.revokedAt) await db.publisherApiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
      }
      const entry = cached.key;
      if (!entry) throw new UnauthorizedError('API_KEY_INVALID');
      if (entry.revoked) throw new UnauthorizedError('API_KEY_REVOKED');
      return entry.publisherId;
    },

    async list(caller: RmCaller): Promise<{ data: ApiKey[] }> {
      const { publisherId } = await ownInventory(caller);
      const rows = await db.publisherApiKey.findMany({ where: { publisherId }, orderBy: { id: 'desc' } });
      return { data: rows.map(toApiKey) };
    },

    async create(caller: RmCaller, name: string) {
      const { publisherId } = await ownInventory(caller);
      const key = `rmk_${randomBytes(24).toString('hex')}`;
      const row = await db.publisherApiKey.create({ data: { publisherId, name, keyPrefix: apiKeyPrefix(key), keyHash: hashApiKey(key) } });
      return { id: row.id, name: row.name, key, key_prefix: row.keyPrefix, created_at: row.createdAt.toISOString() };
    },

    async revoke(caller: RmCaller, id: number): Promise<void> {
      const { publisherId } = await ownInventory(caller);
      const row = await db.publisherApiKey.findFirst({ where: { id, publisherId }, select: { id: true, keyHash: true, revokedAt: true } });
      if (!row) throw new NotFoundError('API_KEY_NOT_FOUND');
      if (!row.revokedAt) await db.publisherApiKey.update({ where: { id }, data: { revokedAt: new Date() } });
      for (const [presented, entry] of cache) if (entry.hash === row.keyHash) cache.delete(presented);
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
