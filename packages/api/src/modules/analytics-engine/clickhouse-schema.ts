import type { ClickHouse } from './clickhouse.ts';

/**
 * A batch sent again (its shipper died before PostgreSQL recorded it shipped) is recognised by its
 * token within this many recent blocks of each table, raw and rolled up.
 */
const DEDUPLICATION_WINDOW = 10_000;
const deduplicated = `SETTINGS non_replicated_deduplication_window = ${DEDUPLICATION_WINDOW}`;

const SALES_SUMS = 'lines Int64, units Decimal(18, 3), gmv_cents Int64, cost_cents Int64, costed_gmv_cents Int64';
const SALES_KEY = 'account_id UInt32, day Date, location_id UInt32, channel LowCardinality(String)';

/**
 * The sales tables: every change the PostgreSQL rollups applied, as it was sent (sales_facts, the
 * raw log), and the rollups ClickHouse keeps from it by materialised views (SummingMergeTree: rows of
 * one key are added up as parts merge, so every read sums by its key).
 *   sales_totals      day × store × channel: orders and lines
 *   sales_by_product  day × store × channel × product: lines sold
 *   sales_by_customer store × day × channel × customer: orders
 *   sales_by_buyer    product × day × store × buyer: lines sold to each customer (the brands' consumers)
 */
export function salesSchema(ch: ClickHouse): string[] {
  const t = ch.table.bind(ch);
  const view = (name: string, target: string, select: string) => `CREATE MATERIALIZED VIEW IF NOT EXISTS ${t(name)} TO ${t(target)} AS ${select}`;
  return [
    `CREATE TABLE IF NOT EXISTS ${t('sales_facts')} (
       ${SALES_KEY}, product_id UInt32, customer_id UInt32, buyer_id UInt32, orders Int64, orders_gmv_cents Int64, ${SALES_SUMS}
     ) ENGINE = MergeTree ORDER BY (account_id, day, location_id) ${deduplicated}`,
    `CREATE TABLE IF NOT EXISTS ${t('sales_totals')} (${SALES_KEY}, orders Int64, orders_gmv_cents Int64, ${SALES_SUMS})
       ENGINE = SummingMergeTree ORDER BY (account_id, day, location_id, channel) ${deduplicated}`,
    view('sales_totals_mv', 'sales_totals', `SELECT account_id, day, location_id, channel, orders, orders_gmv_cents, lines, units, gmv_cents, cost_cents, costed_gmv_cents FROM ${t('sales_facts')}`),
    `CREATE TABLE IF NOT EXISTS ${t('sales_by_product')} (${SALES_KEY}, product_id UInt32, ${SALES_SUMS})
       ENGINE = SummingMergeTree ORDER BY (account_id, day, location_id, channel, product_id) ${deduplicated}`,
    view(
      'sales_by_product_mv',
      'sales_by_product',
      `SELECT account_id, day, location_id, channel, product_id, lines, units, gmv_cents, cost_cents, costed_gmv_cents FROM ${t('sales_facts')} WHERE product_id != 0`,
    ),
    `CREATE TABLE IF NOT EXISTS ${t('sales_by_customer')} (${SALES_KEY}, customer_id UInt32, orders Int64, gmv_cents Int64)
       ENGINE = SummingMergeTree ORDER BY (account_id, location_id, day, channel, customer_id) ${deduplicated}`,
    view(
      'sales_by_customer_mv',
      'sales_by_customer',
      `SELECT account_id, day, location_id, channel, customer_id, orders, orders_gmv_cents AS gmv_cents FROM ${t('sales_facts')} WHERE customer_id != 0 AND product_id = 0`,
    ),
    `CREATE TABLE IF NOT EXISTS ${t('sales_by_buyer')} (
       account_id UInt32, product_id UInt32, day Date, location_id UInt32, buyer_id UInt32, lines Int64, units Decimal(18, 3), gmv_cents Int64
     ) ENGINE = SummingMergeTree ORDER BY (account_id, product_id, day, location_id, buyer_id) ${deduplicated}`,
    view(
      'sales_by_buyer_mv',
      'sales_by_buyer',
      `SELECT account_id, product_id, day, location_id, buyer_id, lines, units, gmv_cents FROM ${t('sales_facts')} WHERE product_id != 0 AND buyer_id != 0`,
    ),
  ];
}

/** The tables holding what the sales stream delivered (emptied before a full load). */
export const SALES_TABLES = ['sales_facts', 'sales_totals', 'sales_by_product', 'sales_by_customer', 'sales_by_buyer'];
