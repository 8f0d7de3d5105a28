import type { z } from 'zod';
import {
  DEFAULT_WEIGHT_PER_UNIT,
  fromCents,
  msg,
  paged,
  toCents,
  type CatalogOffer,
  CatalogProduct,
  type ContractMessageKey,
  type ProductDetail,
  ProductFacets,
  type ProductSearchQuery,
  PublicOffer,
  type UpdateOfferInput,
  type UpdateProductBody,
  type UniqueOffersBody,
  type PublicOffersQuery,
} from '@backoffice/contracts';
import type { CatalogRepo, OfferRow, ProductRow } from './catalog.repo.ts';
import { pageOf } from '../../lib/paging.ts';
import { NotFoundError, ValidationError, found } from '../../lib/errors.ts';
import type { OfferMatch, OfferMatching } from './offer-matching.ts';
import { nextPromotionChange, type CatalogCache } from './catalog-cache.ts';

/** A kg item without a weight per unit weighs 0.5 kg a unit (spec §9). */
const weightOf = (unit: string, weight: number | null) => weight ?? (unit === 'kg' ? DEFAULT_WEIGHT_PER_UNIT : null);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toOffer = (o: OfferRow): z.input<typeof CatalogOffer> => ({
  location_id: o.locationId,
  price: fromCents(o.priceCents),
  promotional_price: o.promotionalPriceCents === null ? null : fromCents(o.promotionalPriceCents),
  promotion_start: iso(o.promotionStartAt),
  promotion_end: iso(o.promotionEndAt),
  promotion_active: o.promotionActive,
  effective_price: fromCents(o.effectivePriceCents),
  stock: o.stock,
  is_available: o.isAvailable,
  available: o.available,
});

const toProduct = (p: ProductRow): z.input<typeof CatalogProduct> => ({
  id: p.id,
  product_sku: p.sku,
  name: p.name,
  brand: p.brand,
  gtin: p.gtin,
  image_url: p.imageUrl,
  categories: p.categories,
  price: fromCents(p.priceCents),
  unit_measurement: p.unitMeasurement,
  is_available: p.isAvailable,
  available_stock: p.availableStock,
  url: p.url,
  additional_references: p.additionalReferences,
  product_reference_code: p.referenceCode,
  tags: p.tags,
  sellers: p.sellers,
  size_pack: p.sizePack,
  weight_per_unit: weightOf(p.unitMeasurement, p.weightPerUnit),
  offer: p.offer ? toOffer(p.offer) : null,
});

/** An offer as a shopper sees it (GET /search/public-offers, POST /search/offers/unique). */
export const toPublicOffer = (m: OfferMatch, locationId: number): z.input<typeof PublicOffer> => ({
  product_id: m.productId,
  product_sku: m.sku,
  name: m.name,
  brand: m.brand,
  gtin: m.gtin,
  image_url: m.imageUrl,
  categories: m.categories,
  unit_measurement: m.unitMeasurement,
  size_pack: m.sizePack,
  weight_per_unit: weightOf(m.unitMeasurement, m.weightPerUnit),
  tags: m.tags,
  location_id: locationId,
  price: fromCents(m.priceCents),
  list_price: fromCents(m.listPriceCents),
  promotional_price: m.promotionalPriceCents === null ? null : fromCents(m.promotionalPriceCents),
  start_promotion: iso(m.promotionStartAt),
  end_promotion: iso(m.promotionEndAt),
  stock: m.stock,
  available: m.available,
});

/** A rule of the input checked against the stored offer: a 400 naming the field, worded by the contracts' catalogue. */
const invalid = (field: string, key: ContractMessageKey) =>
  new ValidationError('VALIDATION_ERROR', { field, detail: msg(key) }, [{ field, code: 'custom', message: msg(key) }]);

interface Caller {
  accountId: number;
  userId: number;
}

/**
 * The catalog: product search (spec §7 `GET /search/products`), facets, a product and its offers per
 * store, availability, stock and price changes, and the offers a shopper sees at a store; plus the
 * offer matching shopping carts use (services.catalog).
 */
/** A page kept as JSON, and when it stops being true by the clock. */
interface JsonPage {
  json: string;
  until: number | null;
}
const untilOf = (p: JsonPage) => p.until;

/** The contracts' page bodies, checked once when a page is loaded. */
const ProductPage = paged(CatalogProduct);
const PublicOfferPage = paged(PublicOffer);

/** Until a match's price changes by the clock (its promotion starts or ends). */
const matchesUntil = (matches: readonly OfferMatch[]) => nextPromotionChange(matches);

/**
 * Offer matching answered from the catalog cache: each list line's matches are kept by store, line and
 * limit, and the lines not held are matched together in one statement.
 */
function cachedMatching(matching: OfferMatching, cache: CatalogCache): OfferMatching {
  async function matchMany(accountId: number, locationId: number, queries: string[], limit = 5): Promise<OfferMatch[][]> {
    // The loads of the lines not held: gathered for one turn of the event loop, matched in one statement.
    let missed: Array<{ query: string; resolve(m: OfferMatch[]): void; reject(err: unknown): void }> = [];
    const flush = async () => {
      const batch = missed;
      missed = [];
      try {
        const found = await matching.matchMany(accountId, locationId, batch.map((b) => b.query), limit);
        batch.forEach((b, i) => b.resolve(found[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    };
    const load = (query: string) =>
      new Promise<OfferMatch[]>((resolve, reject) => {
        if (!missed.length) setImmediate(flush);
        missed.push({ query, resolve, reject });
      });
    return Promise.all(queries.map((q) => cache.read(accountId, `match:${locationId}:${limit}:${q.trim()}`, () => load(q), matchesUntil)));
  }
  /** Top-level categories with their second level and counts, and brands, each by name. */
  return {
    ...matching,
    matchMany,
    matchOffers: async (accountId, locationId, query, limit = 5) => (await matchMany(accountId, locationId, [query], limit))[0]!,
    alternatives: (accountId, locationId, productId, limit = 3) =>
      cache.read(accountId, `alternatives:${locationId}:${productId}:${limit}`, () => matching.alternatives(accountId, locationId, productId, limit), matchesUntil),
  };
}

export function createCatalogService({
  repo,
  matching: uncached,
  storeVisible,
  cache,
}: {
  repo: CatalogRepo;
  matching: OfferMatching;
  /** locations.visibleTo */
  storeVisible: (accountId: number, userId: number, locationId: number) => Promise<boolean>;
  cache: CatalogCache;
}) {
  const matching = cachedMatching(uncached, cache);
  /** The store, if the account has it and the caller is not limited to other stores; 404 otherwise. */
  async function store(caller: Caller, locationId: number) {
    if (!(await storeVisible(caller.accountId, caller.userId, locationId))) throw new NotFoundError('LOCATION_NOT_FOUND');
  }

  async function detail(accountId: number, id: number): Promise<z.input<typeof ProductDetail>> {
    const p = found(await repo.detail(accountId, id), 'PRODUCT_NOT_FOUND');
    const { offer: _none, ...product } = toProduct({ ...p, offer: null });
    return { ...product, cost: p.costCents === null ? null : fromCents(p.costCents), offers: p.offers.map((o) => ({ ...toOffer(o), location_name: o.locationName ?? '' })) };
  }

  /** Top-level categories with their second level and counts, and brands, each by name. */
  async function facets(accountId: number, locationId: number | undefined): Promise<z.input<typeof ProductFacets>> {
    const { categories, brands } = await repo.facets(accountId, locationId);
    const tops = new Map<string, { name: string; count: number; children: Array<{ name: string; path: string; count: number }> }>();
    for (const c of categories) {
      const top = tops.get(c.top) ?? { name: c.top, count: 0, children: [] };
      tops.set(c.top, top);
      top.count += Number(c.count);
      if (c.sub) {
        const child = top.children.find((x) => x.name === c.sub);
        if (child) child.count += Number(c.count);
        else top.children.push({ name: c.sub, path: `${c.top} > ${c.sub}`, count: Number(c.count) });
      }
    }
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt-BR');
    return {
      categories: [...tops.values()].sort(byName).map((t) => ({ ...t, children: t.children.sort(byName) })),
      brands: brands.map((b) => ({ name: b.brand, count: Number(b.count) })).sort(byName),
    };
  }

  return {
    ...matching,

    /**
     * One page of the search as JSON, checked against the contract when loaded, then answered from the
     * catalog cache (no mapping, parsing or serialising on a hit) until the account's catalog changes
     * or a promotional period of the page starts or ends.
     */
    async searchJson(caller: Caller, q: z.output<typeof ProductSearchQuery>): Promise<string> {
      if (q.location_id !== undefined) await store(caller, q.location_id);
      const filters = { query: q.query, skus: q.skus, available: q.available, locationId: q.location_id, category: q.category, brand: q.brand, sort: q.sort };
      const page = await cache.read(caller.accountId, `search:${JSON.stringify([filters, q.page, q.quantity])}`, async () => {
        const { rows, total } = await repo.search(caller.accountId, filters, q.page, q.quantity);
        return { json: JSON.stringify(ProductPage.parse(pageOf(rows.map(toProduct), q, total))), until: nextPromotionChange(rows.map((p) => p.offer)) };
      }, untilOf);
      return page.json;
    },

    /** Categories and brands with their counts (of the store's offers with a store), as JSON from the catalog cache. */
    async facetsJson(caller: Caller, locationId: number | undefined): Promise<string> {
      if (locationId !== undefined) await store(caller, locationId);
      const page = await cache.read(caller.accountId, `facets:${locationId ?? ''}`, async () => ({ json: JSON.stringify(ProductFacets.parse(await facets(caller.accountId, locationId))), until: null }));
      return page.json;
    },


    detail: (caller: Caller, id: number) => detail(caller.accountId, id),

    /** Availability, stock and cost (null clears it) of an account's product; another account's is a 404. */
    async updateProduct(caller: Caller, id: number, body: z.output<typeof UpdateProductBody>) {
      const changed = await repo.updateProduct(caller.accountId, id, {
        isAvailable: body.is_available,
        availableStock: body.available_stock,
        costCents: body.cost === undefined ? undefined : body.cost === null ? null : BigInt(toCents(body.cost)),
      });
      if (!changed) throw new NotFoundError('PRODUCT_NOT_FOUND');
      return detail(caller.accountId, id);
    },

    /** Changes a store's offer; the promotional price stays below the price and the period ends after it starts (400 naming the field). */
    async updateOffer(caller: Caller, locationId: number, productId: number, body: UpdateOfferInput): Promise<z.input<typeof CatalogOffer>> {
      await store(caller, locationId);
      const offer = await repo.findOffer(caller.accountId, locationId, productId);
      if (!offer) {
        const product = await repo.rowsByIds(caller.accountId, [productId]);
        throw new NotFoundError(product.length ? 'OFFER_NOT_FOUND' : 'PRODUCT_NOT_FOUND');
      }
      const price = body.price !== undefined ? BigInt(toCents(body.price)) : offer.priceCents;
      const promo = body.promotional_price !== undefined ? (body.promotional_price === null ? null : BigInt(toCents(body.promotional_price))) : offer.promotionalPriceCents;
      const start = body.promotion_start !== undefined ? (body.promotion_start ? new Date(body.promotion_start) : null) : offer.promotionStartAt;
      const end = body.promotion_end !== undefined ? (body.promotion_end ? new Date(body.promotion_end) : null) : offer.promotionEndAt;
      if (promo !== null && promo >= price) throw invalid(body.promotional_price !== undefined ? 'promotional_price' : 'price', 'OFFER_PROMO_NOT_BELOW_PRICE');
      if (start && end && end <= start) throw invalid(body.promotion_end !== undefined ? 'promotion_end' : 'promotion_start', 'OFFER_PROMO_END_BEFORE_START');
      if (promo === null && (body.promotion_start || body.promotion_end)) throw invalid('promotional_price', 'OFFER_PROMO_PERIOD_WITHOUT_PRICE');
      await repo.updateOffer(offer.id, {
        isAvailable: body.is_available,
        stock: body.stock,
        priceCents: price,
        promotionalPriceCents: promo,
        // A promotion removed takes its period along.
        promotionStartAt: promo === null ? null : start,
        promotionEndAt: promo === null ? null : end,
      });
      return toOffer(found(await repo.offerRow(caller.accountId, locationId, productId), 'OFFER_NOT_FOUND'));
    },

    /** What a shopper finds at the store (one page), as JSON from the catalog cache. */
    async publicOffersJson(caller: Caller, q: z.output<typeof PublicOffersQuery>): Promise<string> {
      await store(caller, q.location_id);
      const page = await cache.read(caller.accountId, `public-offers:${JSON.stringify([q.location_id, q.query, q.page, q.quantity])}`, async () => {
        const { rows, total } = await repo.publicOffers(caller.accountId, q.location_id, q.query, q.page, q.quantity);
        return { json: JSON.stringify(PublicOfferPage.parse(pageOf(rows.map((m) => toPublicOffer(m, q.location_id)), q, total))), until: matchesUntil(rows) };
      }, untilOf);
      return page.json;
    },

    /** The current offer of each product (by id or SKU, ids first) at the store: one per product. */
    async uniqueOffers(caller: Caller, body: z.output<typeof UniqueOffersBody>) {
      await store(caller, body.location_id);
      const ids = [...(body.product_ids ?? []), ...(await repo.idsOfSkus(caller.accountId, body.skus ?? []))];
      const offers = await matching.offersFor(caller.accountId, body.location_id, ids);
      return { data: offers.map((m) => toPublicOffer(m, body.location_id)) };
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
