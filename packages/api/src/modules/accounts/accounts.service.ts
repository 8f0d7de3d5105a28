import { NotFoundError } from '../../lib/errors.ts';
import type { Identity, MemberContext } from '../../plugins/identity.ts';
import type { AccountsRepo } from './accounts.repo.ts';
import type { MembershipRepo } from './membership.repo.ts';
import { toAccountInfo } from './accounts.mappers.ts';

/** The current account, switching between accounts, and the access modules granted in each. */
export function createAccountsService(deps: { repo: AccountsRepo; memberships: MembershipRepo; identity: Pick<Identity, 'signToken'> }) {
  return {
    async accountInfo(userId: number, currentAccountId: number) {
      const rows = await deps.repo.memberAccounts(userId);
      const infos = rows.map((r) => toAccountInfo(r.account, r.role, r.account.id === currentAccountId));
      return [...infos.filter((i) => i.current), ...infos.filter((i) => !i.current)];
    },

    /** A new token for another account of the same user; 404 for any account they do not belong to. */
    async changeAccount(userId: number, accountId: number) {
      const membership = await deps.memberships.findActive(userId, accountId);
      if (!membership) throw new NotFoundError('ACCOUNT_NOT_FOUND');
      return { newToken: deps.identity.signToken(userId, membership.account.id) };
    },

    /** Modules as a tree: top-level modules with their granted submodules. */
    async accessModules(member: MemberContext) {
      const modules = await deps.memberships.modulesByIds(member.moduleIds);
      return {
        modules: modules
          .filter((m) => m.parentId === null)
          .map((m) => ({
            id: m.id,
            key: m.key,
            name: m.name,
            submodules: modules.filter((s) => s.parentId === m.id).map((s) => ({ id: s.id, key: s.key, name: s.name })),
          })),
      };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
