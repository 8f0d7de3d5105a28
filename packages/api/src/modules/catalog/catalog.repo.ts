import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { folded } from '../../lib/like.ts';
import type { ProductSort } from '@backoffice/contracts';
import {
  boundTerms,
  CANDIDATES,
  candidatesSql,
  effectivePrice,
  matchColumns,
  offerAvailable,
  orCorrected,
  prepareQuery,
  promoActive,
  toMatch,
  type MatchRow,
  type OfferMatch,
} from './offer-matching.ts';

/** A product row with its offer at one store (offer columns null without a store or an offer). */
export interface ProductRow {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  imageUrl: string | null;
  categories: string[];
  priceCents: bigint;
  /** What one unit (or kg) costs the retailer (null: not known). */
  costCents: bigint | null;
  unitMeasurement: string;
  isAvailable: boolean;
  availableStock: number;
  url: string | null;
  additionalReferences: string[];
  referenceCode: string | null;
  tags: string[];
  sellers: string[];
  sizePack: string | null;
  weightPerUnit: number | null;
  offer: OfferRow | null;
}

export interface OfferRow {
  locationId: number;
  locationName?: string;
  priceCents: bigint;
  promotionalPriceCents: bigint | null;
  promotionStartAt: Date | null;
  promotionEndAt: Date | null;
  promotionActive: boolean;
  effectivePriceCents: bigint;
  stock: number;
  isAvailable: boolean;
  available: boolean;
}

export interface ProductFilters {
  query?: string;
  skus?: string[];
  available?: boolean;
  locationId?: number;
  /** A category path from the top level: its products and its subcategories'. */
  category?: string[];
  brand?: string;
  sort?: ProductSort;
}

/** Most products a typed search ranks and pages through (its count is exact below it, this number above). */
export const SEARCH_CAP = CANDIDATES;

const productColumns = Prisma.sql`
  p.id, p.sku, p.name, p.brand, p.gtin, p.image_url AS "imageUrl", p.categories, p.price_cents AS "priceCents", p.cost_cents AS "costCents",
  p.unit_measurement AS "unitMeasurement", p.is_available AS "isAvailable", p.available_stock AS "availableStock",
  p.url, p.additional_references AS "additionalReferences", p.reference_code AS "referenceCode", p.tags,
  coalesce(p.sellers, '{}') AS sellers, p.size_pack AS "sizePack", p.weight_per_unit AS "weightPerUnit"`;

const offerJson = (o: Prisma.Sql, p: Prisma.Sql, extra: Prisma.Sql = Prisma.empty) => Prisma.sql`
  CASE WHEN ${o}.id IS NULL THEN NULL ELSE json_build_object(
    'locationId', ${o}.location_id, 'priceCents', ${o}.price_cents::text,
    'promotionalPriceCents', ${o}.promotional_price_cents::text,
    'promotionStartAt', ${o}.promotion_start_at, 'promotionEndAt', ${o}.promotion_end_at,
    'promotionActive', ${promoActive(o)}, 'effectivePriceCents', (${effectivePrice(o)})::text,
    'stock', ${o}.stock, 'isAvailable', ${o}.is_available, 'available', ${offerAvailable(p, o)} ${extra}) END`;

interface RawOffer {
  locationId: number;
  locationName?: string;
  priceCents: string;
  promotionalPriceCents: string | null;
  promotionStartAt: string | null;
  promotionEndAt: string | null;
  promotionActive: boolean;
  effectivePriceCents: string;
  stock: number;
  isAvailable: boolean;
  available: boolean;
}

export const toOfferRow = (o: RawOffer): OfferRow => ({
  locationId: o.locationId,
  ...(o.locationName !== undefined && { locationName: o.locationName }),
  priceCents: BigInt(o.priceCents),
  promotionalPriceCents: o.promotionalPriceCents === null ? null : BigInt(o.promotionalPriceCents),
  promotionStartAt: o.promotionStartAt ? new Date(o.promotionStartAt) : null,
  promotionEndAt: o.promotionEndAt ? new Date(o.promotionEndAt) : null,
  promotionActive: o.promotionActive,
  effectivePriceCents: BigInt(o.effectivePriceCents),
  stock: o.stock,
  isAvailable: o.isAvailable,
  available: o.available,
});

type RawProduct = Omit<ProductRow, 'offer'> & { offer: RawOffer | null };
const toProductRow = (r: RawProduct): ProductRow => ({
  ...r,
  weightPerUnit: r.weightPerUnit === null ? null : Number(r.weightPerUnit),
  offer: r.offer ? toOfferRow(r.offer) : null,
});

/** Catalog products of one account and their offers: every query is scoped by `accountId`. */
export function createCatalogRepo(db: Db) {
  /** Products by id in the given order, with their offer at `locationId` (when given). */
  async function rowsByIds(accountId: number, ids: number[], locationId?: number): Promise<ProductRow[]> {
    if (!ids.length) return [];
    const offer = locationId === undefined ? Prisma.sql`NULL::json` : offerJson(Prisma.sql`o`, Prisma.sql`p`);
    const join = locationId === undefined ? Prisma.empty : Prisma.sql`LEFT JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId}`;
    const rows = await db.$queryRaw<RawProduct[]>`
      SELECT ${productColumns}, ${offer} AS offer
        FROM products p ${join}
       WHERE p.account_id = ${accountId} AND p.id = ANY(${ids}::int[])`;
    const byId = new Map(rows.map((r) => [r.id, toProductRow(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    rowsByIds,

    /**
     * One page of the account's products. With a typed query the indexes find the candidates (see
     * `candidatesSql`: exact SKU/GTIN, Portuguese full text; misspellings corrected when that found
     * nothing), at most SEARCH_CAP of them, ranked by relevance then availability; without one, the
     * filters alone, by name.
     */
    async search(accountId: number, f: ProductFilters, page: number, quantity: number) {
      const loc = f.locationId ?? null;
      const productConditions: Prisma.Sql[] = [];
      if (f.skus) productConditions.push(f.skus.length ? Prisma.sql`p.sku = ANY(${f.skus}::text[])` : Prisma.sql`FALSE`);
      if (f.category?.length) productConditions.push(Prisma.sql`p.categories[1:${f.category.length}] = ${f.category}::text[]`);
      if (f.brand) productConditions.push(Prisma.sql`lower(p.brand) = lower(${f.brand})`);
      const conditions = [...productConditions];
      if (f.available !== undefined) {
        conditions.push(loc === null ? Prisma.sql`p.is_available = ${f.available}` : Prisma.sql`${offerAvailable(Prisma.sql`p`, Prisma.sql`o`)} = ${f.available}`);
      }
      const filter = conditions.length ? Prisma.join(conditions, ' AND ') : Prisma.sql`TRUE`;
      const price = loc === null ? Prisma.sql`p.price_cents` : effectivePrice(Prisma.sql`o`);
      const stock = loc === null ? Prisma.sql`p.available_stock` : Prisma.sql`o.stock`;
      const byName = Prisma.sql`${folded(Prisma.sql`p.name`)}, p.id`;
      const sort = f.sort ?? (f.query ? 'relevance' : 'name');
      const order = (relevance: Prisma.Sql) =>
        ({
          relevance,
          name: byName,
          price_asc: Prisma.sql`${price} ASC, ${byName}`,
          price_desc: Prisma.sql`${price} DESC, ${byName}`,
          stock_desc: Prisma.sql`${stock} DESC, ${byName}`,
        })[sort];
      const offset = (page - 1) * quantity;

      if (f.query) {
        // The candidates carry what the orders need: `search_text` begins with the folded name.
        const byText = Prisma.sql`c.search_text, c.id`;
        const candidateOrder = {
          relevance: Prisma.sql`c.exact DESC, c.r DESC, c.avail DESC, ${byText}`,
          name: byText,
          price_asc: Prisma.sql`c.price ASC, ${byText}`,
          price_desc: Prisma.sql`c.price DESC, ${byText}`,
          stock_desc: Prisma.sql`c.stock DESC, ${byText}`,
        }[sort];
        const productFilter = productConditions.length ? Prisma.join(productConditions, ' AND ') : Prisma.sql`TRUE`;
        const found = await orCorrected(
          db,
          accountId,
          prepareQuery(f.query),
          async (q) => {
            const [r] = await db.$queryRaw<Array<{ ids: number[]; total: bigint }>>`
              WITH ${candidatesSql(accountId, boundTerms(q), { locationId: loc, productFilter, available: f.available, cap: SEARCH_CAP })}
              SELECT (SELECT count(*) FROM candidates) AS total,
                     ARRAY(SELECT c.id FROM candidates c ORDER BY ${candidateOrder} LIMIT ${quantity} OFFSET ${offset}) AS ids`;
            return { ids: r!.ids, total: Number(r!.total) };
          },
          (r) => r.total === 0,
        );
        return { rows: await rowsByIds(accountId, found.ids, f.locationId), total: found.total };
      }

      const from = loc === null ? Prisma.sql`products p` : Prisma.sql`products p JOIN offers o ON o.product_id = p.id AND o.location_id = ${loc}`;
      const where = Prisma.sql`p.account_id = ${accountId} AND ${filter}`;
      const [ids, [count]] = await Promise.all([
        db.$queryRaw<Array<{ id: number }>>`
          SELECT p.id FROM ${from} WHERE ${where} ORDER BY ${order(byName)} LIMIT ${quantity} OFFSET ${offset}`,
        db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS total FROM ${from} WHERE ${where}`,
      ]);
      return { rows: await rowsByIds(accountId, ids.map((r) => r.id), f.locationId), total: Number(count!.total) };
    },

    /** Top-level categories with their second level, and brands, with product counts (of the store's offers with a store). */
    async facets(accountId: number, locationId?: number) {
      const from =
        locationId === undefined
          ? Prisma.sql`products p`
          : Prisma.sql`products p JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId}`;
      const [categories, brands] = await Promise.all([
        db.$queryRaw<Array<{ top: string; sub: string | null; count: bigint }>>`
          SELECT p.categories[1] AS top, p.categories[2] AS sub, count(*) AS count
            FROM ${from} WHERE p.account_id = ${accountId} AND cardinality(p.categories) > 0
           GROUP BY 1, 2`,
        db.$queryRaw<Array<{ brand: string; count: bigint }>>`
          SELECT p.brand, count(*) AS count FROM ${from}
           WHERE p.account_id = ${accountId} AND p.brand IS NOT NULL AND p.brand <> ''
           GROUP BY 1`,
      ]);
      return { categories, brands };
    },

    /** A product of the account with its offers at every store (store names), stores by name. */
    async detail(accountId: number, id: number) {
      const [row] = await rowsByIds(accountId, [id]);
      if (!row) return null;
      const offers = await db.$queryRaw<Array<{ offer: RawOffer }>>`
        SELECT ${offerJson(Prisma.sql`o`, Prisma.sql`p`, Prisma.sql`, 'locationName', l.name`)} AS offer
          FROM offers o JOIN products p ON p.id = o.product_id JOIN locations l ON l.id = o.location_id
         WHERE o.account_id = ${accountId} AND o.product_id = ${id}
         ORDER BY l.name, l.id`;
      return { ...row, offers: offers.map((o) => toOfferRow(o.offer)) };
    },

    async updateProduct(accountId: number, id: number, data: { isAvailable?: boolean; availableStock?: number; costCents?: bigint | null }) {
      const { count } = await db.product.updateMany({ where: { accountId, id }, data });
      return count > 0;
    },

    async findOffer(accountId: number, locationId: number, productId: number) {
      return db.offer.findFirst({ where: { accountId, locationId, productId } });
    },

    async updateOffer(
      id: number,
      data: Partial<{
        isAvailable: boolean;
        stock: number;
        priceCents: bigint;
        promotionalPriceCents: bigint | null;
        promotionStartAt: Date | null;
        promotionEndAt: Date | null;
      }>,
    ) {
      await db.offer.update({ where: { id }, data });
    },

    async offerRow(accountId: number, locationId: number, productId: number): Promise<OfferRow | null> {
      const [r] = await db.$queryRaw<Array<{ offer: RawOffer }>>`
        SELECT ${offerJson(Prisma.sql`o`, Prisma.sql`p`)} AS offer
          FROM offers o JOIN products p ON p.id = o.product_id
         WHERE o.account_id = ${accountId} AND o.location_id = ${locationId} AND o.product_id = ${productId}`;
      return r ? toOfferRow(r.offer) : null;
    },

    /** Product ids of the account's SKUs. */
    async idsOfSkus(accountId: number, skus: string[]) {
      if (!skus.length) return [];
      const rows = await db.product.findMany({ where: { accountId, sku: { in: skus } }, select: { id: true, sku: true } });
      const bySku = new Map(rows.map((r) => [r.sku, r.id]));
      return skus.flatMap((s) => bySku.get(s) ?? []);
    },

    /**
     * What a shopper finds at a store: available offers only, ranked as the product search ranks (or by
     * name without a query), one page, with a count (capped at SEARCH_CAP with a query).
     */
    async publicOffers(accountId: number, locationId: number, query: string | undefined, page: number, quantity: number) {
      const sold = offerAvailable(Prisma.sql`p`, Prisma.sql`o`);
      const offset = (page - 1) * quantity;
      if (query) {
        return orCorrected(
          db,
          accountId,
          prepareQuery(query),
          async (q) => {
            const rows = await db.$queryRaw<Array<MatchRow & { total: bigint }>>`
              WITH ${candidatesSql(accountId, boundTerms(q), { locationId, available: true, cap: SEARCH_CAP })},
              page AS (
                SELECT c.* FROM candidates c
                 ORDER BY c.exact DESC, c.r DESC, c.search_text, c.id LIMIT ${quantity} OFFSET ${offset})
              SELECT ${matchColumns(Prisma.sql`least(c.r, 1)`)}, (SELECT count(*) FROM candidates) AS total
                FROM page c JOIN products p ON p.id = c.id
                JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId}
               ORDER BY c.exact DESC, c.r DESC, c.search_text, c.id`;
            return { rows: rows.map(toMatch), total: rows[0] ? Number(rows[0].total) : 0 };
          },
          (r) => r.total === 0 && r.rows.length === 0,
        );
      }
      const where = Prisma.sql`p.account_id = ${accountId} AND ${sold}`;
      const from = Prisma.sql`products p JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId}`;
      const [rows, [count]] = await Promise.all([
        db.$queryRaw<MatchRow[]>`
          SELECT ${matchColumns(Prisma.sql`0::float8`)} FROM ${from} WHERE ${where}
           ORDER BY ${folded(Prisma.sql`p.name`)}, p.id LIMIT ${quantity} OFFSET ${offset}`,
        db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS total FROM ${from} WHERE ${where}`,
      ]);
      return { rows: rows.map(toMatch) as OfferMatch[], total: Number(count!.total) };
    },
  };
}
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
