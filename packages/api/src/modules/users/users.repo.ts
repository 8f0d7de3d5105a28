import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

type Role = 'admin' | 'manager' | 'operator';

const memberRowSelect = {
  id: true,
  role: true,
  status: true,
  allModules: true,
  createdAt: true,
  user: { select: { id: true, name: true, email: true, language: true, lastLoginAt: true } },
} as const;

export type MemberRow = Prisma.MembershipGetPayload<{ select: typeof memberRowSelect }>;

export interface UserFilters {
  name?: string;
  email?: string;
  role?: Role;
}

/** A unique index refused the write: someone else created the same row first. */
export const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** Users as members of one account: every query is scoped by `accountId`. */
export function createUsersRepo(db: Db) {
  const where = (accountId: number, f: UserFilters): Prisma.MembershipWhereInput => ({
    accountId,
    ...(f.role ? { role: f.role } : {}),
    user: {
      ...(f.name ? { name: { contains: likeLiteral(f.name), mode: 'insensitive' } } : {}),
      ...(f.email ? { email: { contains: likeLiteral(f.email.toLowerCase()) } } : {}),
    },
  });

  return {
    async list(accountId: number, f: UserFilters, page: number, quantity: number) {
      const [rows, total] = await Promise.all([
        db.membership.findMany({
          where: where(accountId, f),
          select: memberRowSelect,
          orderBy: [{ user: { name: 'asc' } }, { id: 'asc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.membership.count({ where: where(accountId, f) }),
      ]);
      return { rows, total };
    },
    findMember(accountId: number, userId: number, tx: Tx | Db = db) {
      return tx.membership.findFirst({ where: { accountId, userId }, select: memberRowSelect });
    },
    memberModuleIds(membershipId: number) {
      return db.membershipAccessModule
        .findMany({ where: { membershipId }, select: { moduleId: true }, orderBy: { moduleId: 'asc' } })
        .then((rows) => rows.map((r) => r.moduleId));
    },
    accountModuleIds(accountId: number) {
      return db.accountAccessModule.findMany({ where: { accountId }, select: { moduleId: true } }).then((rows) => rows.map((r) => r.moduleId));
    },
    findUserByEmail(email: string, tx: Tx | Db = db) {
      return tx.user.findUnique({ where: { email }, select: { id: true, name: true, passwordHash: true, language: true } });
    },
    createUser(data: { email: string; name: string }, tx: Tx) {
      return tx.user.create({ data, select: { id: true, name: true, passwordHash: true, language: true } });
    },
    createMembership(
      data: { accountId: number; userId: number; role: Role; invitedById: number; moduleIds?: number[] },
      tx: Tx,
    ) {
      return tx.membership.create({
        data: {
          accountId: data.accountId,
          userId: data.userId,
          role: data.role,
          status: 'invited',
          invitedById: data.invitedById,
          allModules: data.moduleIds === undefined,
          accessModules: data.moduleIds ? { create: data.moduleIds.map((moduleId) => ({ moduleId })) } : undefined,
        },
        select: memberRowSelect,
      });
    },
    /** Replaces the membership's unused invite codes with a new one. */
    async replaceInviteCode(membershipId: number, codeHash: string, expiresAt: Date, tx: Tx) {
      await tx.inviteCode.deleteMany({ where: { membershipId, usedAt: null } });
      await tx.inviteCode.create({ data: { membershipId, codeHash, expiresAt }, select: { id: true } });
    },
    findValidInvite(codeHash: string) {
      return db.inviteCode.findFirst({
        where: { codeHash, usedAt: null, expiresAt: { gt: new Date() }, membership: { status: 'invited' } },
        select: {
          expiresAt: true,
          membership: {
            select: {
              id: true,
              accountId: true,
              account: { select: { name: true } },
              user: { select: { id: true, email: true, name: true, passwordHash: true } },
            },
          },
        },
      });
    },
    /** Marks the code used only if still valid; returns the membership it opens, or null. */
    async consumeInvite(codeHash: string, tx: Tx) {
      const now = new Date();
      const rows = await tx.inviteCode.updateManyAndReturn({
        where: { codeHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
        select: { membershipId: true },
      });
      return rows[0]?.membershipId ?? null;
    },
    activateMembership(membershipId: number, tx: Tx) {
      return tx.membership.update({
        where: { id: membershipId },
        data: { status: 'active' },
        select: { accountId: true, user: { select: { id: true, name: true, email: true, language: true, isPlatformOperator: true, passwordHash: true } } },
      });
    },
    updateUserCredentials(userId: number, data: { name?: string; passwordHash?: string }, tx: Tx) {
      return tx.user.update({ where: { id: userId }, data, select: { id: true } });
    },
    setRole(accountId: number, userId: number, role: Role, tx: Tx | Db = db) {
      return tx.membership.updateManyAndReturn({ where: { accountId, userId }, data: { role }, select: { id: true } });
    },
    countAdmins(accountId: number, tx: Tx | Db = db) {
      return tx.membership.count({ where: { accountId, role: 'admin', status: 'active' } });
    },
    removeMember(accountId: number, userId: number, tx: Tx | Db = db) {
      return tx.membership.deleteMany({ where: { accountId, userId } });
    },
    lockAccountAdmins(accountId: number, tx: Tx) {
      // Serialises role changes and removals within an account so "last admin" holds under concurrency.
      return tx.$queryRaw`SELECT id FROM memberships WHERE account_id = ${accountId} AND role = 'admin' FOR UPDATE`;
    },
    getProfile(userId: number) {
      return db.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, phone: true, language: true, isPlatformOperator: true } });
    },
    updateProfile(userId: number, data: { name: string; phone?: string | null; language?: string }) {
      return db.user.update({ where: { id: userId }, data, select: { id: true, name: true, email: true, phone: true, language: true, isPlatformOperator: true } });
    },
    accountName(accountId: number) {
      return db.account.findUnique({ where: { id: accountId }, select: { name: true } });
    },
    userName(userId: number) {
      return db.user.findUnique({ where: { id: userId }, select: { name: true } });
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
