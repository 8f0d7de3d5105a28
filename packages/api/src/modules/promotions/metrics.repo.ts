import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import { BUSINESS_TZ } from '../../lib/business-day.ts';

/** Aggregates of redemptions: `day` is null on the row that totals the whole period. */
export interface MetricsRow {
  day: string | null;
  uses: number;
  customers: number;
  discount_cents: bigint;
  revenue_cents: bigint;
  released: number;
}

export interface TopCouponRow {
  id: number;
  name: string;
  code: string | null;
  active: boolean;
  disabledAt: Date | null;
  startAt: Date;
  endAt: Date;
  uses: number;
  customers: number;
  discount_cents: bigint;
  revenue_cents: bigint;
}

/** Which redemptions a metrics query reads: one promotion, or every coupon of the account. */
export type MetricsScope = { promotionId: number } | { coupons: true };

/**
 * Redemption aggregates. Days are São Paulo's; a redemption counts on the day it was made, and
 * a released one counts only in `released` (its use no longer holds).
 */
export function createMetricsRepo(db: Db) {
  const scopeSql = (accountId: number, scope: MetricsScope) =>
    'promotionId' in scope
      ? Prisma.sql`r.account_id = ${accountId} AND r.promotion_id = ${scope.promotionId}`
      : Prisma.sql`r.account_id = ${accountId} AND p.promotion_type = 'coupon'::"PromotionType"`;

  return {
    /** One row per day with activity plus one total row (`day` null), in a single pass. */
    aggregate(accountId: number, scope: MetricsScope, from: Date, to: Date) {
      return db.$queryRaw<MetricsRow[]>`
        SELECT to_char(x.d, 'YYYY-MM-DD') AS day,
               count(*) FILTER (WHERE x.status = 'applied')::int AS uses,
               count(DISTINCT x.customer) FILTER (WHERE x.status = 'applied')::int AS customers,
               coalesce(sum(x.discount_cents) FILTER (WHERE x.status = 'applied'), 0)::bigint AS discount_cents,
               coalesce(sum(x.order_total_cents) FILTER (WHERE x.status = 'applied'), 0)::bigint AS revenue_cents,
               count(*) FILTER (WHERE x.status = 'released')::int AS released
          FROM (SELECT (r.redeemed_at AT TIME ZONE ${BUSINESS_TZ})::date AS d, r.status, r.customer, r.discount_cents, r.order_total_cents
                  FROM promotion_redemptions r
                  JOIN promotions p ON p.id = r.promotion_id AND p.account_id = r.account_id
                 WHERE ${scopeSql(accountId, scope)}
                   AND r.redeemed_at >= ${from} AND r.redeemed_at <= ${to}) x
         GROUP BY GROUPING SETS ((x.d), ())`;
    },

    /** The account's most used coupons in the period (applied uses), ties by older id. */
    topCoupons(accountId: number, from: Date, to: Date, limit: number) {
      return db.$queryRaw<TopCouponRow[]>`
        SELECT p.id, p.name, p.code, p.active, p.disabled_at AS "disabledAt", p.start_at AS "startAt", p.end_at AS "endAt",
               count(*)::int AS uses,
               count(DISTINCT r.customer)::int AS customers,
               sum(r.discount_cents)::bigint AS discount_cents,
               sum(r.order_total_cents)::bigint AS revenue_cents
          FROM promotion_redemptions r
          JOIN promotions p ON p.id = r.promotion_id AND p.account_id = r.account_id
         WHERE r.account_id = ${accountId} AND p.promotion_type = 'coupon'::"PromotionType"
           AND r.status = 'applied' AND r.redeemed_at >= ${from} AND r.redeemed_at <= ${to}
         GROUP BY p.id
         ORDER BY uses DESC, p.id ASC
         LIMIT ${limit}`;
    },

    async promotionExists(accountId: number, id: number) {
      return (await db.promotion.count({ where: { id, accountId } })) > 0;
    },
  };
}
export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
