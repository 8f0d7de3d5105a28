import type { OrderChannel } from '@backoffice/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import { scoped, type StatsFilter } from '../order-analytics/order-analytics.repo.ts';

/** A period of São Paulo days, the stores and the channel asked about. */
export type SalesFilter = StatsFilter & { channel?: OrderChannel };

/** Orders (from the customers' rollup) and lines sold (from the sales rollup) of a period. */
export interface SalesTotals {
  orders: number;
  gmvCents: bigint;
  customers: number;
  units: number;
  itemsCents: bigint;
  costCents: bigint;
  costedCents: bigint;
}
export interface SalesDay {
  day: string;
  orders: number;
  units: number;
  gmvCents: bigint;
  itemsCents: bigint;
  costCents: bigint;
  costedCents: bigint;
}
export interface ProductSales {
  productId: number;
  units: number;
  itemsCents: bigint;
  costCents: bigint;
  costedCents: bigint;
}
export interface CustomerSales {
  customerId: number;
  orders: number;
  gmvCents: bigint;
  lastDay: string;
}

/**
 * The sales figures the dashboards read, from the rollups (never the orders). One interface for the
 * analytics engines: this is PostgreSQL's (the default, also on PGlite).
 */
export interface SalesEngine {
  totals(accountId: number, f: SalesFilter): Promise<SalesTotals>;
  perDay(accountId: number, f: SalesFilter): Promise<SalesDay[]>;
  /** The products that sold most by value (then by id), `limit` of them; or those of `ids`. */
  products(accountId: number, f: SalesFilter, pick: { limit: number } | { ids: number[] }): Promise<ProductSales[]>;
  /** The customers who bought most by value (then by id), `limit` of them; or those of `ids`. */
  customers(accountId: number, f: SalesFilter, pick: { limit: number } | { ids: number[] }): Promise<CustomerSales[]>;
}

/** The rollup rows of a period, its stores and channel. */
export const salesWhere = (alias: string, accountId: number, f: SalesFilter) =>
  f.channel ? Prisma.sql`${scoped(alias, accountId, f)} AND ${Prisma.raw(alias)}.channel = ${f.channel}::order_channel` : scoped(alias, accountId, f);

export function createPostgresSalesEngine(db: Db): SalesEngine {
  return {
    async totals(accountId, f) {
      const [[sums], [people]] = await Promise.all([
        db.$queryRaw<Array<{ orders: number; gmv_cents: bigint; units: string; items_cents: bigint; cost_cents: bigint; costed_cents: bigint }>>`
          SELECT coalesce(sum(t.orders), 0)::int AS orders, coalesce(sum(t.orders_gmv_cents), 0)::bigint AS gmv_cents,
                 coalesce(sum(t.units), 0)::text AS units, coalesce(sum(t.gmv_cents), 0)::bigint AS items_cents,
                 coalesce(sum(t.cost_cents), 0)::bigint AS cost_cents, coalesce(sum(t.costed_gmv_cents), 0)::bigint AS costed_cents
            FROM sales_daily_totals t WHERE ${salesWhere('t', accountId, f)}`,
        db.$queryRaw<Array<{ customers: number }>>`
          SELECT count(DISTINCT c.customer_id) FILTER (WHERE c.orders > 0)::int AS customers
            FROM customer_daily_stats c WHERE ${salesWhere('c', accountId, f)}`,
      ]);
      return {
        orders: sums!.orders,
        gmvCents: sums!.gmv_cents,
        customers: people!.customers,
        units: Number(sums!.units),
        itemsCents: sums!.items_cents,
        costCents: sums!.cost_cents,
        costedCents: sums!.costed_cents,
      };
    },

    async perDay(accountId, f) {
      const rows = await db.$queryRaw<Array<{ day: string; orders: number; units: string; gmv_cents: bigint; items_cents: bigint; cost_cents: bigint; costed_cents: bigint }>>`
        SELECT to_char(t.day, 'YYYY-MM-DD') AS day, sum(t.orders)::int AS orders, sum(t.units)::text AS units, sum(t.orders_gmv_cents)::bigint AS gmv_cents,
               sum(t.gmv_cents)::bigint AS items_cents, sum(t.cost_cents)::bigint AS cost_cents, sum(t.costed_gmv_cents)::bigint AS costed_cents
          FROM sales_daily_totals t WHERE ${salesWhere('t', accountId, f)}
         GROUP BY t.day
         ORDER BY t.day`;
      return rows.map((r) => ({ day: r.day, orders: r.orders, units: Number(r.units), gmvCents: r.gmv_cents, itemsCents: r.items_cents, costCents: r.cost_cents, costedCents: r.costed_cents }));
    },

    async products(accountId, f, pick) {
      // The whole account's sales per product and day when no store or channel narrows them; else the full grain.
      const whole = f.locationId === undefined && !f.allowedLocationIds && !f.channel;
      const source = whole
        ? Prisma.sql`sales_product_daily s WHERE s.account_id = ${accountId} AND s.day BETWEEN ${f.from}::date AND ${f.to}::date`
        : Prisma.sql`sales_daily_stats s WHERE ${salesWhere('s', accountId, f)}`;
      const only = 'ids' in pick ? Prisma.sql`AND s.product_id = ANY(${pick.ids}::int[])` : Prisma.empty;
      const limit = 'limit' in pick ? Prisma.sql`LIMIT ${pick.limit}` : Prisma.empty;
      const rows = await db.$queryRaw<Array<{ product_id: number; units: string; items_cents: bigint; cost_cents: bigint; costed_cents: bigint }>>`
        SELECT s.product_id, sum(s.units)::text AS units, sum(s.gmv_cents)::bigint AS items_cents, sum(s.cost_cents)::bigint AS cost_cents,
               sum(s.costed_gmv_cents)::bigint AS costed_cents
          FROM ${source} ${only}
         GROUP BY s.product_id
        HAVING sum(s.lines) > 0
         ORDER BY sum(s.gmv_cents) DESC, s.product_id
         ${limit}`;
      return rows.map((r) => ({ productId: r.product_id, units: Number(r.units), itemsCents: r.items_cents, costCents: r.cost_cents, costedCents: r.costed_cents }));
    },

    async customers(accountId, f, pick) {
      const only = 'ids' in pick ? Prisma.sql`AND c.customer_id = ANY(${pick.ids}::int[])` : Prisma.empty;
      const limit = 'limit' in pick ? Prisma.sql`LIMIT ${pick.limit}` : Prisma.empty;
      const rows = await db.$queryRaw<Array<{ customer_id: number; orders: number; gmv_cents: bigint; last_day: string }>>`
        SELECT c.customer_id, sum(c.orders)::int AS orders, sum(c.gmv_cents)::bigint AS gmv_cents,
               to_char(max(c.day) FILTER (WHERE c.orders > 0), 'YYYY-MM-DD') AS last_day
          FROM customer_daily_stats c
         WHERE ${salesWhere('c', accountId, f)} ${only}
         GROUP BY c.customer_id
        HAVING sum(c.orders) > 0
         ORDER BY sum(c.gmv_cents) DESC, c.customer_id
         ${limit}`;
      return rows.map((r) => ({ customerId: r.customer_id, orders: r.orders, gmvCents: r.gmv_cents, lastDay: r.last_day }));
    },
  };
}
