import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

const agreementSelect = {
  id: true,
  brandAccountId: true,
  retailerAccountId: true,
  authorAccountId: true,
  title: true,
  kind: true,
  description: true,
  locationIds: true,
  productIds: true,
  startDate: true,
  endDate: true,
  investmentCents: true,
  status: true,
  rejectionReason: true,
  decidedAt: true,
  createdAt: true,
  updatedAt: true,
} as const;
export type AgreementRow = Prisma.TradeAgreementGetPayload<{ select: typeof agreementSelect }>;

const proofSelect = { id: true, locationId: true, url: true, mediaType: true, fileName: true, size: true, note: true, createdAt: true } as const;
export type ProofRow = Prisma.TradeProofGetPayload<{ select: typeof proofSelect }>;

export interface AgreementData {
  title: string;
  kind: string;
  description: string | null;
  locationIds: number[];
  productIds: number[];
  startDate: Date;
  endDate: Date;
  investmentCents: bigint;
}

export interface ListFilter {
  status?: string;
  counterpartId?: number;
  skip: number;
  take: number;
}

export interface SellOutRow {
  period: 'current' | 'previous';
  product_id: number;
  location_id: number;
  units: number;
  gmv_cents: bigint;
}

/** A retailer: an account with stores and a catalog (grocery, or white-label grocery), not a media network. */
const RETAILER: Prisma.AccountWhereInput = { OR: [{ type: 'grocery' }, { type: 'white_label', whiteLabelVariant: 'grocery' }] };
const hasBrands = (brands: string[]) => brands.some((b) => b.trim() !== '');

/** A party of an agreement: the account sees it when it is the brand or the retailer. */
const sideOf = (accountId: number): Prisma.TradeAgreementWhereInput => ({ OR: [{ brandAccountId: accountId }, { retailerAccountId: accountId }] });

/** Trade agreements, their history and proofs: every read is scoped to the agreements where the account is a party. */
export function createTradeRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn),

    /** The link that lets a brand and a retailer agree on trade: an industry link naming brands. */
    async linked(brandId: number, retailerId: number) {
      const link = await db.advertiserLink.findFirst({
        where: { advertiserId: brandId, publisherId: retailerId, type: 'industry', advertiser: { type: 'industry' }, publisher: RETAILER },
        select: { brands: true },
      });
      return link !== null && hasBrands(link.brands);
    },

    /** The retailers linked to the brand by an industry link naming brands (grocery accounts: they have stores). */
    linkedRetailers: (brandId: number) =>
      db.advertiserLink
        .findMany({
          where: { advertiserId: brandId, type: 'industry', publisherId: { not: brandId }, publisher: RETAILER },
          select: { brands: true, publisher: { select: { id: true, name: true } } },
          orderBy: { publisherId: 'asc' },
        })
        .then((links) => links.filter((l) => hasBrands(l.brands)).map((l) => ({ id: l.publisher.id, name: l.publisher.name }))),

    /** The brands (industry accounts) linked to the retailer by an industry link naming brands. */
    linkedBrands: (retailerId: number) =>
      db.advertiserLink
        .findMany({
          where: { publisherId: retailerId, type: 'industry', advertiserId: { not: retailerId }, advertiser: { type: 'industry' } },
          select: { brands: true, advertiser: { select: { id: true, name: true } } },
          orderBy: { advertiserId: 'asc' },
        })
        .then((links) => links.filter((l) => hasBrands(l.brands)).map((l) => ({ id: l.advertiser.id, name: l.advertiser.name }))),

    /** Every store of the retailer, by name. */
    storesOf: (retailerId: number) => db.location.findMany({ where: { accountId: retailerId }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),

    accountType: (id: number) => db.account.findUnique({ where: { id }, select: { type: true } }).then((a) => a?.type ?? null),

    names: (ids: number[]) => db.account.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),

    locations: (accountId: number, ids: number[]) =>
      db.location.findMany({ where: { accountId, id: { in: ids } }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),

    products: (accountId: number, ids: number[]) =>
      db.product.findMany({ where: { accountId, id: { in: ids } }, select: { id: true, sku: true, name: true }, orderBy: { id: 'asc' } }),

    /** Approved agreements of the account whose period has begun become running, each with its history line. */
    async startDue(accountId: number, today: Date) {
      await db.$executeRaw`
        WITH started AS (
          UPDATE trade_agreements SET status = 'running', updated_at = now()
           WHERE status = 'approved' AND start_date <= ${today}::date
             AND (brand_account_id = ${accountId} OR retailer_account_id = ${accountId})
          RETURNING id)
        INSERT INTO trade_agreement_events (agreement_id, from_status, to_status, note)
        SELECT id, 'approved', 'running', 'Início do período' FROM started`;
    },

    async list(accountId: number, f: ListFilter) {
      const where: Prisma.TradeAgreementWhereInput = {
        AND: [
          sideOf(accountId),
          f.status ? { status: f.status } : {},
          f.counterpartId ? { OR: [{ brandAccountId: f.counterpartId }, { retailerAccountId: f.counterpartId }] } : {},
        ],
      };
      const [rows, total] = await Promise.all([
        db.tradeAgreement.findMany({ where, select: agreementSelect, orderBy: { id: 'desc' }, skip: f.skip, take: f.take }),
        db.tradeAgreement.count({ where }),
      ]);
      return { rows, total };
    },

    find: (accountId: number, id: number, tx: Tx | Db = db) =>
      tx.tradeAgreement.findFirst({ where: { id, ...sideOf(accountId) }, select: agreementSelect }),

    history: (agreementId: number) =>
      db.tradeAgreementEvent.findMany({
        where: { agreementId },
        select: { accountId: true, userId: true, fromStatus: true, toStatus: true, note: true, createdAt: true },
        orderBy: { id: 'asc' },
      }),

    userNames: (ids: number[]) => db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),

    async create(data: AgreementData & { brandAccountId: number; retailerAccountId: number; authorAccountId: number; userId: number }) {
      return db.$transaction(async (tx) => {
        const { userId, ...fields } = data;
        const row = await tx.tradeAgreement.create({ data: { ...fields, createdByUserId: userId }, select: agreementSelect });
        await tx.tradeAgreementEvent.create({ data: { agreementId: row.id, accountId: data.authorAccountId, userId, toStatus: 'draft' } });
        return row;
      });
    },

    /** Replaces the fields of a draft the account wrote; null when it is no longer such a draft. */
    async update(accountId: number, id: number, data: AgreementData) {
      const n = await db.tradeAgreement.updateMany({ where: { id, authorAccountId: accountId, status: 'draft' }, data: { ...data, updatedAt: new Date() } });
      return n.count === 1;
    },

    /**
     * Moves an agreement from one status to another and writes its history line, in one
     * transaction; false when its status changed meanwhile (nothing written).
     */
    async transition(
      id: number,
      from: string,
      to: string,
      by: { accountId: number; userId: number; note: string | null },
      extra: Prisma.TradeAgreementUpdateManyMutationInput = {},
    ) {
      return db.$transaction(async (tx) => {
        const n = await tx.tradeAgreement.updateMany({ where: { id, status: from }, data: { status: to, updatedAt: new Date(), ...extra } });
        if (n.count !== 1) return false;
        await tx.tradeAgreementEvent.create({ data: { agreementId: id, accountId: by.accountId, userId: by.userId, fromStatus: from, toStatus: to, note: by.note } });
        return true;
      });
    },

    proofs: (agreementId: number) => db.tradeProof.findMany({ where: { agreementId }, select: proofSelect, orderBy: { id: 'asc' } }),

    addProof: (data: { agreementId: number; accountId: number; locationId: number; userId: number; url: string; mediaType: string; fileName: string; size: number; note: string | null }) =>
      db.tradeProof.create({ data, select: proofSelect }),

    /** Units and GMV of the products at the stores, per (period, product, store), from the daily rollups of the retailer. */
    sellOut: (retailerId: number, productIds: number[], locationIds: number[], current: [Date, Date], previous: [Date, Date]) =>
      db.$queryRaw<SellOutRow[]>`
        SELECT CASE WHEN s.day >= ${current[0]}::date THEN 'current' ELSE 'previous' END AS period,
               s.product_id, s.location_id, sum(s.units)::float8 AS units, sum(s.gmv_cents)::bigint AS gmv_cents
          FROM sales_daily_stats s
         WHERE s.account_id = ${retailerId}
           AND s.product_id = ANY(${productIds}::int[]) AND s.location_id = ANY(${locationIds}::int[])
           AND ((s.day BETWEEN ${current[0]}::date AND ${current[1]}::date) OR (s.day BETWEEN ${previous[0]}::date AND ${previous[1]}::date))
         GROUP BY 1, 2, 3`,
  };
}
export type TradeRepo = ReturnType<typeof createTradeRepo>;
