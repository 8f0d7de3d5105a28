import { toCents, type OrderItemInput } from '@backoffice/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Lang } from '../../i18n/messages.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import type { RedemptionsService } from '../promotions/redemptions.service.ts';
import { DEFAULT_WEIGHT_PER_UNIT } from '../shopping-carts/list-parser.ts';

export interface PricedLine {
  productId: number;
  sku: string;
  name: string;
  unitMeasurement: string;
  quantity: number;
  /** Kg, for items sold by kg. */
  weight: number | null;
  /** The price of one unit, or of one kg for items sold by kg. */
  unitPriceCents: number;
  subTotalCents: number;
  discountCents: number;
}

export interface OrderPricing {
  lines: PricedLine[];
  subTotalCents: number;
  discountCents: number;
  totalCents: number;
  applied: Array<{ promotion_id: number; name: string; promotion_type: string; code: string | null; discount: number }>;
  couponRejection: string | null;
  /** The lines as the promotions engine took them (redeemed with the same ones). */
  engineItems: Array<{ sku: string; quantity: number; unit_price: number }>;
}

interface Deps {
  catalog: Pick<CatalogService, 'offersFor'>;
  pricing: Pick<RedemptionsService, 'evaluate'>;
  productIdsBySku: (skus: string[]) => Promise<Map<string, number>>;
}

type Issue = { field: string; code: string; message: string };

const fieldOf = (i: number, item: { product_id?: number }) => `items.${i}.${item.product_id !== undefined ? 'product_id' : 'sku'}`;

/**
 * Prices an order's lines from the store's current offers and the promotions engine. A weighed
 * line costs its weight (given, else its units of weight_per_unit kg) at the price per kg, and is
 * one engine unit of that amount; the engine's discounts come back per line.
 */
export async function priceOrder(
  deps: Deps,
  accountId: number,
  input: { locationId: number; customer: string; couponCode: string | null; items: Array<Pick<OrderItemInput, 'product_id' | 'sku' | 'quantity' | 'weight'>> },
  lang: Lang,
): Promise<OrderPricing> {
  const bySku = await deps.productIdsBySku(input.items.flatMap((i) => (i.sku !== undefined ? [i.sku] : [])));
  const ids = input.items.map((i) => i.product_id ?? bySku.get(i.sku!) ?? null);
  const offers = new Map<number, OfferMatch>(
    (await deps.catalog.offersFor(accountId, input.locationId, ids.filter((id): id is number => id !== null))).map((o) => [o.productId, o]),
  );

  const unknown: Issue[] = [];
  const unweighed: Issue[] = [];
  const seen = new Map<number, number>();
  const lines: PricedLine[] = [];
  input.items.forEach((item, i) => {
    const id = ids[i];
    const offer = id !== null ? offers.get(id!) : undefined;
    if (!offer) {
      unknown.push({ field: fieldOf(i, item), code: 'custom', message: `Sem oferta nesta loja: ${item.product_id ?? item.sku}.` });
      return;
    }
    if (seen.has(offer.productId)) {
      unknown.push({ field: fieldOf(i, item), code: 'custom', message: `Produto repetido no pedido: ${offer.sku}.` });
      return;
    }
    seen.set(offer.productId, i);
    const weighed = offer.unitMeasurement === 'kg';
    if (!weighed && item.weight !== undefined) {
      unweighed.push({ field: `items.${i}.weight`, code: 'custom', message: `Peso só vale para produtos vendidos por kg: ${offer.sku}.` });
      return;
    }
    const quantity = item.quantity ?? 1;
    const weight = weighed ? (item.weight ?? Math.round(quantity * (offer.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT) * 1000) / 1000) : null;
    const subTotalCents = weight !== null ? Math.round(offer.priceCents * weight) : offer.priceCents * quantity;
    lines.push({
      productId: offer.productId,
      sku: offer.sku,
      name: offer.name,
      unitMeasurement: offer.unitMeasurement,
      quantity,
      weight,
      unitPriceCents: offer.priceCents,
      subTotalCents,
      discountCents: 0,
    });
  });
  if (unknown.length) {
    throw new AppError(422, 'ORDER_PRODUCTS_UNKNOWN', 'ORDER_PRODUCTS_UNKNOWN', { items: unknown.map((u) => u.field).join(', ') }, unknown);
  }
  if (unweighed.length) {
    throw new AppError(422, 'ORDER_PRODUCT_NOT_WEIGHED', 'ORDER_PRODUCT_NOT_WEIGHED', { items: unweighed.map((u) => u.field).join(', ') }, unweighed);
  }

  const engineItems = lines.map((l) =>
    l.weight !== null ? { sku: l.sku, quantity: 1, unit_price: l.subTotalCents / 100 } : { sku: l.sku, quantity: l.quantity, unit_price: l.unitPriceCents / 100 },
  );
  const subTotalCents = lines.reduce((a, l) => a + l.subTotalCents, 0);
  const evaluation = await deps.pricing.evaluate(
    accountId,
    { location_id: input.locationId, customer: input.customer, items: engineItems, shipping: 0, coupon_code: input.couponCode ?? undefined },
    lang,
  );
  const discountBySku = new Map(evaluation.items.map((e) => [e.sku, toCents(e.discount)]));
  for (const l of lines) l.discountCents = Math.min(discountBySku.get(l.sku) ?? 0, l.subTotalCents);
  const discountCents = lines.reduce((a, l) => a + l.discountCents, 0);
  return {
    lines,
    subTotalCents,
    discountCents,
    totalCents: subTotalCents - discountCents,
    applied: evaluation.applied.map((a) => ({ promotion_id: a.promotion_id, name: a.name, promotion_type: a.promotion_type, code: a.code ?? null, discount: a.discount })),
    couponRejection: evaluation.rejected_coupon?.reason ?? null,
    engineItems,
  };
}
