import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { folded, foldText, likeLiteral } from '../../lib/like.ts';
import type { CustomerAuditAction } from '@backoffice/contracts';

const addressSelect = {
  id: true,
  label: true,
  zipCode: true,
  street: true,
  number: true,
  complement: true,
  neighborhood: true,
  city: true,
  state: true,
  latitude: true,
  longitude: true,
  locationId: true,
  regionId: true,
  isDefault: true,
  location: { select: { name: true } },
} as const;

const customerSelect = {
  id: true,
  name: true,
  description: true,
  cpf: true,
  phone: true,
  email: true,
  birthDate: true,
  sellerId: true,
  tags: true,
  optIn: true,
  optInAt: true,
  anonymizedAt: true,
  createdAt: true,
  updatedAt: true,
  addresses: { select: addressSelect, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] },
} as const satisfies Prisma.CustomerSelect;

const listSelect = {
  id: true,
  name: true,
  cpf: true,
  phone: true,
  email: true,
  tags: true,
  optIn: true,
  anonymizedAt: true,
  createdAt: true,
  addresses: {
    where: { isDefault: true },
    take: 1,
    select: { city: true, neighborhood: true, locationId: true, location: { select: { name: true } } },
  },
} as const satisfies Prisma.CustomerSelect;

export type CustomerRow = Prisma.CustomerGetPayload<{ select: typeof customerSelect }>;
export type AddressRow = CustomerRow['addresses'][number];
export type CustomerListRow = Prisma.CustomerGetPayload<{ select: typeof listSelect }>;

/** The columns of an address as written (geocoded and resolved to a store before the transaction). */
export interface AddressData {
  /** An existing address of the customer to change in place; absent: a new one. */
  id?: number;
  label: string | null;
  zipCode: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string | null;
  city: string;
  state: string;
  isDefault: boolean;
  latitude: number | null;
  longitude: number | null;
  locationId: number | null;
  regionId: number | null;
}

/** The customer's own columns a write sets. */
export interface CustomerData {
  name: string;
  description: string | null;
  cpf: string | null;
  phone: string | null;
  email: string | null;
  birthDate: Date | null;
  sellerId: string | null;
  tags: string[];
  optIn: boolean;
  optInAt: Date | null;
}

export interface AuditData {
  action: CustomerAuditAction;
  userId: number | null;
  fields?: string[];
}

export interface CustomerFilters {
  search?: string;
  tag?: string;
  locationId?: number;
  optIn?: boolean;
}

export interface CustomerOrder {
  by: 'name' | 'created_at';
  direction: 'asc' | 'desc';
}

/** The statuses whose cart totals count as spend until orders exist. */
const SPEND_STATUSES = ['approved', 'link_sent', 'opened'];

const auditDetails = (a: AuditData): Prisma.InputJsonValue => (a.fields ? { fields: a.fields } : {});

const addressColumns = ({ id: _id, ...a }: AddressData) => a;

/** Customers of one account, their addresses and audit trail: every query is scoped by `accountId`. */
export function createCustomersRepo(db: Db) {
  function where(accountId: number, f: CustomerFilters): Prisma.Sql {
    const conditions = [Prisma.sql`c.account_id = ${accountId}`];
    if (f.tag) conditions.push(Prisma.sql`${f.tag} = ANY(c.tags)`);
    if (f.optIn !== undefined) conditions.push(Prisma.sql`c.opt_in = ${f.optIn}`);
    if (f.locationId !== undefined) {
      conditions.push(
        Prisma.sql`EXISTS (SELECT 1 FROM customer_addresses a WHERE a.customer_id = c.id AND a.is_default AND a.location_id = ${f.locationId})`,
      );
    }
    if (f.search) {
      const either = [
        Prisma.sql`${folded(Prisma.sql`c.name`)} LIKE ${`%${likeLiteral(foldText(f.search))}%`}`,
        Prisma.sql`c.email ILIKE ${`%${likeLiteral(f.search)}%`}`,
      ];
      // CPF and phone are stored as digits (the phone as +55…): "529.982", "(11) 98765-4321" and "+55 11 9…" find them.
      // Only a search written as a number does: the digits inside a name are not a CPF.
      const digits = /^[\d\s().+/-]+$/.test(f.search) ? f.search.replace(/\D/g, '') : '';
      if (digits.length >= 3) either.push(Prisma.sql`c.cpf LIKE ${`%${digits}%`}`, Prisma.sql`c.phone LIKE ${`%${digits}%`}`);
      conditions.push(Prisma.sql`(${Prisma.join(either, ' OR ')})`);
    }
    return Prisma.join(conditions, ' AND ');
  }

  const orderSql = (o: CustomerOrder) => {
    const dir = o.direction === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    return o.by === 'created_at' ? Prisma.sql`c.created_at ${dir}, c.id ${dir}` : Prisma.sql`${folded(Prisma.sql`c.name`)} ${dir}, c.id ${dir}`;
  };

  async function replaceAddresses(tx: Tx, accountId: number, customerId: number, addresses: AddressData[]) {
    const kept = addresses.filter((a) => a.id !== undefined).map((a) => a.id!);
    await tx.customerAddress.deleteMany({ where: { accountId, customerId, id: { notIn: kept } } });
    for (const a of addresses) {
      if (a.id !== undefined) await tx.customerAddress.updateMany({ where: { id: a.id, accountId, customerId }, data: addressColumns(a) });
    }
    const created = addresses.filter((a) => a.id === undefined);
    if (created.length) await tx.customerAddress.createMany({ data: created.map((a) => ({ ...addressColumns(a), accountId, customerId })) });
  }

  const audit = (tx: Tx, accountId: number, customerId: number, a: AuditData) =>
    tx.customerAudit.create({ data: { accountId, customerId, userId: a.userId, action: a.action, details: auditDetails(a) } });

  return {
    /** One page of the account's customers, by name (accents folded) or by registration. */
    async search(accountId: number, f: CustomerFilters, order: CustomerOrder, page: number, quantity: number) {
      const w = where(accountId, f);
      const [ids, [count]] = await Promise.all([
        db.$queryRaw<Array<{ id: number }>>`
          SELECT c.id FROM customers c WHERE ${w}
          ORDER BY ${orderSql(order)}
          LIMIT ${quantity} OFFSET ${(page - 1) * quantity}`,
        db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS total FROM customers c WHERE ${w}`,
      ]);
      const total = Number(count!.total);
      if (!ids.length) return { rows: [], total };
      const rows = await db.customer.findMany({ where: { accountId, id: { in: ids.map((r) => r.id) } }, select: listSelect });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.map((r) => byId.get(r.id)).filter((r): r is CustomerListRow => !!r), total };
    },

    find(accountId: number, id: number) {
      return db.customer.findFirst({ where: { id, accountId }, select: customerSelect });
    },

    /** The names of delivery regions of the account, by id. */
    async regionNames(accountId: number, ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const rows = await db.deliveryRegion.findMany({ where: { accountId, id: { in: ids } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The id of another customer of the account holding this CPF or phone. */
    async holderOf(accountId: number, field: 'cpf' | 'phone', value: string, exceptId?: number) {
      const row = await db.customer.findFirst({
        where: { accountId, [field]: value, ...(exceptId ? { id: { not: exceptId } } : {}) },
        select: { id: true },
      });
      return row?.id ?? null;
    },

    /** Creates the customer with its addresses and the audit row of its creation, in one transaction. */
    create(accountId: number, data: CustomerData, addresses: AddressData[], a: AuditData) {
      return db.$transaction(async (tx) => {
        const { id } = await tx.customer.create({ data: { ...data, accountId }, select: { id: true } });
        if (addresses.length) await tx.customerAddress.createMany({ data: addresses.map((x) => ({ ...addressColumns(x), accountId, customerId: id })) });
        await audit(tx, accountId, id, a);
        return tx.customer.findFirstOrThrow({ where: { id, accountId }, select: customerSelect });
      });
    },

    /**
     * Replaces the customer and its addresses (those left out are removed) and audits the change, in
     * one transaction; only while it is not anonymised. Null when there is no such customer to change.
     */
    update(accountId: number, id: number, data: CustomerData, addresses: AddressData[], a: AuditData | null) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.customer.updateMany({ where: { id, accountId, anonymizedAt: null }, data });
        if (count === 0) return null;
        await replaceAddresses(tx, accountId, id, addresses);
        if (a) await audit(tx, accountId, id, a);
        return tx.customer.findFirstOrThrow({ where: { id, accountId }, select: customerSelect });
      });
    },

    /**
     * Erases the personal data (LGPD) and audits it, once: the addresses keep their city, state and
     * serving store (the store's numbers stay true), nothing that locates the person. Null when the
     * customer was already anonymised (or is not the account's).
     */
    anonymize(accountId: number, id: number, name: string, a: AuditData) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.customer.updateMany({
          where: { id, accountId, anonymizedAt: null },
          data: {
            name,
            description: null,
            cpf: null,
            phone: null,
            email: null,
            birthDate: null,
            tags: [],
            optIn: false,
            optInAt: null,
            anonymizedAt: new Date(),
          },
        });
        if (count === 0) return null;
        await tx.customerAddress.updateMany({
          where: { accountId, customerId: id },
          data: { label: null, zipCode: '', street: '', number: '', complement: null, neighborhood: null, latitude: null, longitude: null },
        });
        await audit(tx, accountId, id, a);
        return tx.customer.findFirstOrThrow({ where: { id, accountId }, select: customerSelect });
      });
    },

    /** Records an audit row outside a write (exports). */
    recordAudit(accountId: number, customerId: number, a: AuditData) {
      return db.customerAudit.create({ data: { accountId, customerId, userId: a.userId, action: a.action, details: auditDetails(a) } });
    },

    /** One page of a customer's audit trail, newest first, with who did it. */
    async audits(accountId: number, customerId: number, page: number, quantity: number) {
      const where = { accountId, customerId };
      const [rows, total] = await Promise.all([
        db.customerAudit.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * quantity,
          take: quantity,
          select: { id: true, action: true, details: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
        }),
        db.customerAudit.count({ where }),
      ]);
      return { rows, total };
    },

    /** Everything held on a customer besides its profile: its carts with their items (read only) and its whole audit trail. */
    async exportParts(accountId: number, customerId: number) {
      const [account, carts, audits] = await Promise.all([
        db.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, name: true } }),
        db.shoppingCart.findMany({
          where: { accountId, customerId },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          select: {
            id: true,
            status: true,
            locationId: true,
            location: { select: { name: true } },
            listText: true,
            couponCode: true,
            subTotalCents: true,
            discountCents: true,
            totalCents: true,
            createdAt: true,
            linkSentAt: true,
            openedAt: true,
            convertedAt: true,
            items: {
              orderBy: { position: 'asc' },
              select: {
                position: true,
                detail: true,
                query: true,
                quantity: true,
                unitMeasurement: true,
                status: true,
                productId: true,
                product: { select: { name: true } },
                unitPriceCents: true,
                subTotalCents: true,
                discountCents: true,
              },
            },
          },
        }),
        db.customerAudit.findMany({
          where: { accountId, customerId },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          select: { id: true, action: true, details: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
        }),
      ]);
      return { account, carts, audits };
    },

    /** The account's stores by id (names for the dashboard). */
    async storeNames(accountId: number) {
      const rows = await db.location.findMany({ where: { accountId }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * The dashboard's counts between two instants (São Paulo days): a customer's store is its default
     * address's serving store, else the store of its latest cart; a returning customer has a cart on a
     * day after the day it was registered.
     */
    async dashboard(accountId: number, from: Date, to: Date, tz: string, locationId: number | undefined) {
      const customerStore = Prisma.sql`
        WITH cust AS (
          SELECT c.id, c.created_at, c.opt_in, (c.created_at AT TIME ZONE ${tz})::date AS day,
            COALESCE(
              (SELECT a.location_id FROM customer_addresses a WHERE a.customer_id = c.id AND a.is_default ORDER BY a.id LIMIT 1),
              (SELECT sc.location_id FROM shopping_carts sc WHERE sc.customer_id = c.id AND sc.account_id = ${accountId} ORDER BY sc.created_at DESC, sc.id DESC LIMIT 1)
            ) AS store_id
          FROM customers c WHERE c.account_id = ${accountId} AND c.created_at <= ${to}
        )`;
      const storeIs = locationId === undefined ? Prisma.sql`TRUE` : Prisma.sql`store_id = ${locationId}`;
      const cartStoreIs = locationId === undefined ? Prisma.sql`TRUE` : Prisma.sql`sc.location_id = ${locationId}`;
      const visits = Prisma.sql`
        SELECT sc.customer_id, sc.location_id, (sc.created_at AT TIME ZONE ${tz})::date AS day, (c.created_at AT TIME ZONE ${tz})::date AS registered
        FROM shopping_carts sc JOIN customers c ON c.id = sc.customer_id
        WHERE sc.account_id = ${accountId} AND sc.created_at >= ${from} AND sc.created_at <= ${to} AND ${cartStoreIs}`;

      const [newPerDay, returningPerDay, [totals], byStoreCustomers, byStoreReturning, top] = await Promise.all([
        db.$queryRaw<Array<{ day: string; n: bigint }>>`
          ${customerStore}
          SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS n FROM cust WHERE created_at >= ${from} AND ${storeIs} GROUP BY day`,
        db.$queryRaw<Array<{ day: string; n: bigint }>>`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, count(DISTINCT customer_id) AS n FROM (${visits}) v WHERE registered < day GROUP BY day`,
        db.$queryRaw<Array<{ customers: bigint; new_customers: bigint; opt_in: bigint; returning: bigint; with_carts: bigint; spend: bigint | null }>>`
          ${customerStore}
          SELECT
            (SELECT count(*) FROM cust WHERE ${storeIs}) AS customers,
            (SELECT count(*) FROM cust WHERE created_at >= ${from} AND ${storeIs}) AS new_customers,
            (SELECT count(*) FROM cust WHERE opt_in AND ${storeIs}) AS opt_in,
            (SELECT count(DISTINCT customer_id) FROM (${visits}) v WHERE registered < day) AS returning,
            (SELECT count(DISTINCT customer_id) FROM (${visits}) v) AS with_carts,
            (SELECT sum(sc.total_cents) FROM shopping_carts sc
              WHERE sc.account_id = ${accountId} AND sc.created_at >= ${from} AND sc.created_at <= ${to} AND ${cartStoreIs}
                AND sc.status::text IN (${Prisma.join(SPEND_STATUSES)})) AS spend`,
        db.$queryRaw<Array<{ store_id: number | null; customers: bigint; new_customers: bigint }>>`
          ${customerStore}
          SELECT store_id, count(*) AS customers, count(*) FILTER (WHERE created_at >= ${from}) AS new_customers
          FROM cust WHERE ${storeIs} GROUP BY store_id`,
        db.$queryRaw<Array<{ store_id: number; n: bigint }>>`
          SELECT location_id AS store_id, count(DISTINCT customer_id) AS n FROM (${visits}) v WHERE registered < day GROUP BY location_id`,
        db.$queryRaw<Array<{ id: number; name: string; carts: bigint; spend: bigint }>>`
          SELECT c.id, c.name, count(*) AS carts, sum(sc.total_cents) AS spend
          FROM shopping_carts sc JOIN customers c ON c.id = sc.customer_id
          WHERE sc.account_id = ${accountId} AND sc.created_at >= ${from} AND sc.created_at <= ${to} AND ${cartStoreIs}
            AND sc.status::text IN (${Prisma.join(SPEND_STATUSES)})
          GROUP BY c.id, c.name ORDER BY sum(sc.total_cents) DESC, c.id LIMIT 10`,
      ]);
      return { newPerDay, returningPerDay, totals: totals!, byStoreCustomers, byStoreReturning, top };
    },
  };
}
export type CustomersRepo = ReturnType<typeof createCustomersRepo>;
