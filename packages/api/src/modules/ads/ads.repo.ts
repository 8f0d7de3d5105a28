import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit, type AuditEntry } from '../retail-media/audit.ts';

const party = { select: { id: true, name: true } } as const;

const campaignSelect = {
  id: true,
  name: true,
  adType: true,
  active: true,
  startAt: true,
  endAt: true,
  canceledAt: true,
  publisherId: true,
  advertiserId: true,
  publisher: party,
  advertiser: party,
} as const;

const adSelect = {
  id: true,
  campaignId: true,
  adType: true,
  status: true,
  active: true,
  sku: true,
  mediaUrl: true,
  mediaType: true,
  altText: true,
  adSizeId: true,
  destinationUrl: true,
  headline: true,
  description: true,
  brandName: true,
  brandUrl: true,
  durationSeconds: true,
  assets: true,
  cpmCents: true,
  cpcCents: true,
  reviewNote: true,
  reviewedAt: true,
  createdAt: true,
  adSize: { select: { id: true, name: true, width: true, height: true } },
  campaign: { select: campaignSelect },
} as const;

export type AdRow = Prisma.AdGetPayload<{ select: typeof adSelect }>;
export type AdCampaignRow = Prisma.CampaignGetPayload<{ select: typeof campaignSelect }>;

/** Columns an ad's creative and prices are written to. */
export type AdWrite = Omit<Prisma.AdUncheckedCreateInput, 'id' | 'campaignId' | 'adType' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** Summed serving stats of one ad. */
export interface AdStatsRow {
  adId: number;
  impressions: bigint;
  clicks: bigint;
  conversions: bigint;
  itemsSold: bigint;
  incomeCents: bigint;
  spentCents: bigint;
}

/** Days of rm_daily_stats to sum (YYYY-MM-DD, inclusive); open ends sum everything. */
export interface DayRange {
  from?: string;
  to?: string;
}

export const METRIC_COLUMNS = { impressions: 'impressions', clicks: 'clicks', total_spent: 'spent_cents' } as const;
export type MetricOrder = keyof typeof METRIC_COLUMNS;

const dayOf = (d: string) => new Date(`${d}T00:00:00Z`);
const dayWhere = (r: DayRange): Prisma.DateTimeFilter | undefined =>
  r.from || r.to ? { ...(r.from ? { gte: dayOf(r.from) } : {}), ...(r.to ? { lte: dayOf(r.to) } : {}) } : undefined;

const sum = (v: bigint | null | undefined) => v ?? 0n;

/** Ads and their campaigns; every write records its audit rows in the same transaction. */
export function createAdsRepo(db: Db) {
  return {
    find: (where: Prisma.AdWhereInput) => db.ad.findFirst({ where, select: adSelect }),

    findCampaign: (where: Prisma.CampaignWhereInput) => db.campaign.findFirst({ where, select: campaignSelect }),

    async page(where: Prisma.AdWhereInput, orderBy: Prisma.AdOrderByWithRelationInput[], page: number, quantity: number) {
      const [rows, total] = await Promise.all([
        db.ad.findMany({ where, select: adSelect, orderBy, skip: (page - 1) * quantity, take: quantity }),
        db.ad.count({ where }),
      ]);
      return { rows, total };
    },

    /**
     * A page of the matching ads sorted by a summed metric of the period. Matching is decided by
     * `where` (visibility included) through Prisma; only the sorting is SQL.
     */
    async pageByMetric(where: Prisma.AdWhereInput, metric: MetricOrder, direction: 'asc' | 'desc', range: DayRange, page: number, quantity: number) {
      const ids = (await db.ad.findMany({ where, select: { id: true } })).map((a) => a.id);
      if (ids.length === 0) return { rows: [], total: 0 };
      const column = Prisma.raw(METRIC_COLUMNS[metric]);
      const dir = Prisma.raw(direction === 'asc' ? 'ASC' : 'DESC');
      const from = range.from ?? null;
      const to = range.to ?? null;
      const ordered = await db.$queryRaw<{ id: number }[]>`
        SELECT a.id FROM ads a
        LEFT JOIN (
          SELECT ad_id, SUM(${column}) AS total FROM rm_daily_stats
           WHERE ad_id = ANY(${ids}::int[])
             AND (${from}::date IS NULL OR day >= ${from}::date)
             AND (${to}::date IS NULL OR day <= ${to}::date)
           GROUP BY ad_id
        ) s ON s.ad_id = a.id
        WHERE a.id = ANY(${ids}::int[])
        ORDER BY COALESCE(s.total, 0) ${dir}, a.created_at DESC, a.id DESC
        LIMIT ${quantity} OFFSET ${(page - 1) * quantity}`;
      const pageIds = ordered.map((r) => r.id);
      const rows = await db.ad.findMany({ where: { id: { in: pageIds } }, select: adSelect });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: pageIds.map((id) => byId.get(id)!).filter(Boolean), total: ids.length };
    },

    async countByStatus(where: Prisma.AdWhereInput) {
      const groups = await db.ad.groupBy({ by: ['status'], where, _count: { _all: true } });
      return new Map(groups.map((g) => [g.status, g._count._all]));
    },

    /** Summed stats per ad over the range. */
    async stats(adIds: number[], range: DayRange): Promise<Map<number, AdStatsRow>> {
      if (adIds.length === 0) return new Map();
      const day = dayWhere(range);
      const groups = await db.rmDailyStat.groupBy({
        by: ['adId'],
        where: { adId: { in: adIds }, ...(day ? { day } : {}) },
        _sum: { impressions: true, clicks: true, conversions: true, itemsSold: true, incomeCents: true, spentCents: true },
      });
      return new Map(
        groups.map((g) => [
          g.adId,
          {
            adId: g.adId,
            impressions: sum(g._sum.impressions),
            clicks: sum(g._sum.clicks),
            conversions: sum(g._sum.conversions),
            itemsSold: sum(g._sum.itemsSold),
            incomeCents: sum(g._sum.incomeCents),
            spentCents: sum(g._sum.spentCents),
          },
        ]),
      );
    },

    /** Catalog products of publishers by SKU, keyed `publisherId:sku`. */
    async products(pairs: { publisherId: number; sku: string }[]) {
      if (pairs.length === 0) return new Map<string, { name: string; imageUrl: string | null }>();
      const rows = await db.product.findMany({
        where: { OR: pairs.map((p) => ({ accountId: p.publisherId, sku: p.sku })) },
        select: { accountId: true, sku: true, name: true, imageUrl: true },
      });
      return new Map(rows.map((r) => [`${r.accountId}:${r.sku}`, { name: r.name, imageUrl: r.imageUrl }]));
    },

    productExists: async (publisherId: number, sku: string) =>
      (await db.product.count({ where: { accountId: publisherId, sku } })) > 0,

    /** One of the ad sizes of the given publishers. */
    adSizeOf: (publisherIds: number[], id: number) =>
      db.adSize.findFirst({ where: { id, publisherId: { in: publisherIds } }, select: { id: true, name: true, width: true, height: true } }),

    adSize: (publisherId: number, id: number) =>
      db.adSize.findFirst({ where: { id, publisherId }, select: { id: true, name: true, width: true, height: true } }),

    /** Creates the ad and its audit rows (built from the new id). */
    create: (campaignId: number, adType: AdRow['adType'], data: AdWrite, audit: (adId: number) => AuditEntry[]) =>
      db.$transaction(async (tx) => {
        const { id } = await tx.ad.create({ data: { ...data, campaignId, adType }, select: { id: true } });
        await recordAudit(tx, audit(id));
        return id;
      }),

    /**
     * Updates a live ad and records the audit rows; false when it was deleted meanwhile. The
     * conditional update takes the row lock, so concurrent writers apply (and audit) one after the other.
     */
    update: (id: number, data: Prisma.AdUncheckedUpdateManyInput, audit: AuditEntry[]) =>
      db.$transaction(async (tx) => {
        const { count } = await tx.ad.updateMany({ where: { id, deletedAt: null }, data });
        if (count === 0) return false;
        await recordAudit(tx, audit);
        return true;
      }),
  };
}

export type AdsRepo = ReturnType<typeof createAdsRepo>;
