import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import type { BrandScope } from './brand-scope.ts';

/** A period, and the store asked about. */
export interface Window {
  from: string;
  to: string;
  locationId?: number;
}
/** How sales are grouped: all together, per day, retailer, store, category or product. */
export type SalesBy = 'total' | 'day' | 'retailer' | 'store' | 'category' | 'product';
/** How the brand's customers are grouped. */
export type BuyersBy = 'total' | 'day' | 'retailer' | 'store';

export interface KeyedSales {
  key: string;
  units: number;
  itemsCents: bigint;
}
export interface KeyedBuyers {
  key: string;
  customers: number;
  purchases: number;
  units: number;
  itemsCents: bigint;
}

const SALES_KEYS: Record<SalesBy, Prisma.Sql> = {
  total: Prisma.sql`''`,
  day: Prisma.sql`to_char(s.day, 'YYYY-MM-DD')`,
  retailer: Prisma.sql`s.account_id::text`,
  store: Prisma.sql`s.account_id || ':' || s.location_id`,
  category: Prisma.sql`coalesce(nullif(p.categories[1], ''), '')`,
  product: Prisma.sql`s.product_id::text`,
};
const BUYER_KEYS: Record<BuyersBy, Prisma.Sql> = {
  total: Prisma.sql`''`,
  day: Prisma.sql`to_char(c.day, 'YYYY-MM-DD')`,
  retailer: Prisma.sql`c.account_id::text`,
  store: Prisma.sql`c.account_id || ':' || c.location_id`,
};

/** The brand's products of the scope, as (retailer, product) pairs. */
const productPairs = (s: BrandScope) => ({ accounts: s.products.map((p) => p.retailerId), products: s.products.map((p) => p.productId) });
const atStore = (alias: string, w: Window) => (w.locationId !== undefined ? Prisma.sql`AND ${Prisma.raw(alias)}.location_id = ${w.locationId}` : Prisma.empty);
/** The customers' rollup rows of the scope's (retailer, brand) pairs over a period. */
const buyerRows = (s: BrandScope, w: Window) => Prisma.sql`
  sales_brand_customer_daily c JOIN unnest(${s.brands!.accountIds}::int[], ${s.brands!.brands}::text[]) AS v(account_id, brand)
    ON c.account_id = v.account_id AND c.brand = v.brand
 WHERE c.day BETWEEN ${w.from}::date AND ${w.to}::date AND c.lines > 0 ${atStore('c', w)}`;

/**
 * The industry dashboards' reads: the sales rollups restricted to the brand's products at its
 * retailers, the brands' customers' rollup (counts only leave here), offers' stock and its daily
 * snapshots, and the picking ruptures.
 */
export function createIndustryAnalyticsRepo(db: Db) {
  return {
    async sales(s: BrandScope, w: Window, by: SalesBy): Promise<KeyedSales[]> {
      if (s.products.length === 0) return [];
      const { accounts, products } = productPairs(s);
      const rows = await db.$queryRaw<Array<{ key: string; units: string; items_cents: bigint }>>`
        SELECT ${SALES_KEYS[by]} AS key, sum(s.units)::text AS units, sum(s.gmv_cents)::bigint AS items_cents
          FROM sales_daily_stats s JOIN unnest(${accounts}::int[], ${products}::int[]) AS v(account_id, product_id)
            ON s.account_id = v.account_id AND s.product_id = v.product_id
          ${by === 'category' ? Prisma.sql`JOIN products p ON p.id = s.product_id` : Prisma.empty}
         WHERE s.day BETWEEN ${w.from}::date AND ${w.to}::date ${atStore('s', w)}
         GROUP BY 1
        HAVING sum(s.lines) > 0
         ORDER BY sum(s.gmv_cents) DESC, 1`;
      return rows.map((r) => ({ key: r.key, units: Number(r.units), itemsCents: r.items_cents }));
    },

    /** Buying customers (each retailer's own), purchase occasions (customer × day × store), units and value. */
    async buyers(s: BrandScope, w: Window, by: BuyersBy): Promise<KeyedBuyers[]> {
      if (!s.brands || s.brands.brands.length === 0) return [];
      const rows = await db.$queryRaw<Array<{ key: string; customers: number; purchases: number; units: string; items_cents: bigint }>>`
        SELECT ${BUYER_KEYS[by]} AS key, count(DISTINCT (c.account_id, c.customer_id))::int AS customers, count(*)::int AS purchases,
               sum(c.units)::text AS units, sum(c.gmv_cents)::bigint AS items_cents
          FROM ${buyerRows(s, w)}
         GROUP BY 1 ORDER BY sum(c.gmv_cents) DESC, 1`;
      return rows.map((r) => ({ key: r.key, customers: r.customers, purchases: r.purchases, units: Number(r.units), itemsCents: r.items_cents }));
    },

    /** The period's buyers whose first purchase of the brands (at that retailer) fell in it, and those with more than one occasion. */
    async newAndRepeat(s: BrandScope, w: Window): Promise<{ newBuyers: number; repeatBuyers: number }> {
      if (!s.brands || s.brands.brands.length === 0) return { newBuyers: 0, repeatBuyers: 0 };
      const [r] = await db.$queryRaw<Array<{ new_buyers: number; repeat_buyers: number }>>`
        WITH period AS (
          SELECT c.account_id, c.customer_id, count(*) AS occasions FROM ${buyerRows(s, w)} GROUP BY 1, 2),
        firsts AS (
          SELECT c.account_id, c.customer_id, min(c.day) AS first_day
            FROM sales_brand_customer_daily c JOIN unnest(${s.brands.accountIds}::int[], ${s.brands.brands}::text[]) AS v(account_id, brand)
              ON c.account_id = v.account_id AND c.brand = v.brand
            JOIN period p ON p.account_id = c.account_id AND p.customer_id = c.customer_id
           WHERE c.lines > 0 AND c.day <= ${w.to}::date ${atStore('c', w)}
           GROUP BY 1, 2)
        SELECT count(*) FILTER (WHERE f.first_day >= ${w.from}::date)::int AS new_buyers, count(*) FILTER (WHERE p.occasions > 1)::int AS repeat_buyers
          FROM period p JOIN firsts f ON f.account_id = p.account_id AND f.customer_id = p.customer_id`;
      return { newBuyers: r!.new_buyers, repeatBuyers: r!.repeat_buyers };
    },

    /** Buyers by their number of purchase occasions in the period: each count with its buyers and value. */
    async occasions(s: BrandScope, w: Window): Promise<Array<{ occasions: number; customers: number; itemsCents: bigint }>> {
      if (!s.brands || s.brands.brands.length === 0) return [];
      const rows = await db.$queryRaw<Array<{ occasions: number; customers: number; items_cents: bigint }>>`
        SELECT occasions, count(*)::int AS customers, sum(items_cents)::bigint AS items_cents
          FROM (SELECT c.account_id, c.customer_id, count(*)::int AS occasions, sum(c.gmv_cents) AS items_cents FROM ${buyerRows(s, w)} GROUP BY 1, 2) x
         GROUP BY 1 ORDER BY 1`;
      return rows.map((r) => ({ occasions: r.occasions, customers: r.customers, itemsCents: r.items_cents }));
    },

    /** The offers of the brand's products now: stock and whether each is out (no stock, or unavailable). */
    offers(s: BrandScope, w: Pick<Window, 'locationId'>) {
      if (s.products.length === 0) return Promise.resolve([]);
      const { accounts, products } = productPairs(s);
      return db.$queryRaw<Array<{ retailer_id: number; location_id: number; product_id: number; stock: number; out: boolean }>>`
        SELECT o.account_id AS retailer_id, o.location_id, o.product_id, greatest(o.stock, 0) AS stock, (o.stock <= 0 OR NOT o.is_available) AS out
          FROM offers o JOIN unnest(${accounts}::int[], ${products}::int[]) AS v(account_id, product_id)
            ON o.account_id = v.account_id AND o.product_id = v.product_id
         WHERE TRUE ${atStore('o', w as Window)}`;
    },

    /** Units sold per (retailer, store, product) over the period: what the stock is measured against. */
    soldPerCell(s: BrandScope, w: Window) {
      if (s.products.length === 0) return Promise.resolve([]);
      const { accounts, products } = productPairs(s);
      return db.$queryRaw<Array<{ retailer_id: number; location_id: number; product_id: number; units: number }>>`
        SELECT s.account_id AS retailer_id, s.location_id, s.product_id, sum(s.units)::float8 AS units
          FROM sales_daily_stats s JOIN unnest(${accounts}::int[], ${products}::int[]) AS v(account_id, product_id)
            ON s.account_id = v.account_id AND s.product_id = v.product_id
         WHERE s.day BETWEEN ${w.from}::date AND ${w.to}::date ${atStore('s', w)}
         GROUP BY 1, 2, 3`;
    },

    /** Lines found missing at picking (ruptures) per (retailer, store, product) and per day over the period. */
    missing(s: BrandScope, w: Window) {
      if (s.products.length === 0) return Promise.resolve([]);
      const { accounts, products } = productPairs(s);
      return db.$queryRaw<Array<{ retailer_id: number; location_id: number; product_id: number; day: string; missing: number }>>`
        SELECT m.account_id AS retailer_id, m.location_id, m.product_id, to_char(m.day, 'YYYY-MM-DD') AS day, sum(m.missing_lines)::int AS missing
          FROM order_item_daily_stats m JOIN unnest(${accounts}::int[], ${products}::int[]) AS v(account_id, product_id)
            ON m.account_id = v.account_id AND m.product_id = v.product_id
         WHERE m.day BETWEEN ${w.from}::date AND ${w.to}::date AND m.missing_lines > 0 ${atStore('m', w)}
         GROUP BY 1, 2, 3, 4`;
    },

    /**
     * Per day of the period: the stock of the brand's offers at the end of the day and the offers out
     * of stock (or run out during it), from each offer's last snapshot before the period and the
     * changes within it (running sums of each change's difference: no look-up per offer and day).
     * `known`: offers with a snapshot by then (0: no stock figure yet).
     */
    async stockPerDay(s: BrandScope, w: Window) {
      if (s.products.length === 0) return [];
      const { accounts, products } = productPairs(s);
      const rows = await db.$queryRaw<Array<{ day: string; stock: number; out: number; known: number }>>`
        WITH cells AS (
          SELECT o.account_id, o.product_id, o.location_id
            FROM offers o JOIN unnest(${accounts}::int[], ${products}::int[]) AS v(account_id, product_id)
              ON o.account_id = v.account_id AND o.product_id = v.product_id
           WHERE TRUE ${atStore('o', w)}),
        base AS (
          SELECT c.account_id, c.product_id, c.location_id, b.stock, b.out
            FROM cells c LEFT JOIN LATERAL (
              SELECT greatest(x.stock, 0) AS stock, (x.stock <= 0 OR NOT x.available) AS out FROM stock_daily_snapshots x
               WHERE x.account_id = c.account_id AND x.product_id = c.product_id AND x.location_id = c.location_id AND x.day < ${w.from}::date
               ORDER BY x.day DESC LIMIT 1) b ON TRUE),
        changes AS (
          SELECT x.account_id, x.product_id, x.location_id, x.day, greatest(x.stock, 0) AS stock, (x.stock <= 0 OR NOT x.available)::int AS out,
                 (x.min_stock <= 0 AND x.stock > 0 AND x.available) AS dipped
            FROM stock_daily_snapshots x JOIN cells c USING (account_id, product_id, location_id)
           WHERE x.day BETWEEN ${w.from}::date AND ${w.to}::date),
        steps AS (
          SELECT ch.day, ch.stock - coalesce(lag(ch.stock) OVER k, b.stock, 0) AS d_stock,
                 ch.out - coalesce(lag(ch.out) OVER k, b.out::int, 0) AS d_out,
                 CASE WHEN lag(ch.day) OVER k IS NULL AND b.stock IS NULL THEN 1 ELSE 0 END AS d_known, ch.dipped
            FROM changes ch JOIN base b USING (account_id, product_id, location_id)
          WINDOW k AS (PARTITION BY ch.account_id, ch.product_id, ch.location_id ORDER BY ch.day)),
        per_day AS (
          SELECT day, sum(d_stock) AS d_stock, sum(d_out) AS d_out, sum(d_known) AS d_known, count(*) FILTER (WHERE dipped) AS dipped FROM steps GROUP BY day),
        start AS (
          SELECT coalesce(sum(stock), 0) AS stock, count(*) FILTER (WHERE out) AS out, count(stock) AS known FROM base)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
               (start.stock + sum(coalesce(p.d_stock, 0)) OVER t)::int AS stock,
               (start.out + sum(coalesce(p.d_out, 0)) OVER t + coalesce(p.dipped, 0))::int AS out,
               (start.known + sum(coalesce(p.d_known, 0)) OVER t)::int AS known
          FROM generate_series(${w.from}::date, ${w.to}::date, interval '1 day') AS d(day)
          CROSS JOIN start LEFT JOIN per_day p ON p.day = d.day::date
        WINDOW t AS (ORDER BY d.day)
         ORDER BY d.day`;
      return rows.map((r) => ({ day: r.day, stock: r.known > 0 ? r.stock : null, out: r.out }));
    },

    /** Names of stores. */
    stores: (ids: number[]) => db.location.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  };
}
export type IndustryAnalyticsRepo = ReturnType<typeof createIndustryAnalyticsRepo>;
