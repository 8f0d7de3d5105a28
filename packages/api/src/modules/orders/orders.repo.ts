import type { FraudStatus, Fulfilment, OrderChannel, OrderListQuery, OrderStatus } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { PricedLine } from './order-pricing.ts';

const orderSelect = {
  id: true,
  accountId: true,
  number: true,
  locationId: true,
  customerId: true,
  channel: true,
  externalId: true,
  shoppingCartId: true,
  status: true,
  fraudStatus: true,
  fulfilment: true,
  paysInPerson: true,
  address: true,
  regionId: true,
  deliveryFeeCents: true,
  slotId: true,
  slotDate: true,
  slotReference: true,
  subTotalCents: true,
  discountCents: true,
  manualDiscountCents: true,
  totalCents: true,
  pricing: true,
  couponCode: true,
  adUserId: true,
  adSessionId: true,
  version: true,
  paidAt: true,
  pickingStartedAt: true,
  pickedAt: true,
  readyAt: true,
  dispatchedAt: true,
  completedAt: true,
  canceledAt: true,
  refundedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** An order's row with how many lines it has. */
export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }> & { _count: { items: number } };
/** An order with the names of its store and customer (plain ids in the schema: read beside it). */
export type NamedOrder = OrderRow & { locationName: string; customerName: string };

const itemSelect = {
  id: true,
  position: true,
  productId: true,
  sku: true,
  name: true,
  unitMeasurement: true,
  quantity: true,
  weight: true,
  unitPriceCents: true,
  subTotalCents: true,
  discountCents: true,
  totalCents: true,
  pickStatus: true,
  pickedQuantity: true,
  pickedWeight: true,
  substituteProductId: true,
  substituteSku: true,
  substituteName: true,
  substituteUnitPriceCents: true,
  pickedAt: true,
} as const;
export type OrderItemRow = Prisma.OrderItemGetPayload<{ select: typeof itemSelect }>;

export interface OrderEventRow {
  id: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actorUserId: number | null;
  actorKind: string;
  actorName: string | null;
  note: string | null;
  createdAt: Date;
}

/**
 * Who changed an order: a member of the account, or a provider acting on its own (the payment hub
 * on a confirmed or refunded payment, the delivery hub on a courier's update). Recorded on the timeline.
 */
export type OrderActor = { kind: 'user'; userId: number } | { kind: 'payment' | 'delivery'; userId: null };

/** What an intake writes; the number is the repository's business. */
export interface NewOrder {
  locationId: number;
  customerId: number;
  channel: OrderChannel;
  externalId: string | null;
  shoppingCartId: number | null;
  status: OrderStatus;
  fraudStatus: FraudStatus;
  fulfilment: Fulfilment;
  paysInPerson: boolean;
  address: Record<string, unknown> | null;
  slotId: number | null;
  slotDate: string | null;
  regionId: number | null;
  deliveryFeeCents: number;
  subTotalCents: number;
  discountCents: number;
  totalCents: number;
  pricing: Record<string, unknown>;
  couponCode: string | null;
  adUserId: string | null;
  adSessionId: string | null;
  createdById: number | null;
  items: PricedLine[];
}

/** A line's new state (amounts in cents as numbers; the repository writes them as bigint). */
export interface LineChange {
  id: number;
  quantity?: number;
  weight?: number | null;
  subTotalCents?: number;
  discountCents?: number;
  totalCents?: number;
  pickStatus?: 'pending' | 'picked' | 'substituted' | 'missing';
  pickedQuantity?: number | null;
  pickedWeight?: number | null;
  substituteProductId?: number | null;
  substituteSku?: string | null;
  substituteName?: string | null;
  substituteUnitPriceCents?: number | null;
  pickedById?: number | null;
  pickedByOperatorId?: number | null;
  pickedAt?: Date | null;
}

/** A line added while picking. */
export interface LineAdded extends PricedLine {
  totalCents: number;
  pickStatus: 'picked';
  pickedQuantity: number;
  pickedWeight: number | null;
  pickedById: number;
  pickedByOperatorId: number | null;
  pickedAt: Date;
}

export interface OrderTotals {
  subTotalCents: number;
  discountCents: number;
  manualDiscountCents: number;
  deliveryFeeCents: number;
  totalCents: number;
}

/** What one change of an order writes: conditional on `from` and `version`. */
export interface OrderChangeSet {
  from: OrderStatus;
  version: number;
  to?: OrderStatus;
  totals?: OrderTotals;
  pricing?: Record<string, unknown>;
  fraudStatus?: FraudStatus;
  address?: { value: Record<string, unknown>; regionId: number | null };
  lines?: LineChange[];
  add?: LineAdded[];
  userId: number;
  note: string;
}

const CENT_FIELDS = ['unitPriceCents', 'subTotalCents', 'discountCents', 'totalCents', 'substituteUnitPriceCents'] as const;
function cents<T extends object>(data: T): T {
  const out = { ...data } as Record<string, unknown>;
  for (const k of CENT_FIELDS) if (typeof out[k] === 'number') out[k] = BigInt(out[k] as number);
  return out as T;
}

export interface OrderFilters {
  status?: OrderStatus;
  locationId?: number;
  channel?: OrderChannel;
  customerId?: number;
  number?: number;
  from?: string;
  to?: string;
  /** The stores the caller may see (null: every store of the account). */
  allowedLocationIds: number[] | null;
}

/** The column each status move stamps, when it is the first time. */
const MILESTONE: Partial<Record<OrderStatus, string>> = {
  paid: 'paid_at',
  picking: 'picking_started_at',
  picked: 'picked_at',
  ready: 'ready_at',
  out_for_delivery: 'dispatched_at',
  awaiting_pickup: 'dispatched_at',
  delivered: 'completed_at',
  picked_up: 'completed_at',
  canceled: 'canceled_at',
  refunded: 'refunded_at',
};

/** The ISO 8601 text (UTC, milliseconds) JavaScript's toISOString writes, in SQL. */
const isoSql = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** An order as lists and the board show it (contracts OrderCard), built by PostgreSQL (o: orders, l: its store, c: its customer). */
const CARD_JSON = Prisma.sql`json_build_object(
  'id', o.id, 'number', o.number, 'status', o.status, 'fraud_status', o.fraud_status, 'channel', o.channel,
  'external_id', o.external_id, 'fulfilment', o.fulfilment, 'pays_in_person', o.pays_in_person,
  'location', json_build_object('id', o.location_id, 'name', coalesce(l.name, '')),
  'customer', json_build_object('id', o.customer_id, 'name', coalesce(c.name, '')),
  'items_count', (SELECT count(*) FROM order_items i WHERE i.order_id = o.id),
  'total', (o.total_cents / 100.0)::float8,
  'created_at', ${isoSql('o.created_at')}, 'updated_at', ${isoSql('o.updated_at')})`;

const SORT_COLUMNS = { created_at: Prisma.sql`o.created_at`, number: Prisma.sql`o.number`, total: Prisma.sql`o.total_cents` } as const;

/** Orders of one account: every query is scoped by `accountId`. */
export function createOrdersRepo(db: Db) {
  function where(accountId: number, f: OrderFilters): Prisma.Sql {
    const c = [Prisma.sql`o.account_id = ${accountId}`];
    if (f.status) c.push(Prisma.sql`o.status = ${f.status}::order_status`);
    if (f.locationId !== undefined) c.push(Prisma.sql`o.location_id = ${f.locationId}`);
    if (f.channel) c.push(Prisma.sql`o.channel = ${f.channel}::order_channel`);
    if (f.customerId !== undefined) c.push(Prisma.sql`o.customer_id = ${f.customerId}`);
    if (f.number !== undefined) c.push(Prisma.sql`o.number = ${f.number}`);
    // Business days are São Paulo's.
    if (f.from) c.push(Prisma.sql`o.created_at >= (${f.from}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`);
    if (f.to) c.push(Prisma.sql`o.created_at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'`);
    if (f.allowedLocationIds) c.push(f.allowedLocationIds.length ? Prisma.sql`o.location_id IN (${Prisma.join(f.allowedLocationIds)})` : Prisma.sql`FALSE`);
    return Prisma.join(c, ' AND ');
  }

  /**
   * How many orders of the filter each status holds, from the status counters (order_status_daily
   * over a period, order_status_totals without one: a trigger keeps both), never by counting the
   * orders. Null when the filter names a customer or a number, which the counters do not keep.
   */
  async function countsByStatus(accountId: number, f: OrderFilters): Promise<Map<OrderStatus, number> | null> {
    const counters = countersOf(accountId, f);
    if (!counters) return null;
    const rows = await db.$queryRaw<Array<{ status: OrderStatus; total: bigint }>>`
      SELECT status::text AS status, sum(orders)::bigint AS total FROM ${counters.table} WHERE ${counters.where} GROUP BY status`;
    return new Map(rows.map((r) => [r.status, Number(r.total)]));
  }

  /** The status counters' table and condition for the filter; null when it names a customer or a number, which they do not keep. */
  function countersOf(accountId: number, f: OrderFilters): { table: Prisma.Sql; where: Prisma.Sql } | null {
    if (f.customerId !== undefined || f.number !== undefined) return null;
    const c = [Prisma.sql`account_id = ${accountId}`];
    if (f.status) c.push(Prisma.sql`status = ${f.status}::order_status`);
    if (f.locationId !== undefined) c.push(Prisma.sql`location_id = ${f.locationId}`);
    if (f.channel) c.push(Prisma.sql`channel = ${f.channel}::order_channel`);
    if (f.allowedLocationIds) c.push(f.allowedLocationIds.length ? Prisma.sql`location_id IN (${Prisma.join(f.allowedLocationIds)})` : Prisma.sql`FALSE`);
    if (f.from) c.push(Prisma.sql`day >= ${f.from}::date`);
    if (f.to) c.push(Prisma.sql`day <= ${f.to}::date`);
    return { table: f.from || f.to ? Prisma.sql`order_status_daily` : Prisma.sql`order_status_totals`, where: Prisma.join(c, ' AND ') };
  }

  /** The rows of these ids, in this order, with their store's and customer's names. */
  async function named(accountId: number, ids: number[], client: Db | Tx = db): Promise<NamedOrder[]> {
    if (!ids.length) return [];
    const rows = await client.order.findMany({ where: { accountId, id: { in: ids } }, select: orderSelect });
    // Lines counted from the order_items index for these orders only (Prisma's relation _count
    // aggregates the whole table first: 500 ms at 3,000,000 lines).
    const [locations, customers, lines] = await Promise.all([
      client.location.findMany({ where: { accountId, id: { in: [...new Set(rows.map((r) => r.locationId))] } }, select: { id: true, name: true } }),
      client.customer.findMany({ where: { accountId, id: { in: [...new Set(rows.map((r) => r.customerId))] } }, select: { id: true, name: true } }),
      client.$queryRaw<Array<{ order_id: number; n: bigint }>>`
        SELECT order_id, count(*) AS n FROM order_items WHERE order_id IN (${Prisma.join(ids)}) GROUP BY order_id`,
    ]);
    const loc = new Map(locations.map((l) => [l.id, l.name]));
    const cus = new Map(customers.map((c) => [c.id, c.name]));
    const count = new Map(lines.map((l) => [l.order_id, Number(l.n)]));
    const byId = new Map(
      rows.map((r) => [r.id, { ...r, _count: { items: count.get(r.id) ?? 0 }, locationName: loc.get(r.locationId) ?? '', customerName: cus.get(r.customerId) ?? '' }]),
    );
    return ids.map((id) => byId.get(id)).filter((r): r is NamedOrder => !!r);
  }

  /** The rows of these orders, in this order (`w.ord`), with their store (l) and customer (c): what CARD_JSON reads. */
  const cardRows = (accountId: number, ids: number[]) => Prisma.sql`
    FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS w(id, ord)
    JOIN orders o ON o.id = w.id::int AND o.account_id = ${accountId}
    LEFT JOIN locations l ON l.id = o.location_id
    LEFT JOIN customers c ON c.id = o.customer_id`;

  /**
   * The cards of these orders (in this order) as JSON text per status, built in one statement:
   * nothing of them is read into objects here to be written out again.
   */
  async function cardsByStatus(accountId: number, ids: number[]): Promise<Map<OrderStatus, string>> {
    if (!ids.length) return new Map();
    const rows = await db.$queryRaw<Array<{ status: OrderStatus; cards: string }>>`
      SELECT o.status::text AS status, json_agg(${CARD_JSON} ORDER BY w.ord)::text AS cards ${cardRows(accountId, ids)} GROUP BY o.status`;
    return new Map(rows.map((r) => [r.status, r.cards]));
  }

  return {
    named,

    async find(accountId: number, id: number) {
      return (await named(accountId, [id]))[0] ?? null;
    },

    /** The order an intake already created (same channel and external id, or same cart). */
    async findIntake(accountId: number, key: { channel: OrderChannel; externalId: string } | { shoppingCartId: number }) {
      const row = await db.order.findFirst({
        where: 'shoppingCartId' in key ? { accountId, shoppingCartId: key.shoppingCartId } : { accountId, channel: key.channel, externalId: key.externalId },
        select: { id: true },
      });
      return row ? this.find(accountId, row.id) : null;
    },

    items(orderId: number) {
      return db.orderItem.findMany({ where: { orderId }, select: itemSelect, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },

    events(orderId: number) {
      return db.$queryRaw<OrderEventRow[]>`
        SELECT e.id, e.from_status::text AS "fromStatus", e.to_status::text AS "toStatus", e.actor_user_id AS "actorUserId",
               e.actor_kind AS "actorKind", u.name AS "actorName", e.note, e.created_at AS "createdAt"
          FROM order_events e LEFT JOIN users u ON u.id = e.actor_user_id
         WHERE e.order_id = ${orderId}
         ORDER BY e.created_at, e.id`;
    },

    /**
     * One page of the account's orders as the cards' JSON text, and how many orders the filter
     * holds (from the status counters, or counted when the filter names a customer or a number),
     * in one statement: the page's ids, its cards and the total never cross to this process apart.
     */
    async listJson(accountId: number, f: OrderFilters, q: Pick<OrderListQuery, 'page' | 'quantity' | 'order_by' | 'order_direction'>) {
      const w = where(accountId, f);
      const dir = q.order_direction === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`;
      const order = Prisma.sql`${SORT_COLUMNS[q.order_by]} ${dir}, o.id ${dir}`;
      const counters = countersOf(accountId, f);
      const total = counters
        ? Prisma.sql`SELECT coalesce(sum(orders), 0) FROM ${counters.table} WHERE ${counters.where}`
        : Prisma.sql`SELECT count(*) FROM orders o WHERE ${w}`;
      const [row] = await db.$queryRaw<Array<{ cards: string; total: bigint }>>`
        WITH page AS MATERIALIZED (SELECT o.id FROM orders o WHERE ${w} ORDER BY ${order} LIMIT ${q.quantity} OFFSET ${(q.page - 1) * q.quantity})
        SELECT coalesce((SELECT json_agg(${CARD_JSON} ORDER BY ${order})
                           FROM page p JOIN orders o ON o.id = p.id
                           LEFT JOIN locations l ON l.id = o.location_id
                           LEFT JOIN customers c ON c.id = o.customer_id), '[]')::text AS cards,
               (${total})::bigint AS total`;
      return { cards: row!.cards, total: Number(row!.total) };
    },

    /** Per status: how many orders, and the ids of the `quantity` most recent. */
    async board(accountId: number, f: OrderFilters, quantity: number) {
      const w = where(accountId, f);
      const [counts, top] = await Promise.all([
        countsByStatus(accountId, f),
        // Each column's most recent, read from the (account, status[, store], created_at) indexes: a
        // handful of rows per status, however many orders the period holds.
        db.$queryRaw<Array<{ id: number; status: OrderStatus }>>`
          SELECT top.id, s.status::text AS status
            FROM unnest(enum_range(NULL::order_status)) AS s(status)
            CROSS JOIN LATERAL (
              SELECT o.id, o.created_at FROM orders o WHERE ${w} AND o.status = s.status
               ORDER BY o.created_at DESC, o.id DESC LIMIT ${quantity}) top
           ORDER BY s.status, top.created_at DESC, top.id DESC`,
      ]);
      return { counts: counts ?? new Map<OrderStatus, number>(), cards: await cardsByStatus(accountId, top.map((r) => r.id)) };
    },

    /**
     * Creates the order, its lines and its first event in one transaction; the account's next
     * number is taken under a per-account advisory lock, so concurrent intakes never share one.
     */
    create(accountId: number, o: NewOrder, actor: { userId: number | null; kind: string }) {
      return db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('orders:number'), ${accountId})`;
        const [row] = await tx.$queryRaw<Array<{ next: number }>>`SELECT coalesce(max(number), 0) + 1 AS next FROM orders WHERE account_id = ${accountId}`;
        const { items, ...data } = o;
        const created = await tx.order.create({
          data: {
            ...data,
            accountId,
            number: Number(row!.next),
            address: data.address ? (data.address as Prisma.InputJsonValue) : Prisma.DbNull,
            pricing: data.pricing as Prisma.InputJsonValue,
            subTotalCents: BigInt(data.subTotalCents),
            discountCents: BigInt(data.discountCents),
            deliveryFeeCents: BigInt(data.deliveryFeeCents),
            totalCents: BigInt(data.totalCents),
            items: {
              create: items.map((i, position) => ({
                ...i,
                position,
                unitPriceCents: BigInt(i.unitPriceCents),
                subTotalCents: BigInt(i.subTotalCents),
                discountCents: BigInt(i.discountCents),
                totalCents: BigInt(i.subTotalCents - i.discountCents),
              })),
            },
            events: { create: { fromStatus: null, toStatus: o.status, actorUserId: actor.userId, actorKind: actor.kind } },
          },
          select: { id: true, number: true },
        });
        if (o.shoppingCartId !== null) {
          await tx.$executeRaw`UPDATE shopping_carts SET converted_at = now() WHERE id = ${o.shoppingCartId} AND account_id = ${accountId} AND converted_at IS NULL`;
        }
        return created;
      });
    },

    setSlotReference(accountId: number, id: number, reference: string) {
      return db.order.updateMany({ where: { accountId, id }, data: { slotReference: reference } });
    },

    /** Undoes an intake whose promotions or slot could not be taken. */
    remove(accountId: number, id: number) {
      return db.order.deleteMany({ where: { accountId, id } });
    },

    /** Records an event on the order's timeline that changes nothing of it (a payment's, a courier's), at its current status. */
    async note(accountId: number, id: number, actor: OrderActor, note: string) {
      await db.$executeRaw`
        INSERT INTO order_events (order_id, from_status, to_status, actor_user_id, actor_kind, note)
        SELECT id, status, status, ${actor.userId}, ${actor.kind}, ${note} FROM orders WHERE id = ${id} AND account_id = ${accountId}`;
    },

    /**
     * Moves the order from `from` (at `version`) to `to` and records the event, in one transaction:
     * the update is conditional on both, so of concurrent moves exactly one happens. False when
     * the order was no longer there.
     */
    move(accountId: number, id: number, m: { from: OrderStatus; version: number; to: OrderStatus; actor: OrderActor; note: string | null }) {
      const milestone = MILESTONE[m.to];
      const stamp = milestone ? Prisma.sql`, ${Prisma.raw(milestone)} = coalesce(${Prisma.raw(milestone)}, now())` : Prisma.empty;
      return db.$transaction(async (tx) => {
        const moved = await tx.$executeRaw`
          UPDATE orders SET status = ${m.to}::order_status, version = version + 1, updated_at = now() ${stamp}
           WHERE id = ${id} AND account_id = ${accountId} AND status = ${m.from}::order_status AND version = ${m.version}`;
        if (moved === 0) return false;
        await tx.orderEvent.create({ data: { orderId: id, fromStatus: m.from, toStatus: m.to, actorUserId: m.actor.userId, actorKind: m.actor.kind, note: m.note } });
        return true;
      });
    },

    /**
     * Rewrites the order (totals, fraud status, address, status) and its lines, and records the
     * event, in one transaction; conditional on the status and version read, so of concurrent
     * changes exactly one happens. False when the order was no longer so.
     */
    change(accountId: number, id: number, c: OrderChangeSet) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.order.updateMany({
          where: { id, accountId, status: c.from, version: c.version },
          data: {
            version: { increment: 1 },
            ...(c.to ? { status: c.to } : {}),
            ...(c.totals
              ? {
                  subTotalCents: BigInt(c.totals.subTotalCents),
                  discountCents: BigInt(c.totals.discountCents),
                  manualDiscountCents: BigInt(c.totals.manualDiscountCents),
                  deliveryFeeCents: BigInt(c.totals.deliveryFeeCents),
                  totalCents: BigInt(c.totals.totalCents),
                }
              : {}),
            ...(c.pricing ? { pricing: c.pricing as Prisma.InputJsonValue } : {}),
            ...(c.fraudStatus ? { fraudStatus: c.fraudStatus } : {}),
            ...(c.address ? { address: c.address.value as Prisma.InputJsonValue, regionId: c.address.regionId } : {}),
          },
        });
        if (count === 0) return false;
        for (const line of c.lines ?? []) {
          const { id: itemId, ...data } = line;
          await tx.orderItem.updateMany({ where: { id: itemId, orderId: id }, data: cents(data) });
        }
        if (c.add?.length) {
          const [{ max }] = (await tx.$queryRaw<Array<{ max: number | null }>>`SELECT max(position) AS max FROM order_items WHERE order_id = ${id}`) as [{ max: number | null }];
          await tx.orderItem.createMany({ data: c.add.map((a, i) => ({ ...cents(a), orderId: id, position: (max ?? -1) + 1 + i })) as never });
        }
        const status = c.to ?? c.from;
        await tx.orderEvent.create({ data: { orderId: id, fromStatus: c.from, toStatus: status, actorUserId: c.userId, actorKind: 'user', note: c.note } });
        return true;
      });
    },

    /** The account's operator. */
    operator(accountId: number, id: number) {
      return db.operator.findFirst({ where: { accountId, id }, select: { id: true, name: true } });
    },

    /** The account's customer's name and CPF, if the customer is the account's. */
    customer(accountId: number, id: number) {
      return db.customer.findFirst({ where: { accountId, id }, select: { id: true, cpf: true } });
    },

    location(accountId: number, id: number) {
      return db.location.findFirst({ where: { accountId, id }, select: { id: true } });
    },

    /** The account's window, with its store and mode (delivery or pickup). */
    slot(accountId: number, id: number) {
      return db.slot.findFirst({ where: { accountId, id }, select: { id: true, locationId: true, mode: true } });
    },

    /** Product ids of the account by SKU. */
    async productIdsBySku(accountId: number, skus: string[]) {
      if (!skus.length) return new Map<string, number>();
      const rows = await db.product.findMany({ where: { accountId, sku: { in: skus } }, select: { id: true, sku: true } });
      return new Map(rows.map((r) => [r.sku, r.id]));
    },

    /** An account's cart with its confirmed lines. */
    cart(accountId: number, id: number) {
      return db.shoppingCart.findFirst({
        where: { accountId, id },
        select: {
          id: true,
          status: true,
          customerId: true,
          locationId: true,
          couponCode: true,
          items: { where: { status: 'confirmed', productId: { not: null } }, select: { productId: true, quantity: true }, orderBy: { position: 'asc' } },
        },
      });
    },

    /** How many orders a store has (a store with orders is not deleted). */
    countAtLocation(accountId: number, locationId: number) {
      return db.order.count({ where: { accountId, locationId } });
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
