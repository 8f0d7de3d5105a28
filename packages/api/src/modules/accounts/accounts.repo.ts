import type { Db } from '../../db/client.ts';
import { accountInfoSelect } from './accounts.mappers.ts';

export function createAccountsRepo(db: Db) {
  return {
    /** The accounts where the user is an active member, with the role held in each. */
    memberAccounts(userId: number) {
      return db.membership.findMany({
        where: { userId, status: 'active' },
        select: { role: true, account: { select: accountInfoSelect } },
        orderBy: { account: { name: 'asc' } },
      });
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
