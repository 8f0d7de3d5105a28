import { describe, expect, it } from 'vitest';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import { priceOrder } from './order-pricing.ts';

const offer = (productId: number, sku: string, priceCents: number, over: Partial<OfferMatch> = {}): OfferMatch => ({
  productId,
  sku,
  name: sku,
  brand: null,
  gtin: null,
  imageUrl: null,
  categories: [],
  unitMeasurement: 'un',
  sizePack: null,
  weightPerUnit: null,
  tags: [],
  priceCents,
  listPriceCents: priceCents,
  promotionalPriceCents: null,
  promotionStartAt: null,
  promotionEndAt: null,
  stock: 10,
  available: true,
  score: 1,
  ...over,
});

const OFFERS = [offer(1, 'ARROZ', 650), offer(2, 'QUEIJO', 4990, { unitMeasurement: 'kg', weightPerUnit: 0.25 })];

/** A fake engine: 10% off every line, rounded per line. */
function deps(discountPercent = 10) {
  const seen: unknown[] = [];
  return {
    seen,
    deps: {
      catalog: { offersFor: async (_a: number, _l: number, ids: number[]) => OFFERS.filter((o) => ids.includes(o.productId)) },
      productIdsBySku: async (skus: string[]) => new Map(OFFERS.filter((o) => skus.includes(o.sku)).map((o) => [o.sku, o.productId])),
      pricing: {
        evaluate: async (_a: number, input: { items: Array<{ sku: string; quantity: number; unit_price: number }> }) => {
          seen.push(input);
          const items = input.items.map((i) => ({ sku: i.sku, discount: Math.round(i.quantity * i.unit_price * discountPercent) / 100 }));
          return { applied: [], items, rejected_coupon: undefined } as never;
        },
      },
    },
  };
}

describe('priceOrder', () => {
  it('prices packs by units and weighed items by weight (given, else units of weight_per_unit), to the cent', async () => {
    const { deps: d, seen } = deps();
    const priced = await priceOrder(d, 1, { locationId: 1, customer: 'X', couponCode: null, items: [{ sku: 'ARROZ', quantity: 3 }, { product_id: 2, quantity: 1, weight: 0.333 }] }, 'pt-BR');
    expect(priced.lines.map((l) => [l.sku, l.quantity, l.weight, l.subTotalCents, l.discountCents])).toEqual([
      ['ARROZ', 3, null, 1950, 195],
      // 0.333 kg × R$ 49,90 = R$ 16,6167 → 1662 cents.
      ['QUEIJO', 1, 0.333, 1662, 166],
    ]);
    expect(priced).toMatchObject({ subTotalCents: 3612, discountCents: 361, totalCents: 3251 });
    expect(seen[0]).toMatchObject({ items: [{ sku: 'ARROZ', quantity: 3, unit_price: 6.5 }, { sku: 'QUEIJO', quantity: 1, unit_price: 16.62 }] });

    const byUnits = await priceOrder(d, 1, { locationId: 1, customer: 'X', couponCode: null, items: [{ product_id: 2, quantity: 2 }] }, 'pt-BR');
    expect(byUnits.lines[0]).toMatchObject({ weight: 0.5, subTotalCents: 2495 });
  });

  it('names the lines without an offer, repeated, or weighed though sold by unit (422)', async () => {
    const { deps: d } = deps();
    const call = (items: Array<{ product_id?: number; sku?: string; quantity: number; weight?: number }>) =>
      priceOrder(d, 1, { locationId: 1, customer: 'X', couponCode: null, items }, 'pt-BR');
    await expect(call([{ sku: 'NADA', quantity: 1 }, { product_id: 9, quantity: 1 }])).rejects.toMatchObject({
      status: 422,
      code: 'ORDER_PRODUCTS_UNKNOWN',
      details: [expect.objectContaining({ field: 'items.0.sku' }), expect.objectContaining({ field: 'items.1.product_id' })],
    });
    await expect(call([{ product_id: 1, quantity: 1 }, { sku: 'ARROZ', quantity: 1 }])).rejects.toMatchObject({ details: [expect.objectContaining({ field: 'items.1.sku' })] });
    await expect(call([{ product_id: 1, quantity: 1, weight: 1 }])).rejects.toMatchObject({ code: 'ORDER_PRODUCT_NOT_WEIGHED', details: [expect.objectContaining({ field: 'items.0.weight' })] });
  });
});
