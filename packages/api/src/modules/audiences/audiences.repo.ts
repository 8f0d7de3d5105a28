import type { Db } from '../../db/client.ts';
import type { AudienceStatus, AudienceVisibility, Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';
import type { RmScope } from '../retail-media/scope.ts';

const party = { select: { id: true, name: true } } as const;
const audienceSelect = {
  id: true,
  publisherId: true,
  createdByAccountId: true,
  name: true,
  description: true,
  status: true,
  priceCents: true,
  estimatedAudience: true,
  reachRange: true,
  billingType: true,
  visibility: true,
  advertiserIds: true,
  rules: true,
  note: true,
  createdAt: true,
  reviewedAt: true,
  publisher: party,
  createdByAccount: party,
} as const;

export type AudienceRow = Prisma.AudienceGetPayload<{ select: typeof audienceSelect }>;

/** The columns a definition write sets (create and PUT). */
export interface AudienceDefinition {
  name: string;
  description: string | null;
  estimatedAudience: number;
  reachRange: number;
  visibility: AudienceVisibility;
  advertiserIds: number[];
  rules: Prisma.InputJsonValue;
}

export interface AudienceReview {
  status: AudienceStatus;
  priceCents: bigint | null;
  billingType: string;
  note: string | null;
  reviewedById: number;
  reviewedAt: Date;
}

/**
 * The audiences a scope sees: every audience of inventories it manages; on publishers it is linked
 * to, approved ones that are global or private to it, and those it proposed, in any status.
 */
export function audienceWhere(scope: RmScope): Prisma.AudienceWhereInput {
  const me = scope.caller.accountId;
  const or: Prisma.AudienceWhereInput[] = [];
  if (scope.managed.length) or.push({ publisherId: { in: scope.managed } });
  if (scope.linkedPublishers.length) {
    or.push({
      publisherId: { in: scope.linkedPublishers },
      OR: [
        { status: 'approved', visibility: 'global' },
        { status: 'approved', visibility: 'private', advertiserIds: { has: me } },
        { createdByAccountId: me },
      ],
    });
  }
  return or.length ? { OR: or } : { id: { in: [] } };
}

export interface AudienceFilters {
  status?: AudienceStatus;
  name?: string;
  publisherId?: number;
}

/** Audiences, always read through a scope's visibility. */
export function createAudiencesRepo(db: Db) {
  return {
    async list(scope: RmScope, f: AudienceFilters, page: number, quantity: number) {
      const where: Prisma.AudienceWhereInput = {
        AND: [
          audienceWhere(scope),
          f.status ? { status: f.status } : {},
          f.publisherId ? { publisherId: f.publisherId } : {},
          f.name ? { name: { contains: likeLiteral(f.name), mode: 'insensitive' } } : {},
        ],
      };
      const [rows, total] = await Promise.all([
        db.audience.findMany({
          where,
          select: audienceSelect,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.audience.count({ where }),
      ]);
      return { rows, total };
    },

    find: (scope: RmScope, id: number) => db.audience.findFirst({ where: { AND: [{ id }, audienceWhere(scope)] }, select: audienceSelect }),

    /** Names of accounts by id (the advertisers of private audiences). */
    async accountNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.account.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The link of an advertiser on a publisher (audience campaigns need `enableAudienceCampaign`). */
    link: (publisherId: number, advertiserId: number) =>
      db.advertiserLink.findUnique({
        where: { publisherId_advertiserId: { publisherId, advertiserId } },
        select: { enableAudienceCampaign: true },
      }),

    /** Which of `ids` are advertisers linked to the publisher. */
    async linkedAdvertisers(publisherId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.advertiserLink.findMany({
        where: { publisherId, advertiserId: { in: ids } },
        select: { advertiserId: true },
      });
      return new Set(rows.map((r) => r.advertiserId));
    },

    create: (publisherId: number, createdByAccountId: number | null, data: AudienceDefinition) =>
      db.audience.create({ data: { ...data, publisherId, createdByAccountId, status: 'awaiting_approval' }, select: audienceSelect }),

    update: (id: number, data: AudienceDefinition) => db.audience.update({ where: { id }, data, select: audienceSelect }),

    review: (id: number, data: AudienceReview) => db.audience.update({ where: { id }, data, select: audienceSelect }),

    /** Deletes the audience unless a campaign uses it; false when one does (nothing deleted). */
    async deleteUnused(id: number): Promise<boolean> {
      const { count } = await db.audience.deleteMany({ where: { id, campaigns: { none: {} } } });
      return count === 1;
    },
  };
}

export type AudiencesRepo = ReturnType<typeof createAudiencesRepo>;
