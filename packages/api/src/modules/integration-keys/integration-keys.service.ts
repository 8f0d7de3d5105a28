import { randomBytes } from 'node:crypto';
import { INTEGRATION_KEY_PREFIX, type CreateIntegrationKeyInput, type IntegrationKey, type IntegrationKeyScope } from '@backoffice/contracts';
import type { ReadCache } from '../../lib/cache.ts';
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import type { MemberContext } from '../../plugins/identity.ts';
import { apiKeyPrefix, hashApiKey } from '../ad-serving/api-key-hash.ts';
import type { IntegrationKeyRow, IntegrationKeysRepo, KeyByHash } from './integration-keys.repo.ts';

/** last_used_at moves at most once a minute per key: a busy integration writes nothing per order. */
export const LAST_USED_EVERY_MS = 60_000;
/** A key as handed out: the prefix, then 32 base64url characters (192 random bits). */
const KEY_SHAPE = new RegExp(`^${INTEGRATION_KEY_PREFIX}[A-Za-z0-9_-]{32}$`);

/** The tag of what this process cached of one key: its revocation changes it on every instance. */
export const keyTag = (keyHash: string) => `integration-key:${keyHash}`;

const toIntegrationKey = (k: IntegrationKeyRow): IntegrationKey => ({
  id: k.id,
  name: k.name,
  key_prefix: k.keyPrefix,
  scopes: k.scopes as IntegrationKeyScope[],
  created_by: { id: k.createdBy.id, name: k.createdBy.name },
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

interface Deps {
  repo: IntegrationKeysRepo;
  /** Reads through the cache shared by the instances' tag versions (a revocation is seen by all at once). */
  reads: ReadCache;
  /** The active membership of a user in an account (identity's, cached); throws 401 when gone. */
  membership: (userId: number, accountId: number) => Promise<MemberContext>;
  now?: () => Date;
}

type Caller = Pick<MemberContext, 'userId' | 'accountId'>;

/**
 * An account's integration keys: personal access tokens of the admin who creates them. A key is
 * stored as its SHA-256 and a prefix (shown once), and acts as its creator in its account while the
 * creator's membership stays active.
 */
export function createIntegrationKeysService({ repo, reads, membership, now = () => new Date() }: Deps) {
  /** When this process last recorded each key's use: spares the conditional update in between. */
  const touched = new Map<number, number>();

  async function recordUse(key: KeyByHash) {
    const at = now();
    const last = touched.get(key.id);
    if (last !== undefined && at.getTime() - last < LAST_USED_EVERY_MS) return;
    if (touched.size >= 10_000) touched.clear();
    touched.set(key.id, at.getTime());
    await repo.touch(key.id, at, new Date(at.getTime() - LAST_USED_EVERY_MS));
  }

  return {
    /** The membership the key acts as: its creator's, in its account. 401 unknown, revoked or creator gone; 403 without the scope. */
    async authenticate(presented: string, scope: IntegrationKeyScope): Promise<MemberContext> {
      if (!KEY_SHAPE.test(presented)) throw new UnauthorizedError('INTEGRATION_KEY_INVALID');
      const keyHash = hashApiKey(presented);
      const key = await reads.read(`integration-key:${keyHash}`, [keyTag(keyHash)], () => repo.findByHash(keyHash));
      if (!key) throw new UnauthorizedError('INTEGRATION_KEY_INVALID');
      if (key.revoked) throw new UnauthorizedError('INTEGRATION_KEY_REVOKED');
      if (!key.scopes.includes(scope)) throw new ForbiddenError('INTEGRATION_KEY_SCOPE_MISSING');
      let member: MemberContext;
      try {
        member = await membership(key.createdById, key.accountId);
      } catch (err) {
        if (err instanceof AppError && err.status === 401) throw new UnauthorizedError('INTEGRATION_KEY_CREATOR_INACTIVE');
        throw err;
      }
      await recordUse(key);
      return member;
    },

    async list(caller: Caller): Promise<{ data: IntegrationKey[] }> {
      return { data: (await repo.list(caller.accountId)).map(toIntegrationKey) };
    },

    /** Creates a key acting as the caller; the key is in this answer only. */
    async create(caller: Caller, input: CreateIntegrationKeyInput): Promise<IntegrationKey & { key: string }> {
      const key = `${INTEGRATION_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const row = await repo.create(caller.accountId, {
        createdById: caller.userId,
        name: input.name,
        scopes: [...input.scopes],
        keyPrefix: apiKeyPrefix(key),
        keyHash: hashApiKey(key),
      });
      return { ...toIntegrationKey(row), key };
    },

    /** Revokes the account's key: every instance refuses it from the next request. */
    async revoke(caller: Caller, id: number): Promise<{ name: string }> {
      const row = await repo.revoke(caller.accountId, id, now());
      if (!row) throw new NotFoundError('INTEGRATION_KEY_NOT_FOUND');
      await reads.changed(keyTag(row.keyHash));
      return { name: row.name };
    },
  };
}
export type IntegrationKeysService = ReturnType<typeof createIntegrationKeysService>;
