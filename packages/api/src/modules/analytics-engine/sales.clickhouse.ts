import type { SalesEngine, SalesFilter } from '../sales-dashboard/sales-engine.ts';
import type { ChParams, ClickHouse } from './clickhouse.ts';
import { SALES_TABLES, salesSchema } from './clickhouse-schema.ts';
import { pagesOf, type OutboxStream } from './outbox.ts';

/** The sales stream: every change the sales rollups apply (sales_changes_to_outbox), and every sale so far for a new sink. */
export function salesStream(ch: ClickHouse): OutboxStream {
  return {
    name: 'sales',
    table: 'sales_facts',
    tables: SALES_TABLES,
    schema: salesSchema(ch),
    load: (tx, each) => pagesOf(tx, `SELECT to_jsonb(f) AS "row" FROM sales_facts_now() f`, each),
  };
}

/** A WHERE clause over a period, its stores and channel, with its bound parameters (`day` and `location_id` columns). */
export function salesConditions(accountId: number, f: SalesFilter & { allowedLocationIds?: number[] | null }, extra: ChParams = {}) {
  const conditions = ['account_id = {account:UInt32}', 'day BETWEEN {from:Date} AND {to:Date}'];
  const params: ChParams = { account: accountId, from: f.from, to: f.to, ...extra };
  if (f.locationId !== undefined) {
    conditions.push('location_id = {location:UInt32}');
    params.location = f.locationId;
  }
  if (f.allowedLocationIds) {
    conditions.push('has({allowed:Array(UInt32)}, location_id)');
    params.allowed = f.allowedLocationIds;
  }
  if (f.channel) {
    conditions.push('channel = {channel:String}');
    params.channel = f.channel;
  }
  return { where: conditions.join(' AND '), params };
}

/** ClickHouse's 64-bit integers come as strings in JSON; sums of decimals as numbers. */
export const big = (v: string | number | null | undefined) => BigInt(v ?? 0);
export const num = (v: string | number | null | undefined) => Number(v ?? 0);

/**
 * The dashboards' sales figures from ClickHouse's rollups: the same answers as the PostgreSQL engine
 * (sales-engine.ts). `caughtUp` runs first: what PostgreSQL committed has been shipped.
 */
export function createClickHouseSalesEngine(ch: ClickHouse, caughtUp: () => Promise<void>): SalesEngine {
  const t = ch.table.bind(ch);
  return {
    async totals(accountId, f) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f);
      const [[sums], [people]] = await Promise.all([
        ch.query<Record<string, string>>(
          `SELECT sum(orders) AS orders, sum(orders_gmv_cents) AS gmv_cents, toString(sum(units)) AS units, sum(gmv_cents) AS items_cents,
                  sum(cost_cents) AS cost_cents, sum(costed_gmv_cents) AS costed_cents
             FROM ${t('sales_totals')} WHERE ${where}`,
          params,
        ),
        // A customer counts on a (day, store, channel) whose orders add up to more than none.
        ch.query<{ customers: string }>(
          `SELECT uniqExact(customer_id) AS customers FROM (
             SELECT customer_id, sum(orders) AS orders FROM ${t('sales_by_customer')} WHERE ${where}
              GROUP BY location_id, day, channel, customer_id HAVING sum(orders) > 0)`,
          params,
        ),
      ]);
      return {
        orders: num(sums?.orders),
        gmvCents: big(sums?.gmv_cents),
        customers: num(people?.customers),
        units: num(sums?.units),
        itemsCents: big(sums?.items_cents),
        costCents: big(sums?.cost_cents),
        costedCents: big(sums?.costed_cents),
      };
    },

    async perDay(accountId, f) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f);
      const rows = await ch.query<Record<string, string>>(
        `SELECT toString(day) AS day, sum(orders) AS orders, toString(sum(units)) AS units, sum(orders_gmv_cents) AS gmv_cents, sum(gmv_cents) AS items_cents,
                sum(cost_cents) AS cost_cents, sum(costed_gmv_cents) AS costed_cents
           FROM ${t('sales_totals')} WHERE ${where}
          GROUP BY day ORDER BY day`,
        params,
      );
      return rows.map((r) => ({
        day: r.day!,
        orders: num(r.orders),
        units: num(r.units),
        gmvCents: big(r.gmv_cents),
        itemsCents: big(r.items_cents),
        costCents: big(r.cost_cents),
        costedCents: big(r.costed_cents),
      }));
    },

    async products(accountId, f, pick) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f, 'ids' in pick ? { ids: pick.ids } : { limit: pick.limit });
      const rows = await ch.query<Record<string, string>>(
        `SELECT product_id, toString(sum(units)) AS units, sum(gmv_cents) AS items_cents, sum(cost_cents) AS cost_cents, sum(costed_gmv_cents) AS costed_cents
           FROM ${t('sales_by_product')} WHERE ${where} ${'ids' in pick ? 'AND has({ids:Array(UInt32)}, product_id)' : ''}
          GROUP BY product_id HAVING sum(lines) > 0
          ORDER BY sum(gmv_cents) DESC, product_id
          ${'limit' in pick ? 'LIMIT {limit:UInt32}' : ''}`,
        params,
      );
      return rows.map((r) => ({ productId: num(r.product_id), units: num(r.units), itemsCents: big(r.items_cents), costCents: big(r.cost_cents), costedCents: big(r.costed_cents) }));
    },

    async customers(accountId, f, pick) {
      await caughtUp();
      const { where, params } = salesConditions(accountId, f, 'ids' in pick ? { ids: pick.ids } : { limit: pick.limit });
      const rows = await ch.query<Record<string, string>>(
        `SELECT customer_id, sum(o) AS orders, sum(g) AS gmv_cents, toString(maxIf(day, o > 0)) AS last_day
           FROM (SELECT customer_id, day, sum(orders) AS o, sum(gmv_cents) AS g FROM ${t('sales_by_customer')}
                  WHERE ${where} ${'ids' in pick ? 'AND has({ids:Array(UInt32)}, customer_id)' : ''}
                  GROUP BY location_id, day, channel, customer_id)
          GROUP BY customer_id HAVING sum(o) > 0
          ORDER BY sum(g) DESC, customer_id
          ${'limit' in pick ? 'LIMIT {limit:UInt32}' : ''}`,
        params,
      );
      return rows.map((r) => ({ customerId: num(r.customer_id), orders: num(r.orders), gmvCents: big(r.gmv_cents), lastDay: r.last_day! }));
    },
  };
}
