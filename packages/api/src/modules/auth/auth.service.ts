import type { z } from 'zod';
import type { Session } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { BusinessRuleError, ForbiddenError, UnauthorizedError, found } from '../../lib/errors.ts';
import { checkPassword, hashCode, hashPassword, newCode } from '../../lib/password.ts';
import type { Lang } from '../../i18n/messages.ts';
import type { Identity } from '../../plugins/identity.ts';
import type { MembershipRepo } from '../accounts/membership.repo.ts';
import { toAccountSummary } from '../accounts/accounts.mappers.ts';
import type { EmailService } from '../email/email.service.ts';
import { passwordRecoveryEmail } from '../email/email.templates.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { LoginThrottle } from './login-throttle.ts';

export const RESET_CODE_MINUTES = 60;

interface Deps {
  db: Db;
  repo: AuthRepo;
  memberships: MembershipRepo;
  identity: Pick<Identity, 'signToken' | 'userChanged'>;
  throttle: LoginThrottle;
  email: EmailService;
  appUrl: string;
  clock?: () => Date;
}

type SessionUserRow = { id: number; name: string; email: string; language: string; isPlatformOperator: boolean };

/** Sign-in, sessions and passwords. */
export function createAuthService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());

  async function sessionFor(user: SessionUserRow, accountId: number): Promise<z.input<typeof Session>> {
    const account = found(await deps.repo.findAccount(accountId), 'ACCOUNT_NOT_FOUND');
    return {
      token: deps.identity.signToken(user.id, accountId),
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        language: user.language,
        is_platform_operator: user.isPlatformOperator,
      },
      account: toAccountSummary(account),
    };
  }

  return {
    sessionFor,

    /** Wrong password and unknown email answer alike, in similar time; failures are throttled. */
    async authenticate(input: { email: string; password: string }, ip: string) {
      await deps.throttle.assertAllowed(input.email, ip);
      const user = await deps.repo.findUserByEmail(input.email);
      const ok = await checkPassword(user?.passwordHash, input.password);
      if (!user || !ok) {
        await deps.throttle.recordFailure(input.email, ip);
        throw new UnauthorizedError('INVALID_CREDENTIALS');
      }
      await deps.throttle.recordSuccess(input.email);
      const membership = await deps.memberships.findFirstActive(user.id);
      if (!membership) throw new ForbiddenError('NO_ACTIVE_ACCOUNT');
      await deps.repo.touchLogin(user.id);
      // The sign-in time shows in the member lists of the user's accounts.
      await deps.identity.userChanged(user.id);
      return sessionFor(user, membership.account.id);
    },

    /** Always answers the same; mails a single-use code only when the email is known. */
    async requestRecovery(email: string, lang: Lang) {
      const user = await deps.repo.findUserByEmail(email);
      if (!user) return;
      const code = newCode();
      const expiresAt = new Date(now().getTime() + RESET_CODE_MINUTES * 60_000);
      const mail = passwordRecoveryEmail({
        lang: user.language === 'en' ? 'en' : lang,
        name: user.name,
        url: `${deps.appUrl}/reset-password?code=${code}`,
        minutes: RESET_CODE_MINUTES,
      });
      const outboxId = await deps.db.$transaction(async (tx) => {
        await deps.repo.createResetCode(user.id, hashCode(code), expiresAt, tx);
        return deps.email.record({ kind: 'password_recovery', to: user.email, ...mail }, tx);
      });
      await deps.email.dispatch(outboxId);
    },

    /** Sets a new password with a reset code: single use, even under concurrent requests. */
    async updatePassword(code: string, password: string) {
      const passwordHash = await hashPassword(password);
      await deps.db.$transaction(async (tx) => {
        const userId = await deps.repo.consumeResetCode(hashCode(code), tx);
        if (!userId) throw new BusinessRuleError('RESET_CODE_INVALID');
        await deps.repo.setPassword(userId, passwordHash, tx);
        await deps.repo.voidResetCodes(userId, tx);
      });
    },

    /** Changes the signed-in user's password after checking the current one. */
    async changePassword(userId: number, current: string, next: string) {
      const user = found(await deps.repo.findUserById(userId), 'USER_NOT_FOUND');
      if (!(await checkPassword(user.passwordHash, current))) throw new BusinessRuleError('WRONG_CURRENT_PASSWORD');
      const passwordHash = await hashPassword(next);
      await deps.db.$transaction(async (tx) => {
        await deps.repo.setPassword(userId, passwordHash, tx);
        // A reset link mailed before the change must not be able to undo it.
        await deps.repo.voidResetCodes(userId, tx);
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
