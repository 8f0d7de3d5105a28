import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

const listSelect = {
  id: true,
  name: true,
  keyPrefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { id: true, name: true } },
} as const;

export type IntegrationKeyRow = Prisma.IntegrationKeyGetPayload<{ select: typeof listSelect }>;

/** What authentication needs of a key, found by its hash (the one lookup not scoped by account: the key names it). */
export interface KeyByHash {
  id: number;
  accountId: number;
  createdById: number;
  scopes: string[];
  revoked: boolean;
}

/** An account's integration keys: every query but the lookup by hash is scoped by `accountId`. */
export function createIntegrationKeysRepo(db: Db) {
  return {
    list: (accountId: number): Promise<IntegrationKeyRow[]> =>
      db.integrationKey.findMany({ where: { accountId }, select: listSelect, orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { id: 'desc' }] }),

    create: (accountId: number, data: { createdById: number; name: string; scopes: string[]; keyPrefix: string; keyHash: string }): Promise<IntegrationKeyRow> =>
      db.integrationKey.create({ data: { accountId, ...data }, select: listSelect }),

    /** Marks the account's key revoked (once: a revoked key keeps its first revocation time); null when the account has no such key. */
    async revoke(accountId: number, id: number, at: Date): Promise<{ name: string; keyHash: string } | null> {
      await db.integrationKey.updateMany({ where: { id, accountId, revokedAt: null }, data: { revokedAt: at } });
      return db.integrationKey.findFirst({ where: { id, accountId }, select: { name: true, keyHash: true } });
    },

    async findByHash(keyHash: string): Promise<KeyByHash | null> {
      const row = await db.integrationKey.findUnique({
        where: { keyHash },
        select: { id: true, accountId: true, createdById: true, scopes: true, revokedAt: true },
      });
      return row && { id: row.id, accountId: row.accountId, createdById: row.createdById, scopes: row.scopes, revoked: row.revokedAt !== null };
    },

    /** Records a use unless one was recorded since `since` (every instance throttles through the row itself). */
    touch: (id: number, at: Date, since: Date) =>
      db.integrationKey.updateMany({ where: { id, revokedAt: null, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: since } }] }, data: { lastUsedAt: at } }),
  };
}
export type IntegrationKeysRepo = ReturnType<typeof createIntegrationKeysRepo>;
