import { toCents, type CartItemStatus, type PromotionType } from '@backoffice/contracts';
import type { Lang } from '../../i18n/messages.ts';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import type { RedemptionsService } from '../promotions/redemptions.service.ts';
import { DEFAULT_WEIGHT_PER_UNIT } from './list-parser.ts';

export interface PricingLine {
  status: CartItemStatus;
  offer: OfferMatch | null;
  quantity: number;
}

export interface LinePrice {
  unitPriceCents: number;
  subTotalCents: number;
  discountCents: number;
}

export interface AppliedCartPromotion {
  promotion_id: number;
  name: string;
  promotion_type: PromotionType;
  code: string | null;
  discount: number;
}

/** What the cart row keeps of the engine's answer (`shopping_carts.pricing`). */
export interface StoredPricing {
  applied: AppliedCartPromotion[];
  coupon_rejection: string | null;
}

export interface CartPricing extends StoredPricing {
  lines: LinePrice[];
  subTotalCents: number;
  discountCents: number;
  totalCents: number;
}

/** The price of one cart unit: a kg-sold product's unit is weight_per_unit kg of its price per kg. */
export const unitPriceOf = (offer: OfferMatch): number =>
  offer.unitMeasurement === 'kg' ? Math.round(offer.priceCents * (offer.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT)) : offer.priceCents;

/** Splits `amount` over `weights` in proportion, largest remainder first: the parts add up to it exactly. */
export function splitCents(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (!amount || !total) return weights.map(() => 0);
  const raw = weights.map((w) => (amount * w) / total);
  const parts = raw.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface PriceCartInput {
  locationId: number;
  /** How the promotions' customer lists name the customer (CPF, else the customer's id). */
  customer: string;
  couponCode: string | null;
  lines: PricingLine[];
}

/**
 * Prices the confirmed lines with the promotions engine (one SKU per engine line: lines of the same
 * product are added up and the discount split back over them); other lines cost nothing yet.
 */
export async function priceCart(pricing: Pick<RedemptionsService, 'evaluate'>, accountId: number, input: PriceCartInput, lang: Lang): Promise<CartPricing> {
  const lines: LinePrice[] = input.lines.map((l) => ({ unitPriceCents: l.offer ? unitPriceOf(l.offer) : 0, subTotalCents: 0, discountCents: 0 }));
  const bySku = new Map<string, number[]>();
  input.lines.forEach((l, i) => {
    if (l.status !== 'confirmed' || !l.offer) return;
    lines[i]!.subTotalCents = lines[i]!.unitPriceCents * l.quantity;
    bySku.set(l.offer.sku, [...(bySku.get(l.offer.sku) ?? []), i]);
  });
  const subTotalCents = lines.reduce((a, l) => a + l.subTotalCents, 0);
  if (!bySku.size) return { lines, subTotalCents: 0, discountCents: 0, totalCents: 0, applied: [], coupon_rejection: null };

  const items = [...bySku.entries()].map(([sku, idx]) => {
    const quantity = idx.reduce((a, i) => a + input.lines[i]!.quantity, 0);
    // Same product, same unit price: the engine takes one line of it.
    return { sku, quantity, unit_price: lines[idx[0]!]!.unitPriceCents / 100 };
  });
  const evaluation = await pricing.evaluate(
    accountId,
    { location_id: input.locationId, customer: input.customer, items, shipping: 0, coupon_code: input.couponCode ?? undefined },
    lang,
  );
  for (const priced of evaluation.items) {
    const idx = bySku.get(priced.sku) ?? [];
    const parts = splitCents(toCents(priced.discount), idx.map((i) => lines[i]!.subTotalCents));
    idx.forEach((i, k) => (lines[i]!.discountCents = parts[k]!));
  }
  const discountCents = lines.reduce((a, l) => a + l.discountCents, 0);
  return {
    lines,
    subTotalCents,
    discountCents,
    totalCents: subTotalCents - discountCents,
    applied: evaluation.applied.map((a) => ({ promotion_id: a.promotion_id, name: a.name, promotion_type: a.promotion_type, code: a.code, discount: a.discount })),
    coupon_rejection: evaluation.rejected_coupon?.reason ?? null,
  };
}
