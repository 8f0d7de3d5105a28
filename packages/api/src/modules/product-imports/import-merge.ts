import { headerOf } from './import-file.ts';
import type { CheckedRow, Naming, RejectedRow, ValidRow } from './import-row.ts';
import { offerKey, type ChunkWrite, type OfferState, type ProductState } from './product-imports.repo.ts';

const productDefaults = (sku: string): ProductState => ({
  sku,
  name: '',
  brand: null,
  gtin: null,
  imageUrl: null,
  categories: [],
  priceCents: 0,
  costCents: null,
  unitMeasurement: 'un',
  isAvailable: true,
  availableStock: 0,
  url: null,
  referenceCode: null,
  additionalReferences: [],
  tags: [],
  sellers: [],
  sizePack: null,
  weightPerUnit: null,
});

/** A change: undefined keeps the current value, null puts the default back. */
const pick = <T>(change: T | null | undefined, current: T, fallback: T): T => (change === undefined ? current : change === null ? fallback : change);

function nextProduct(current: ProductState, row: ValidRow): ProductState {
  const c = row.product;
  return {
    ...current,
    name: c.name,
    priceCents: c.priceCents,
    costCents: pick(c.costCents, current.costCents, null),
    brand: pick(c.brand, current.brand, null),
    gtin: pick(c.gtin, current.gtin, null),
    categories: pick(c.categories, current.categories, []),
    unitMeasurement: pick(c.unitMeasurement, current.unitMeasurement, 'un'),
    sizePack: pick(c.sizePack, current.sizePack, null),
    weightPerUnit: pick(c.weightPerUnit, current.weightPerUnit, null),
    imageUrl: pick(c.imageUrl, current.imageUrl, null),
    url: pick(c.url, current.url, null),
    isAvailable: pick(c.isAvailable, current.isAvailable, true),
    availableStock: pick(c.availableStock, current.availableStock, 0),
    referenceCode: pick(c.referenceCode, current.referenceCode, null),
    additionalReferences: pick(c.additionalReferences, current.additionalReferences, []),
    sellers: pick(c.sellers, current.sellers, []),
    tags: pick(c.tags, current.tags, []),
  };
}

/** The store's offer after a line: a new offer takes the list price and the product's stock unless the line gives its own. */
function nextOffer(current: OfferState | undefined, product: ProductState, row: ValidRow): OfferState {
  const c = row.offer!;
  return {
    locationId: c.locationId,
    sku: row.sku,
    priceCents: pick(c.priceCents, current?.priceCents ?? product.priceCents, product.priceCents),
    promotionalPriceCents: pick(c.promotionalPriceCents, current?.promotionalPriceCents ?? null, null),
    promotionStartAt: pick(c.promotionStartAt, current?.promotionStartAt ?? null, null),
    promotionEndAt: pick(c.promotionEndAt, current?.promotionEndAt ?? null, null),
    stock: pick(c.stock, current?.stock ?? product.availableStock, product.availableStock),
    isAvailable: pick(c.isAvailable, current?.isAvailable ?? true, true),
  };
}

/**
 * What a chunk's lines make of the products and offers they touch, line after line (a later line
 * of the same SKU sees the earlier one). A line whose result breaks a rule of the offer as a whole
 * (a promotion not below the store's price, an end before the start) is refused and sets nothing.
 */
export function mergeChunk(
  checked: CheckedRow[],
  current: { products: Map<string, ProductState>; offers: Map<string, OfferState> },
  naming: Naming,
): ChunkWrite {
  const name = (field: 'promotional_price' | 'promotion_end_at' | 'promotion_start_at') => (naming === 'file' ? headerOf(field) : field);
  const products = new Map(current.products);
  const offers = new Map(current.offers);
  const touchedProducts = new Set<string>();
  const touchedOffers = new Set<string>();
  const rejected: RejectedRow[] = [];
  let accepted = 0;
  for (const c of checked) {
    if (!c.ok) {
      rejected.push(c.rejected);
      continue;
    }
    const row = c.row;
    const product = nextProduct(products.get(row.sku) ?? productDefaults(row.sku), row);
    let offer: OfferState | undefined;
    if (row.offer) {
      offer = nextOffer(offers.get(offerKey(row.offer.locationId, row.sku)), product, row);
      const reasons: string[] = [];
      if (offer.promotionalPriceCents !== null && offer.promotionalPriceCents >= offer.priceCents) {
        reasons.push(`${name('promotional_price')}: deve ser menor que o preço da loja`);
      }
      if (offer.promotionStartAt && offer.promotionEndAt && offer.promotionEndAt <= offer.promotionStartAt) {
        reasons.push(`${name('promotion_end_at')}: deve ser depois de ${name('promotion_start_at')}`);
      }
      if (reasons.length) {
        rejected.push({ line: row.line, sku: row.sku, reason: reasons.join('; ') });
        continue;
      }
    }
    products.set(row.sku, product);
    touchedProducts.add(row.sku);
    if (offer) {
      const key = offerKey(offer.locationId, row.sku);
      offers.set(key, offer);
      touchedOffers.add(key);
    }
    accepted++;
  }
  return {
    products: [...touchedProducts].map((sku) => products.get(sku)!),
    offers: [...touchedOffers].map((key) => offers.get(key)!),
    accepted,
    rejected,
    lines: checked.length,
  };
}
