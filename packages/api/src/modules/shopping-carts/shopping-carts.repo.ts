import type { CartItemStatus, CartListQuery, CartStatus } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { folded, foldText, likeLiteral } from '../../lib/like.ts';
import type { StoredPricing } from './cart-pricing.ts';

const itemSelect = {
  id: true,
  position: true,
  detail: true,
  query: true,
  quantity: true,
  unitMeasurement: true,
  status: true,
  productId: true,
  candidateIds: true,
  unitPriceCents: true,
  subTotalCents: true,
  discountCents: true,
  product: { select: { name: true } },
} as const;

const cartSelect = {
  id: true,
  accountId: true,
  status: true,
  listText: true,
  couponCode: true,
  subTotalCents: true,
  discountCents: true,
  totalCents: true,
  pricing: true,
  version: true,
  linkSentAt: true,
  openedAt: true,
  convertedAt: true,
  createdAt: true,
  updatedAt: true,
  customer: { select: { id: true, name: true, phone: true, cpf: true } },
  location: { select: { id: true, name: true } },
  items: { select: itemSelect, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
} as const satisfies Prisma.ShoppingCartSelect;

export type CartRow = Prisma.ShoppingCartGetPayload<{ select: typeof cartSelect }>;
export type CartItemRow = CartRow['items'][number];

/** A cart line as written: the ids are the repository's (an existing line keeps its `id`). */
export interface ItemData {
  id?: number;
  detail: string;
  query: string;
  quantity: number;
  unitMeasurement: string;
  status: CartItemStatus;
  productId: number | null;
  candidateIds: number[];
  unitPriceCents: number;
  subTotalCents: number;
  discountCents: number;
}

export interface Totals {
  couponCode: string | null;
  subTotalCents: number;
  discountCents: number;
  totalCents: number;
  pricing: StoredPricing;
}

export interface CartSummaryRow {
  id: number;
  status: CartStatus;
  customer_id: number;
  customer_name: string;
  customer_phone: string | null;
  location_id: number;
  location_name: string;
  items_count: bigint;
  pending_count: bigint;
  stock_out_count: bigint;
  total_cents: bigint;
  link_sent_at: Date | null;
  opened_at: Date | null;
  converted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A line's stored columns at its position (amounts as bigint cents). */
const lineColumns = (i: ItemData, position: number) => ({
  position,
  detail: i.detail,
  query: i.query,
  quantity: i.quantity,
  unitMeasurement: i.unitMeasurement,
  status: i.status,
  productId: i.productId,
  candidateIds: i.candidateIds,
  unitPriceCents: BigInt(i.unitPriceCents),
  subTotalCents: BigInt(i.subTotalCents),
  discountCents: BigInt(i.discountCents),
});

const itemRows = (cartId: number, items: ItemData[]) => items.map((i, position) => ({ ...(i.id ? { id: i.id } : {}), cartId, ...lineColumns(i, position) }));

const totalsData = (t: Totals) => ({
  couponCode: t.couponCode,
  subTotalCents: BigInt(t.subTotalCents),
  discountCents: BigInt(t.discountCents),
  totalCents: BigInt(t.totalCents),
  pricing: t.pricing as unknown as Prisma.InputJsonValue,
});

/** Shopping carts of one account: every query is scoped by `accountId` (and by the caller's stores where given). */
export function createShoppingCartsRepo(db: Db) {
  const scoped = (allowed: number[] | null) => (allowed ? { locationId: { in: allowed } } : {});

  return {
    customer(accountId: number, id: number) {
      return db.customer.findFirst({ where: { id, accountId }, select: { id: true, name: true, phone: true, cpf: true } });
    },
    location(accountId: number, id: number) {
      return db.location.findFirst({ where: { id, accountId }, select: { id: true, name: true } });
    },
    account(accountId: number) {
      return db.account.findUnique({ where: { id: accountId }, select: { id: true, name: true, logoUrl: true, headerColor: true, checkoutLink: true } });
    },

    find(accountId: number, id: number, allowed: number[] | null = null) {
      return db.shoppingCart.findFirst({ where: { id, accountId, ...scoped(allowed) }, select: cartSelect });
    },

    /**
     * A new cart and its lines in one statement (atomic without a transaction: one round trip), answered
     * as `find` would read it back; `customer`, `location` and the products' names are the caller's.
     */
    async create(
      data: { accountId: number; customerId: number; locationId: number; listText: string; createdById: number },
      totals: Totals,
      items: ItemData[],
      known: { customer: CartRow['customer']; location: CartRow['location']; productName: (productId: number) => string | undefined },
    ): Promise<CartRow> {
      const col = <K extends keyof ItemData>(k: K) => items.map((i) => i[k]);
      const [row] = await db.$queryRaw<Array<{ id: number; status: CartStatus; version: number; created_at: Date; updated_at: Date; item_ids: number[] }>>`
        WITH cart AS (
          INSERT INTO shopping_carts (account_id, customer_id, location_id, list_text, created_by_id, coupon_code,
                                      sub_total_cents, discount_cents, total_cents, pricing, updated_at)
          VALUES (${data.accountId}, ${data.customerId}, ${data.locationId}, ${data.listText}, ${data.createdById}, ${totals.couponCode},
                  ${totals.subTotalCents}, ${totals.discountCents}, ${totals.totalCents}, ${JSON.stringify(totals.pricing)}::jsonb, now())
          RETURNING id, status, version, created_at, updated_at),
        lines AS (
          INSERT INTO shopping_cart_items (cart_id, position, detail, query, quantity, unit_measurement, status, product_id,
                                           candidate_ids, unit_price_cents, sub_total_cents, discount_cents)
          SELECT cart.id, i.n - 1, i.detail, i.query, i.quantity, i.unit, i.status::cart_item_status, i.product_id,
                 i.candidates::int[], i.unit_price, i.sub_total, i.discount
            FROM cart, unnest(${col('detail')}::text[], ${col('query')}::text[], ${col('quantity')}::int[], ${col('unitMeasurement')}::text[],
                              ${col('status')}::text[], ${col('productId')}::int[], ${items.map((i) => `{${i.candidateIds.join(',')}}`)}::text[],
                              ${col('unitPriceCents')}::bigint[], ${col('subTotalCents')}::bigint[], ${col('discountCents')}::bigint[])
                 WITH ORDINALITY AS i(detail, query, quantity, unit, status, product_id, candidates, unit_price, sub_total, discount, n)
          RETURNING id, position)
        SELECT cart.id, cart.status::text AS status, cart.version, cart.created_at, cart.updated_at,
               ARRAY(SELECT l.id FROM lines l ORDER BY l.position) AS item_ids
          FROM cart`;
      const r = row!;
      return {
        id: r.id,
        accountId: data.accountId,
        status: r.status,
        listText: data.listText,
        couponCode: totals.couponCode,
        subTotalCents: BigInt(totals.subTotalCents),
        discountCents: BigInt(totals.discountCents),
        totalCents: BigInt(totals.totalCents),
        pricing: totals.pricing as unknown as Prisma.JsonValue,
        version: r.version,
        linkSentAt: null,
        openedAt: null,
        convertedAt: null,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        customer: known.customer,
        location: known.location,
        items: items.map((i, position) => {
          const name = i.productId === null ? undefined : known.productName(i.productId);
          return { id: r.item_ids[position]!, ...lineColumns(i, position), product: name === undefined ? null : { name } };
        }),
      };
    },

    /**
     * Replaces the lines and totals of a cart under review at `version` and bumps it; false when the
     * cart changed meanwhile (another version, or no longer in review).
     */
    replace(accountId: number, id: number, version: number, totals: Totals, items: ItemData[]) {
      return db.$transaction(async (tx: Tx) => {
        const { count } = await tx.shoppingCart.updateMany({
          where: { id, accountId, version, status: 'in_review' },
          data: { ...totalsData(totals), version: { increment: 1 } },
        });
        if (!count) return false;
        await tx.shoppingCartItem.deleteMany({ where: { cartId: id } });
        if (items.length) await tx.shoppingCartItem.createMany({ data: itemRows(id, items) });
        return true;
      });
    },

    /** Moves the cart from `from` to `to` unless another request moved it first. */
    async transition(accountId: number, id: number, from: CartStatus, to: CartStatus, extra: Prisma.ShoppingCartUpdateManyMutationInput = {}) {
      const { count } = await db.shoppingCart.updateMany({ where: { id, accountId, status: from }, data: { status: to, ...extra } });
      return count > 0;
    },

    /** After the link went out: approved → link_sent; a resend (link_sent, opened) only dates it. */
    async markLinkSent(accountId: number, id: number, at: Date) {
      const sent = await db.shoppingCart.updateMany({ where: { id, accountId, status: 'approved' }, data: { status: 'link_sent', linkSentAt: at } });
      if (sent.count) return;
      await db.shoppingCart.updateMany({ where: { id, accountId, status: { in: ['link_sent', 'opened'] } }, data: { linkSentAt: at } });
    },

    /** The customer's first visit: link_sent → opened. */
    async markOpened(accountId: number, id: number, at: Date) {
      await db.shoppingCart.updateMany({ where: { id, accountId, status: 'link_sent' }, data: { status: 'opened', openedAt: at } });
    },

    /** The customer went to checkout (the first time counts); a cart still only sent becomes opened. */
    async markConverted(accountId: number, id: number, at: Date) {
      await db.shoppingCart.updateMany({ where: { id, accountId, status: 'link_sent' }, data: { status: 'opened', openedAt: at } });
      await db.shoppingCart.updateMany({ where: { id, accountId, convertedAt: null }, data: { convertedAt: at } });
    },

    /** One page of summaries, newest first. */
    async list(accountId: number, q: CartListQuery, allowed: number[] | null) {
      const conditions = [Prisma.sql`c.account_id = ${accountId}`];
      if (q.status.length) conditions.push(Prisma.sql`c.status::text IN (${Prisma.join(q.status)})`);
      if (q.location_id) conditions.push(Prisma.sql`c.location_id = ${q.location_id}`);
      if (q.customer_id) conditions.push(Prisma.sql`c.customer_id = ${q.customer_id}`);
      if (allowed) conditions.push(allowed.length ? Prisma.sql`c.location_id IN (${Prisma.join(allowed)})` : Prisma.sql`FALSE`);
      if (q.query) {
        const either = [Prisma.sql`${folded(Prisma.sql`cu.name`)} LIKE ${`%${likeLiteral(foldText(q.query))}%`}`];
        const digits = /^[\d\s().+#/-]+$/.test(q.query) ? q.query.replace(/\D/g, '') : '';
        if (digits.length >= 4) either.push(Prisma.sql`cu.phone LIKE ${`%${digits}%`}`);
        if (digits.length && digits.length <= 9) either.push(Prisma.sql`c.id = ${Number(digits)}`);
        conditions.push(Prisma.sql`(${Prisma.join(either, ' OR ')})`);
      }
      const w = Prisma.join(conditions, ' AND ');
      const [rows, [count]] = await Promise.all([
        db.$queryRaw<CartSummaryRow[]>`
          SELECT c.id, c.status::text AS status, cu.id AS customer_id, cu.name AS customer_name, cu.phone AS customer_phone,
                 l.id AS location_id, l.name AS location_name, c.total_cents,
                 c.link_sent_at, c.opened_at, c.converted_at, c.created_at, c.updated_at,
                 (SELECT count(*) FROM shopping_cart_items i WHERE i.cart_id = c.id) AS items_count,
                 (SELECT count(*) FROM shopping_cart_items i WHERE i.cart_id = c.id AND i.status = 'pending') AS pending_count,
                 (SELECT count(*) FROM shopping_cart_items i WHERE i.cart_id = c.id AND i.status = 'stock_out') AS stock_out_count
            FROM shopping_carts c
            JOIN customers cu ON cu.id = c.customer_id
            JOIN locations l ON l.id = c.location_id
           WHERE ${w}
           ORDER BY c.created_at DESC, c.id DESC
           LIMIT ${q.quantity} OFFSET ${(q.page - 1) * q.quantity}`,
        db.$queryRaw<Array<{ total: bigint }>>`
          SELECT count(*) AS total FROM shopping_carts c JOIN customers cu ON cu.id = c.customer_id WHERE ${w}`,
      ]);
      return { rows, total: Number(count!.total) };
    },
  };
}
export type ShoppingCartsRepo = ReturnType<typeof createShoppingCartsRepo>;
