import type { Db, Tx } from '../../db/client.ts';
import { candidateSelect } from './promotions.repo.ts';
import type { EnginePromotion, StoredBenefits, StoredTrigger } from './pricing-engine.ts';

const redemptionSelect = {
  id: true,
  promotionId: true,
  orderId: true,
  customer: true,
  status: true,
  discountCents: true,
  orderTotalCents: true,
  redeemedAt: true,
  releasedAt: true,
} as const;

export interface NewRedemption {
  promotionId: number;
  orderId: string;
  customer: string | null;
  discountCents: number;
  orderTotalCents: number;
}

/** Promotion candidates for the engine, and the redemption ledger; every query is scoped by `accountId`. */
export function createRedemptionsRepo(db: Db) {
  return {
    /**
     * Promotions that may apply at `now`: non-coupons running now (the engine re-checks every
     * rule), plus the coupon whose code matches in any state, so a rejection can say why.
     */
    async candidates(accountId: number, now: Date, couponCode?: string, customer?: string): Promise<EnginePromotion[]> {
      const rows = await db.promotion.findMany({
        where: {
          accountId,
          OR: [
            { promotionType: { not: 'coupon' }, active: true, startAt: { lte: now }, endAt: { gte: now } },
            ...(couponCode ? [{ promotionType: 'coupon' as const, codeNormalized: couponCode.toUpperCase() }] : []),
          ],
        },
        select: candidateSelect,
      });
      const limited = rows.filter((r) => r.limitPerCustomer !== null).map((r) => r.id);
      const uses =
        customer && limited.length > 0
          ? await db.promotionRedemption.groupBy({
              by: ['promotionId'],
              where: { accountId, promotionId: { in: limited }, customer, status: 'applied' },
              _count: { _all: true },
            })
          : [];
      const usesOf = new Map(uses.map((u) => [u.promotionId, u._count._all]));
      return rows.map((r) => ({
        ...r,
        benefits: r.benefits as StoredBenefits,
        trigger: r.trigger as StoredTrigger,
        customerUses: usesOf.get(r.id) ?? 0,
      }));
    },

    findByOrder(accountId: number, orderId: string, tx: Tx | Db = db) {
      return tx.promotionRedemption.findMany({ where: { accountId, orderId }, select: redemptionSelect, orderBy: { id: 'asc' } });
    },

    /**
     * Takes one use of a promotion if its total limit allows: a conditional update, so concurrent
     * redemptions serialise on the row lock and never overshoot. Null when the limit is reached.
     */
    async takeUse(tx: Tx, accountId: number, promotionId: number) {
      const rows = await tx.$queryRaw<{ uses_count: number; limit_per_customer: number | null }[]>`
        UPDATE promotions SET uses_count = uses_count + 1
         WHERE id = ${promotionId} AND account_id = ${accountId}
           AND (limit_total IS NULL OR uses_count < limit_total)
        RETURNING uses_count, limit_per_customer`;
      return rows[0] ?? null;
    },

    /** Applied uses of a customer; exact inside the redemption transaction, which holds the promotion's row lock. */
    customerUses(tx: Tx, accountId: number, promotionId: number, customer: string) {
      return tx.promotionRedemption.count({ where: { accountId, promotionId, customer, status: 'applied' } });
    },

    record(tx: Tx, accountId: number, r: NewRedemption) {
      return tx.promotionRedemption.create({
        data: { ...r, accountId, discountCents: BigInt(r.discountCents), orderTotalCents: BigInt(r.orderTotalCents) },
        select: redemptionSelect,
      });
    },

    /** Marks an order's applied redemptions released and gives their uses back; returns how many. */
    async release(tx: Tx, accountId: number, orderId: string, at: Date) {
      const released = await tx.promotionRedemption.updateManyAndReturn({
        where: { accountId, orderId, status: 'applied' },
        data: { status: 'released', releasedAt: at },
        select: { promotionId: true },
      });
      // Ascending ids: the same lock order as redemptions take, so the two never deadlock.
      for (const promotionId of released.map((r) => r.promotionId).sort((a, b) => a - b)) {
        await tx.$executeRaw`
          UPDATE promotions SET uses_count = uses_count - 1
           WHERE id = ${promotionId} AND account_id = ${accountId} AND uses_count > 0`;
      }
      return released.length;
    },
  };
}
export type RedemptionsRepo = ReturnType<typeof createRedemptionsRepo>;
export type RedemptionRow = Awaited<ReturnType<RedemptionsRepo['findByOrder']>>[number];
