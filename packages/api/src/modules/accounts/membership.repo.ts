import type { Db } from '../../db/client.ts';

const memberSelect = {
  id: true,
  role: true,
  status: true,
  allModules: true,
  account: { select: { id: true, type: true, whiteLabelVariant: true, retailMediaRole: true, isNetwork: true } },
} as const;

/** Memberships and the access modules they grant: the data behind every permission check. */
export function createMembershipRepo(db: Db) {
  return {
    findActive(userId: number, accountId: number) {
      return db.membership.findFirst({ where: { userId, accountId, status: 'active' }, select: memberSelect });
    },
    /** The account a user lands in at sign-in: the oldest active membership. */
    findFirstActive(userId: number) {
      return db.membership.findFirst({ where: { userId, status: 'active' }, orderBy: { id: 'asc' }, select: memberSelect });
    },
    /** Module ids granted to the account, narrowed to the membership's list when it has one. */
    async moduleIds(membership: { id: number; allModules: boolean; role: string }, accountId: number): Promise<number[]> {
      const granted = await db.accountAccessModule.findMany({ where: { accountId }, select: { moduleId: true } });
      if (membership.allModules || membership.role === 'admin') return granted.map((g) => g.moduleId);
      const own = await db.membershipAccessModule.findMany({ where: { membershipId: membership.id }, select: { moduleId: true } });
      const ownIds = new Set(own.map((o) => o.moduleId));
      return granted.map((g) => g.moduleId).filter((id) => ownIds.has(id));
    },
    /** Every account where the user has a membership, invited or active (whose member lists show them). */
    async accountIdsOf(userId: number): Promise<number[]> {
      const rows = await db.membership.findMany({ where: { userId }, select: { accountId: true } });
      return rows.map((r) => r.accountId);
    },
    /** Every user with a membership in the account, invited or active. */
    async userIdsOf(accountId: number): Promise<number[]> {
      const rows = await db.membership.findMany({ where: { accountId }, select: { userId: true } });
      return rows.map((r) => r.userId);
    },
    modulesByIds(ids: number[]) {
      return db.accessModule.findMany({
        where: { id: { in: ids } },
        select: { id: true, key: true, name: true, parentId: true, position: true },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      });
    },
  };
}
export type MembershipRepo = ReturnType<typeof createMembershipRepo>;
