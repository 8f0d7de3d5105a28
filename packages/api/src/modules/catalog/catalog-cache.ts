import type { Db } from '../../db/client.ts';
import { createReadCache, versionsPerTurn, type ReadCache, type TagVersions } from '../../lib/cache.ts';

/**
 * Versions of accounts' catalogs as the database keeps them (catalog_versions, raised in the same
 * transaction by every statement that writes an account's products or offers: the API, an import, a
 * seed, a script): the reads of one turn of the event loop are one query between them. Nothing is
 * bumped from here: a write that commits has already raised its version.
 */
function catalogVersions(db: Db): TagVersions {
  return {
    read: versionsPerTurn(async (tags) => {
      const rows = await db.$queryRaw<Array<{ account_id: number; version: bigint }>>`
        SELECT account_id, version FROM catalog_versions WHERE account_id = ANY(${tags.map(Number)}::int[])`;
      return new Map(rows.map((r) => [String(r.account_id), String(r.version)]));
    }, '0'),
    bump: async () => undefined,
  };
}

/** Bytes a cached catalog read takes: a page kept as JSON its length; a list of offer matches about 700 bytes each. */
const sizeOf = (value: unknown): number => {
  const json = (value as { json?: unknown } | null)?.json;
  if (typeof json === 'string') return json.length;
  return 256 + (Array.isArray(value) ? value.length : 1) * 768;
};

export interface CatalogCache {
  /** `load`'s answer for `key` of the account's catalog, loaded again once any of its products or offers changed. */
  read<T>(accountId: number, key: string, load: () => Promise<T>, until?: (value: T) => number | null): Promise<T>;
}

/**
 * Catalog reads (searches, facets, a list line's matches) kept in this process while the account's
 * catalog version stays the same, for a minute at most, and never past the moment a value stops
 * being true by the clock (a promotional price's start or end: `until`). Every instance checks the
 * database's version, so a write on any instance is seen by the next read on every other.
 */
export function createCatalogCache(db: Db, { maxBytes = 64 * 2 ** 20 }: { maxBytes?: number } = {}): CatalogCache {
  const reads: ReadCache = createReadCache(catalogVersions(db), { maxBytes, sizeOf, ttlSeconds: 60 });
  return {
    read: (accountId, key, load, until) => reads.read(`${accountId}:${key}`, [String(accountId)], load, until),
  };
}

/** The earliest moment after now at which one of these promotional periods starts or ends (null: none ahead). */
export function nextPromotionChange(periods: Iterable<{ promotionStartAt: Date | null; promotionEndAt: Date | null } | null>, now = Date.now()): number | null {
  let next: number | null = null;
  for (const p of periods) {
    if (!p) continue;
    for (const d of [p.promotionStartAt, p.promotionEndAt]) {
      const t = d?.getTime();
      if (t !== undefined && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}
