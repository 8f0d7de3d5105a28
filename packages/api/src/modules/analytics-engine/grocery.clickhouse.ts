import type { Db } from '../../db/client.ts';
import type { Breakdown, GroceryAnalyticsRepo, GroupSales } from '../analytics/grocery-analytics.repo.ts';
import type { SalesFilter } from '../sales-dashboard/sales-engine.ts';
import type { ClickHouse } from './clickhouse.ts';
import { big, num, salesConditions } from './sales.clickhouse.ts';

type Row = Record<string, string>;

/**
 * A store's customers per (day, channel, customer) key with the orders that still count there: the
 * rollup's rows summed by key first (parts not yet merged hold pieces of one key), those above none.
 */
const orderKeys = (table: string, where: string) => `
  SELECT customer_id, day, channel, sum(orders) AS o, sum(gmv_cents) AS g FROM ${table}
   WHERE ${where} GROUP BY location_id, day, channel, customer_id HAVING o > 0`;

/**
 * The supermarket's analytics (grocery-analytics.repo.ts) from ClickHouse: the same answers. The
 * rankings' products come from ClickHouse and are folded into categories and brands with the
 * products' names kept in PostgreSQL (dimensions stay there; only the facts move).
 */
export function createClickHouseGroceryRepo(ch: ClickHouse, db: Db, caughtUp: () => Promise<void>): GroceryAnalyticsRepo {
  const t = ch.table.bind(ch);
  /** The store's whole history (every channel), for first purchases and cohorts. */
  const storeWhere = (accountId: number, f: SalesFilter) => ({
    where: 'account_id = {account:UInt32} AND location_id = {location:UInt32}',
    params: { account: accountId, location: f.locationId! },
  });

  return {
    async breakdown(accountId, f, before) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, { ...f, from: before && before.from < f.from ? before.from : f.from, to: before && before.to > f.to ? before.to : f.to });
      const rows = await ch.query<Row>(
        `SELECT product_id,
                sumIf(lines, day BETWEEN {from_now:Date} AND {to_now:Date}) AS lines_now, toString(sumIf(units, day BETWEEN {from_now:Date} AND {to_now:Date})) AS units_now,
                sumIf(gmv_cents, day BETWEEN {from_now:Date} AND {to_now:Date}) AS items_now, sumIf(cost_cents, day BETWEEN {from_now:Date} AND {to_now:Date}) AS cost_now,
                sumIf(costed_gmv_cents, day BETWEEN {from_now:Date} AND {to_now:Date}) AS costed_now,
                sumIf(lines, ${before ? 'day BETWEEN {from_then:Date} AND {to_then:Date}' : '0'}) AS lines_then,
                sumIf(gmv_cents, ${before ? 'day BETWEEN {from_then:Date} AND {to_then:Date}' : '0'}) AS items_then
           FROM ${t('sales_by_product')}
          WHERE ${where} ${before ? 'AND (day BETWEEN {from_now:Date} AND {to_now:Date} OR day BETWEEN {from_then:Date} AND {to_then:Date})' : ''}
          GROUP BY product_id`,
        { ...params, from_now: f.from, to_now: f.to, ...(before ? { from_then: before.from, to_then: before.to } : {}) },
      );
      const ids = rows.map((r) => num(r.product_id));
      const products = ids.length
        ? await db.$queryRaw<Array<{ id: number; brand: string | null; category: string | null }>>`
            SELECT id, brand, categories[1] AS category FROM products WHERE id = ANY(${ids}::int[])`
        : [];
      const named = new Map(products.map((p) => [p.id, p]));
      type Acc = GroupSales & { lines: number; previousLines: number };
      const groups = { category: new Map<string, Acc>(), brand: new Map<string, Acc>(), product: new Map<string, Acc>() };
      for (const r of rows) {
        const p = named.get(num(r.product_id));
        const keys = { category: p?.category ?? '', brand: p?.brand ?? '', product: String(r.product_id) };
        for (const dim of ['category', 'brand', 'product'] as const) {
          const key = keys[dim];
          const acc = groups[dim].get(key) ?? { key, units: 0, itemsCents: 0n, costCents: 0n, costedCents: 0n, previousCents: 0n, lines: 0, previousLines: 0 };
          acc.lines += num(r.lines_now);
          acc.units += num(r.units_now);
          acc.itemsCents += big(r.items_now);
          acc.costCents += big(r.cost_now);
          acc.costedCents += big(r.costed_now);
          acc.previousLines += num(r.lines_then);
          acc.previousCents += big(r.items_then);
          groups[dim].set(key, acc);
        }
      }
      const order = (x: GroupSales, y: GroupSales) => (y.itemsCents > x.itemsCents ? 1 : y.itemsCents < x.itemsCents ? -1 : x.key.localeCompare(y.key, undefined, { numeric: true }));
      const out = {} as Breakdown;
      for (const dim of ['category', 'brand', 'product'] as const) {
        out[dim] = [...groups[dim].values()]
          .filter((g) => g.lines > 0)
          // Units summed as ClickHouse's decimals are (thousandths): no binary drift from adding them here.
          .map(({ lines: _l, previousLines: _p, ...g }) => ({ ...g, units: Math.round(g.units * 1000) / 1000 }))
          .sort(order);
      }
      return out;
    },

    async customers(accountId, f) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f);
      const store = storeWhere(accountId, f);
      const [r] = await ch.query<Row>(
        `WITH period AS (
           SELECT customer_id, sum(orders) AS o, sum(gmv_cents) AS g FROM ${t('sales_by_customer')} WHERE ${where}
            GROUP BY customer_id HAVING o > 0),
         firsts AS (
           SELECT customer_id, min(day) AS first_day FROM (${orderKeys(t('sales_by_customer'), `${store.where} AND customer_id IN (SELECT customer_id FROM period)`)})
            GROUP BY customer_id)
         SELECT count() AS customers, countIf(first_day >= {from:Date}) AS new_customers, sum(o) AS orders, sum(g) AS gmv_cents
           FROM period INNER JOIN firsts USING (customer_id)`,
        { ...params, ...store.params },
      );
      return { customers: num(r?.customers), newCustomers: num(r?.new_customers), orders: num(r?.orders), gmvCents: big(r?.gmv_cents) };
    },

    async perDay(accountId, f) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f);
      const store = storeWhere(accountId, f);
      const rows = await ch.query<Row>(
        `WITH keys AS (${orderKeys(t('sales_by_customer'), where)}),
         firsts AS (
           SELECT customer_id, min(day) AS first_day FROM (${orderKeys(t('sales_by_customer'), `${store.where} AND customer_id IN (SELECT customer_id FROM keys)`)})
            GROUP BY customer_id)
         SELECT toString(k.day) AS day, uniqExact(k.customer_id) AS customers, uniqExactIf(k.customer_id, f.first_day = k.day) AS new_customers, sum(k.o) AS orders
           FROM keys k INNER JOIN firsts f USING (customer_id)
          GROUP BY k.day ORDER BY k.day`,
        { ...params, ...store.params },
      );
      return rows.map((r) => ({ day: r.day!, customers: num(r.customers), new_customers: num(r.new_customers), orders: num(r.orders) }));
    },

    async frequency(accountId, f) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f);
      const rows = await ch.query<Row>(
        `SELECT multiIf(o >= 6, '6+', o >= 4, '4-5', toString(o)) AS bucket, count() AS customers, sum(g) AS gmv_cents
           FROM (SELECT customer_id, sum(orders) AS o, sum(gmv_cents) AS g FROM ${t('sales_by_customer')} WHERE ${where} GROUP BY customer_id HAVING o > 0)
          GROUP BY bucket`,
        params,
      );
      return rows.map((r) => ({ bucket: r.bucket!, customers: num(r.customers), gmv_cents: big(r.gmv_cents) }));
    },

    async rfm(accountId, f) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, { ...f, from: yearBefore(f.to) });
      const rows = await ch.query<Row>(
        `WITH scored AS (
           SELECT customer_id, dateDiff('day', max(day), {to:Date}) AS recency, sum(o) AS orders, sum(g) AS gmv_cents
             FROM (${orderKeys(t('sales_by_customer'), where)}) GROUP BY customer_id),
         scores AS (
           SELECT *, multiIf(recency <= 30, 5, recency <= 60, 4, recency <= 90, 3, recency <= 180, 2, 1) AS r,
                     multiIf(orders >= 10, 5, orders >= 6, 4, orders >= 3, 3, orders = 2, 2, 1) AS fq
             FROM scored)
         SELECT multiIf(r >= 4 AND fq >= 4, 'champions', r >= 3 AND fq >= 3, 'loyal', r >= 4 AND fq = 1, 'new', r >= 4, 'promising',
                        r <= 2 AND fq >= 3, 'at_risk', r = 3, 'need_attention', r = 2, 'hibernating', 'lost') AS segment,
                count() AS customers, sum(gmv_cents) AS gmv_cents, avg(recency) AS recency, avg(orders) AS orders
           FROM scores GROUP BY segment`,
        params,
      );
      return rows.map((r) => ({ segment: r.segment!, customers: num(r.customers), gmv_cents: big(r.gmv_cents), recency: num(r.recency), orders: num(r.orders) }));
    },

    async cohorts(accountId, f, fromMonth) {
      await caughtUp();
      const store = storeWhere(accountId, f);
      const where = `${store.where} AND day <= {to:Date}${f.channel ? ' AND channel = {channel:String}' : ''}`;
      const rows = await ch.query<Row>(
        `WITH keys AS (${orderKeys(t('sales_by_customer'), where)}),
         firsts AS (SELECT customer_id, toStartOfMonth(min(day)) AS month FROM keys GROUP BY customer_id HAVING min(day) >= {from_month:Date}),
         active AS (SELECT DISTINCT customer_id, toStartOfMonth(day) AS month FROM keys WHERE customer_id IN (SELECT customer_id FROM firsts))
         SELECT formatDateTime(f.month, '%Y-%m') AS cohort, toInt32(dateDiff('month', f.month, a.month)) AS offset, count() AS customers
           FROM firsts f INNER JOIN active a USING (customer_id)
          GROUP BY cohort, offset ORDER BY cohort, offset`,
        { ...store.params, to: f.to, from_month: fromMonth, ...(f.channel ? { channel: f.channel } : {}) },
      );
      return rows.map((r) => ({ cohort: r.cohort!, offset: num(r.offset), customers: num(r.customers) }));
    },
  };
}

/** The day 364 days before `day`: with it, a year of days. */
function yearBefore(day: string) {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
}
