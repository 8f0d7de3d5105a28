import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import { BUSINESS_TZ } from '../../lib/business-day.ts';

/**
 * One grouped row of carts: `kind` says which grouping set it belongs to (a São Paulo creation day,
 * a store, or the whole period).
 */
export interface FunnelRow {
  kind: 'day' | 'store' | 'total';
  day: string | null;
  location_id: number | null;
  store_name: string | null;
  created: number;
  links_sent: number;
  opened: number;
  converted: number;
  abandoned: number;
  reached: number;
  abandoned_cents: bigint;
}

export interface FunnelFilter {
  from: Date;
  to: Date;
  locationId?: number;
  /** The stores the caller may see; null: every store of the account. */
  allowedLocationIds: number[] | null;
}

/** Cart abandonment aggregates, read straight from shopping_carts. */
export function createCartMetricsRepo(db: Db) {
  return {
    /**
     * Per creation day, per store and for the whole period in one pass (GROUPING SETS). A cart
     * reached its customer once its link was sent or it was opened; abandoned = reached and not converted.
     */
    funnel(accountId: number, f: FunnelFilter) {
      const scope = [
        f.locationId !== undefined ? Prisma.sql`AND c.location_id = ${f.locationId}` : Prisma.empty,
        f.allowedLocationIds ? Prisma.sql`AND c.location_id = ANY(${f.allowedLocationIds}::int[])` : Prisma.empty,
      ];
      return db.$queryRaw<FunnelRow[]>`
        SELECT CASE WHEN GROUPING(x.d) = 0 THEN 'day' WHEN GROUPING(x.location_id) = 0 THEN 'store' ELSE 'total' END AS kind,
               to_char(x.d, 'YYYY-MM-DD') AS day,
               x.location_id,
               max(l.name) AS store_name,
               count(*)::int AS created,
               count(*) FILTER (WHERE x.link_sent_at IS NOT NULL)::int AS links_sent,
               count(*) FILTER (WHERE x.opened_at IS NOT NULL)::int AS opened,
               count(*) FILTER (WHERE x.converted_at IS NOT NULL)::int AS converted,
               count(*) FILTER (WHERE x.reached AND x.converted_at IS NULL)::int AS abandoned,
               count(*) FILTER (WHERE x.reached)::int AS reached,
               coalesce(sum(x.total_cents) FILTER (WHERE x.reached AND x.converted_at IS NULL), 0)::bigint AS abandoned_cents
          FROM (SELECT (c.created_at AT TIME ZONE ${BUSINESS_TZ})::date AS d, c.location_id, c.link_sent_at, c.opened_at, c.converted_at,
                       c.total_cents, (c.link_sent_at IS NOT NULL OR c.opened_at IS NOT NULL) AS reached
                  FROM shopping_carts c
                 WHERE c.account_id = ${accountId} AND c.created_at >= ${f.from} AND c.created_at <= ${f.to}
                   ${Prisma.join(scope, ' ')}) x
          JOIN locations l ON l.id = x.location_id
         GROUP BY GROUPING SETS ((x.d), (x.location_id), ())`;
    },

    /** Whether the account has the store. */
    async storeExists(accountId: number, id: number) {
      return (await db.location.count({ where: { id, accountId } })) > 0;
    },
  };
}
export type CartMetricsRepo = ReturnType<typeof createCartMetricsRepo>;
