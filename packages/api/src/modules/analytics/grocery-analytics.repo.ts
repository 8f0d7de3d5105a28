import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import { salesWhere, type SalesFilter } from '../sales-dashboard/sales-engine.ts';

export interface GroupSales {
  key: string;
  units: number;
  itemsCents: bigint;
  costCents: bigint;
  costedCents: bigint;
  /** The same key's sales in the comparison period (0 without one). */
  previousCents: bigint;
}
/** The sales of a period per category, brand and product (each most sold first), with the comparison's. */
export type Breakdown = Record<'category' | 'brand' | 'product', GroupSales[]>;
export interface CustomerPeriod {
  customers: number;
  newCustomers: number;
  orders: number;
  gmvCents: bigint;
}

/**
 * A store's customers in a period: each one's orders and spend, and the first day they ever bought
 * there (looked up per customer: the first entry of customer_daily_stats_store_customer_idx).
 */
const periodCustomers = (accountId: number, f: SalesFilter) => Prisma.sql`
  period AS (
    SELECT c.customer_id, sum(c.orders)::int AS orders, sum(c.gmv_cents)::bigint AS gmv_cents
      FROM customer_daily_stats c WHERE ${salesWhere('c', accountId, f)}
     GROUP BY c.customer_id HAVING sum(c.orders) > 0),
  firsts AS (
    SELECT p.customer_id, p.orders, p.gmv_cents, first.day AS first_day
      FROM period p CROSS JOIN LATERAL (
        SELECT c.day FROM customer_daily_stats c
         WHERE c.account_id = ${accountId} AND c.location_id = ${f.locationId!} AND c.customer_id = p.customer_id AND c.orders > 0
         ORDER BY c.day LIMIT 1) first)`;

/** The grocery analytics' reads of the sales rollups (a supermarket's sell-out and customers). */
export function createGroceryAnalyticsRepo(db: Db): GroceryAnalyticsRepo {
  return {
    /**
     * One pass over the store's rows of the period and its comparison, summed per product first, then
     * per category (first level) and per brand ('' : none) over those sums, in both periods.
     */
    async breakdown(accountId: number, f: SalesFilter, before: { from: string; to: string } | null): Promise<Breakdown> {
      const both = before ? Prisma.sql`(s.day BETWEEN ${f.from}::date AND ${f.to}::date OR s.day BETWEEN ${before.from}::date AND ${before.to}::date)` : Prisma.sql`s.day BETWEEN ${f.from}::date AND ${f.to}::date`;
      const now = Prisma.sql`s.day BETWEEN ${f.from}::date AND ${f.to}::date`;
      const then = before ? Prisma.sql`s.day BETWEEN ${before.from}::date AND ${before.to}::date` : Prisma.sql`FALSE`;
      const rows = await db.$queryRaw<
        Array<{ dim: 'category' | 'brand' | 'product'; key: string; lines: number; units: string; items_cents: bigint; cost_cents: bigint; costed_cents: bigint; previous_lines: number; previous_cents: bigint }>
      >`
        WITH per_product AS (
          SELECT s.product_id,
                 sum(s.lines) FILTER (WHERE ${now}) AS lines, sum(s.units) FILTER (WHERE ${now}) AS units,
                 sum(s.gmv_cents) FILTER (WHERE ${now}) AS items_cents, sum(s.cost_cents) FILTER (WHERE ${now}) AS cost_cents,
                 sum(s.costed_gmv_cents) FILTER (WHERE ${now}) AS costed_cents,
                 sum(s.lines) FILTER (WHERE ${then}) AS previous_lines, sum(s.gmv_cents) FILTER (WHERE ${then}) AS previous_cents
            FROM sales_daily_stats s
           WHERE s.account_id = ${accountId} AND ${both}
             ${f.locationId !== undefined ? Prisma.sql`AND s.location_id = ${f.locationId}` : Prisma.empty}
             ${f.allowedLocationIds ? Prisma.sql`AND s.location_id = ANY(${f.allowedLocationIds}::int[])` : Prisma.empty}
             ${f.channel ? Prisma.sql`AND s.channel = ${f.channel}::order_channel` : Prisma.empty}
           GROUP BY s.product_id)
        SELECT CASE WHEN GROUPING(s.product_id) = 0 THEN 'product' WHEN GROUPING(coalesce(p.brand, '')) = 0 THEN 'brand' ELSE 'category' END AS dim,
               coalesce(s.product_id::text, coalesce(p.brand, ''), coalesce(p.categories[1], '')) AS key,
               coalesce(sum(s.lines), 0)::int AS lines, coalesce(sum(s.units), 0)::text AS units,
               coalesce(sum(s.items_cents), 0)::bigint AS items_cents, coalesce(sum(s.cost_cents), 0)::bigint AS cost_cents,
               coalesce(sum(s.costed_cents), 0)::bigint AS costed_cents,
               coalesce(sum(s.previous_lines), 0)::int AS previous_lines, coalesce(sum(s.previous_cents), 0)::bigint AS previous_cents
          FROM per_product s LEFT JOIN products p ON p.id = s.product_id
         GROUP BY GROUPING SETS ((coalesce(p.categories[1], '')), (coalesce(p.brand, '')), (s.product_id))`;
      const out: Breakdown = { category: [], brand: [], product: [] };
      for (const r of rows) {
        const row = { key: r.key, units: Number(r.units), itemsCents: r.items_cents, costCents: r.cost_cents, costedCents: r.costed_cents, previousCents: r.previous_cents };
        if (r.lines > 0) out[r.dim].push(row);
      }
      // Most sold first (then by key: a product by id).
      const order = (x: GroupSales, y: GroupSales) => (y.itemsCents > x.itemsCents ? 1 : y.itemsCents < x.itemsCents ? -1 : x.key.localeCompare(y.key, undefined, { numeric: true }));
      for (const k of ['category', 'brand', 'product'] as const) out[k].sort(order);
      return out;
    },

    /** Customers of the period, those whose first purchase at the store fell in it, their orders and spend. */
    async customers(accountId: number, f: SalesFilter): Promise<CustomerPeriod> {
      const [r] = await db.$queryRaw<Array<{ customers: number; new_customers: number; orders: number; gmv_cents: bigint }>>`
        WITH ${periodCustomers(accountId, f)}
        SELECT count(*)::int AS customers, count(*) FILTER (WHERE f.first_day >= ${f.from}::date)::int AS new_customers,
               coalesce(sum(f.orders), 0)::int AS orders, coalesce(sum(f.gmv_cents), 0)::bigint AS gmv_cents
          FROM firsts f`;
      return { customers: r!.customers, newCustomers: r!.new_customers, orders: r!.orders, gmvCents: r!.gmv_cents };
    },

    /** Per day: customers, those buying there for the first time, orders. */
    perDay(accountId: number, f: SalesFilter) {
      return db.$queryRaw<Array<{ day: string; customers: number; new_customers: number; orders: number }>>`
        WITH ${periodCustomers(accountId, f)}
        SELECT to_char(c.day, 'YYYY-MM-DD') AS day, count(DISTINCT c.customer_id)::int AS customers,
               count(DISTINCT c.customer_id) FILTER (WHERE f.first_day = c.day)::int AS new_customers, sum(c.orders)::int AS orders
          FROM customer_daily_stats c JOIN firsts f USING (customer_id)
         WHERE ${salesWhere('c', accountId, f)} AND c.orders > 0
         GROUP BY c.day ORDER BY c.day`;
    },

    /** The period's customers by their number of orders in it (1, 2, 3, 4-5, 6+). */
    frequency(accountId: number, f: SalesFilter) {
      return db.$queryRaw<Array<{ bucket: string; customers: number; gmv_cents: bigint }>>`
        WITH ${periodCustomers(accountId, f)}
        SELECT CASE WHEN orders >= 6 THEN '6+' WHEN orders >= 4 THEN '4-5' ELSE orders::text END AS bucket,
               count(*)::int AS customers, sum(gmv_cents)::bigint AS gmv_cents
          FROM period GROUP BY 1`;
    },

    /**
     * Each customer of the 365 days up to `f.to` scored on recency (days since the last day an order still counts: ≤30 5,
     * ≤60 4, ≤90 3, ≤180 2, else 1) and frequency (orders: 10+ 5, 6+ 4, 3+ 3, 2 2, 1 1), by segment.
     */
    rfm(accountId: number, f: SalesFilter) {
      return db.$queryRaw<Array<{ segment: string; customers: number; gmv_cents: bigint; recency: number; orders: number }>>`
        WITH scored AS (
          SELECT c.customer_id, (${f.to}::date - max(c.day) FILTER (WHERE c.orders > 0))::int AS recency, sum(c.orders)::int AS orders, sum(c.gmv_cents)::bigint AS gmv_cents
            FROM customer_daily_stats c
           WHERE ${salesWhere('c', accountId, { ...f, from: yearBefore(f.to) })}
           GROUP BY c.customer_id HAVING sum(c.orders) > 0),
        scores AS (
          SELECT *, CASE WHEN recency <= 30 THEN 5 WHEN recency <= 60 THEN 4 WHEN recency <= 90 THEN 3 WHEN recency <= 180 THEN 2 ELSE 1 END AS r,
                    CASE WHEN orders >= 10 THEN 5 WHEN orders >= 6 THEN 4 WHEN orders >= 3 THEN 3 WHEN orders = 2 THEN 2 ELSE 1 END AS fq
            FROM scored)
        SELECT CASE WHEN r >= 4 AND fq >= 4 THEN 'champions'
                    WHEN r >= 3 AND fq >= 3 THEN 'loyal'
                    WHEN r >= 4 AND fq = 1 THEN 'new'
                    WHEN r >= 4 THEN 'promising'
                    WHEN r <= 2 AND fq >= 3 THEN 'at_risk'
                    WHEN r = 3 THEN 'need_attention'
                    WHEN r = 2 THEN 'hibernating'
                    ELSE 'lost' END AS segment,
               count(*)::int AS customers, sum(gmv_cents)::bigint AS gmv_cents, avg(recency)::float8 AS recency, avg(orders)::float8 AS orders
          FROM scores GROUP BY 1`;
    },

    /**
     * Monthly cohorts of the store's customers whose first order fell in the 12 months up to `f.to`:
     * per cohort and month offset, how many of them ordered.
     */
    cohorts(accountId: number, f: SalesFilter, fromMonth: string) {
      return db.$queryRaw<Array<{ cohort: string; offset: number; customers: number }>>`
        WITH first_days AS (
          SELECT DISTINCT ON (c.customer_id) c.customer_id, c.day
            FROM customer_daily_stats c
           WHERE c.account_id = ${accountId} AND c.location_id = ${f.locationId!} AND c.orders > 0 AND c.day <= ${f.to}::date
             ${f.channel ? Prisma.sql`AND c.channel = ${f.channel}::order_channel` : Prisma.empty}
           ORDER BY c.customer_id, c.day),
        firsts AS (SELECT customer_id, date_trunc('month', day)::date AS month FROM first_days WHERE day >= ${fromMonth}::date),
        active AS (
          SELECT DISTINCT c.customer_id, date_trunc('month', c.day)::date AS month
            FROM customer_daily_stats c JOIN firsts USING (customer_id)
           WHERE c.account_id = ${accountId} AND c.location_id = ${f.locationId!} AND c.orders > 0 AND c.day <= ${f.to}::date
             ${f.channel ? Prisma.sql`AND c.channel = ${f.channel}::order_channel` : Prisma.empty})
        SELECT to_char(f.month, 'YYYY-MM') AS cohort,
               ((extract(year FROM a.month) - extract(year FROM f.month)) * 12 + extract(month FROM a.month) - extract(month FROM f.month))::int AS offset,
               count(*)::int AS customers
          FROM firsts f JOIN active a USING (customer_id)
         GROUP BY 1, 2 ORDER BY 1, 2`;
    },
  };
}
/** The supermarket's analytics reads: one interface for the analytics engines (PostgreSQL here; ClickHouse in analytics-engine). */
export interface GroceryAnalyticsRepo {
  breakdown(accountId: number, f: SalesFilter, before: { from: string; to: string } | null): Promise<Breakdown>;
  customers(accountId: number, f: SalesFilter): Promise<CustomerPeriod>;
  perDay(accountId: number, f: SalesFilter): Promise<Array<{ day: string; customers: number; new_customers: number; orders: number }>>;
  frequency(accountId: number, f: SalesFilter): Promise<Array<{ bucket: string; customers: number; gmv_cents: bigint }>>;
  rfm(accountId: number, f: SalesFilter): Promise<Array<{ segment: string; customers: number; gmv_cents: bigint; recency: number; orders: number }>>;
  cohorts(accountId: number, f: SalesFilter, fromMonth: string): Promise<Array<{ cohort: string; offset: number; customers: number }>>;
}

/** The day 364 days before `day`: with it, a year of days. */
function yearBefore(day: string) {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
}
