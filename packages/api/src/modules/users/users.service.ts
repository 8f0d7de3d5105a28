import type { z } from 'zod';
import { userRoutes, type AccountUser, type InviteBody, type Profile, type UpdateProfileBody, type UserListQuery } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessRuleError, ConflictError, NotFoundError, found } from '../../lib/errors.ts';
import { checkPassword, hashCode, hashPassword, newCode } from '../../lib/password.ts';
import type { Lang } from '../../i18n/messages.ts';
import { MEMBER_TAGS, type Identity, type MemberContext } from '../../plugins/identity.ts';
import type { Realtime } from '../../plugins/realtime.ts';
import type { EmailService } from '../email/email.service.ts';
import { inviteEmail } from '../email/email.templates.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { isUniqueViolation, type MemberRow, type UsersRepo } from './users.repo.ts';
import { pageOf } from '../../lib/paging.ts';

export const INVITE_DAYS = 7;

const UserPage = userRoutes.list.responses[200];

interface Deps {
  db: Db;
  repo: UsersRepo;
  email: EmailService;
  identity: Pick<Identity, 'forget' | 'userChanged' | 'read'>;
  realtime: Pick<Realtime, 'disconnectMember'>;
  throttle: Pick<LoginThrottle, 'assertAllowed' | 'recordFailure'>;
  notifications: NotificationsService;
  sessions: Pick<AuthService, 'sessionFor'>;
  appUrl: string;
  clock?: () => Date;
}

const toAccountUser = (m: MemberRow): z.input<typeof AccountUser> => ({
  id: m.user.id,
  name: m.user.name,
  email: m.user.email,
  role: m.role,
  status: m.status,
  created_at: m.createdAt.toISOString(),
  last_login_at: m.user.lastLoginAt?.toISOString() ?? null,
});

type ProfileRow = { id: number; name: string; email: string; phone: string | null; language: string; isPlatformOperator: boolean };

const toProfile = ({ isPlatformOperator, ...u }: ProfileRow): z.input<typeof Profile> => ({
  ...u,
  is_platform_operator: isPlatformOperator,
  language: u.language === 'en' ? 'en' : 'pt-BR',
});

/** Users of an account: listing, invites, roles, removal, and one's own profile. */
export function createUsersService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  /**
   * Writes a fresh invite code and its email in `tx` (the old unused codes stop working);
   * returns the outbox id to dispatch once the transaction has committed.
   */
  async function recordInvite(
    member: { id: number; accountId: number; email: string; name: string; language: string },
    names: { account: string; inviter: string },
    lang: Lang,
    tx: Tx,
  ): Promise<number> {
    const code = newCode();
    const mail = inviteEmail({
      lang: member.language === 'en' ? 'en' : lang,
      name: member.name,
      accountName: names.account,
      inviterName: names.inviter,
      url: `${deps.appUrl}/confirm-invite?code=${code}`,
      days: INVITE_DAYS,
    });
    await repo.replaceInviteCode(member.id, hashCode(code), new Date(now().getTime() + INVITE_DAYS * 86_400_000), tx);
    return deps.email.record({ accountId: member.accountId, kind: 'invite', to: member.email, ...mail }, tx);
  }

  async function inviteNames(accountId: number, inviterId: number) {
    const [account, inviter] = await Promise.all([repo.accountName(accountId), repo.userName(inviterId)]);
    return { account: account?.name ?? '', inviter: inviter?.name ?? '' };
  }

  return {
    /**
     * A page of the account's members as JSON (checked against the contract when loaded), cached
     * until a write changes the account's members or their own data (MEMBER_TAGS.members).
     */
    listJson(accountId: number, q: z.output<typeof UserListQuery>): Promise<string> {
      return deps.identity.read(`users:${accountId}:${JSON.stringify(q)}`, [MEMBER_TAGS.members(accountId)], async () => {
        const { rows, total } = await repo.list(accountId, q, q.page, q.quantity);
        return JSON.stringify(UserPage.parse(pageOf(rows.map(toAccountUser), q, total)));
      });
    },

    async get(accountId: number, userId: number) {
      const m = found(await repo.findMember(accountId, userId), 'USER_NOT_FOUND');
      // What the member can open, as the permission check computes it: admins and unrestricted
      // members get every module of the account; a restricted list counts only where the account still has it.
      const granted = await repo.accountModuleIds(accountId);
      const all = m.allModules || m.role === 'admin';
      const own = all ? undefined : new Set(await repo.memberModuleIds(m.id));
      const moduleIds = own ? granted.filter((id) => own.has(id)) : granted;
      return { ...toAccountUser(m), all_modules: all, access_module_ids: moduleIds.sort((a, b) => a - b) };
    },

    async invite(by: MemberContext, input: z.output<typeof InviteBody>, lang: Lang) {
      const moduleIds = input.access_module_ids && [...new Set(input.access_module_ids)];
      if (moduleIds) {
        const granted = new Set(await repo.accountModuleIds(by.accountId));
        const unknown = moduleIds.filter((id) => !granted.has(id));
        if (unknown.length) throw new BusinessRuleError('UNKNOWN_ACCESS_MODULE', { ids: unknown.join(', ') });
      }
      const names = await inviteNames(by.accountId, by.userId);
      // User, membership, code and email commit together: no member is left without an invite.
      const invited = await deps.db
        .$transaction(async (tx) => {
          const user = (await repo.findUserByEmail(input.email, tx)) ?? (await repo.createUser({ email: input.email, name: input.name }, tx));
          const existing = await repo.findMember(by.accountId, user.id, tx);
          if (existing) throw new ConflictError(existing.status === 'active' ? 'USER_ALREADY_MEMBER' : 'USER_ALREADY_INVITED');
          const row = await repo.createMembership(
            { accountId: by.accountId, userId: user.id, role: input.role, invitedById: by.userId, moduleIds },
            tx,
          );
          const outboxId = await recordInvite(
            { id: row.id, accountId: by.accountId, email: row.user.email, name: row.user.name, language: user.language },
            names,
            lang,
            tx,
          );
          return { row, outboxId };
        })
        .catch((err: unknown) => {
          // A simultaneous invite of the same person created the user or the membership first.
          if (isUniqueViolation(err)) throw new ConflictError('USER_ALREADY_INVITED');
          throw err;
        });
      await deps.email.dispatch(invited.outboxId);
      await deps.identity.forget(invited.row.user.id, by.accountId);
      return toAccountUser(invited.row);
    },

    async resendInvite(by: MemberContext, userId: number, lang: Lang) {
      const m = found(await repo.findMember(by.accountId, userId), 'USER_NOT_FOUND');
      if (m.status !== 'invited') throw new BusinessRuleError('INVITE_NOT_PENDING');
      const names = await inviteNames(by.accountId, by.userId);
      const outboxId = await deps.db.$transaction((tx) =>
        recordInvite({ id: m.id, accountId: by.accountId, email: m.user.email, name: m.user.name, language: m.user.language }, names, lang, tx),
      );
      await deps.email.dispatch(outboxId);
    },

    async changeRole(by: MemberContext, userId: number, role: 'admin' | 'manager' | 'operator') {
      const updated = await deps.db.$transaction(async (tx) => {
        await repo.lockAccountAdmins(by.accountId, tx);
        const m = found(await repo.findMember(by.accountId, userId, tx), 'USER_NOT_FOUND');
        if (m.role === 'admin' && role !== 'admin' && m.status === 'active' && (await repo.countAdmins(by.accountId, tx)) <= 1) {
          throw new BusinessRuleError('LAST_ADMIN');
        }
        await repo.setRole(by.accountId, userId, role, tx);
        return { ...m, role };
      });
      await deps.identity.forget(userId, by.accountId);
      return toAccountUser(updated);
    },

    async remove(by: MemberContext, userId: number) {
      if (userId === by.userId) throw new BusinessRuleError('CANNOT_REMOVE_SELF');
      await deps.db.$transaction(async (tx) => {
        await repo.lockAccountAdmins(by.accountId, tx);
        const m = found(await repo.findMember(by.accountId, userId, tx), 'USER_NOT_FOUND');
        if (m.role === 'admin' && m.status === 'active' && (await repo.countAdmins(by.accountId, tx)) <= 1) {
          throw new BusinessRuleError('LAST_ADMIN');
        }
        await repo.removeMember(by.accountId, userId, tx);
      });
      await deps.identity.forget(userId, by.accountId);
      await deps.realtime.disconnectMember(userId, by.accountId);
    },

    async validateInvite(code: string) {
      const invite = found(await repo.findValidInvite(hashCode(code)), 'INVITE_NOT_FOUND');
      const { membership } = invite;
      return {
        email: membership.user.email,
        name: membership.user.name,
        account_name: membership.account.name,
        user_exists: membership.user.passwordHash !== null,
        expires_at: invite.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts an invite: a new user sets name and password; an existing user proves who they
     * are with their password. Returns a session in the invited account.
     */
    async activateInvite(input: { code: string; name?: string; password: string }, ip: string) {
      const invite = await repo.findValidInvite(hashCode(input.code));
      if (!invite) throw new NotFoundError('INVITE_NOT_FOUND');
      const existingHash = invite.membership.user.passwordHash;
      if (existingHash) {
        // The same password guessing limits as sign-in: an invite must not be a side door.
        const email = invite.membership.user.email;
        await deps.throttle.assertAllowed(email, ip);
        if (!(await checkPassword(existingHash, input.password))) {
          await deps.throttle.recordFailure(email, ip);
          throw new BusinessRuleError('WRONG_PASSWORD');
        }
      }
      const newHash = existingHash ? undefined : await hashPassword(input.password);
      const activated = await deps.db.$transaction(async (tx) => {
        const membershipId = await repo.consumeInvite(hashCode(input.code), tx);
        if (!membershipId) throw new NotFoundError('INVITE_NOT_FOUND');
        if (newHash) await repo.updateUserCredentials(invite.membership.user.id, { passwordHash: newHash, ...(input.name ? { name: input.name } : {}) }, tx);
        return repo.activateMembership(membershipId, tx);
      });
      await deps.identity.forget(activated.user.id, activated.accountId);
      // A new user's name shows in the member lists of every account that invited them.
      if (newHash) await deps.identity.userChanged(activated.user.id);
      const user = { ...activated.user, name: input.name && newHash ? input.name : activated.user.name };
      await deps.notifications.notify({
        accountId: activated.accountId,
        kind: 'invite_accepted',
        title: 'Convite aceito',
        body: `${user.name} (${user.email}) aceitou o convite e já pode acessar a conta.`,
        link: '/users/list',
      });
      return deps.sessions.sessionFor(user, activated.accountId);
    },

    async getProfile(userId: number) {
      return toProfile(found(await repo.getProfile(userId), 'USER_NOT_FOUND'));
    },

    async updateProfile(userId: number, input: z.output<typeof UpdateProfileBody>) {
      const profile = await repo.updateProfile(userId, input);
      await deps.identity.userChanged(userId);
      return toProfile(profile);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
