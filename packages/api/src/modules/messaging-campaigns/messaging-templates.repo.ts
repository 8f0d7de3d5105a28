import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

const templateSelect = {
  id: true,
  accountId: true,
  name: true,
  description: true,
  message: true,
  buttons: true,
  mediaUrl: true,
  mediaType: true,
  mediaName: true,
  language: true,
  status: true,
  rejectionReason: true,
  submittedAt: true,
  decidedAt: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { campaigns: true } },
} as const;

export interface TemplateData {
  name: string;
  description: string | null;
  message: string;
  buttons: string[];
  mediaUrl: string | null;
  mediaType: string | null;
  mediaName: string | null;
  status: string;
  rejectionReason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
}

export interface TemplateFilters {
  search?: string;
  status?: string;
}

const notificationSelect = { id: true, event: true, name: true, message: true, active: true, createdAt: true, updatedAt: true } as const;

export interface NotificationTemplateData {
  event: string;
  name: string;
  message: string;
  active: boolean;
}

/** Whether a write hit a unique key (the template's name, the notification's event). */
export const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** Message templates and notification templates of one account: every query carries `accountId`. */
export function createMessagingTemplatesRepo(db: Db) {
  const where = (accountId: number, f: TemplateFilters): Prisma.MessagingTemplateWhereInput => ({
    accountId,
    ...(f.status ? { status: f.status } : {}),
    ...(f.search
      ? {
          OR: [
            { name: { contains: likeLiteral(f.search), mode: 'insensitive' as const } },
            { description: { contains: likeLiteral(f.search), mode: 'insensitive' as const } },
          ],
        }
      : {}),
  });

  const find = (accountId: number, id: number) => db.messagingTemplate.findFirst({ where: { id, accountId }, select: templateSelect });

  return {
    async list(accountId: number, f: TemplateFilters, page: number, quantity: number) {
      const w = where(accountId, f);
      const [rows, total] = await Promise.all([
        db.messagingTemplate.findMany({ where: w, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * quantity, take: quantity, select: templateSelect }),
        db.messagingTemplate.count({ where: w }),
      ]);
      return { rows, total };
    },
    find,
    /** A media file one of the account's templates or campaigns already shows (kept on edit, duplicated). */
    async findMedia(accountId: number, mediaUrl: string) {
      const template = await db.messagingTemplate.findFirst({ where: { accountId, mediaUrl }, select: { mediaType: true, mediaName: true } });
      return template ?? db.messagingCampaign.findFirst({ where: { accountId, mediaUrl }, select: { mediaType: true, mediaName: true } });
    },
    create(accountId: number, data: TemplateData) {
      return db.messagingTemplate.create({ data: { ...data, accountId }, select: templateSelect });
    },
    /** Replaces the template unless a campaign that is scheduled or sending uses it; null when it is not the account's. */
    async update(accountId: number, id: number, data: TemplateData) {
      const rows = await db.messagingTemplate.updateManyAndReturn({ where: { id, accountId }, data, select: { id: true } });
      return rows[0] ? find(accountId, id) : null;
    },
    /** Campaigns of the template in any of these statuses. */
    campaignsIn(accountId: number, templateId: number, statuses: string[]) {
      return db.messagingCampaign.count({ where: { accountId, templateId, status: { in: statuses } } });
    },
    async remove(accountId: number, id: number) {
      const { count } = await db.messagingTemplate.deleteMany({ where: { id, accountId, campaigns: { none: {} } } });
      return count > 0;
    },
    /** Applies a provider's decision to the account's template of that name (unless already decided the same way). */
    async decide(accountId: number, name: string, status: string, reason: string | null, at: Date) {
      const { count } = await db.messagingTemplate.updateMany({
        where: { accountId, name, NOT: { status, rejectionReason: reason } },
        data: { status, rejectionReason: status === 'rejected' ? reason : null, decidedAt: status === 'pending' ? null : at },
      });
      return count;
    },

    notifications: {
      list(accountId: number, event?: string) {
        return db.notificationTemplate.findMany({ where: { accountId, ...(event ? { event } : {}) }, orderBy: [{ event: 'asc' }, { id: 'asc' }], select: notificationSelect });
      },
      create(accountId: number, data: NotificationTemplateData) {
        return db.notificationTemplate.create({ data: { ...data, accountId }, select: notificationSelect });
      },
      async update(accountId: number, id: number, data: NotificationTemplateData) {
        const rows = await db.notificationTemplate.updateManyAndReturn({ where: { id, accountId }, data, select: notificationSelect });
        return rows[0] ?? null;
      },
      async remove(accountId: number, id: number) {
        const { count } = await db.notificationTemplate.deleteMany({ where: { id, accountId } });
        return count > 0;
      },
    },
  };
}
export type MessagingTemplatesRepo = ReturnType<typeof createMessagingTemplatesRepo>;
export type TemplateRow = NonNullable<Awaited<ReturnType<MessagingTemplatesRepo['find']>>>;
export type NotificationTemplateRow = Awaited<ReturnType<MessagingTemplatesRepo['notifications']['create']>>;
