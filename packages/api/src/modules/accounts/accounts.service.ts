import { accountRoutes } from '@backoffice/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import { MEMBER_TAGS, type Identity, type MemberContext } from '../../plugins/identity.ts';
import type { AccountsRepo } from './accounts.repo.ts';
import type { MembershipRepo } from './membership.repo.ts';
import { toAccountInfo } from './accounts.mappers.ts';

const AccountInfoList = accountRoutes.accountInfo.responses[200];
const AccessModuleTree = accountRoutes.accessModules.responses[200];

/**
 * The current account, switching between accounts, and the access modules granted in each. The two
 * reads every screen makes are cached as their JSON (checked against the contract once, when
 * loaded) until a write changes what they show (plugins/identity.ts MEMBER_TAGS).
 */
export function createAccountsService(deps: { repo: AccountsRepo; memberships: MembershipRepo; identity: Pick<Identity, 'signToken' | 'read'> }) {
  return {
    /** The user's accounts as JSON, the current one first: reloaded when their memberships or those accounts change. */
    accountInfoJson(userId: number, currentAccountId: number): Promise<string> {
      return deps.identity.read(`account-info:${userId}:${currentAccountId}`, [MEMBER_TAGS.accountsOf(userId)], async () => {
        const rows = await deps.repo.memberAccounts(userId);
        const infos = rows.map((r) => toAccountInfo(r.account, r.role, r.account.id === currentAccountId));
        return JSON.stringify(AccountInfoList.parse([...infos.filter((i) => i.current), ...infos.filter((i) => !i.current)]));
      });
    },

    /** A new token for another account of the same user; 404 for any account they do not belong to. */
    async changeAccount(userId: number, accountId: number) {
      const membership = await deps.memberships.findActive(userId, accountId);
      if (!membership) throw new NotFoundError('ACCOUNT_NOT_FOUND');
      return { newToken: deps.identity.signToken(userId, membership.account.id) };
    },

    /**
     * Modules as a tree, as JSON: top-level modules with their granted submodules (a submodule whose
     * parent is not granted is listed at the top level). It follows from
     * the member's module ids alone (the module catalogue is seeded, never written by the API).
     */
    accessModulesJson(member: MemberContext): Promise<string> {
      return deps.identity.read(`access-modules:${member.moduleIds.join(',')}`, [], async () => {
        const modules = await deps.memberships.modulesByIds(member.moduleIds);
        const granted = new Set(modules.map((m) => m.id));
        return JSON.stringify(
          AccessModuleTree.parse({
            // A submodule granted without its parent (trade for brands) stands at the top level.
            modules: modules
              .filter((m) => m.parentId === null || !granted.has(m.parentId))
              .map((m) => ({
                id: m.id,
                key: m.key,
                name: m.name,
                submodules: modules.filter((s) => s.parentId === m.id).map((s) => ({ id: s.id, key: s.key, name: s.name })),
              })),
          }),
        );
      });
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
