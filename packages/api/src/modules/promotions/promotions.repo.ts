import type { Db, Tx } from '../../db/client.ts';
import type { Prisma, PromotionType } from '../../generated/prisma/client.ts';
import type { PromotionStatus } from '@backoffice/contracts';
import { likeLiteral } from '../../lib/like.ts';

/** What the pricing engine reads of a promotion (redemptions evaluate candidates with it). */
export const candidateSelect = {
  id: true,
  name: true,
  promotionType: true,
  code: true,
  startAt: true,
  endAt: true,
  active: true,
  disabledAt: true,
  benefits: true,
  trigger: true,
  limitTotal: true,
  limitPerCustomer: true,
  usesCount: true,
  locationIds: true,
  customers: true,
  selectedOffers: true,
  priority: true,
  exclusive: true,
} as const;

const promotionSelect = { ...candidateSelect, description: true, createdAt: true, updatedAt: true } as const;

export type PromotionRow = Prisma.PromotionGetPayload<{ select: typeof promotionSelect }>;

/** The columns a write sets; `accountId` and the ids are the repository's business. */
export interface PromotionData {
  name: string;
  description: string | null;
  promotionType: PromotionType;
  code: string | null;
  codeNormalized: string | null;
  startAt: Date;
  endAt: Date;
  active: boolean;
  disabledAt: Date | null;
  benefits: Prisma.InputJsonObject;
  trigger: Prisma.InputJsonObject;
  limitTotal: number | null;
  limitPerCustomer: number | null;
  locationIds: number[];
  customers: string[];
  selectedOffers: string[];
  priority: number;
  exclusive: boolean;
}

export interface PromotionFilters {
  status?: PromotionStatus;
  promotionType?: PromotionType;
  /** The listed promotions run on some moment of [from, to]. */
  from?: Date;
  to?: Date;
  search?: string;
}


/** The computed status (promotion-status.ts) as conditions on the row, so the database filters and pages. */
export function statusWhere(status: PromotionStatus, now: Date): Prisma.PromotionWhereInput {
  switch (status) {
    case 'scheduled':
      return { active: true, startAt: { gt: now } };
    case 'active':
      return { active: true, startAt: { lte: now }, endAt: { gte: now } };
    case 'finished':
      return { active: true, endAt: { lt: now } };
    case 'paused':
      return { active: false, endAt: { gte: now } };
    case 'canceled':
      return { active: false, endAt: { lt: now } };
  }
}

/** Promotions of one account: every query is scoped by `accountId`. */
export function createPromotionsRepo(db: Db) {
  const where = (accountId: number, f: PromotionFilters, now: Date): Prisma.PromotionWhereInput => ({
    accountId,
    AND: [
      f.status ? statusWhere(f.status, now) : {},
      f.promotionType ? { promotionType: f.promotionType } : {},
      f.from ? { endAt: { gte: f.from } } : {},
      f.to ? { startAt: { lte: f.to } } : {},
      f.search
        ? {
            OR: [
              { name: { contains: likeLiteral(f.search), mode: 'insensitive' } },
              { codeNormalized: { contains: likeLiteral(f.search.toUpperCase()) } },
            ],
          }
        : {},
    ],
  });

  return {
    async list(accountId: number, f: PromotionFilters, now: Date, page: number, quantity: number) {
      const [rows, total] = await Promise.all([
        db.promotion.findMany({
          where: where(accountId, f, now),
          select: promotionSelect,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.promotion.count({ where: where(accountId, f, now) }),
      ]);
      return { rows, total };
    },
    find(accountId: number, id: number, tx: Tx | Db = db) {
      return tx.promotion.findFirst({ where: { id, accountId }, select: promotionSelect });
    },
    create(accountId: number, data: PromotionData) {
      return db.promotion.create({ data: { ...data, accountId }, select: promotionSelect });
    },
    /** Updates only the account's own row; null when there is none. */
    async update(accountId: number, id: number, data: Partial<PromotionData>) {
      const rows = await db.promotion.updateManyAndReturn({ where: { id, accountId }, data, select: promotionSelect });
      return rows[0] ?? null;
    },
    async remove(accountId: number, id: number) {
      const { count } = await db.promotion.deleteMany({ where: { id, accountId } });
      return count > 0;
    },
  };
}
export type PromotionsRepo = ReturnType<typeof createPromotionsRepo>;
