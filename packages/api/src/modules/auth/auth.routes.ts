import type { FastifyInstance } from 'fastify';
import { authRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  route(app, authRoutes.authenticate, ({ body, request }) => auth.authenticate(body, request.ip));

  route(app, authRoutes.passwordRecovery, async ({ body, request }) => {
    await auth.requestRecovery(body.email, request.lang);
    return { message: translate('PASSWORD_RECOVERY_SENT', request.lang) };
  });

  route(app, authRoutes.updatePassword, async ({ body, request }) => {
    await auth.updatePassword(body.code, body.password);
    return { message: translate('PASSWORD_UPDATED', request.lang) };
  });

  route(app, authRoutes.changePassword, async ({ body, auth: who, request }) => {
    await auth.changePassword(who.userId, body.current_password, body.new_password);
    return { message: translate('PASSWORD_UPDATED', request.lang) };
  });
}
