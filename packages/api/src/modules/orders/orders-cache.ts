import type { Db } from '../../db/client.ts';
import { createReadCache, versionsPerTurn, type TagVersions } from '../../lib/cache.ts';

/**
 * Versions of stores' orders as the database keeps them (order_versions, raised in the same
 * transaction by every statement that writes an order, its lines, its store's or its customer's
 * name): a tag is `account:store`, or `account` for every store of the account (the sum of theirs).
 * The reads of one turn of the event loop are one query between them; nothing is bumped from here.
 */
function orderVersions(db: Db): TagVersions {
  return {
    read: versionsPerTurn(async (tags) => {
      const accounts = [...new Set(tags.map((t) => Number(t.split(':')[0])))];
      const rows = await db.$queryRaw<Array<{ account_id: number; location_id: number; version: bigint }>>`
        SELECT account_id, location_id, version FROM order_versions WHERE account_id = ANY(${accounts}::int[])`;
      const byTag = new Map<string, string>();
      const sums = new Map<number, bigint>();
      for (const r of rows) {
        byTag.set(`${r.account_id}:${r.location_id}`, String(r.version));
        sums.set(r.account_id, (sums.get(r.account_id) ?? 0n) + r.version);
      }
      for (const [account, sum] of sums) byTag.set(String(account), String(sum));
      return byTag;
    }, '0'),
    bump: async () => undefined,
  };
}

export interface OrdersCache {
  /**
   * `load`'s JSON text for `key` of the account's orders (of one store, or of all), loaded again once
   * any order concerned changed.
   */
  read(accountId: number, locationId: number | undefined, key: string, load: () => Promise<string>): Promise<string>;
  /** The same about the orders of several accounts (all their stores): loaded again once an order of any of them changed. */
  readAccounts(accountIds: number[], key: string, load: () => Promise<string>): Promise<string>;
}

/** Keeps nothing: every read loads. */
export const noOrdersCache: OrdersCache = { read: (_accountId, _locationId, _key, load) => load(), readAccounts: (_accountIds, _key, load) => load() };

/**
 * The orders list's pages and the board's columns, as the JSON text answered, kept in this process
 * while the versions of the stores they read stay the same, for a minute at most. Every instance
 * checks the database's versions, so a write on any instance (or a provider's webhook, a job, a
 * script) is seen by the next read on every other; the board's viewers, who all reload when an order
 * changes, cost one query between them. `maxBytes` 0: nothing is kept (every read loads).
 */
export function createOrdersCache(db: Db, { maxBytes = 64 * 2 ** 20 }: { maxBytes?: number } = {}): OrdersCache {
  if (maxBytes <= 0) return noOrdersCache;
  const reads = createReadCache(orderVersions(db), { maxBytes, ttlSeconds: 60 });
  return {
    read: (accountId, locationId, key, load) =>
      reads.read(`${accountId}:${locationId ?? '*'}:${key}`, [locationId === undefined ? String(accountId) : `${accountId}:${locationId}`], load),
    readAccounts: (accountIds, key, load) => reads.read(`[${accountIds.join(',')}]:${key}`, accountIds.map(String), load),
  };
}
