import type { Fulfilment, OrderChannel, OrderStatus } from '@backoffice/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Db } from '../../db/client.ts';
import { BUSINESS_TZ } from '../../lib/business-day.ts';

/** A period of São Paulo days (YYYY-MM-DD, both included) and the stores asked about. */
export interface StatsFilter {
  from: string;
  to: string;
  locationId?: number;
  /** The stores the caller may see; null: every store of the account. */
  allowedLocationIds: number[] | null;
}

export interface SalesRow {
  kind: 'day' | 'store' | 'channel' | 'total';
  day: string | null;
  location_id: number | null;
  store_name: string | null;
  channel: OrderChannel | null;
  orders: number;
  total_cents: bigint;
  canceled_orders: number;
  canceled_cents: bigint;
  paid_orders: number;
  completed_orders: number;
}

export interface PickingRow {
  kind: 'day' | 'total';
  day: string | null;
  picked_orders: number;
  pick_seconds: number;
  lines: number;
  missing_lines: number;
  due_orders: number;
  on_time_orders: number;
  late_orders: number;
}

export interface OperatorRow {
  operator_id: number;
  name: string | null;
  lines: number;
  missing_lines: number;
  substituted_lines: number;
  pick_seconds: number;
}

export interface LateRow {
  order_id: number;
  number: number;
  status: OrderStatus;
  fulfilment: Fulfilment;
  location_id: number;
  store_name: string;
  deadline: Date;
  ready_at: Date | null;
}

export interface RuptureRow {
  kind: 'day' | 'product' | 'category' | 'store' | 'total';
  day: string | null;
  product_id: number | null;
  sku: string | null;
  product_name: string | null;
  category: string | null;
  location_id: number | null;
  store_name: string | null;
  picked_lines: number;
  missing_lines: number;
  substituted_lines: number;
  missing_cents: bigint;
}

export interface CartFunnelRow {
  kind: 'day' | 'total';
  day: string | null;
  created: number;
  approved: number;
  link_sent: number;
  opened: number;
  ordered: number;
  paid: number;
}

/** The São Paulo days of a rollup's `day` column in the period, and the stores. */
export function scoped(alias: string, accountId: number, f: StatsFilter, column = 'day') {
  const a = Prisma.raw(alias);
  const c = [Prisma.sql`${a}.account_id = ${accountId}`, Prisma.sql`${a}.${Prisma.raw(column)} BETWEEN ${f.from}::date AND ${f.to}::date`];
  if (f.locationId !== undefined) c.push(Prisma.sql`${a}.location_id = ${f.locationId}`);
  if (f.allowedLocationIds) c.push(Prisma.sql`${a}.location_id = ANY(${f.allowedLocationIds}::int[])`);
  return Prisma.join(c, ' AND ');
}

/** The orders dashboards' figures, from the rollups the order triggers keep (never a scan of the orders). */
export function createOrderAnalyticsRepo(db: Db) {
  return {
    /** Orders, GMV and cancellations per day, per store, per channel and in all, in one pass. */
    sales(accountId: number, f: StatsFilter & { channel?: OrderChannel }) {
      const channel = f.channel ? Prisma.sql`AND s.channel = ${f.channel}::order_channel` : Prisma.empty;
      return db.$queryRaw<SalesRow[]>`
        SELECT CASE WHEN GROUPING(s.day) = 0 THEN 'day' WHEN GROUPING(s.location_id) = 0 THEN 'store'
                    WHEN GROUPING(s.channel) = 0 THEN 'channel' ELSE 'total' END AS kind,
               to_char(s.day, 'YYYY-MM-DD') AS day, s.location_id, max(l.name) AS store_name, s.channel::text AS channel,
               coalesce(sum(s.orders) FILTER (WHERE s.status_group NOT IN ('canceled', 'refunded')), 0)::int AS orders,
               coalesce(sum(s.total_cents) FILTER (WHERE s.status_group NOT IN ('canceled', 'refunded')), 0)::bigint AS total_cents,
               coalesce(sum(s.orders) FILTER (WHERE s.status_group IN ('canceled', 'refunded')), 0)::int AS canceled_orders,
               coalesce(sum(s.total_cents) FILTER (WHERE s.status_group IN ('canceled', 'refunded')), 0)::bigint AS canceled_cents,
               coalesce(sum(s.paid_orders), 0)::int AS paid_orders,
               coalesce(sum(s.orders) FILTER (WHERE s.status_group = 'completed'), 0)::int AS completed_orders
          FROM order_daily_stats s
          LEFT JOIN locations l ON l.id = s.location_id
         WHERE ${scoped('s', accountId, f)} ${channel}
         GROUP BY GROUPING SETS ((s.day), (s.location_id), (s.channel), ())`;
    },

    /** Picking of the orders (operator -1 rows) per work day and in all. */
    picking(accountId: number, f: StatsFilter & { fulfilment?: Fulfilment }) {
      const mode = f.fulfilment ? Prisma.sql`AND s.fulfilment = ${f.fulfilment}::fulfilment` : Prisma.empty;
      return db.$queryRaw<PickingRow[]>`
        SELECT CASE WHEN GROUPING(s.day) = 0 THEN 'day' ELSE 'total' END AS kind, to_char(s.day, 'YYYY-MM-DD') AS day,
               coalesce(sum(s.picked_orders), 0)::int AS picked_orders, coalesce(sum(s.pick_seconds), 0)::float8 AS pick_seconds,
               coalesce(sum(s.lines), 0)::int AS lines, coalesce(sum(s.missing_lines), 0)::int AS missing_lines,
               coalesce(sum(s.due_orders), 0)::int AS due_orders, coalesce(sum(s.on_time_orders), 0)::int AS on_time_orders,
               coalesce(sum(s.late_orders), 0)::int AS late_orders
          FROM order_picking_stats s
         WHERE ${scoped('s', accountId, f)} AND s.operator_id = -1 ${mode}
         GROUP BY GROUPING SETS ((s.day), ())`;
    },

    /** Lines and share of picking time per operator (0: lines picked by no named operator). */
    operators(accountId: number, f: StatsFilter & { fulfilment?: Fulfilment }) {
      const mode = f.fulfilment ? Prisma.sql`AND s.fulfilment = ${f.fulfilment}::fulfilment` : Prisma.empty;
      return db.$queryRaw<OperatorRow[]>`
        SELECT s.operator_id, max(op.name) AS name, sum(s.lines)::int AS lines, sum(s.missing_lines)::int AS missing_lines,
               sum(s.substituted_lines)::int AS substituted_lines, sum(s.pick_seconds)::float8 AS pick_seconds
          FROM order_picking_stats s
          LEFT JOIN operators op ON op.id = s.operator_id AND op.account_id = s.account_id
         WHERE ${scoped('s', accountId, f)} AND s.operator_id >= 0 ${mode}
         GROUP BY s.operator_id
        HAVING sum(s.lines) > 0
         ORDER BY sum(s.lines) DESC, s.operator_id`;
    },

    /** Orders late now: ready after their window's start, or not ready with it started (`now`). */
    async late(accountId: number, f: StatsFilter & { fulfilment?: Fulfilment }, now: Date, limit: number) {
      const mode = f.fulfilment ? Prisma.sql`AND p.fulfilment = ${f.fulfilment}::fulfilment` : Prisma.empty;
      // Both conditions lead with the columns of order_pick_facts' (account, due, on time, late, day) index.
      const waiting = Prisma.sql`p.operator_id = -1 AND p.due_orders = 1 AND p.on_time_orders = 0 AND p.late_orders = 0`;
      const lateReady = Prisma.sql`p.operator_id = -1 AND p.due_orders = 1 AND p.on_time_orders = 0 AND p.late_orders = 1`;
      const [rows, [count]] = await Promise.all([
        db.$queryRaw<LateRow[]>`
          SELECT o.id AS order_id, o.number, o.status::text AS status, p.fulfilment::text AS fulfilment, p.location_id,
                 l.name AS store_name, p.deadline, o.ready_at
            FROM order_pick_facts p
            JOIN orders o ON o.id = p.order_id
            JOIN locations l ON l.id = p.location_id
           WHERE ${scoped('p', accountId, f)} ${mode}
             AND ((${lateReady}) OR (${waiting} AND p.deadline < ${now}))
           ORDER BY p.deadline DESC, o.id DESC
           LIMIT ${limit}`,
        db.$queryRaw<Array<{ waiting: number }>>`
          SELECT count(*)::int AS waiting FROM order_pick_facts p
           WHERE ${scoped('p', accountId, f)} ${mode} AND ${waiting} AND p.deadline < ${now}`,
      ]);
      return { rows, waiting: count?.waiting ?? 0 };
    },

    /** Decided and missing lines per day, product, main category, store and in all. */
    rupture(accountId: number, f: StatsFilter) {
      return db.$queryRaw<RuptureRow[]>`
        SELECT CASE WHEN GROUPING(x.day) = 0 THEN 'day' WHEN GROUPING(x.product_id) = 0 THEN 'product'
                    WHEN GROUPING(x.category) = 0 THEN 'category' WHEN GROUPING(x.location_id) = 0 THEN 'store' ELSE 'total' END AS kind,
               to_char(x.day, 'YYYY-MM-DD') AS day, nullif(x.product_id, 0) AS product_id, max(x.sku) AS sku, max(x.product_name) AS product_name,
               coalesce(x.category, max(x.category)) AS category, x.location_id, max(x.store_name) AS store_name,
               sum(x.picked_lines)::int AS picked_lines, sum(x.missing_lines)::int AS missing_lines,
               sum(x.substituted_lines)::int AS substituted_lines, sum(x.missing_cents)::bigint AS missing_cents
          FROM (SELECT s.day, s.product_id, s.location_id, s.picked_lines, s.missing_lines, s.substituted_lines, s.missing_cents,
                       p.sku, p.name AS product_name, coalesce(nullif(p.categories[1], ''), '') AS category, l.name AS store_name
                  FROM order_item_daily_stats s
                  LEFT JOIN products p ON p.id = s.product_id AND p.account_id = s.account_id
                  LEFT JOIN locations l ON l.id = s.location_id
                 WHERE ${scoped('s', accountId, f)}) x
         GROUP BY GROUPING SETS ((x.day), (x.product_id), (x.category), (x.location_id), ())`;
    },

    /** Carts created in the period (São Paulo days) through approval, the link, the order and its payment. */
    cartFunnel(accountId: number, f: StatsFilter, fromAt: Date, toAt: Date) {
      const c = [Prisma.sql`c.account_id = ${accountId}`, Prisma.sql`c.created_at BETWEEN ${fromAt} AND ${toAt}`];
      if (f.locationId !== undefined) c.push(Prisma.sql`c.location_id = ${f.locationId}`);
      if (f.allowedLocationIds) c.push(Prisma.sql`c.location_id = ANY(${f.allowedLocationIds}::int[])`);
      return db.$queryRaw<CartFunnelRow[]>`
        SELECT CASE WHEN GROUPING(x.d) = 0 THEN 'day' ELSE 'total' END AS kind, to_char(x.d, 'YYYY-MM-DD') AS day,
               count(*)::int AS created,
               count(*) FILTER (WHERE x.approved)::int AS approved,
               count(*) FILTER (WHERE x.link_sent_at IS NOT NULL)::int AS link_sent,
               count(*) FILTER (WHERE x.opened_at IS NOT NULL)::int AS opened,
               count(*) FILTER (WHERE x.ordered)::int AS ordered,
               count(*) FILTER (WHERE x.paid)::int AS paid
          FROM (SELECT (c.created_at AT TIME ZONE ${BUSINESS_TZ})::date AS d, c.link_sent_at, c.opened_at,
                       (c.status IN ('approved', 'link_sent', 'opened') OR c.link_sent_at IS NOT NULL OR c.opened_at IS NOT NULL
                        OR c.converted_at IS NOT NULL OR o.id IS NOT NULL) AS approved,
                       (o.id IS NOT NULL OR c.converted_at IS NOT NULL) AS ordered,
                       (o.paid_at IS NOT NULL) AS paid
                  FROM shopping_carts c
                  LEFT JOIN orders o ON o.shopping_cart_id = c.id AND o.account_id = c.account_id
                 WHERE ${Prisma.join(c, ' AND ')}) x
         GROUP BY GROUPING SETS ((x.d), ())`;
    },

    /** Whether the account has the store. */
    async storeExists(accountId: number, id: number) {
      return (await db.location.count({ where: { id, accountId } })) > 0;
    },
  };
}
export type OrderAnalyticsRepo = ReturnType<typeof createOrderAnalyticsRepo>;
