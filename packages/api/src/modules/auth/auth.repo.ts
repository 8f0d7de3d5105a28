import type { Db, Tx } from '../../db/client.ts';
import { accountSummarySelect } from '../accounts/accounts.mappers.ts';

const sessionUserSelect = { id: true, name: true, email: true, language: true, isPlatformOperator: true } as const;

export function createAuthRepo(db: Db) {
  return {
    findUserByEmail(email: string) {
      return db.user.findUnique({ where: { email }, select: { ...sessionUserSelect, passwordHash: true } });
    },
    findUserById(id: number) {
      return db.user.findUnique({ where: { id }, select: { ...sessionUserSelect, passwordHash: true } });
    },
    findAccount(id: number) {
      return db.account.findUnique({ where: { id }, select: accountSummarySelect });
    },
    touchLogin(id: number) {
      return db.user.update({ where: { id }, data: { lastLoginAt: new Date() }, select: { id: true } });
    },
    setPassword(userId: number, passwordHash: string, tx: Tx | Db = db) {
      return tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
    },
    /** Replaces the user's unused reset codes with a new one. */
    async createResetCode(userId: number, codeHash: string, expiresAt: Date, tx: Tx) {
      // The user's row lock serialises concurrent requests, so each one replaces the previous code
      // instead of both deleting nothing and inserting one each.
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      await tx.passwordResetCode.deleteMany({ where: { userId, usedAt: null } });
      await tx.passwordResetCode.create({ data: { userId, codeHash, expiresAt }, select: { id: true } });
    },
    /** Voids the user's unused reset codes (after the password changed by any route). */
    voidResetCodes(userId: number, tx: Tx) {
      return tx.passwordResetCode.deleteMany({ where: { userId, usedAt: null } });
    },
    /** Marks the code used if it is still valid; returns its user, or null. Single use under concurrency. */
    async consumeResetCode(codeHash: string, tx: Tx): Promise<number | null> {
      const now = new Date();
      const rows = await tx.passwordResetCode.updateManyAndReturn({
        where: { codeHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
        select: { userId: true },
      });
      return rows[0]?.userId ?? null;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
