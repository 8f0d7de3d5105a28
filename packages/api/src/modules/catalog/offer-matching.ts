import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { foldText } from '../../lib/like.ts';

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

export interface MatchRow {
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
export const matchColumns = (score: Prisma.Sql) => Prisma.sql`
  p.id AS "productId", p.sku, p.name, p.brand, p.gtin, p.image_url AS "imageUrl", p.categories,
  p.unit_measurement AS "unitMeasurement", p.size_pack AS "sizePack", p.weight_per_unit AS "weightPerUnit", p.tags,
  ${effectivePrice(Prisma.sql`o`)} AS "priceCents", o.price_cents AS "listPriceCents",
  o.promotional_price_cents AS "promotionalPriceCents", o.promotion_start_at AS "promotionStartAt",
  o.promotion_end_at AS "promotionEndAt", o.stock, ${offerAvailable(Prisma.sql`p`, Prisma.sql`o`)} AS available,
  ${score} AS score`;

export const toMatch = (r: MatchRow): OfferMatch => ({
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
/** Products ranked per query: the indexes find the matches, only this many are ranked (a broader word's count is this). */
export const CANDIDATES = 2000;
/** The same for each line of a list (matchMany): a 30-line list stays one fast statement. */
const LIST_CANDIDATES = 120;
/** Matches of a list line ranked before the best few are scored (matchMany), per match asked. */
const LIST_RANKED = 4;

/** Words that say nothing of the product (articles, prepositions, units alone). */
const NOISE = new Set(['a', 'o', 'as', 'os', 'um', 'uma', 'de', 'da', 'do', 'das', 'dos', 'e', 'com', 'sem', 'em', 'no', 'na', 'ao', 'para', 'pra', 'pro', 'un', 'und', 'unid', 'unidade', 'unidades', 'kg', 'g', 'gr', 'l', 'lt', 'ml', 'litro', 'litros', 'pct', 'pacote', 'x']);

/** A Portuguese word's singular and plural ("ovo" ↔ "ovos", "feijao" ↔ "feijoes", "integral" ↔ "integrais"), folded. */
export function numberVariants(w: string): string[] {
  const v = new Set([w]);
  const stem = (n: number) => w.slice(0, w.length - n);
  if (/[oa]es$/.test(w)) v.add(`${stem(3)}ao`);
  else if (w.endsWith('ao')) v.add(`${stem(2)}oes`).add(`${w}s`);
  else if (/[aeou]is$/.test(w)) v.add(`${stem(2)}l`);
  else if (/[aeou]l$/.test(w)) v.add(`${stem(1)}is`);
  else if (w.endsWith('ns')) v.add(`${stem(2)}m`);
  else if (w.endsWith('m')) v.add(`${stem(1)}ns`);
  else if (/[rzs]es$/.test(w)) v.add(stem(2));
  else if (/[rz]$/.test(w)) v.add(`${w}es`);
  if (w.endsWith('s')) v.add(stem(1));
  else v.add(`${w}s`);
  return [...v];
}

/** What one query is searched with. */
export interface PreparedQuery {
  /** As typed (trimmed): compared with SKU and GTIN. */
  raw: string;
  /** Folded (lower case, no accents), as products.search_text is: what relevance is measured with. */
  folded: string;
  /** The words that name the product (folded, no noise, no digits): what a misspelling is corrected in. */
  words: string[];
  /** Sizes as typed ("1l", "500g"). */
  sizes: string[];
  /** Every word (singular or plural) and every size: a to_tsquery text, '' when none. */
  strict: string;
  /** The words only (a list line's size may be written otherwise than the product's); '' when the same as strict. */
  loose: string;
}

/** The full-text queries of these words and sizes. */
function fullText(words: string[], sizes: string[]) {
  const terms = [...new Set(words)].map((w) => `(${numberVariants(w).join(' | ')})`);
  const strict = [...terms, ...new Set(sizes)].join(' & ');
  const loose = terms.join(' & ');
  return { strict, loose: loose === strict ? '' : loose };
}

export function prepareQuery(q: string): PreparedQuery {
  const raw = q.trim().slice(0, MAX_QUERY);
  const folded = foldText(raw).replace(/\s+/g, ' ');
  const tokens = folded.split(/[^a-z0-9]+/).filter((t) => t.length > 0);
  const words = [...new Set(tokens.filter((t) => !/[0-9]/.test(t) && t.length > 1 && !NOISE.has(t)))];
  const sizes = [...new Set(tokens.filter((t) => /[0-9]/.test(t)))];
  return { raw, folded, words, sizes, ...fullText(words, sizes) };
}

/**
 * The query with its misspelt words replaced by the catalog's nearest ones (`fixes`: word → nearest
 * catalog word, or null when none comes near: that word is left out); null when nothing changed or no
 * word is left. The raw and folded text stay as typed, so relevance still measures what was typed.
 */
export function correctQuery(q: PreparedQuery, fixes: ReadonlyMap<string, string | null>): PreparedQuery | null {
  const words = q.words.flatMap((w) => {
    const fix = fixes.get(w);
    return fix === undefined ? [w] : fix === null ? [] : [fix];
  });
  if (!words.length || (words.length === q.words.length && words.every((w, i) => w === q.words[i]))) return null;
  return { ...q, words, ...fullText(words, q.sizes) };
}

/**
 * `run` for the query as typed; when it found nothing (`none`), once more with the query's misspelt
 * words corrected to the catalog's nearest ones (one more round trip, only then).
 */
export async function orCorrected<T>(db: Db, accountId: number, q: PreparedQuery, run: (q: PreparedQuery) => Promise<T>, none: (found: T) => boolean): Promise<T> {
  const found = await run(q);
  if (!none(found) || !q.words.length) return found;
  const corrected = correctQuery(q, await catalogCorrections(db, accountId, q.words));
  return corrected ? run(corrected) : found;
}

/** How a query's parts reach the candidates' SQL: bound values (one query) or a LATERAL row's columns (a list). */
export interface QueryTerms {
  raw: Prisma.Sql;
  strict: Prisma.Sql;
  loose: Prisma.Sql;
}
export const boundTerms = (q: PreparedQuery): QueryTerms => ({ raw: Prisma.sql`${q.raw}`, strict: Prisma.sql`${q.strict}`, loose: Prisma.sql`${q.loose}` });
const rowTerms: QueryTerms = { raw: Prisma.sql`q.raw`, strict: Prisma.sql`q.strict`, loose: Prisma.sql`q.loose` };

export interface CandidateOptions {
  /** With a store: only products it has an offer for, and availability is the offer's. */
  locationId: number | null;
  /** Narrows the products found (columns of `p`: the search screen's category, brand, SKU filters). */
  productFilter?: Prisma.Sql;
  /** Only the products sold now (true) or not (false): at the store with one. */
  available?: boolean;
  /** Products found per tier, at most. */
  cap?: number;
}

/**
 * CTEs ending in `candidates`: the products a query finds, each tier from an index, materialised so
 * that each is planned on its own (a bitmap scan of the index, not a walk of the table): exact SKU or
 * GTIN (b-trees); the Portuguese full-text query with every word and size (GIN tsvector); with the
 * words only, when that found nothing. Each candidate: its product's id, `exact`, `r` (ts_rank to two
 * decimals: name words weigh more than brand, brand more than categories; 2 for an exact one), `avail` (with the store's offer when
 * given), and the columns the orders use (`search_text` begins with the folded name, `price`, `stock`).
 * With a store the offer is joined to the found products only, by its unique key.
 */
export function candidatesSql(accountId: number, terms: QueryTerms, { locationId, productFilter = Prisma.sql`TRUE`, available, cap = CANDIDATES }: CandidateOptions) {
  const cols = Prisma.sql`p.id, p.search_text, p.is_available, p.price_cents, p.available_stock`;
  const tier = (name: string, extra: Prisma.Sql, cond: Prisma.Sql) =>
    Prisma.sql`${Prisma.raw(name)} AS MATERIALIZED (
      SELECT ${cols}, ${extra} FROM products p WHERE p.account_id = ${accountId} AND ${cond} AND ${productFilter} LIMIT ${cap})`;
  // Two decimals (in floating point: cheaper than numeric), so that availability orders near-equal matches.
  const fts = (tsq: Prisma.Sql) => Prisma.sql`false AS exact, floor(ts_rank(p.search_vector, to_tsquery('portuguese', ${tsq})) * 100 + 0.5)::float8 / 100 AS r`;
  const offer =
    locationId === null
      ? { join: Prisma.sql`LEFT JOIN offers o ON FALSE`, avail: Prisma.sql`f.is_available`, price: Prisma.sql`f.price_cents`, stock: Prisma.sql`f.available_stock` }
      : {
          join: Prisma.sql`JOIN offers o ON o.product_id = f.id AND o.location_id = ${locationId}`,
          avail: Prisma.sql`(f.is_available AND o.is_available AND o.stock > 0)`,
          price: effectivePrice(Prisma.sql`o`),
          stock: Prisma.sql`o.stock`,
        };
  return Prisma.sql`
    ${tier('exact', Prisma.sql`true AS exact, 2::float8 AS r`, Prisma.sql`${terms.raw} <> '' AND (p.sku = ${terms.raw} OR p.gtin = ${terms.raw})`)},
    ${tier('strict', fts(terms.strict), Prisma.sql`${terms.strict} <> '' AND p.search_vector @@ to_tsquery('portuguese', ${terms.strict})`)},
    ${tier('loose', fts(terms.loose), Prisma.sql`${terms.loose} <> '' AND p.search_vector @@ to_tsquery('portuguese', ${terms.loose}) AND NOT EXISTS (SELECT 1 FROM strict)`)},
    found AS (
      SELECT * FROM exact
      UNION ALL SELECT * FROM strict WHERE id NOT IN (SELECT id FROM exact)
      UNION ALL SELECT * FROM loose WHERE id NOT IN (SELECT id FROM exact)),
    candidates AS (
      SELECT f.id, f.exact, f.r, f.search_text, ${offer.avail} AS avail, ${offer.price} AS price, ${offer.stock} AS stock
        FROM found f ${offer.join}
       WHERE ${available === undefined ? Prisma.sql`TRUE` : Prisma.sql`${offer.avail} = ${available}`})`;
}

/**
 * Relevance of product `p` for query row `q`, 0..1: exact SKU/GTIN 1; otherwise the word similarity of
 * the folded query in the folded text, weighed with the one in the name (search_text begins with it),
 * raised halfway to 1 when the full-text query matched as typed (`q.typed`: not after correcting a
 * misspelling); two decimals, so that availability orders near-equal matches.
 */
export const scoreSql = Prisma.sql`CASE WHEN c.exact THEN 1::float8 ELSE round((
    SELECT CASE WHEN q.typed THEN least(0.99, (1 + b) / 2) ELSE b END
      FROM (SELECT 0.7 * word_similarity(q.folded, p.search_text)
                 + 0.3 * word_similarity(q.folded, left(p.search_text, length(p.name))) AS b) w
  )::numeric, 2)::float8 END`;

/** The ranked search of each query of a list, as `ord` + OfferMatch columns (one statement). */
export function rankedMatchesSql(accountId: number, locationId: number, queries: PreparedQuery[], typed: boolean[], limit: number) {
  const col = (k: 'raw' | 'folded' | 'strict' | 'loose') => queries.map((q) => q[k]);
  // The trigram similarity is the costly part: the cheap first rank picks a few, only those are scored.
  return Prisma.sql`
    SELECT q.ord, m.*
      FROM unnest(${col('raw')}::text[], ${col('folded')}::text[], ${col('strict')}::text[], ${col('loose')}::text[], ${typed}::boolean[])
           WITH ORDINALITY AS q(raw, folded, strict, loose, typed, ord)
      CROSS JOIN LATERAL (
        WITH ${candidatesSql(accountId, rowTerms, { locationId, cap: LIST_CANDIDATES })},
        best AS (SELECT * FROM candidates ORDER BY exact DESC, avail DESC, r DESC LIMIT ${limit * LIST_RANKED})
        SELECT ${matchColumns(scoreSql)}
          FROM best c
          JOIN products p ON p.id = c.id
          JOIN offers o ON o.product_id = p.id AND o.location_id = ${locationId}
         ORDER BY score DESC, available DESC, c.r DESC, p.name, p.id
         LIMIT ${limit}
      ) m
     ORDER BY q.ord, m.score DESC, m.available DESC`;
}

/** The catalog word nearest each word (pg_trgm similarity, the word itself when the catalog has it), null when none comes near. */
export async function catalogCorrections(db: Db, accountId: number, words: string[]): Promise<Map<string, string | null>> {
  if (!words.length) return new Map();
  const rows = await db.$queryRaw<Array<{ word: string; fix: string | null }>>`
    SELECT w.word, (SELECT c.word FROM catalog_words c
                     WHERE c.account_id = ${accountId} AND c.word % w.word
                     ORDER BY similarity(c.word, w.word) DESC, c.word LIMIT 1) AS fix
      FROM unnest(${words}::text[]) AS w(word)`;
  return new Map(rows.map((r) => [r.word, r.fix]));
}

/**
 * Offer matching for shopping carts (services.catalog): a store sells what it has an offer for, so
 * only products with an offer at `locationId` are matched. Every function is one SQL statement.
 */
export function createOfferMatching(db: Db) {
  /**
   * One round trip for a whole list: each query (numbered by ORDINALITY) runs its own ranked, limited
   * search in a LATERAL subquery, so each is answered from the indexes as a single search would be.
   */
  async function ranked(accountId: number, locationId: number, queries: PreparedQuery[], typed: boolean[], limit: number) {
    const rows = await db.$queryRaw<MatchRow[]>(rankedMatchesSql(accountId, locationId, queries, typed, limit));
    const out: OfferMatch[][] = queries.map(() => []);
    // The LATERAL kept each query's order; the outer ORDER BY only groups them.
    for (const r of rows) out[Number(r.ord) - 1]!.push(toMatch(r));
    return out;
  }

  /** The store's offers matching each query, best first; a query that found nothing is tried again with its misspellings corrected. */
  async function matchMany(accountId: number, locationId: number, queries: string[], limit = 5): Promise<OfferMatch[][]> {
    if (!queries.length) return [];
    const prepared = queries.map(prepareQuery);
    const out = await ranked(accountId, locationId, prepared, prepared.map(() => true), limit);
    // The lines that found nothing as typed: their misspelt words corrected to the catalog's, searched again.
    const missed = prepared.flatMap((q, i) => (out[i]!.length || !q.words.length ? [] : [i]));
    if (!missed.length) return out;
    const fixes = await catalogCorrections(db, accountId, [...new Set(missed.flatMap((i) => prepared[i]!.words))]);
    const retry = missed.flatMap((i) => {
      const corrected = correctQuery(prepared[i]!, fixes);
      return corrected ? [{ i, corrected }] : [];
    });
    if (!retry.length) return out;
    const again = await ranked(accountId, locationId, retry.map((r) => r.corrected), retry.map(() => false), limit);
    retry.forEach((r, k) => (out[r.i] = again[k]!));
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
