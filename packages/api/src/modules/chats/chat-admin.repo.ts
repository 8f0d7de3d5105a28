import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

const attendantSelect = {
  id: true,
  accountId: true,
  userId: true,
  status: true,
  maxChats: true,
  locationIds: true,
  active: true,
  statusChangedAt: true,
  lastAssignedAt: true,
  createdAt: true,
  user: { select: { id: true, name: true, email: true } },
} as const satisfies Prisma.ChatAttendantSelect;
export type AttendantRow = Prisma.ChatAttendantGetPayload<{ select: typeof attendantSelect }>;

const templateSelect = {
  id: true,
  userId: true,
  templateKey: true,
  title: true,
  body: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { name: true } },
} as const satisfies Prisma.ChatTemplateSelect;
export type TemplateRow = Prisma.ChatTemplateGetPayload<{ select: typeof templateSelect }>;

const tagSelect = { id: true, name: true, color: true, createdAt: true, _count: { select: { links: true } } } as const satisfies Prisma.ChatTagSelect;
export type TagRow = Prisma.ChatTagGetPayload<{ select: typeof tagSelect }>;

/** Attendants, tags, chat templates, the bot's flow and steps, and the assignment's reads. */
export function createChatAdminRepo(db: Db) {
  const openCounts = async (accountId: number, userIds: number[], tx: Tx | Db = db) => {
    if (!userIds.length) return new Map<number, number>();
    const rows = await tx.chat.groupBy({ by: ['attendantUserId'], where: { accountId, status: 'open', attendantUserId: { in: userIds } }, _count: { _all: true } });
    return new Map(rows.map((r) => [r.attendantUserId!, r._count._all]));
  };

  return {
    openCounts,

    // ── attendants
    async attendants(accountId: number, q: { page: number; quantity: number; status?: string; location_id?: number }) {
      const where: Prisma.ChatAttendantWhereInput = {
        accountId,
        ...(q.status ? { status: q.status } : {}),
        ...(q.location_id ? { OR: [{ locationIds: { has: q.location_id } }, { locationIds: { isEmpty: true } }] } : {}),
      };
      const [rows, total] = await Promise.all([
        db.chatAttendant.findMany({ where, select: attendantSelect, orderBy: [{ user: { name: 'asc' } }, { id: 'asc' }], skip: (q.page - 1) * q.quantity, take: q.quantity }),
        db.chatAttendant.count({ where }),
      ]);
      return { rows, total };
    },
    attendant: (accountId: number, id: number) => db.chatAttendant.findFirst({ where: { accountId, id }, select: attendantSelect }),
    attendantOfUser: (accountId: number, userId: number, tx: Tx | Db = db) => tx.chatAttendant.findFirst({ where: { accountId, userId }, select: attendantSelect }),
    createAttendant: (data: { accountId: number; userId: number; maxChats: number; locationIds: number[]; active: boolean }) =>
      db.chatAttendant.create({ data, select: attendantSelect }),
    /** The caller as an attendant with the defaults, unless they are one already. */
    registerAttendant: (data: { accountId: number; userId: number; status: string; statusChangedAt: Date }) =>
      db.chatAttendant.upsert({ where: { accountId_userId: { accountId: data.accountId, userId: data.userId } }, create: data, update: {} }),
    updateAttendant: (accountId: number, id: number, data: Prisma.ChatAttendantUpdateManyMutationInput) => db.chatAttendant.updateMany({ where: { accountId, id }, data }),
    deleteAttendant: (accountId: number, id: number) => db.chatAttendant.deleteMany({ where: { accountId, id } }),
    activeMember: (accountId: number, userId: number) => db.membership.findFirst({ where: { accountId, userId, status: 'active' }, select: { userId: true, role: true } }),
    locationsIn: (accountId: number, ids: number[]) => db.location.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } }),

    /** Online, active attendants with their open chats: the assignment's candidates (in its transaction). */
    async candidates(accountId: number, tx: Tx) {
      const rows = await tx.chatAttendant.findMany({
        where: { accountId, status: 'online', active: true },
        select: { id: true, userId: true, maxChats: true, locationIds: true, lastAssignedAt: true, user: { select: { name: true } } },
      });
      const counts = await openCounts(accountId, rows.map((r) => r.userId), tx);
      return rows.map((r) => ({ ...r, open: counts.get(r.userId) ?? 0 }));
    },
    /** Waiting chats with no attendant, oldest first. */
    waiting: (accountId: number, tx: Tx, take = 100) =>
      tx.chat.findMany({ where: { accountId, status: 'waiting', attendantUserId: null }, select: { id: true, locationId: true }, orderBy: { id: 'asc' }, take }),
    /** Serialises the assignments of one account across transactions and processes. */
    lockAssignment: (accountId: number, tx: Tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock(22001, ${accountId}::int)`,
    touchAssigned: (accountId: number, userId: number, at: Date, tx: Tx) => tx.chatAttendant.updateMany({ where: { accountId, userId }, data: { lastAssignedAt: at } }),
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn),

    // ── tags
    async tags(accountId: number, q: { page: number; quantity: number; search?: string }) {
      const where: Prisma.ChatTagWhereInput = { accountId, ...(q.search ? { name: { contains: q.search, mode: 'insensitive' } } : {}) };
      const [rows, total] = await Promise.all([
        db.chatTag.findMany({ where, select: tagSelect, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip: (q.page - 1) * q.quantity, take: q.quantity }),
        db.chatTag.count({ where }),
      ]);
      return { rows, total };
    },
    tag: (accountId: number, id: number) => db.chatTag.findFirst({ where: { accountId, id }, select: tagSelect }),
    tagByName: (accountId: number, name: string) => db.chatTag.findFirst({ where: { accountId, name: { equals: name, mode: 'insensitive' } }, select: { id: true } }),
    createTag: (accountId: number, data: { name: string; color: string }) => db.chatTag.create({ data: { accountId, ...data }, select: tagSelect }),
    updateTag: (accountId: number, id: number, data: { name: string; color: string }) => db.chatTag.updateMany({ where: { accountId, id }, data }),
    deleteTag: (accountId: number, id: number) => db.chatTag.deleteMany({ where: { accountId, id } }),

    // ── templates
    async templates(accountId: number, userId: number, q: { page: number; quantity: number; search?: string; status?: string; scope: 'all' | 'global' | 'own' }) {
      const owner: Prisma.ChatTemplateWhereInput = q.scope === 'global' ? { userId: null } : q.scope === 'own' ? { userId } : { OR: [{ userId: null }, { userId }] };
      const where: Prisma.ChatTemplateWhereInput = {
        accountId,
        AND: [
          owner,
          ...(q.search ? [{ OR: [{ title: { contains: q.search, mode: 'insensitive' as const } }, { templateKey: { contains: q.search.toLowerCase() } }] }] : []),
        ],
        ...(q.status ? { status: q.status } : {}),
      };
      const [rows, total] = await Promise.all([
        db.chatTemplate.findMany({ where, select: templateSelect, orderBy: [{ title: 'asc' }, { id: 'asc' }], skip: (q.page - 1) * q.quantity, take: q.quantity }),
        db.chatTemplate.count({ where }),
      ]);
      return { rows, total };
    },
    /** A template the user sees: global or theirs. */
    visibleTemplate: (accountId: number, userId: number, id: number) =>
      db.chatTemplate.findFirst({ where: { accountId, id, OR: [{ userId: null }, { userId }] }, select: templateSelect }),
    /** Whether a key is taken among what the owner would see (the globals, and the user's own). */
    templateKeyTaken: async (accountId: number, ownerUserId: number | null, key: string, exceptId?: number) =>
      (await db.chatTemplate.count({
        where: {
          accountId,
          templateKey: key,
          ...(exceptId ? { id: { not: exceptId } } : {}),
          ...(ownerUserId === null ? {} : { OR: [{ userId: null }, { userId: ownerUserId }] }),
        },
      })) > 0,
    createTemplate: (data: { accountId: number; userId: number | null; templateKey: string; title: string; body: string; status: string }) =>
      db.chatTemplate.create({ data, select: templateSelect }),
    updateTemplate: (accountId: number, id: number, data: { userId: number | null; templateKey: string; title: string; body: string; status: string }) =>
      db.chatTemplate.updateMany({ where: { accountId, id }, data }),
    deleteTemplate: (accountId: number, id: number) => db.chatTemplate.deleteMany({ where: { accountId, id } }),

    // ── bot
    flow: (accountId: number) => db.chatBotFlow.findUnique({ where: { accountId } }),
    saveFlow: (accountId: number, data: Omit<Prisma.ChatBotFlowUncheckedCreateInput, 'accountId' | 'updatedAt'>) =>
      db.chatBotFlow.upsert({ where: { accountId }, create: { accountId, ...data }, update: data }),
    reachStep: (accountId: number, chatId: number, step: string, at: Date) => db.chatBotStep.create({ data: { accountId, chatId, step, reachedAt: at } }),
    /** Ends the steps of a chat still open (all, or one step) with an outcome. */
    leaveSteps: (accountId: number, chatId: number, outcome: 'advanced' | 'abandoned', at: Date, step?: string) =>
      db.chatBotStep.updateMany({ where: { accountId, chatId, leftAt: null, ...(step ? { step } : {}) }, data: { leftAt: at, outcome } }),
  };
}
export type ChatAdminRepo = ReturnType<typeof createChatAdminRepo>;
