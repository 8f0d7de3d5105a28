import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';
import { statusWhere } from '../promotions/promotions.repo.ts';
import { toPromotionStatus } from './flyer-status.ts';
import type { FlyerStatus } from '@backoffice/contracts';

const flyerSelect = {
  id: true,
  name: true,
  message: true,
  startAt: true,
  endAt: true,
  active: true,
  disabledAt: true,
  locationIds: true,
  mediaUrl: true,
  mediaType: true,
  mediaName: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type FlyerRow = Prisma.FlyerGetPayload<{ select: typeof flyerSelect }>;

/** The columns a write sets; `accountId` and the ids are the repository's business. */
export interface FlyerData {
  name: string;
  message: string | null;
  startAt: Date;
  endAt: Date;
  active: boolean;
  disabledAt: Date | null;
  locationIds: number[];
  mediaUrl: string | null;
  mediaType: string | null;
  mediaName: string | null;
}

export interface FlyerFilters {
  status?: FlyerStatus;
  /** The listed flyers run on some moment of [from, to]. */
  from?: Date;
  to?: Date;
  search?: string;
}

/** The computed status as conditions on the row: a flyer's period columns are a promotion's, so are the rules. */
export function flyerStatusWhere(status: FlyerStatus, now: Date): Prisma.FlyerWhereInput {
  const { active, startAt, endAt } = statusWhere(toPromotionStatus(status), now);
  // Prisma brands each filter type with its model; these are plain values on columns both models share.
  return { active, startAt, endAt } as Prisma.FlyerWhereInput;
}

/** Flyers of one account: every query is scoped by `accountId`. */
export function createFlyersRepo(db: Db) {
  const where = (accountId: number, f: FlyerFilters, now: Date): Prisma.FlyerWhereInput => ({
    accountId,
    AND: [
      f.status ? flyerStatusWhere(f.status, now) : {},
      f.from ? { endAt: { gte: f.from } } : {},
      f.to ? { startAt: { lte: f.to } } : {},
      f.search ? { name: { contains: likeLiteral(f.search), mode: 'insensitive' } } : {},
    ],
  });

  return {
    async list(accountId: number, f: FlyerFilters, now: Date, page: number, quantity: number) {
      const [rows, total] = await Promise.all([
        db.flyer.findMany({
          where: where(accountId, f, now),
          select: flyerSelect,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.flyer.count({ where: where(accountId, f, now) }),
      ]);
      return { rows, total };
    },
    find(accountId: number, id: number) {
      return db.flyer.findFirst({ where: { id, accountId }, select: flyerSelect });
    },
    /** The media of one of the account's flyers that shows this address, if any. */
    findMedia(accountId: number, mediaUrl: string) {
      return db.flyer.findFirst({ where: { accountId, mediaUrl }, select: { mediaType: true, mediaName: true } });
    },
    create(accountId: number, data: FlyerData) {
      return db.flyer.create({ data: { ...data, accountId }, select: flyerSelect });
    },
    /** Updates only the account's own row; null when there is none. */
    async update(accountId: number, id: number, data: Partial<FlyerData>) {
      const rows = await db.flyer.updateManyAndReturn({ where: { id, accountId }, data, select: flyerSelect });
      return rows[0] ?? null;
    },
    async remove(accountId: number, id: number) {
      const { count } = await db.flyer.deleteMany({ where: { id, accountId } });
      return count > 0;
    },
  };
}
export type FlyersRepo = ReturnType<typeof createFlyersRepo>;
