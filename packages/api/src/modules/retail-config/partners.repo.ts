import type { Db } from '../../db/client.ts';
import type { AdvertiserLinkType, Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

const accountParty = { select: { id: true, name: true, logoUrl: true, headerColor: true } } as const;
const linkSelect = {
  publisherId: true,
  advertiserId: true,
  type: true,
  sellerId: true,
  brands: true,
  allowManageSubpublishers: true,
  strategies: true,
  defaultStrategy: true,
  enableAudienceCampaign: true,
  allowTotalBudgetCampaign: true,
  advertiser: accountParty,
  publisher: accountParty,
} as const;

export type LinkRow = Prisma.AdvertiserLinkGetPayload<{ select: typeof linkSelect }>;

/** The columns of the link-edit form. */
export interface LinkData {
  type: AdvertiserLinkType;
  sellerId: string | null;
  brands: string[];
  allowManageSubpublishers: boolean;
  strategies: string[];
  defaultStrategy: string;
  enableAudienceCampaign: boolean;
  allowTotalBudgetCampaign: boolean;
}

export interface Totals {
  campaignsActive: number;
  impressions: bigint;
  clicks: bigint;
  spentCents: bigint;
  incomeCents: bigint;
}

export const NO_TOTALS: Totals = { campaignsActive: 0, impressions: 0n, clicks: 0n, spentCents: 0n, incomeCents: 0n };

/** Campaigns that run now: not deleted or canceled, switched on, started and not ended. */
const runningNow = (now: Date): Prisma.CampaignWhereInput => ({
  deletedAt: null,
  canceledAt: null,
  active: true,
  startAt: { lte: now },
  OR: [{ endAt: null }, { endAt: { gte: now } }],
});

/** Campaigns not over yet (running, paused or scheduled): they block unlinking. */
const notOver = (now: Date): Prisma.CampaignWhereInput => ({
  deletedAt: null,
  canceledAt: null,
  OR: [{ endAt: null }, { endAt: { gte: now } }],
});

/** Links between publishers and advertisers, their wallets and the totals the lists show. */
export function createPartnersRepo(db: Db) {
  return {
    async advertiserLinks(publisherId: number, name: string | undefined, page: number, quantity: number) {
      const where: Prisma.AdvertiserLinkWhereInput = {
        publisherId,
        ...(name ? { advertiser: { name: { contains: likeLiteral(name), mode: 'insensitive' } } } : {}),
      };
      const [rows, total] = await Promise.all([
        db.advertiserLink.findMany({
          where,
          select: linkSelect,
          orderBy: [{ advertiser: { name: 'asc' } }, { advertiserId: 'asc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.advertiserLink.count({ where }),
      ]);
      return { rows, total };
    },

    link: (publisherId: number, advertiserId: number) =>
      db.advertiserLink.findUnique({ where: { publisherId_advertiserId: { publisherId, advertiserId } }, select: linkSelect }),

    publisherLinks: (advertiserId: number) =>
      db.advertiserLink.findMany({
        where: { advertiserId },
        select: linkSelect,
        orderBy: [{ publisher: { name: 'asc' } }, { publisherId: 'asc' }],
      }),

    /** An advertiser account by CNPJ, compared by its digits (stored formatted or not). */
    async advertiserByDocument(digits: string): Promise<number | null> {
      const rows = await db.$queryRaw<{ id: number }[]>`
        SELECT id FROM accounts
         WHERE regexp_replace(coalesce(document, ''), '[^0-9]', '', 'g') = ${digits}
           AND retail_media_role IN ('advertiser', 'both')
         ORDER BY id LIMIT 1`;
      return rows[0]?.id ?? null;
    },

    /** The link and the advertiser's wallet on the publisher (kept from an earlier link, else new with 0), in one transaction. */
    createLink: (publisherId: number, advertiserId: number, data: LinkData) =>
      db.$transaction(async (tx) => {
        const link = await tx.advertiserLink.create({ data: { publisherId, advertiserId, ...data }, select: linkSelect });
        await tx.wallet.upsert({
          where: { publisherId_advertiserId: { publisherId, advertiserId } },
          create: { publisherId, advertiserId, balanceCents: 0n },
          update: {},
        });
        return link;
      }),

    updateLink: (publisherId: number, advertiserId: number, data: LinkData) =>
      db.advertiserLink.update({ where: { publisherId_advertiserId: { publisherId, advertiserId } }, data, select: linkSelect }),

    /** Removes the link unless the advertiser has campaigns not over on the publisher; false then (nothing removed). The wallet stays. */
    deleteLink: (publisherId: number, advertiserId: number, now: Date) =>
      db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM advertiser_links WHERE publisher_id = ${publisherId} AND advertiser_id = ${advertiserId} FOR UPDATE`;
        const open = await tx.campaign.count({ where: { publisherId, advertiserId, ...notOver(now) } });
        if (open > 0) return false;
        await tx.advertiserLink.deleteMany({ where: { publisherId, advertiserId } });
        return true;
      }),

    async wallets(pairs: Array<{ publisherId: number; advertiserId: number }>) {
      if (pairs.length === 0) return [];
      return db.wallet.findMany({
        where: { OR: pairs.map((p) => ({ publisherId: p.publisherId, advertiserId: p.advertiserId })) },
        select: { id: true, publisherId: true, advertiserId: true, balanceCents: true },
      });
    },

    /** Totals per advertiser on one publisher: running campaigns and all-time served stats. */
    async advertiserTotals(publisherId: number, advertiserIds: number[], now: Date): Promise<Map<number, Totals>> {
      if (advertiserIds.length === 0) return new Map();
      const [campaigns, stats] = await Promise.all([
        db.campaign.groupBy({
          by: ['advertiserId'],
          where: { publisherId, advertiserId: { in: advertiserIds }, ...runningNow(now) },
          _count: { _all: true },
        }),
        db.rmDailyStat.groupBy({
          by: ['advertiserId'],
          where: { publisherId, advertiserId: { in: advertiserIds } },
          _sum: { impressions: true, clicks: true, spentCents: true, incomeCents: true },
        }),
      ]);
      return mergeTotals(
        advertiserIds,
        new Map(campaigns.map((c) => [c.advertiserId, c._count._all])),
        new Map(stats.map((s) => [s.advertiserId, s._sum])),
      );
    },

    async subpublishers(networkId: number, name: string | undefined, page: number, quantity: number) {
      const where: Prisma.AccountWhereInput = {
        networkId,
        ...(name ? { name: { contains: likeLiteral(name), mode: 'insensitive' } } : {}),
      };
      const [rows, total] = await Promise.all([
        db.account.findMany({
          where,
          select: { id: true, name: true, logoUrl: true, headerColor: true },
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.account.count({ where }),
      ]);
      return { rows, total };
    },

    /** Totals per sub-publisher: running campaigns on it or targeting it, and stats served on it. */
    /** Running campaigns and serving totals per sub-publisher; only `advertiserId`'s when given. */
    async subpublisherTotals(ids: number[], now: Date, advertiserId?: number): Promise<Map<number, Totals>> {
      if (ids.length === 0) return new Map();
      const [targeted, own, stats] = await Promise.all([
        db.campaignSubpublisher.groupBy({
          by: ['subpublisherId'],
          where: { subpublisherId: { in: ids }, campaign: { ...runningNow(now), advertiserId } },
          _count: { _all: true },
        }),
        db.campaign.groupBy({ by: ['publisherId'], where: { publisherId: { in: ids }, advertiserId, ...runningNow(now) }, _count: { _all: true } }),
        db.rmDailyStat.groupBy({
          by: ['publisherId'],
          where: { publisherId: { in: ids }, advertiserId },
          _sum: { impressions: true, clicks: true, spentCents: true, incomeCents: true },
        }),
      ]);
      const counts = new Map<number, number>();
      for (const t of targeted) counts.set(t.subpublisherId, (counts.get(t.subpublisherId) ?? 0) + t._count._all);
      for (const o of own) counts.set(o.publisherId, (counts.get(o.publisherId) ?? 0) + o._count._all);
      return mergeTotals(ids, counts, new Map(stats.map((s) => [s.publisherId, s._sum])));
    },
  };
}

type Sums = { impressions: bigint | null; clicks: bigint | null; spentCents: bigint | null; incomeCents: bigint | null };

function mergeTotals(ids: number[], counts: Map<number, number>, sums: Map<number, Sums>): Map<number, Totals> {
  return new Map(
    ids.map((id) => {
      const s = sums.get(id);
      return [
        id,
        {
          campaignsActive: counts.get(id) ?? 0,
          impressions: s?.impressions ?? 0n,
          clicks: s?.clicks ?? 0n,
          spentCents: s?.spentCents ?? 0n,
          incomeCents: s?.incomeCents ?? 0n,
        },
      ];
    }),
  );
}

export type PartnersRepo = ReturnType<typeof createPartnersRepo>;
