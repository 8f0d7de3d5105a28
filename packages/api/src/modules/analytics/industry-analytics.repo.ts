import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import type { BrandScope } from './brand-scope.ts';

/** A period, and the store asked about. */
export interface Window {
  from: string;
  to: string;
  locationId?: number;
}
/** The period asked about and the one it is compared with (null: none), of the same store. */
export interface Periods {
  now: Window;
  then: Window | null;
}
/** Rows of the period and of its comparison (null: none). */
export interface PeriodRows<T> {
  now: T[];
  then: T[] | null;
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
/** A window's buyers: how many, those new to the brands, those with more than one occasion, their occasions, units and value. */
export interface BuyersTotal {
  customers: number;
  newCustomers: number;
  repeatCustomers: number;
  purchases: number;
  units: number;
  itemsCents: bigint;
}
/** A window's buyers with the same number of purchase occasions: how many, and their value. */
export interface OccasionsRow {
  occasions: number;
  customers: number;
  itemsCents: bigint;
}
/** A window's buyers, all together (null: none) and by their number of occasions. */
export interface WindowBuyers {
  total: BuyersTotal | null;
  byOccasions: OccasionsRow[];
}
/** A (retailer, store, product) of the brand's: its offer's stock now and whether it is out (no stock, or unavailable), and its units sold in the period. */
export interface OfferCell {
  retailerId: number;
  locationId: number;
  productId: number;
  /** Null: no offer now. */
  stock: number | null;
  out: boolean;
  /** Null: no sales in the period. */
  units: number | null;
}
/** Lines found missing at picking (ruptures) of one (retailer, store, product) on one day. */
export interface MissingCell {
  retailerId: number;
  locationId: number;
  productId: number;
  day: string;
  missing: number;
}

/**
 * Grouping sets: each grouping's columns, how its rows are told apart (tested in this order: a
 * column it groups by and no grouping tested before it does), and its key (a day, `retailer`,
 * `retailer:store`, a category ('' : none) or a product). The total groups by nothing.
 */
interface GroupingSet {
  set: Prisma.Sql;
  test: Prisma.Sql;
  key: Prisma.Sql;
}
const SALES_SETS: Record<Exclude<SalesBy, 'total'>, GroupingSet> = {
  day: { set: Prisma.sql`(s.day)`, test: Prisma.sql`GROUPING(s.day) = 0`, key: Prisma.sql`to_char(s.day, 'YYYY-MM-DD')` },
  store: { set: Prisma.sql`(s.account_id, s.location_id)`, test: Prisma.sql`GROUPING(s.location_id) = 0`, key: Prisma.sql`s.account_id || ':' || s.location_id` },
  retailer: { set: Prisma.sql`(s.account_id)`, test: Prisma.sql`GROUPING(s.account_id) = 0`, key: Prisma.sql`s.account_id::text` },
  category: { set: Prisma.sql`(v.category)`, test: Prisma.sql`GROUPING(v.category) = 0`, key: Prisma.sql`v.category` },
  product: { set: Prisma.sql`(s.product_id)`, test: Prisma.sql`GROUPING(s.product_id) = 0`, key: Prisma.sql`s.product_id::text` },
};
const BUYER_SETS: Record<Exclude<BuyersBy, 'total'>, GroupingSet> = {
  day: { set: Prisma.sql`(c.day)`, test: Prisma.sql`GROUPING(c.day) = 0`, key: Prisma.sql`to_char(c.day, 'YYYY-MM-DD')` },
  store: { set: Prisma.sql`(c.account_id, c.location_id)`, test: Prisma.sql`GROUPING(c.location_id) = 0`, key: Prisma.sql`c.account_id || ':' || c.location_id` },
  retailer: { set: Prisma.sql`(c.account_id)`, test: Prisma.sql`GROUPING(c.account_id) = 0`, key: Prisma.sql`c.account_id::text` },
};
/** The GROUP BY of the groupings asked for, and each row's grouping and key. */
function groupings<B extends string>(sets: Record<Exclude<B, 'total'>, GroupingSet>, by: readonly B[]) {
  const asked = (Object.keys(sets) as Array<Exclude<B, 'total'>>).filter((b) => by.includes(b));
  const cases = (f: (b: Exclude<B, 'total'>) => Prisma.Sql, otherwise: Prisma.Sql) =>
    asked.length ? Prisma.sql`CASE ${Prisma.join(asked.map((b) => Prisma.sql`WHEN ${sets[b].test} THEN ${f(b)}`), ' ')} ELSE ${otherwise} END` : otherwise;
  return {
    groupBy: Prisma.sql`GROUPING SETS (${Prisma.join([...asked.map((b) => sets[b].set), ...(by.includes('total' as B) ? [Prisma.sql`()`] : [])])})`,
    grouping: cases((b) => Prisma.sql`${b}`, Prisma.sql`'total'`),
    key: cases((b) => sets[b].key, Prisma.sql`''`),
  };
}

/** The brand's products of the scope, as (retailer, product, category ('' : none)) rows. */
const scopeRows = (s: BrandScope) => Prisma.sql`
  unnest(${s.products.map((p) => p.retailerId)}::int[], ${s.products.map((p) => p.productId)}::int[], ${s.products.map((p) => p.category ?? '')}::text[]) AS v(account_id, product_id, category)`;
const atStore = (alias: string, locationId: number | undefined) => (locationId !== undefined ? Prisma.sql`AND ${Prisma.raw(alias)}.location_id = ${locationId}` : Prisma.empty);
const within = (alias: string, w: Window | null) => (w ? Prisma.sql`${Prisma.raw(alias)}.day BETWEEN ${w.from}::date AND ${w.to}::date` : Prisma.sql`FALSE`);
/** The windows buyers are counted in: the period, its comparison, and the year up to the period's end (segments). */
const BUYER_WINDOWS = ['now', 'then', 'year'] as const;
type BuyerWindow = (typeof BUYER_WINDOWS)[number];
/**
 * The days of the windows read, as disjoint ranges `r(lo, hi)` (overlapping windows as one): joined
 * on, each range is one index range per key, where an OR of ranges would read every day of the key.
 */
function daysOf(ws: Array<Window | null>) {
  const ranges: Array<{ from: string; to: string }> = [];
  for (const w of ws.filter((x) => x !== null).sort((a, b) => a.from.localeCompare(b.from))) {
    const last = ranges.at(-1);
    if (last && w.from <= last.to) last.to = w.to > last.to ? w.to : last.to;
    else ranges.push({ from: w.from, to: w.to });
  }
  return Prisma.sql`unnest(${ranges.map((r) => r.from)}::date[], ${ranges.map((r) => r.to)}::date[]) AS r(lo, hi)`;
}
/** The customers' rollup rows of the scope's (retailer, brand) pairs over the windows, of the store asked about, that sold something. */
const buyerRows = (s: BrandScope, ws: Array<Window | null>, locationId: number | undefined) => Prisma.sql`
  unnest(${s.brands!.accountIds}::int[], ${s.brands!.brands}::text[]) AS v(account_id, brand) CROSS JOIN ${daysOf(ws)}
  JOIN sales_brand_customer_daily c ON c.account_id = v.account_id AND c.brand = v.brand AND c.day BETWEEN r.lo AND r.hi
 WHERE c.lines > 0 ${atStore('c', locationId)}`;
/** The day `n` days before `day` (AAAA-MM-DD). */
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** A customer of a retailer as one number (a pair sorts far slower when counting distinct ones). */
const customerKey = Prisma.sql`(c.account_id::bigint << 32 | c.customer_id)`;
/** The scope's rows of a rollup by (account, product, day) over the windows. */
const productRows = (s: BrandScope, table: string, alias: string, ws: Array<Window | null>) => Prisma.sql`
  ${scopeRows(s)} CROSS JOIN ${daysOf(ws)}
  JOIN ${Prisma.raw(table)} ${Prisma.raw(alias)} ON ${Prisma.raw(alias)}.account_id = v.account_id AND ${Prisma.raw(alias)}.product_id = v.product_id AND ${Prisma.raw(alias)}.day BETWEEN r.lo AND r.hi`;
const emptyRows = <B extends string, T>(by: readonly B[], p: Periods) => Object.fromEntries(by.map((b) => [b, { now: [], then: p.then ? [] : null }])) as unknown as Record<B, PeriodRows<T>>;

/**
 * The industry dashboards' reads: the sales rollups restricted to the brand's products at its
 * retailers, the brands' customers' rollup (counts only leave here), offers' stock and its daily
 * snapshots, and the picking ruptures. Each read is one pass over a period and its comparison.
 */
export function createIndustryAnalyticsRepo(db: Db) {
  return {
    /**
     * The sales of each grouping asked for, in the period and in its comparison: per grouping and
     * period, the keys that sold a line, most sold first (then by key).
     */
    async sales<B extends SalesBy>(s: BrandScope, p: Periods, by: readonly B[]): Promise<Record<B, PeriodRows<KeyedSales>>> {
      const out = emptyRows<B, KeyedSales>(by, p);
      if (s.products.length === 0 || by.length === 0) return out;
      const [now, then] = [within('s', p.now), within('s', p.then)];
      const g = groupings(SALES_SETS, by);
      const rows = await db.$queryRaw<Array<{ grouping: B; key: string; lines: number; units: string; items_cents: bigint; previous_lines: number; previous_units: string; previous_cents: bigint }>>`
        SELECT ${g.grouping} AS grouping, ${g.key} AS key,
               coalesce(sum(s.lines) FILTER (WHERE ${now}), 0)::int AS lines, coalesce(sum(s.units) FILTER (WHERE ${now}), 0)::text AS units,
               coalesce(sum(s.gmv_cents) FILTER (WHERE ${now}), 0)::bigint AS items_cents,
               coalesce(sum(s.lines) FILTER (WHERE ${then}), 0)::int AS previous_lines, coalesce(sum(s.units) FILTER (WHERE ${then}), 0)::text AS previous_units,
               coalesce(sum(s.gmv_cents) FILTER (WHERE ${then}), 0)::bigint AS previous_cents
          FROM ${productRows(s, 'sales_daily_stats', 's', [p.now, p.then])}
         WHERE TRUE ${atStore('s', p.now.locationId)}
         GROUP BY ${g.groupBy}
         ORDER BY 1, 5 DESC, 2`;
      for (const r of rows) {
        const group = out[r.grouping];
        if (r.lines > 0) group.now.push({ key: r.key, units: Number(r.units), itemsCents: r.items_cents });
        if (r.previous_lines > 0) group.then?.push({ key: r.key, units: Number(r.previous_units), itemsCents: r.previous_cents });
      }
      return out;
    },

    /**
     * Buying customers (each retailer's own), purchase occasions (customer × day × store), units and
     * value of each grouping asked for, in the period and in its comparison, most sold first.
     */
    async buyers<B extends BuyersBy>(s: BrandScope, p: Periods, by: readonly B[]): Promise<Record<B, PeriodRows<KeyedBuyers>>> {
      const out = emptyRows<B, KeyedBuyers>(by, p);
      if (!s.brands || s.brands.brands.length === 0 || by.length === 0) return out;
      const [now, then] = [within('c', p.now), within('c', p.then)];
      const g = groupings(BUYER_SETS, by);
      const rows = await db.$queryRaw<
        Array<{ grouping: B; key: string; customers: number; purchases: number; units: string; items_cents: bigint; previous_customers: number; previous_purchases: number; previous_units: string; previous_cents: bigint }>
      >`
        SELECT ${g.grouping} AS grouping, ${g.key} AS key,
               count(DISTINCT ${customerKey}) FILTER (WHERE ${now})::int AS customers, count(*) FILTER (WHERE ${now})::int AS purchases,
               coalesce(sum(c.units) FILTER (WHERE ${now}), 0)::text AS units, coalesce(sum(c.gmv_cents) FILTER (WHERE ${now}), 0)::bigint AS items_cents,
               count(DISTINCT ${customerKey}) FILTER (WHERE ${then})::int AS previous_customers, count(*) FILTER (WHERE ${then})::int AS previous_purchases,
               coalesce(sum(c.units) FILTER (WHERE ${then}), 0)::text AS previous_units, coalesce(sum(c.gmv_cents) FILTER (WHERE ${then}), 0)::bigint AS previous_cents
          FROM ${buyerRows(s, [p.now, p.then], p.now.locationId)}
         GROUP BY ${g.groupBy}
         ORDER BY 1, 6 DESC, 2`;
      for (const r of rows) {
        const group = out[r.grouping];
        if (r.purchases > 0) group.now.push({ key: r.key, customers: r.customers, purchases: r.purchases, units: Number(r.units), itemsCents: r.items_cents });
        if (r.previous_purchases > 0) group.then?.push({ key: r.key, customers: r.previous_customers, purchases: r.previous_purchases, units: Number(r.previous_units), itemsCents: r.previous_cents });
      }
      return out;
    },

    /**
     * The buyers of each window asked for, all together and by their number of purchase occasions
     * (the year's without units), one pass over them all. With `newBuyers`, in `now` and `then`, the
     * buyers whose first purchase of the brands at that retailer (at the store asked about) fell in
     * the window: a buyer with an occasion before the window in what the pass read (the year window,
     * or else the year before the windows) is not new; the few others are looked up.
     */
    async occasions(s: BrandScope, w: Record<BuyerWindow, Window | null>, newBuyers: boolean): Promise<Record<BuyerWindow, WindowBuyers>> {
      const out: Record<BuyerWindow, WindowBuyers> = { now: { total: null, byOccasions: [] }, then: { total: null, byOccasions: [] }, year: { total: null, byOccasions: [] } };
      const windows = BUYER_WINDOWS.filter((k) => w[k]);
      const col = (k: BuyerWindow, name: string) => Prisma.raw(`p.${k}_${name}`);
      if (!s.brands || s.brands.brands.length === 0 || windows.length === 0) return out;
      const locationId = w[windows[0]!]!.locationId;
      const asked = windows.map((k) => w[k]!);
      // The year before the windows tells most buyers apart (the year window itself mostly does).
      const firstDay = [w.now, w.then].reduce<string | null>((d, x) => (x && (d === null || x.from < d) ? x.from : d), null);
      const lookback = newBuyers && firstDay && !w.year ? { from: daysBefore(firstDay, 365), to: daysBefore(firstDay, 1) } : null;
      const isNew = (k: BuyerWindow) =>
        !newBuyers || k === 'year'
          ? Prisma.sql`FALSE`
          : Prisma.sql`CASE WHEN ${col(k, 'n')} = 0 OR p.first_day < ${w[k]!.from}::date THEN FALSE ELSE NOT EXISTS (
              SELECT 1 FROM sales_brand_customer_daily x JOIN unnest(${s.brands!.accountIds}::int[], ${s.brands!.brands}::text[]) AS b(account_id, brand)
                  ON x.account_id = b.account_id AND x.brand = b.brand
               WHERE b.account_id = p.account_id AND x.customer_id = p.customer_id AND x.day < ${w[k]!.from}::date AND x.lines > 0 ${atStore('x', locationId)}) END`;
      // Per customer, sums as float8 (cents, and units in thousandths: whole numbers, exact far beyond
      // any total) are kept in the hash itself, where numeric ones take a few hundred bytes each.
      const rows = await db.$queryRaw<
        Array<{ span: BuyerWindow; occasions: number | null; customers: number; new_customers: number; repeat_customers: number; purchases: number; units: string; items_cents: bigint }>
      >`
        WITH per_customer AS (
          SELECT c.account_id, c.customer_id, min(c.day) AS first_day,
                 ${Prisma.join(
                   windows.map(
                     (k) => Prisma.sql`count(*) FILTER (WHERE ${within('c', w[k])}) AS ${Prisma.raw(`${k}_n`)}, sum(c.gmv_cents::float8) FILTER (WHERE ${within('c', w[k])}) AS ${Prisma.raw(`${k}_cents`)},
                       ${k === 'year' ? Prisma.sql`NULL::float8` : Prisma.sql`sum((c.units * 1000)::float8) FILTER (WHERE ${within('c', w[k])})`} AS ${Prisma.raw(`${k}_units`)}`,
                   ),
                 )}
            FROM ${buyerRows(s, [...asked, lookback], locationId)}
           GROUP BY 1, 2)
        SELECT x.span, x.n::int AS occasions, count(*)::int AS customers, count(*) FILTER (WHERE x.new)::int AS new_customers,
               count(*) FILTER (WHERE x.n > 1)::int AS repeat_customers, sum(x.n)::int AS purchases, (sum(x.units)::bigint / 1000.0)::text AS units,
               sum(x.cents)::bigint AS items_cents
          FROM per_customer p CROSS JOIN LATERAL (VALUES ${Prisma.join(windows.map((k) => Prisma.sql`(${k}, ${col(k, 'n')}, ${col(k, 'units')}, ${col(k, 'cents')}, ${isNew(k)})`))})
               AS x(span, n, units, cents, new)
         WHERE x.n > 0
         GROUP BY GROUPING SETS ((x.span, x.n), (x.span))
         ORDER BY 1, 2`;
      for (const r of rows) {
        if (r.occasions === null) {
          out[r.span].total = { customers: r.customers, newCustomers: r.new_customers, repeatCustomers: r.repeat_customers, purchases: r.purchases, units: Number(r.units), itemsCents: r.items_cents };
        } else out[r.span].byOccasions.push({ occasions: r.occasions, customers: r.customers, itemsCents: r.items_cents });
      }
      return out;
    },

    /**
     * The offers of the brand's products now (stock, and whether each is out: no stock, or
     * unavailable) beside the units each (retailer, store, product) sold in the period; a cell that
     * sold with no offer now comes with a null stock.
     */
    async cells(s: BrandScope, w: Window): Promise<OfferCell[]> {
      if (s.products.length === 0) return [];
      const rows = await db.$queryRaw<Array<{ retailer_id: number; location_id: number; product_id: number; stock: number | null; out: boolean; units: number | null }>>`
        WITH offered AS (
          SELECT o.account_id, o.location_id, o.product_id, greatest(o.stock, 0) AS stock, (o.stock <= 0 OR NOT o.is_available) AS out
            FROM offers o JOIN ${scopeRows(s)} ON o.account_id = v.account_id AND o.product_id = v.product_id
           WHERE TRUE ${atStore('o', w.locationId)}),
        sold AS (
          SELECT s.account_id, s.location_id, s.product_id, sum(s.units)::float8 AS units
            FROM ${productRows(s, 'sales_daily_stats', 's', [w])}
           WHERE TRUE ${atStore('s', w.locationId)}
           GROUP BY 1, 2, 3)
        SELECT account_id AS retailer_id, location_id, product_id, o.stock, coalesce(o.out, FALSE) AS out, x.units
          FROM offered o FULL JOIN sold x USING (account_id, location_id, product_id)`;
      return rows.map((r) => ({ retailerId: r.retailer_id, locationId: r.location_id, productId: r.product_id, stock: r.stock, out: r.out, units: r.units }));
    },

    /** Lines found missing at picking (ruptures) per (retailer, store, product) and day of the period, and in all of the comparison. */
    async missing(s: BrandScope, p: Periods): Promise<{ now: MissingCell[]; then: number | null }> {
      if (s.products.length === 0) return { now: [], then: p.then ? 0 : null };
      const rows = await db.$queryRaw<Array<{ retailer_id: number | null; location_id: number; product_id: number; day: string; missing: number }>>`
        SELECT m.account_id AS retailer_id, m.location_id, m.product_id, to_char(m.day, 'YYYY-MM-DD') AS day, sum(m.missing_lines)::int AS missing
          FROM ${productRows(s, 'order_item_daily_stats', 'm', [p.now])}
         WHERE m.missing_lines > 0 ${atStore('m', p.now.locationId)}
         GROUP BY 1, 2, 3, 4
        UNION ALL
        SELECT NULL, 0, 0, '', coalesce(sum(m.missing_lines), 0)::int
          FROM ${productRows(s, 'order_item_daily_stats', 'm', [p.then])}
         WHERE m.missing_lines > 0 ${atStore('m', p.now.locationId)}`;
      const cells = rows.filter((r) => r.retailer_id !== null);
      return {
        now: cells.map((r) => ({ retailerId: r.retailer_id!, locationId: r.location_id, productId: r.product_id, day: r.day, missing: r.missing })),
        then: p.then ? rows.find((r) => r.retailer_id === null)!.missing : null,
      };
    },

    /**
     * Per day of the period: the stock of the brand's offers at the end of the day and the offers out
     * of stock (or run out during it), from each offer's last snapshot before the period and the
     * changes within it (running sums of each change's difference: no look-up per offer and day).
     * `known`: offers with a snapshot by then (0: no stock figure yet).
     */
    async stockPerDay(s: BrandScope, w: Window) {
      if (s.products.length === 0) return [];
      const rows = await db.$queryRaw<Array<{ day: string; stock: number; out: number; known: number }>>`
        WITH cells AS (
          SELECT o.account_id, o.product_id, o.location_id
            FROM offers o JOIN ${scopeRows(s)} ON o.account_id = v.account_id AND o.product_id = v.product_id
           WHERE TRUE ${atStore('o', w.locationId)}),
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
