import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { createReadCache, versionsPerTurn, type TagVersions } from '../../lib/cache.ts';

/** What an answer about brands' sales read, up to a day: (retailer, folded brand) pairs, and with `catalogs`, those retailers' offers. */
export interface BrandReads {
  brands: Array<{ accountId: number; brand: string }>;
  /** The last day the answer reads (AAAA-MM-DD): a change of a later day leaves it. */
  upTo: string;
  catalogs?: number[];
}

/** The tag of a retailer's sales of a brand (folded) up to a day, and back. */
const brandTag = (accountId: number, upTo: string, brand: string) => `brand:${accountId}:${upTo}:${brand}`;
const brandOf = (tag: string) => {
  const [, account, upTo] = tag.split(':', 3) as [string, string, string];
  return { accountId: Number(account), upTo, brand: tag.slice(`brand:${account}:${upTo}:`.length) };
};

/** The tag of a store's sales (0: every store of the account) up to a day, and back. */
const storeDaysTag = (accountId: number, locationId: number | undefined, upTo: string) => `store:${accountId}:${locationId ?? 0}:${upTo}`;
const storeDaysOf = (tag: string) => {
  const [, account, location, upTo] = tag.split(':') as [string, string, string, string];
  return { accountId: Number(account), locationId: Number(location), upTo };
};

/**
 * The version of an answer up to day `t.up_to` of account `t.account_id` in a table of versions per day
 * and per whole month (its rows `v` that `match`): the months before that day's, and that month's
 * days up to it (a few dozen rows however long the history).
 */
const versionUpTo = (table: Prisma.Sql, match: Prisma.Sql) => Prisma.sql`
  ((SELECT coalesce(sum(v.version), 0) FROM ${table} v
     WHERE v.account_id = t.account_id AND ${match} AND v.whole_month AND v.day < date_trunc('month', t.up_to::date)::date)
 + (SELECT coalesce(sum(v.version), 0) FROM ${table} v
     WHERE v.account_id = t.account_id AND ${match} AND NOT v.whole_month AND v.day BETWEEN date_trunc('month', t.up_to::date)::date AND t.up_to::date))::bigint`;

/**
 * Versions as the database keeps them; nothing is bumped from here. The reads of one turn of the
 * event loop are one query per kind between them.
 * - Stores' orders (order_versions, raised in the same transaction by every statement that writes an
 *   order, its lines, its store's or its customer's name): a tag is `account:store`, or `account` for
 *   every store of the account (the sum of theirs).
 * - A retailer's sales of a brand up to a day (sales_brand_versions, raised per day and month as a
 *   transaction that changed the brand's sales or ruptures commits; every day when a product enters or
 *   leaves the brand): `brand:account:day:brand`, the sum of the versions of the months before the
 *   day's and of the days of its month up to it.
 * - A store's sales up to a day (sales_store_versions, raised per day and month as a transaction that
 *   changed them commits): `store:account:store:day` (store 0: every store of the account), summed as
 *   the brands' are.
 * - A retailer's catalog (catalog_versions, raised by every write of its products or offers): `catalog:account`.
 * - The names an account's answers show (label_versions, raised by a change of a product's name, SKU,
 *   brand or categories, a store's, a customer's or the account's name): `labels:account`.
 */
function databaseVersions(db: Db): TagVersions {
  return {
    read: versionsPerTurn(async (tags) => {
      const brands = tags.filter((t) => t.startsWith('brand:')).map(brandOf);
      const catalogs = tags.filter((t) => t.startsWith('catalog:')).map((t) => Number(t.slice('catalog:'.length)));
      const labels = tags.filter((t) => t.startsWith('labels:')).map((t) => Number(t.slice('labels:'.length)));
      const stores = tags.filter((t) => t.startsWith('store:')).map(storeDaysOf);
      const accounts = [...new Set(tags.filter((t) => /^\d/.test(t)).map((t) => Number(t.split(':')[0])))];
      const [orders, sales, offers, storeSales, names] = await Promise.all([
        accounts.length
          ? db.$queryRaw<Array<{ account_id: number; location_id: number; version: bigint }>>`
              SELECT account_id, location_id, version FROM order_versions WHERE account_id = ANY(${accounts}::int[])`
          : [],
        brands.length
          ? db.$queryRaw<Array<{ account_id: number; up_to: string; brand: string; version: bigint }>>`
              SELECT t.account_id, t.up_to, t.brand,
                     ${versionUpTo(Prisma.sql`sales_brand_versions`, Prisma.sql`v.brand = t.brand`)} AS version
                FROM unnest(${brands.map((b) => b.accountId)}::int[], ${brands.map((b) => b.upTo)}::text[], ${brands.map((b) => b.brand)}::text[]) AS t(account_id, up_to, brand)`
          : [],
        catalogs.length
          ? db.$queryRaw<Array<{ account_id: number; version: bigint }>>`SELECT account_id, version FROM catalog_versions WHERE account_id = ANY(${catalogs}::int[])`
          : [],
        stores.length
          ? db.$queryRaw<Array<{ account_id: number; location_id: number; up_to: string; version: bigint }>>`
              SELECT t.account_id, t.location_id, t.up_to,
                     ${versionUpTo(Prisma.sql`sales_store_versions`, Prisma.sql`(t.location_id = 0 OR v.location_id = t.location_id)`)} AS version
                FROM unnest(${stores.map((x) => x.accountId)}::int[], ${stores.map((x) => x.locationId)}::int[], ${stores.map((x) => x.upTo)}::text[]) AS t(account_id, location_id, up_to)`
          : [],
        labels.length
          ? db.$queryRaw<Array<{ account_id: number; version: bigint }>>`SELECT account_id, version FROM label_versions WHERE account_id = ANY(${labels}::int[])`
          : [],
      ]);
      const byTag = new Map<string, string>();
      const sums = new Map<number, bigint>();
      for (const r of orders) {
        byTag.set(`${r.account_id}:${r.location_id}`, String(r.version));
        sums.set(r.account_id, (sums.get(r.account_id) ?? 0n) + r.version);
      }
      for (const [account, sum] of sums) byTag.set(String(account), String(sum));
      for (const r of sales) byTag.set(brandTag(r.account_id, r.up_to, r.brand), String(r.version));
      for (const r of offers) byTag.set(`catalog:${r.account_id}`, String(r.version));
      for (const r of storeSales) byTag.set(storeDaysTag(r.account_id, r.location_id, r.up_to), String(r.version));
      for (const r of names) byTag.set(`labels:${r.account_id}`, String(r.version));
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
  /**
   * The same about the sales of brands at retailers up to a day: loaded again once a sale or a rupture
   * of one of those brands at one of those retailers changed on a day up to it (another brand's orders
   * leave it, and so do later days'), or with `catalogs`, once one of those retailers' offers changed,
   * or once a name those retailers' answers show changed.
   */
  readBrands(reads: BrandReads, key: string, load: () => Promise<string>): Promise<string>;
  /**
   * The same about a store's sales (or every store's) up to a day (AAAA-MM-DD): loaded again once a
   * sale of that store changed on a day up to it (later days' leave it), or a name the account's answers
   * show changed.
   */
  readStoreDays(accountId: number, locationId: number | undefined, upTo: string, key: string, load: () => Promise<string>): Promise<string>;
}

/** Keeps nothing: every read loads. */
export const noOrdersCache: OrdersCache = {
  read: (_accountId, _locationId, _key, load) => load(),
  readAccounts: (_accountIds, _key, load) => load(),
  readBrands: (_reads, _key, load) => load(),
  readStoreDays: (_accountId, _locationId, _upTo, _key, load) => load(),
};

/**
 * The orders list's pages and the board's columns, as the JSON text answered, kept in this process
 * while the versions of the stores they read stay the same, for a minute at most; the analytics
 * answers (readBrands, readStoreDays), whose names are versioned too, for half an hour. Every instance
 * checks the database's versions, so a write on any instance (or a provider's webhook, a job, a
 * script) is seen by the next read on every other; the board's viewers, who all reload when an order
 * changes, cost one query between them. `maxBytes` 0: nothing is kept (every read loads).
 */
export function createOrdersCache(db: Db, { maxBytes = 64 * 2 ** 20 }: { maxBytes?: number } = {}): OrdersCache {
  if (maxBytes <= 0) return noOrdersCache;
  // One store of `maxBytes`: analytics answers live its half hour (a dashboard opened again a while
  // later, another period, then back, finds them); the lists and the board a minute at most.
  const answers = createReadCache(databaseVersions(db), { maxBytes, ttlSeconds: 30 * 60 });
  const aMinute = () => Date.now() + 60_000;
  return {
    read: (accountId, locationId, key, load) =>
      answers.read(`${accountId}:${locationId ?? '*'}:${key}`, [locationId === undefined ? String(accountId) : `${accountId}:${locationId}`], load, aMinute),
    readAccounts: (accountIds, key, load) => answers.read(`[${accountIds.join(',')}]:${key}`, accountIds.map(String), load, aMinute),
    readBrands: ({ brands, upTo, catalogs = [] }, key, load) => {
      const retailers = [...new Set(brands.map((b) => b.accountId))];
      const tags = [...brands.map((b) => brandTag(b.accountId, upTo, b.brand)), ...catalogs.map((id) => `catalog:${id}`), ...retailers.map((id) => `labels:${id}`)];
      return answers.read(`${JSON.stringify(tags)}:${key}`, tags, load);
    },
    readStoreDays: (accountId, locationId, upTo, key, load) => {
      const tag = storeDaysTag(accountId, locationId, upTo);
      return answers.read(`${tag}:${key}`, [tag, `labels:${accountId}`], load);
    },
  };
}
