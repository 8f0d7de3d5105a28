/**
 * The pricing engine: which promotions apply to a cart and how much each one gives. Pure
 * functions over integer cents; no I/O, the clock is an argument.
 *
 * **Applicability.** A promotion applies when all hold at `now`:
 * - its computed status (promotion-status.ts) is `active` — dates and the active flag;
 * - `location_ids` is empty or holds the cart's location (a cart without one gets only promotions of every store);
 * - `customers` is empty or holds the cart's customer (both cleaned to upper-case alphanumerics);
 * - limits: `usesCount < limitTotal`; with a per-customer limit the cart must name a customer
 *   whose applied redemptions are below it (an exhausted promotion does not apply);
 * - coupons only when the cart's coupon code equals the code, ignoring case;
 * - its trigger holds on the cart as given (prices before any discount):
 *   `quantity` — units of the promotion's items ≥ quantity; `total` — subtotal of the trigger's
 *   `offers_ids` (empty: the whole cart) ≥ min_value; `items` — units of `offers_ids` (empty:
 *   the whole cart) ≥ min_quantity.
 *
 * **Items of a promotion.** `selected_offers` (empty: the whole cart). `items_discount` instead
 * takes the items named in its trigger's `offers_ids`, falling back to `selected_offers`, then the cart.
 *
 * **Benefits** (each capped at what is left of the line or shipping, so nothing goes below zero):
 * - `buy_pay` "leve X pague Y" {pay, take}: take defaults to the quantity trigger (else pay + 1);
 *   each item gives floor(qty / take) × (take − pay) free units at its unit price;
 * - `discount`, `coupon`: percent off the items (rounded half up on their sum), or a fixed amount
 *   once per order; `items_discount` alike on its own items;
 * - `fixed_price` {price}: each unit costs at most `price` (discount = max(0, line − price × qty));
 * - `shipping_discount`: percent or fixed off the shipping.
 * An order-level amount (percent of a sum, fixed per order) is split across its lines in
 * proportion to what is left of each, with largest-remainder rounding: the parts add up to the
 * amount exactly, in cents.
 *
 * **Stacking.** Applicable promotions are ordered by `priority` (higher first), then older id.
 * The non-exclusive ones stack in that order, each on the amounts the previous left. An
 * exclusive promotion applies alone. The engine prices every option — the stack, and each
 * exclusive promotion alone — and keeps the lowest total; on a tie the earlier option wins (the
 * stack, then exclusives in priority order). A promotion that gives nothing is not listed.
 */
import { cleanCustomer, type PromotionType } from '@backoffice/contracts';
import { promotionStatus } from './promotion-status.ts';

export interface CartLine {
  sku: string;
  quantity: number;
  unitPriceCents: number;
}

export interface Cart {
  locationId?: number;
  /** Already cleaned (upper-case alphanumerics). */
  customer?: string;
  items: CartLine[];
  shippingCents: number;
  couponCode?: string;
}

/** Benefits and trigger as stored: money in cents. */
export interface StoredBenefits {
  pay?: number;
  take?: number;
  type?: 'percent' | 'fixed';
  value?: number;
  price?: number;
}
export type StoredTrigger =
  | { kind: 'quantity'; quantity: number }
  | { kind: 'total'; offers_ids: string[]; min_value: number }
  | { kind: 'items'; offers_ids: string[]; min_quantity: number };

export interface EnginePromotion {
  id: number;
  name: string;
  promotionType: PromotionType;
  code: string | null;
  startAt: Date;
  endAt: Date;
  active: boolean;
  disabledAt: Date | null;
  benefits: StoredBenefits;
  trigger: StoredTrigger;
  limitTotal: number | null;
  limitPerCustomer: number | null;
  usesCount: number;
  /** Applied redemptions of this promotion by the cart's customer. */
  customerUses: number;
  locationIds: number[];
  customers: string[];
  selectedOffers: string[];
  priority: number;
  exclusive: boolean;
}

/** Why a coupon given with the cart did not apply; each is a message code of the API catalogue. */
export type CouponRejection =
  | 'COUPON_NOT_FOUND'
  | 'COUPON_INACTIVE'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_LOCATION'
  | 'COUPON_CUSTOMER'
  | 'COUPON_CUSTOMER_REQUIRED'
  | 'COUPON_EXHAUSTED'
  | 'COUPON_CUSTOMER_EXHAUSTED'
  | 'COUPON_MIN_VALUE'
  | 'COUPON_CONDITIONS'
  | 'COUPON_NO_DISCOUNT'
  | 'COUPON_NOT_STACKABLE';

export interface AppliedPromotion {
  promotion: EnginePromotion;
  discountCents: number;
  items: { sku: string; discountCents: number }[];
  shippingDiscountCents: number;
}

export interface PricedLine {
  sku: string;
  quantity: number;
  unitPriceCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export interface Evaluation {
  applied: AppliedPromotion[];
  rejectedCoupon?: { code: string; reason: CouponRejection; params: Record<string, string | number> };
  items: PricedLine[];
  subtotalCents: number;
  itemsDiscountCents: number;
  shippingCents: number;
  shippingDiscountCents: number;
  discountCents: number;
  totalCents: number;
}

/**
 * Splits `amount` cents over `weights` in proportion, with largest-remainder rounding: the parts
 * add up to `amount` exactly, a zero weight gets nothing, and no part exceeds its weight when
 * `amount` ≤ the sum of the weights. Ties in remainder go to the earlier line.
 */
export function splitProportionally(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const a = BigInt(amount);
  const total = BigInt(sum);
  // BigInt keeps amount × weight exact beyond 2^53.
  const parts = weights.map((w) => {
    const num = a * BigInt(w);
    return { floor: Number(num / total), rem: num % total };
  });
  let left = amount - parts.reduce((s, p) => s + p.floor, 0);
  const order = parts.map((_, i) => i).sort((i, j) => (parts[j]!.rem > parts[i]!.rem ? 1 : parts[j]!.rem < parts[i]!.rem ? -1 : i - j));
  const out = parts.map((p) => p.floor);
  for (const i of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);
const inList = (list: string[]) => {
  const set = new Set(list);
  return (sku: string) => set.has(sku);
};
const units = (lines: CartLine[]) => lines.reduce((s, l) => s + l.quantity, 0);
const subtotal = (l: CartLine) => l.unitPriceCents * l.quantity;

/** The lines a promotion's benefit works on (see the module comment). */
function targetLines(p: EnginePromotion, cart: Cart): CartLine[] {
  const offers =
    p.promotionType === 'items_discount' && p.trigger.kind !== 'quantity' && p.trigger.offers_ids.length > 0
      ? p.trigger.offers_ids
      : p.selectedOffers;
  return offers.length === 0 ? cart.items : cart.items.filter((l) => inList(offers)(l.sku));
}

function triggerHolds(p: EnginePromotion, cart: Cart): boolean {
  const t = p.trigger;
  if (t.kind === 'quantity') return units(targetLines(p, cart)) >= t.quantity;
  const lines = t.offers_ids.length === 0 ? cart.items : cart.items.filter((l) => inList(t.offers_ids)(l.sku));
  if (t.kind === 'total') return lines.reduce((s, l) => s + subtotal(l), 0) >= t.min_value;
  return units(lines) >= t.min_quantity;
}

/** The first rule that keeps `p` from applying, or null when it applies. */
function rejection(p: EnginePromotion, cart: Cart, now: Date): CouponRejection | null {
  const status = promotionStatus(p, now);
  if (status === 'scheduled') return 'COUPON_NOT_STARTED';
  if (status === 'finished') return 'COUPON_EXPIRED';
  if (status !== 'active') return 'COUPON_INACTIVE';
  if (p.locationIds.length > 0 && (cart.locationId === undefined || !p.locationIds.includes(cart.locationId))) return 'COUPON_LOCATION';
  if (p.customers.length > 0 && (!cart.customer || !p.customers.map(cleanCustomer).includes(cart.customer))) return 'COUPON_CUSTOMER';
  if (p.limitTotal !== null && p.usesCount >= p.limitTotal) return 'COUPON_EXHAUSTED';
  if (p.limitPerCustomer !== null) {
    if (!cart.customer) return 'COUPON_CUSTOMER_REQUIRED';
    if (p.customerUses >= p.limitPerCustomer) return 'COUPON_CUSTOMER_EXHAUSTED';
  }
  if (!triggerHolds(p, cart)) return p.trigger.kind === 'total' ? 'COUPON_MIN_VALUE' : 'COUPON_CONDITIONS';
  return null;
}

/** Amounts still payable while promotions stack: per line and for shipping. */
interface Remaining {
  lines: Map<string, number>;
  shipping: number;
}

/** What one promotion gives on the remaining amounts; mutates `left` to what it leaves. */
function applyOne(p: EnginePromotion, cart: Cart, left: Remaining): AppliedPromotion {
  const b = p.benefits;
  const perLine = new Map<string, number>();
  let shipping = 0;
  const lines = targetLines(p, cart);
  const room = (l: CartLine) => left.lines.get(l.sku) ?? 0;

  const orderLevel = (amount: number) => {
    const weights = lines.map(room);
    const capped = Math.min(amount, weights.reduce((s, w) => s + w, 0));
    splitProportionally(capped, weights).forEach((part, i) => perLine.set(lines[i]!.sku, part));
  };

  switch (p.promotionType) {
    case 'buy_pay': {
      const pay = b.pay ?? 0;
      const take = b.take ?? (p.trigger.kind === 'quantity' ? p.trigger.quantity : pay + 1);
      if (take > pay && pay >= 0) {
        for (const l of lines) {
          const free = Math.floor(l.quantity / take) * (take - pay);
          perLine.set(l.sku, Math.min(room(l), free * l.unitPriceCents));
        }
      }
      break;
    }
    case 'fixed_price':
      for (const l of lines) perLine.set(l.sku, Math.max(0, room(l) - (b.price ?? 0) * l.quantity));
      break;
    case 'shipping_discount':
      shipping = Math.min(left.shipping, b.type === 'percent' ? percentOf(left.shipping, b.value ?? 0) : (b.value ?? 0));
      break;
    default: {
      // discount, coupon, items_discount
      const base = lines.reduce((s, l) => s + room(l), 0);
      orderLevel(b.type === 'percent' ? percentOf(base, b.value ?? 0) : (b.value ?? 0));
    }
  }

  const items: AppliedPromotion['items'] = [];
  for (const l of cart.items) {
    const d = perLine.get(l.sku) ?? 0;
    if (d <= 0) continue;
    items.push({ sku: l.sku, discountCents: d });
    left.lines.set(l.sku, room(l) - d);
  }
  left.shipping -= shipping;
  const discountCents = items.reduce((s, i) => s + i.discountCents, 0) + shipping;
  return { promotion: p, discountCents, items, shippingDiscountCents: shipping };
}

/** Prices one option: the given promotions stacked in order; those that give nothing are dropped. */
function priceOption(promotions: EnginePromotion[], cart: Cart) {
  const left: Remaining = { lines: new Map(cart.items.map((l) => [l.sku, subtotal(l)])), shipping: cart.shippingCents };
  const applied = promotions.map((p) => applyOne(p, cart, left)).filter((a) => a.discountCents > 0);
  const discount = applied.reduce((s, a) => s + a.discountCents, 0);
  return { applied, left, total: cart.items.reduce((s, l) => s + subtotal(l), 0) + cart.shippingCents - discount };
}

export const byPriority = (a: EnginePromotion, b: EnginePromotion) => b.priority - a.priority || a.id - b.id;

/**
 * Evaluates a cart against the account's candidate promotions (the coupon matching the cart's
 * code among them, if any). Returns the applied promotions, per-line and shipping discounts and totals.
 */
export function evaluateCart(cart: Cart, promotions: EnginePromotion[], now: Date): Evaluation {
  const code = cart.couponCode?.toUpperCase();
  const isCartCoupon = (p: EnginePromotion) => p.promotionType === 'coupon' && code !== undefined && p.code?.toUpperCase() === code;
  const coupon = promotions.find(isCartCoupon);
  let rejected: Evaluation['rejectedCoupon'];
  const reject = (reason: CouponRejection, params: Record<string, string | number> = {}) => {
    rejected = { code: cart.couponCode!, reason, params: { code: cart.couponCode!, ...params } };
  };

  const applicable = promotions
    .filter((p) => (p.promotionType !== 'coupon' || isCartCoupon(p)) && rejection(p, cart, now) === null)
    .sort(byPriority);
  const options = [applicable.filter((p) => !p.exclusive), ...applicable.filter((p) => p.exclusive).map((p) => [p])];
  const priced = options.map((o) => priceOption(o, cart));
  const best = priced.reduce((acc, o) => (o.total < acc.total ? o : acc), priced[0]!);

  if (cart.couponCode !== undefined) {
    if (!coupon) reject('COUPON_NOT_FOUND');
    else if (!best.applied.some((a) => a.promotion.id === coupon.id)) {
      const reason = rejection(coupon, cart, now);
      if (reason === 'COUPON_MIN_VALUE' && coupon.trigger.kind === 'total') reject(reason, { min: (coupon.trigger.min_value / 100).toFixed(2).replace('.', ',') });
      else if (reason) reject(reason);
      else if (!priced.some((o) => o.applied.some((a) => a.promotion.id === coupon.id))) reject('COUPON_NO_DISCOUNT');
      else reject('COUPON_NOT_STACKABLE', { name: best.applied.find((a) => a.promotion.exclusive || coupon.exclusive)?.promotion.name ?? best.applied[0]?.promotion.name ?? '' });
    }
  }

  const items = cart.items.map((l) => {
    const sub = subtotal(l);
    const total = best.left.lines.get(l.sku) ?? sub;
    return { sku: l.sku, quantity: l.quantity, unitPriceCents: l.unitPriceCents, subtotalCents: sub, discountCents: sub - total, totalCents: total };
  });
  const subtotalCents = items.reduce((s, l) => s + l.subtotalCents, 0);
  const itemsDiscountCents = items.reduce((s, l) => s + l.discountCents, 0);
  const shippingDiscountCents = cart.shippingCents - best.left.shipping;
  return {
    applied: best.applied,
    ...(rejected ? { rejectedCoupon: rejected } : {}),
    items,
    subtotalCents,
    itemsDiscountCents,
    shippingCents: cart.shippingCents,
    shippingDiscountCents,
    discountCents: itemsDiscountCents + shippingDiscountCents,
    totalCents: subtotalCents - itemsDiscountCents + cart.shippingCents - shippingDiscountCents,
  };
}
