import type { z } from 'zod';
import { fromCents, toCents, type EvaluatePromotionsInput, type PromotionEvaluation, type RedeemPromotionsInput } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessRuleError } from '../../lib/errors.ts';
import { translate, type Lang } from '../../i18n/messages.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import { evaluateCart, type AppliedPromotion, type Cart, type EnginePromotion, type Evaluation } from './pricing-engine.ts';
import type { RedemptionRow, RedemptionsRepo } from './redemptions.repo.ts';

interface Deps {
  db: Db;
  repo: RedemptionsRepo;
  clock?: () => Date;
}

// A burst of checkouts queues on one promotion's row lock: give the queue time before failing.
const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

const toCart = (input: EvaluatePromotionsInput): Cart => ({
  locationId: input.location_id,
  customer: input.customer || undefined,
  items: input.items.map((i) => ({ sku: i.sku, quantity: i.quantity, unitPriceCents: toCents(i.unit_price) })),
  shippingCents: toCents(input.shipping),
  couponCode: input.coupon_code,
});

/** The engine's result in the API's units (reais) and language. */
export function toEvaluationResponse(e: Evaluation, lang: Lang): z.input<typeof PromotionEvaluation> {
  return {
    applied: e.applied.map((a) => ({
      promotion_id: a.promotion.id,
      name: a.promotion.name,
      promotion_type: a.promotion.promotionType,
      code: a.promotion.code,
      discount: fromCents(a.discountCents),
      items: a.items.map((i) => ({ sku: i.sku, discount: fromCents(i.discountCents) })),
      shipping_discount: fromCents(a.shippingDiscountCents),
    })),
    ...(e.rejectedCoupon
      ? { rejected_coupon: { code: e.rejectedCoupon.code, reason: translate(e.rejectedCoupon.reason, lang, e.rejectedCoupon.params) } }
      : {}),
    items: e.items.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      unit_price: fromCents(l.unitPriceCents),
      subtotal: fromCents(l.subtotalCents),
      discount: fromCents(l.discountCents),
      total: fromCents(l.totalCents),
    })),
    subtotal: fromCents(e.subtotalCents),
    items_discount: fromCents(e.itemsDiscountCents),
    shipping: fromCents(e.shippingCents),
    shipping_discount: fromCents(e.shippingDiscountCents),
    discount: fromCents(e.discountCents),
    total: fromCents(e.totalCents),
  };
}

const toRedemption = (r: RedemptionRow) => ({
  id: r.id,
  promotion_id: r.promotionId,
  order_id: r.orderId,
  customer: r.customer,
  status: r.status,
  discount: fromCents(r.discountCents),
  order_total: fromCents(r.orderTotalCents),
  redeemed_at: r.redeemedAt.toISOString(),
  released_at: r.releasedAt?.toISOString() ?? null,
});

/** The 422 for a promotion whose limit another order took first. */
function limitReached(p: EnginePromotion, scope: 'total' | 'customer') {
  if (p.promotionType === 'coupon') {
    return new BusinessRuleError(scope === 'total' ? 'COUPON_EXHAUSTED' : 'COUPON_CUSTOMER_EXHAUSTED', { code: p.code ?? '' });
  }
  return new BusinessRuleError(scope === 'total' ? 'PROMOTION_LIMIT_REACHED' : 'PROMOTION_CUSTOMER_LIMIT_REACHED', { name: p.name });
}

/** Evaluates carts against the account's promotions and keeps the ledger of their uses by orders. */
export function createRedemptionsService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());
  const { db, repo } = deps;

  const evaluateAt = async (accountId: number, input: EvaluatePromotionsInput, at: Date) => {
    const cart = toCart(input);
    return evaluateCart(cart, await repo.candidates(accountId, at, cart.couponCode, cart.customer), at);
  };

  const replay = async (accountId: number, orderId: string) => {
    const rows = await repo.findByOrder(accountId, orderId);
    return rows.length > 0 ? { order_id: orderId, replayed: true, redemptions: rows.map(toRedemption) } : null;
  };

  return {
    /** Prices a cart without recording anything. */
    async evaluate(accountId: number, input: EvaluatePromotionsInput, lang: Lang) {
      return toEvaluationResponse(await evaluateAt(accountId, input, now()), lang);
    },

    /**
     * Records the uses of the promotions an order gets, in one transaction: each use is a
     * conditional update of `uses_count`, and the per-customer count is read under that row's
     * lock. A limit reached meanwhile fails the whole redemption (422). Idempotent by order id.
     */
    async redeem(accountId: number, input: RedeemPromotionsInput, lang: Lang) {
      const previous = await replay(accountId, input.order_id);
      if (previous) return previous;

      const evaluation = await evaluateAt(accountId, input, now());
      const rejected = evaluation.rejectedCoupon;
      // The order was priced with its coupon: without it, the order's total would be wrong.
      if (rejected) throw new BusinessRuleError(rejected.reason, rejected.params);

      const customer = input.customer || null;
      // Ascending ids: every transaction locks promotions in the same order, so none deadlock.
      const applied = [...evaluation.applied].sort((a, b) => a.promotion.id - b.promotion.id);
      const takeOne = async (tx: Tx, a: AppliedPromotion) => {
        const taken = await repo.takeUse(tx, accountId, a.promotion.id);
        if (!taken) throw limitReached(a.promotion, 'total');
        if (taken.limit_per_customer !== null && customer) {
          const used = await repo.customerUses(tx, accountId, a.promotion.id, customer);
          if (used >= taken.limit_per_customer) throw limitReached(a.promotion, 'customer');
        }
        return repo.record(tx, accountId, {
          promotionId: a.promotion.id,
          orderId: input.order_id,
          customer,
          discountCents: a.discountCents,
          orderTotalCents: evaluation.totalCents,
        });
      };

      try {
        const rows = await db.$transaction(async (tx) => {
          const out = [];
          for (const a of applied) out.push(await takeOne(tx, a));
          return out;
        }, TX_OPTIONS);
        return { order_id: input.order_id, replayed: false, redemptions: rows.map(toRedemption), evaluation: toEvaluationResponse(evaluation, lang) };
      } catch (err) {
        // The same order redeemed concurrently: the unique (promotion, order) index let one win.
        if (isUniqueViolation(err)) {
          const winner = await replay(accountId, input.order_id);
          if (winner) return winner;
        }
        throw err;
      }
    },

    /** Releases the uses of a canceled order; releasing again, or another account's order, changes nothing. */
    async release(accountId: number, orderId: string) {
      const released = await db.$transaction((tx) => repo.release(tx, accountId, orderId, now()), TX_OPTIONS);
      const rows = await repo.findByOrder(accountId, orderId);
      return { order_id: orderId, released, redemptions: rows.map(toRedemption) };
    },
  };
}
export type RedemptionsService = ReturnType<typeof createRedemptionsService>;
