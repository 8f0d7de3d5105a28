import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { BrandScope } from '../analytics/brand-scope.ts';
import {
  createIndustryAnalyticsRepo,
  type BuyersBy,
  type IndustryAnalyticsRepo,
  type KeyedBuyers,
  type KeyedSales,
  type OfferCell,
  type PeriodRows,
  type Periods,
  type SalesBy,
  type Window,
  type WindowBuyers,
} from '../analytics/industry-analytics.repo.ts';
import type { ChParams, ClickHouse } from './clickhouse.ts';
import { big, num } from './sales.clickhouse.ts';

type Row = Record<string, string | number>;

/** The offers of the brand's products now (PostgreSQL: operational data): stock, and whether each is out (no stock, or unavailable). */
async function offersNow(db: Db, s: BrandScope, w: Window) {
  const rows = await db.$queryRaw<Array<{ retailer_id: number; location_id: number; product_id: number; stock: number; out: boolean }>>`
    SELECT o.account_id AS retailer_id, o.location_id, o.product_id, greatest(o.stock, 0) AS stock, (o.stock <= 0 OR NOT o.is_available) AS out
      FROM offers o JOIN unnest(${s.products.map((p) => p.retailerId)}::int[], ${s.products.map((p) => p.productId)}::int[]) AS v(account_id, product_id)
        ON o.account_id = v.account_id AND o.product_id = v.product_id
     WHERE ${w.locationId === undefined ? Prisma.sql`TRUE` : Prisma.sql`o.location_id = ${w.locationId}`}`;
  return rows.map((r) => ({ retailerId: r.retailer_id, locationId: r.location_id, productId: r.product_id, stock: r.stock, out: r.out }));
}

/** Each grouping's key over the rollups' columns (a category from the scope's products). */
const KEYS: Record<SalesBy, string> = {
  total: "''",
  day: 'toString(day)',
  retailer: 'toString(account_id)',
  store: "concat(toString(account_id), ':', toString(location_id))",
  category: "transform(product_id, {products:Array(UInt32)}, {categories:Array(String)}, '')",
  product: 'toString(product_id)',
};

/** The brand's products of the scope (product ids are the retailers' own), and the store asked about. */
function scopeOf(s: BrandScope, locationId: number | undefined) {
  const params: ChParams = {
    accounts: [...new Set(s.products.map((p) => p.retailerId))],
    products: s.products.map((p) => p.productId),
    categories: s.products.map((p) => p.category ?? ''),
    // The customers' rollup is per brand as PostgreSQL folds it (trimmed, lower case).
    brands: s.products.map((p) => p.brand.trim().toLowerCase()),
  };
  let where = 'has({accounts:Array(UInt32)}, account_id) AND has({products:Array(UInt32)}, product_id)';
  if (locationId !== undefined) {
    where += ' AND location_id = {location:UInt32}';
    params.location = locationId;
  }
  return { where, params };
}

/** A window's days as a condition (`prefix` names its bounds); none: never. */
const inWindow = (prefix: string, w: Window | null) => (w ? `day BETWEEN {${prefix}_from:Date} AND {${prefix}_to:Date}` : '0');
const windowParams = (prefix: string, w: Window | null): ChParams => (w ? { [`${prefix}_from`]: w.from, [`${prefix}_to`]: w.to } : {});
/** A grouping's rows, most sold in the period first, then by key (PostgreSQL's C collation: code point order). */
function ofGrouping(rows: Row[], grouping: string) {
  return rows
    .filter((r) => r.grouping === grouping)
    .map((r) => ({ r, key: String(r.key), cents: big(r.items_cents) }))
    .sort((x, y) => (x.cents > y.cents ? -1 : x.cents < y.cents ? 1 : x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

/**
 * The industry's dashboards (industry-analytics.repo.ts) from ClickHouse: sales and the brands'
 * buyers from its rollups, the same answers. Offers, stock snapshots and picking ruptures are
 * operational and stay in PostgreSQL (read there as the PostgreSQL engine reads them).
 */
export function createClickHouseIndustryRepo(ch: ClickHouse, db: Db, caughtUp: () => Promise<void>): IndustryAnalyticsRepo {
  const postgres = createIndustryAnalyticsRepo(db);
  const t = ch.table.bind(ch);

  /** The brand's occasions (retailer × brand × day × store × buyer that bought a line) over `days`, as a subquery. */
  const occasionKeys = (where: string, days: string) => `
    SELECT account_id, transform(product_id, {products:Array(UInt32)}, {brands:Array(String)}, '') AS brand, day, location_id, buyer_id,
           sum(lines) AS l, sum(units) AS u, sum(gmv_cents) AS g
      FROM ${t('sales_by_buyer')} WHERE ${where} AND ${days}
     GROUP BY account_id, brand, day, location_id, buyer_id HAVING l > 0`;

  return {
    ...postgres,

    async sales<B extends SalesBy>(s: BrandScope, p: Periods, by: readonly B[]): Promise<Record<B, PeriodRows<KeyedSales>>> {
      const out = Object.fromEntries(by.map((b) => [b, { now: [], then: p.then ? [] : null }])) as unknown as Record<B, PeriodRows<KeyedSales>>;
      if (s.products.length === 0 || by.length === 0) return out;
      await caughtUp();
      const { where, params } = scopeOf(s, p.now.locationId);
      const [now, then] = [inWindow('now', p.now), inWindow('then', p.then)];
      const rows = await ch.query<Row>(
        by
          .map(
            (b) => `
        SELECT '${b}' AS grouping, ${KEYS[b]} AS key, sumIf(lines, ${now}) AS lines, toString(sumIf(units, ${now})) AS units, sumIf(gmv_cents, ${now}) AS items_cents,
               sumIf(lines, ${then}) AS previous_lines, toString(sumIf(units, ${then})) AS previous_units, sumIf(gmv_cents, ${then}) AS previous_cents
          FROM ${t('sales_by_product')} WHERE ${where} AND (${now} OR ${then})
         GROUP BY key`,
          )
          .join(' UNION ALL '),
        { ...params, ...windowParams('now', p.now), ...windowParams('then', p.then) },
      );
      for (const b of by) {
        for (const { r, key } of ofGrouping(rows, b)) {
          if (num(r.lines) > 0) out[b].now.push({ key, units: num(r.units), itemsCents: big(r.items_cents) });
          if (num(r.previous_lines) > 0) out[b].then?.push({ key, units: num(r.previous_units), itemsCents: big(r.previous_cents) });
        }
      }
      return out;
    },

    async buyers<B extends BuyersBy>(s: BrandScope, p: Periods, by: readonly B[]): Promise<Record<B, PeriodRows<KeyedBuyers>>> {
      const out = Object.fromEntries(by.map((b) => [b, { now: [], then: p.then ? [] : null }])) as unknown as Record<B, PeriodRows<KeyedBuyers>>;
      if (!s.brands || s.brands.brands.length === 0 || s.products.length === 0 || by.length === 0) return out;
      await caughtUp();
      const { where, params } = scopeOf(s, p.now.locationId);
      const [now, then] = [inWindow('now', p.now), inWindow('then', p.then)];
      const rows = await ch.query<Row>(
        `WITH keys AS (${occasionKeys(where, `(${now} OR ${then})`)})
        ${by
          .map(
            (b) => `
        SELECT '${b}' AS grouping, ${KEYS[b]} AS key,
               uniqExactIf((account_id, buyer_id), ${now}) AS customers, countIf(${now}) AS purchases, toString(sumIf(u, ${now})) AS units, sumIf(g, ${now}) AS items_cents,
               uniqExactIf((account_id, buyer_id), ${then}) AS previous_customers, countIf(${then}) AS previous_purchases,
               toString(sumIf(u, ${then})) AS previous_units, sumIf(g, ${then}) AS previous_cents
          FROM keys GROUP BY key`,
          )
          .join(' UNION ALL ')}`,
        { ...params, ...windowParams('now', p.now), ...windowParams('then', p.then) },
      );
      for (const b of by) {
        for (const { r, key } of ofGrouping(rows, b)) {
          if (num(r.purchases) > 0) out[b].now.push({ key, customers: num(r.customers), purchases: num(r.purchases), units: num(r.units), itemsCents: big(r.items_cents) });
          if (num(r.previous_purchases) > 0) {
            out[b].then?.push({ key, customers: num(r.previous_customers), purchases: num(r.previous_purchases), units: num(r.previous_units), itemsCents: big(r.previous_cents) });
          }
        }
      }
      return out;
    },

    async occasions(s, w, newBuyers) {
      const spans = (['now', 'then', 'year'] as const).filter((k) => w[k]);
      const out: Record<'now' | 'then' | 'year', WindowBuyers> = { now: { total: null, byOccasions: [] }, then: { total: null, byOccasions: [] }, year: { total: null, byOccasions: [] } };
      if (!s.brands || s.brands.brands.length === 0 || s.products.length === 0 || spans.length === 0) return out;
      await caughtUp();
      const locationId = w[spans[0]!]!.locationId;
      const { where, params } = scopeOf(s, locationId);
      const last = spans.map((k) => w[k]!.to).sort().at(-1)!;
      // A buyer is new in a window when the first occasion ever (at the store asked about) falls in it.
      const perSpan = spans.map((k) => {
        const isNew = newBuyers && k !== 'year' ? `first_day >= {${k}_from:Date}` : '0';
        const units = k === 'year' ? 'toDecimal128(0, 3)' : `sumIf(u, ${inWindow(k, w[k])})`;
        return { k, select: `countIf(${inWindow(k, w[k])}) AS ${k}_n, sumIf(g, ${inWindow(k, w[k])}) AS ${k}_cents, ${units} AS ${k}_units`, tuple: `('${k}', ${k}_n, ${k}_units, ${k}_cents, ${isNew})` };
      });
      const rows = await ch.query<Row>(
        `WITH per_customer AS (
           SELECT account_id, buyer_id, min(day) AS first_day, ${perSpan.map((x) => x.select).join(', ')}
             FROM (${occasionKeys(where, 'day <= {last:Date}')}) GROUP BY account_id, buyer_id)
         SELECT x.1 AS span, x.2 AS n, count() AS customers, countIf(x.5) AS new_customers, countIf(x.2 > 1) AS repeat_customers, sum(x.2) AS purchases,
                toString(sum(x.3)) AS units, sum(x.4) AS items_cents
           FROM per_customer ARRAY JOIN [${perSpan.map((x) => x.tuple).join(', ')}] AS x
          WHERE x.2 > 0
          GROUP BY GROUPING SETS ((span, n), (span))
          ORDER BY span, n`,
        { ...params, last, ...Object.assign({}, ...spans.map((k) => windowParams(k, w[k]))) },
      );
      for (const r of rows) {
        const span = String(r.span) as 'now' | 'then' | 'year';
        // The set without n (the span's total) leaves n at its default, 0: every occasion count is above.
        if (num(r.n) === 0) {
          out[span].total = {
            customers: num(r.customers),
            newCustomers: num(r.new_customers),
            repeatCustomers: num(r.repeat_customers),
            purchases: num(r.purchases),
            units: num(r.units),
            itemsCents: big(r.items_cents),
          };
        } else out[span].byOccasions.push({ occasions: num(r.n), customers: num(r.customers), itemsCents: big(r.items_cents) });
      }
      return out;
    },

    async cells(s: BrandScope, w: Window): Promise<OfferCell[]> {
      if (s.products.length === 0) return [];
      await caughtUp();
      const { where, params } = scopeOf(s, w.locationId);
      const [offered, sold] = await Promise.all([
        offersNow(db, s, w),
        ch.query<Row>(
          `SELECT account_id, location_id, product_id, toFloat64(sum(units)) AS units FROM ${t('sales_by_product')}
            WHERE ${where} AND ${inWindow('now', w)} GROUP BY account_id, location_id, product_id`,
          { ...params, ...windowParams('now', w) },
        ),
      ]);
      const key = (a: number, l: number, p: number) => `${a}:${l}:${p}`;
      const cells = new Map<string, OfferCell>(offered.map((o) => [key(o.retailerId, o.locationId, o.productId), { ...o, units: null }]));
      for (const r of sold) {
        const k = key(num(r.account_id), num(r.location_id), num(r.product_id));
        const cell = cells.get(k);
        if (cell) cell.units = num(r.units);
        else cells.set(k, { retailerId: num(r.account_id), locationId: num(r.location_id), productId: num(r.product_id), stock: null, out: false, units: num(r.units) });
      }
      return [...cells.values()];
    },
  };
}
