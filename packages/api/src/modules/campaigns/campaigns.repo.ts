import type { Db, Tx } from '../../db/client.ts';
import type { CampaignGoal, Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';
import { campaignWhere, type RmScope } from '../retail-media/scope.ts';
import { createCampaignStatsRepo } from './campaign-stats.repo.ts';

const named = { select: { id: true, name: true } } as const;

export const campaignSelect = {
  id: true,
  name: true,
  description: true,
  adType: true,
  strategyType: true,
  goal: true,
  targeting: true,
  dailyBudgetCents: true,
  totalBudgetCents: true,
  cpmCents: true,
  cpcCents: true,
  budgetType: true,
  active: true,
  startAt: true,
  endAt: true,
  canceledAt: true,
  createdAt: true,
  updatedAt: true,
  publisherId: true,
  advertiserId: true,
  advertiser: { select: { name: true, logoUrl: true, headerColor: true } },
  publisher: { select: { name: true, logoUrl: true } },
  tags: { select: { tag: named }, orderBy: { tag: { name: 'asc' } } },
} as const satisfies Prisma.CampaignSelect;

const detailSelect = {
  ...campaignSelect,
  createdBy: { select: { name: true, email: true } },
  products: { select: { sku: true, active: true }, orderBy: { id: 'asc' } },
  categories: { select: { category: true }, orderBy: { category: 'asc' } },
  audiences: { select: { audience: named } },
  subpublishers: { select: { subpublisher: named } },
  _count: { select: { keywords: true } },
} as const satisfies Prisma.CampaignSelect;

export type CampaignRow = Prisma.CampaignGetPayload<{ select: typeof campaignSelect }>;
export type CampaignDetailRow = Prisma.CampaignGetPayload<{ select: typeof detailSelect }>;

const keywordSelect = { id: true, keyword: true, disabledAt: true, createdAt: true } as const;
export type KeywordRow = Prisma.CampaignKeywordGetPayload<{ select: typeof keywordSelect }>;

const auditSelect = {
  id: true,
  action: true,
  entity: true,
  entityId: true,
  fieldName: true,
  oldValue: true,
  newValue: true,
  details: true,
  createdAt: true,
  user: { select: { name: true, email: true } },
} as const;
export type AuditRow = Prisma.AuditChangeGetPayload<{ select: typeof auditSelect }>;

/** What a new campaign is made of (money in cents, dates as instants). */
export interface NewCampaign {
  publisherId: number;
  advertiserId: number;
  createdById: number;
  name: string;
  description: string | null;
  adType: 'product' | 'banner' | 'sponsored_brand' | 'digital_signage';
  strategyType: 'standard' | 'objective_based';
  goal: CampaignGoal | null;
  targeting: 'keyword' | 'category';
  dailyBudgetCents: bigint;
  totalBudgetCents: bigint | null;
  cpmCents: bigint | null;
  cpcCents: bigint | null;
  budgetType: string;
  startAt: Date;
  endAt: Date | null;
  skus: string[];
  keywords: string[];
  categories: string[];
  audienceIds: number[];
  subpublisherIds: number[];
  tagIds: number[];
}

/** Campaigns and their parts. Reads carry the scope's visibility; writes take the transaction. */
export function createCampaignsRepo(db: Db) {
  return {
    stats: createCampaignStatsRepo(db),

    tx: <T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn),

    /** The campaign when the scope sees it (not deleted), else null. */
    findVisible: (scope: RmScope, id: number) =>
      db.campaign.findFirst({ where: { id, ...campaignWhere(scope) }, select: campaignSelect }),

    findDetail: (scope: RmScope, id: number) => db.campaign.findFirst({ where: { id, ...campaignWhere(scope) }, select: detailSelect }),

    /** Rows of the given ids, in the order of the ids (the list's page, already filtered and sorted). */
    async byIds(ids: number[]): Promise<CampaignRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.campaign.findMany({ where: { id: { in: ids } }, select: campaignSelect });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((r): r is CampaignRow => Boolean(r));
    },

    /** Catalog products of a publisher by SKU. */
    catalog: (publisherId: number, skus: string[]) =>
      db.product.findMany({
        where: { accountId: publisherId, sku: { in: skus } },
        select: { id: true, sku: true, name: true, imageUrl: true, categories: true },
      }),

    /** Approved audiences of the publisher that the advertiser may use (global, or private naming it). */
    usableAudiences: (publisherId: number, advertiserId: number, ids: number[]) =>
      db.audience.findMany({
        where: {
          id: { in: ids },
          publisherId,
          status: 'approved',
          OR: [{ visibility: 'global' }, { advertiserIds: { has: advertiserId } }],
        },
        select: { id: true },
      }),

    subpublishersOf: (networkId: number, ids: number[]) =>
      db.account.findMany({ where: { id: { in: ids }, networkId }, select: { id: true } }),

    goalRange: (publisherId: number, goal: CampaignGoal) =>
      db.campaignGoalRange.findUnique({ where: { publisherId_goal: { publisherId, goal } }, select: { minCents: true, maxCents: true } }),

    async create(tx: Tx, c: NewCampaign) {
      const { skus, keywords, categories, audienceIds, subpublisherIds, tagIds, ...data } = c;
      const row = await tx.campaign.create({
        data: {
          ...data,
          products: { create: skus.map((sku) => ({ sku })) },
          keywords: { create: keywords.map((keyword) => ({ keyword })) },
          categories: { create: categories.map((category) => ({ category })) },
          audiences: { create: audienceIds.map((audienceId) => ({ audienceId })) },
          subpublishers: { create: subpublisherIds.map((subpublisherId) => ({ subpublisherId })) },
          tags: { create: tagIds.map((tagId) => ({ tagId })) },
        },
        select: { id: true },
      });
      return row.id;
    },

    /** One pending_review product ad per SKU; returns the ads created. */
    async createProductAds(tx: Tx, campaignId: number, skus: string[], cpcCents: bigint | null) {
      const ads = [];
      for (const sku of skus) {
        ads.push(await tx.ad.create({ data: { campaignId, adType: 'product', sku, cpcCents }, select: { id: true, sku: true } }));
      }
      return ads;
    },

    update: (tx: Tx, id: number, data: Prisma.CampaignUncheckedUpdateInput) => tx.campaign.update({ where: { id }, data, select: { id: true } }),

    // Keywords
    async keywords(campaignId: number, q: string | undefined, page: number, quantity: number) {
      const where: Prisma.CampaignKeywordWhereInput = {
        campaignId,
        ...(q ? { keyword: { contains: likeLiteral(q), mode: 'insensitive' } } : {}),
      };
      const [rows, total] = await Promise.all([
        db.campaignKeyword.findMany({
          where,
          select: keywordSelect,
          orderBy: [{ keyword: 'asc' }, { id: 'asc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.campaignKeyword.count({ where }),
      ]);
      return { rows, total };
    },

    keyword: (campaignId: number, id: number) => db.campaignKeyword.findFirst({ where: { id, campaignId }, select: keywordSelect }),

    existingKeywords: async (campaignId: number, keywords: string[]) =>
      new Set(
        (await db.campaignKeyword.findMany({ where: { campaignId, keyword: { in: keywords } }, select: { keyword: true } })).map((k) => k.keyword),
      ),

    async addKeywords(tx: Tx, campaignId: number, keywords: string[]) {
      await tx.campaignKeyword.createMany({ data: keywords.map((keyword) => ({ campaignId, keyword })), skipDuplicates: true });
      return tx.campaignKeyword.findMany({ where: { campaignId, keyword: { in: keywords } }, select: keywordSelect, orderBy: { keyword: 'asc' } });
    },

    setKeywordDisabled: (tx: Tx, id: number, disabledAt: Date | null) =>
      tx.campaignKeyword.update({ where: { id }, data: { disabledAt }, select: keywordSelect }),

    deleteKeyword: (tx: Tx, id: number) => tx.campaignKeyword.delete({ where: { id }, select: { id: true } }),

    // Categories
    async setCategories(tx: Tx, campaignId: number, categories: string[]) {
      await tx.campaignCategory.deleteMany({ where: { campaignId } });
      await tx.campaignCategory.createMany({ data: categories.map((category) => ({ campaignId, category })) });
    },

    categories: async (campaignId: number) =>
      (await db.campaignCategory.findMany({ where: { campaignId }, select: { category: true }, orderBy: { category: 'asc' } })).map((c) => c.category),

    // Products
    campaignProducts: (campaignId: number) =>
      db.campaignProduct.findMany({ where: { campaignId }, select: { sku: true, active: true }, orderBy: { id: 'asc' } }),

    addProducts: (tx: Tx, campaignId: number, skus: string[]) =>
      tx.campaignProduct.createMany({ data: skus.map((sku) => ({ campaignId, sku })), skipDuplicates: true }),

    setProductActive: (tx: Tx, campaignId: number, sku: string, active: boolean) =>
      tx.campaignProduct.update({ where: { campaignId_sku: { campaignId, sku } }, data: { active }, select: { sku: true, active: true } }),

    // Tags
    ownTags: (advertiserId: number, ids: number[]) =>
      db.campaignTag.findMany({ where: { advertiserId, id: { in: ids } }, select: { id: true } }),

    async setTags(tx: Tx, campaignId: number, tagIds: number[]) {
      await tx.campaignTagLink.deleteMany({ where: { campaignId } });
      await tx.campaignTagLink.createMany({ data: tagIds.map((tagId) => ({ campaignId, tagId })) });
      return tx.campaignTag.findMany({ where: { id: { in: tagIds } }, select: { id: true, name: true }, orderBy: { name: 'asc' } });
    },

    /** Tags for the filter: the advertiser's own and those on campaigns of managed inventory. */
    tagsFor: (advertiserId: number | null, managed: number[], name: string | undefined) =>
      db.campaignTag.findMany({
        where: {
          OR: [
            ...(advertiserId ? [{ advertiserId }] : []),
            ...(managed.length ? [{ campaigns: { some: { campaign: { publisherId: { in: managed }, deletedAt: null } } } }] : []),
          ],
          ...(name ? { name: { contains: likeLiteral(name), mode: 'insensitive' as const } } : {}),
        },
        select: { id: true, name: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      }),

    tagNamed: (advertiserId: number, name: string) =>
      db.campaignTag.findFirst({ where: { advertiserId, name: { equals: name, mode: 'insensitive' } }, select: { id: true } }),

    createTag: (advertiserId: number, name: string) => db.campaignTag.create({ data: { advertiserId, name }, select: { id: true, name: true } }),

    // Audit
    audit: (campaignId: number) =>
      db.auditChange.findMany({ where: { campaignId }, select: auditSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  };
}

export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;
