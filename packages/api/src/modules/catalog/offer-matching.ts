import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';

/** A product as one store sells it, matched against a shopper's words (shopping carts resolve list lines with it). */
export interface OfferMatch {
  productId: number;
  sku: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  imageUrl: string | null;
  categories: string[];
  /** un | kg | g | l */
  unitMeasurement: string;
  sizePack: string | null;
  weightPerUnit: number | null;
  tags: string[];
  /** What the shopper pays now at this store: the promotional price inside its period, else the offer price. */
  priceCents: number;
  /** The offer's regular price. */
  listPriceCents: number;
  promotionalPriceCents: number | null;
  promotionStartAt: Date | null;
  promotionEndAt: Date | null;
  stock: number;
  /** Product available AND offer available AND stock > 0. */
  available: boolean;
  /** Relevance 0..1: exact SKU/GTIN = 1; otherwise the trigram word similarity of the folded query in the product's folded text, raised when the Portuguese full-text query matches. */
  score: number;
}

interface MatchRow {
  ord?: bigint | number;
  productId: number;
  sku: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  imageUrl: string | null;
  categories: string[];
  unitMeasurement: string;
  sizePack: string | null;
  weightPerUnit: number | null;
  tags: string[];
  priceCents: bigint | number;
  listPriceCents: bigint | number;
  promotionalPriceCents: bigint | number | null;
  promotionStartAt: Date | null;
  promotionEndAt: Date | null;
  stock: number;
  available: boolean;
  score: number | string;
}

/** The promotional price applies inside its period (an open end applies from the start on, no period = always). */
export const promoActive = (o: Prisma.Sql) =>
  Prisma.sql`(${o}.promotional_price_cents IS NOT NULL
    AND (${o}.promotion_start_at IS NULL OR ${o}.promotion_start_at <= now())
    AND (${o}.promotion_end_at IS NULL OR ${o}.promotion_end_at > now()))`;

/** What the shopper pays now for offer `o`. */
export const effectivePrice = (o: Prisma.Sql) =>
  Prisma.sql`CASE WHEN ${promoActive(o)} THEN ${o}.promotional_price_cents ELSE ${o}.price_cents END`;

/** Sold now: the product and the offer available, with stock. */
export const offerAvailable = (p: Prisma.Sql, o: Prisma.Sql) => Prisma.sql`(${p}.is_available AND ${o}.is_available AND ${o}.stock > 0)`;

/** The OfferMatch columns of product `p` and offer `o` (score given by the caller). */
const matchColumns = (score: Prisma.Sql) => Prisma.sql`
  p.id AS "productId", p.sku, p.name, p.brand, p.gtin, p.image_url AS "imageUrl", p.categories,
  p.unit_measurement AS "unitMeasurement", p.size_pack AS "sizePack", p.weight_per_unit AS "weightPerUnit", p.tags,
  ${effectivePrice(Prisma.sql`o`)} AS "priceCents", o.price_cents AS "listPriceCents",
  o.promotional_price_cents AS "promotionalPriceCents", o.promotion_start_at AS "promotionStartAt",
  o.promotion_end_at AS "promotionEndAt", o.stock, ${offerAvailable(Prisma.sql`p`, Prisma.sql`o`)} AS available,
  ${score} AS score`;

const toMatch = (r: MatchRow): OfferMatch => ({
  productId: r.productId,
  sku: r.sku,
  name: r.name,
  brand: r.brand,
  gtin: r.gtin,
  imageUrl: r.imageUrl,
  categories: r.categories,
  unitMeasurement: r.unitMeasurement,
  sizePack: r.sizePack,
  weightPerUnit: r.weightPerUnit === null ? null : Number(r.weightPerUnit),
  tags: r.tags,
  priceCents: Number(r.priceCents),
  listPriceCents: Number(r.listPriceCents),
  promotionalPriceCents: r.promotionalPriceCents === null ? null : Number(r.promotionalPriceCents),
  promotionStartAt: r.promotionStartAt,
  promotionEndAt: r.promotionEndAt,
  stock: r.stock,
  available: r.available,
  score: Number(r.score),
});

/** Longest query matched (longer list lines are cut: they are sentences, not product names). */
const MAX_QUERY = 200;
const clean = (q: string) => q.trim().slice(0, MAX_QUERY);

/**
 * The search of one query `q` (a SQL text expression) over the products of `accountId`, as a
 * condition and a relevance: the GIN trigram index answers `fold_text(q) <% search_text` (word
 * similarity ≥ pg_trgm.word_similarity_threshold, 0.5: typos), the GIN tsvector index the
 * Portuguese full-text query (stems: plural/singular), the b-tree indexes exact SKU and GTIN.
 */
export function searchTerms(q: Prisma.Sql) {
  const fq = Prisma.sql`fold_text(${q})`;
  const tsq = Prisma.sql`plainto_tsquery('portuguese', ${fq})`;
  const exact = Prisma.sql`(p.sku = ${q} OR p.gtin = ${q})`;
  const fts = Prisma.sql`(p.search_vector @@ ${tsq})`;
  return {
    exact,
    where: Prisma.sql`(${fq} <% p.search_text OR ${fts} OR ${exact})`,
    /**
     * 0..1, exact SKU/GTIN 1. Otherwise the word similarity in the whole folded text, weighed with the
     * one in the name (a word of the name counts more than one of a category), raised halfway to 1 when
     * the full-text query matches; two decimals, so that availability orders near-equal matches.
     */
    score: Prisma.sql`CASE WHEN ${exact} THEN 1::float8 ELSE round(
        (SELECT CASE WHEN ${fts} THEN least(0.99, (1 + b) / 2) ELSE b END
           FROM (SELECT 0.7 * word_similarity(${fq}, p.search_text) + 0.3 * word_similarity(${fq}, fold_text(p.name)) AS b) w
        )::numeric, 2)::float8 END`,
    rank: Prisma.sql`ts_rank(p.search_vector, ${tsq})`,
  };
}

/**
 * Offer matching for shopping carts (services.catalog): a store sells what it has an offer for, so
 * only products with an offer at `locationId` are matched. Every function is one SQL statement.
 */
export function createOfferMatching(db: Db) {
  async function matchMany(accountId: number, locationId: number, queries: string[], limit = 5): Promise<OfferMatch[][]> {
    if (!queries.length) return [];
    const texts = queries.map(clean);
    const t = searchTerms(Prisma.sql`q.text`);
    // One round trip for a whole list: each query (numbered by ORDINALITY) runs its own ranked, limited
    // search in a LATERAL subquery, so each is answered from the indexes as a single search would be.
    const rows = await db.$queryRaw<MatchRow[]>`
      SELECT q.ord, m.*
        FROM unnest(${texts}::text[]) WITH ORDINALITY AS q(text, ord)
        CROSS JOIN LATERAL (
          SELECT ${matchColumns(t.score)}
            FROM products p
            JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId} AND o.account_id = ${accountId}
           WHERE p.account_id = ${accountId} AND q.text <> '' AND ${t.where}
           ORDER BY score DESC, available DESC, ${t.rank} DESC, p.name, p.id
           LIMIT ${limit}
        ) m
       ORDER BY q.ord, m.score DESC, m.available DESC`;
    const out: OfferMatch[][] = texts.map(() => []);
    // The LATERAL kept each query's order; the outer ORDER BY only groups them.
    for (const r of rows) out[Number(r.ord) - 1]!.push(toMatch(r));
    return out;
  }

  return {
    /** The store's offers that match `query`, best first (unavailable ones too: a cart line can be stock_out). */
    async matchOffers(accountId: number, locationId: number, query: string, limit = 5): Promise<OfferMatch[]> {
      return (await matchMany(accountId, locationId, [query], limit))[0] ?? [];
    },

    /** `matchOffers` for each query of a list, in one round trip. */
    matchMany,

    /**
     * Available offers at the store of other products of the same most specific category (the
     * parent category's when that has too few), nearest size first, then nearest price.
     */
    async alternatives(accountId: number, locationId: number, productId: number, limit = 3): Promise<OfferMatch[]> {
      const rows = await db.$queryRaw<MatchRow[]>`
        WITH src AS (
          SELECT p.id, p.categories, p.unit_measurement,
                 ${sizeOf(Prisma.sql`p`)} AS size,
                 coalesce(${effectivePrice(Prisma.sql`o`)}, p.price_cents) AS price
            FROM products p
            LEFT JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId}
           WHERE p.id = ${productId} AND p.account_id = ${accountId}
        )
        SELECT ${matchColumns(Prisma.sql`CASE WHEN p.categories = src.categories THEN 1::float8 ELSE 0.5::float8 END`)}
          FROM src
          JOIN products p ON p.account_id = ${accountId} AND p.id <> src.id
               AND cardinality(src.categories) > 0
               AND (p.categories = src.categories
                    OR (cardinality(src.categories) > 1
                        AND p.categories[1:cardinality(src.categories) - 1] = src.categories[1:cardinality(src.categories) - 1]))
          JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId} AND o.account_id = ${accountId}
         WHERE ${offerAvailable(Prisma.sql`p`, Prisma.sql`o`)}
         ORDER BY (p.categories = src.categories) DESC,
                  (p.unit_measurement = src.unit_measurement) DESC,
                  abs(ln(greatest(${sizeOf(Prisma.sql`p`)}, 0.001) / greatest(src.size, 0.001))) NULLS LAST,
                  abs(${effectivePrice(Prisma.sql`o`)} - src.price),
                  p.name, p.id
         LIMIT ${limit}`;
      return rows.map(toMatch);
    },

    /** The current offer of each product at the store (a product without one there is left out), in the ids' order. */
    async offersFor(accountId: number, locationId: number, productIds: number[]): Promise<OfferMatch[]> {
      if (!productIds.length) return [];
      const rows = await db.$queryRaw<MatchRow[]>`
        SELECT ${matchColumns(Prisma.sql`1::float8`)}
          FROM products p
          JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId} AND o.account_id = ${accountId}
         WHERE p.account_id = ${accountId} AND p.id = ANY(${productIds}::int[])`;
      const byId = new Map(rows.map((r) => [r.productId, toMatch(r)]));
      return [...new Set(productIds)].flatMap((id) => byId.get(id) ?? []);
    },
  };
}
export type OfferMatching = ReturnType<typeof createOfferMatching>;

/**
 * A product's size in a base unit (grams, millilitres or units) from its pack ("500g", "1,5L",
 * "12 rolos", "Dúzia"), or its weight per unit for kg items: what "nearest size" compares.
 */
export const sizeOf = (p: Prisma.Sql) => Prisma.sql`(
  SELECT CASE
           WHEN m IS NULL THEN CASE WHEN ${p}.unit_measurement = 'kg' THEN coalesce(${p}.weight_per_unit, 0.5) * 1000 END
           WHEN lower(m[2]) IN ('kg', 'l') THEN replace(m[1], ',', '.')::float8 * 1000
           ELSE replace(m[1], ',', '.')::float8
         END
    FROM (SELECT regexp_match(coalesce(${p}.size_pack, ${p}.name), '([0-9]+(?:[.,][0-9]+)?)\\s*(kg|g|ml|l|un|unidades|rolos)\\M', 'i') AS m) s
)`;
