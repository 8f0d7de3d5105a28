import type { Db } from '../../db/client.ts';
import type { CampaignGoal, Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

const configSelect = { adTypes: true, termsActive: true, termsUrl: true, termsVersion: true } as const;
const adSizeSelect = { id: true, name: true, width: true, height: true, publisherId: true } as const;
const productSelect = {
  id: true,
  sku: true,
  name: true,
  imageUrl: true,
  brand: true,
  priceCents: true,
  categories: true,
  availableStock: true,
} as const;

export type ConfigRow = Prisma.RetailMediaConfigGetPayload<{ select: typeof configSelect }>;
export type AdSizeRow = Prisma.AdSizeGetPayload<{ select: typeof adSizeSelect }>;
export type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

export interface TermsData {
  termsActive: boolean;
  termsUrl: string | null;
  termsVersion: string | null;
}

/** Publisher configuration rows: retail_media_configs, campaign_goal_ranges, ad_sizes, catalog products. */
export function createConfigurationRepo(db: Db) {
  return {
    publisher: (id: number) =>
      db.account.findUnique({ where: { id }, select: { id: true, name: true, logoUrl: true, isNetwork: true } }),

    config: (publisherId: number) => db.retailMediaConfig.findUnique({ where: { publisherId }, select: configSelect }),

    saveConfig: (publisherId: number, data: Partial<TermsData> & { adTypes?: string[] }) =>
      db.retailMediaConfig.upsert({ where: { publisherId }, create: { publisherId, ...data }, update: data, select: configSelect }),

    goalRanges: (publisherId: number) =>
      db.campaignGoalRange.findMany({ where: { publisherId }, select: { goal: true, minCents: true, maxCents: true } }),

    saveGoalRange: (publisherId: number, goal: CampaignGoal, minCents: bigint, maxCents: bigint) =>
      db.campaignGoalRange.upsert({
        where: { publisherId_goal: { publisherId, goal } },
        create: { publisherId, goal, minCents, maxCents },
        update: { minCents, maxCents },
        select: { goal: true, minCents: true, maxCents: true },
      }),

    adSizes: (publisherId: number) =>
      db.adSize.findMany({ where: { publisherId }, select: adSizeSelect, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),

    /** An ad size on one of `publisherIds`. */
    adSize: (publisherIds: number[], id: number) => db.adSize.findFirst({ where: { id, publisherId: { in: publisherIds } }, select: adSizeSelect }),

    adSizeNamed: (publisherId: number, name: string) =>
      db.adSize.findFirst({ where: { publisherId, name: { equals: name, mode: 'insensitive' } }, select: { id: true } }),

    createAdSize: (data: { publisherId: number; name: string; width: number; height: number }) =>
      db.adSize.create({ data, select: adSizeSelect }),

    /** Deletes the ad size unless an ad uses it; false when one does (nothing deleted). */
    async deleteUnusedAdSize(id: number): Promise<boolean> {
      const { count } = await db.adSize.deleteMany({ where: { id, ads: { none: { deletedAt: null } } } });
      return count === 1;
    },

    linkBrands: async (publisherId: number, advertiserId: number) =>
      (
        await db.advertiserLink.findUnique({
          where: { publisherId_advertiserId: { publisherId, advertiserId } },
          select: { brands: true },
        })
      )?.brands ?? [],

    /**
     * Available catalog products of the publisher: those of `brands` (any case) first, then the
     * rest; each group by stock, most first. One page across both groups.
     */
    async recommendedProducts(publisherId: number, brands: string[], q: string | undefined, page: number, quantity: number) {
      const base: Prisma.ProductWhereInput = {
        accountId: publisherId,
        isAvailable: true,
        ...(q
          ? {
              OR: [
                { name: { contains: likeLiteral(q), mode: 'insensitive' } },
                { sku: { contains: likeLiteral(q), mode: 'insensitive' } },
                { brand: { contains: likeLiteral(q), mode: 'insensitive' } },
              ],
            }
          : {}),
      };
      const brandFilter: Prisma.StringNullableFilter = { in: brands, mode: 'insensitive' };
      const mine: Prisma.ProductWhereInput = { AND: [base, { brand: brandFilter }] };
      const others: Prisma.ProductWhereInput = brands.length
        ? { AND: [base, { OR: [{ brand: null }, { NOT: { brand: brandFilter } }] }] }
        : base;
      const orderBy: Prisma.ProductOrderByWithRelationInput[] = [{ availableStock: 'desc' }, { name: 'asc' }, { id: 'asc' }];
      const [mineTotal, othersTotal] = await Promise.all([brands.length ? db.product.count({ where: mine }) : 0, db.product.count({ where: others })]);
      const skip = (page - 1) * quantity;
      const first =
        skip < mineTotal ? await db.product.findMany({ where: mine, select: productSelect, orderBy, skip, take: quantity }) : [];
      const rest = quantity - first.length;
      const second =
        rest > 0
          ? await db.product.findMany({ where: others, select: productSelect, orderBy, skip: Math.max(0, skip - mineTotal), take: rest })
          : [];
      return { rows: [...first.map((p) => ({ ...p, brandMatch: true })), ...second.map((p) => ({ ...p, brandMatch: false }))], total: mineTotal + othersTotal };
    },
  };
}

export type ConfigurationRepo = ReturnType<typeof createConfigurationRepo>;
