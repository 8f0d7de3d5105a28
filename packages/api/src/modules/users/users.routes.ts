import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@backoffice/contracts';
import { JsonText, route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { UsersService } from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, users: UsersService) {
  route(app, userRoutes.getProfile, ({ auth }) => users.getProfile(auth.userId));
  route(app, userRoutes.updateProfile, ({ auth, body }) => users.updateProfile(auth.userId, body));
  route(app, userRoutes.validateInvite, ({ params }) => users.validateInvite(params.code));
  route(app, userRoutes.activateInvite, ({ body, request }) => users.activateInvite(body, request.ip));

  route(app, userRoutes.list, async ({ auth, query }) => new JsonText(await users.listJson(auth.accountId, query)));
  route(app, userRoutes.get, ({ auth, params }) => users.get(auth.accountId, params.id));
  route(app, userRoutes.invite, ({ auth, body, request }) => users.invite(auth, body, request.lang));
  route(app, userRoutes.resendInvite, async ({ auth, params, request }) => {
    await users.resendInvite(auth, params.id, request.lang);
    return { message: translate('INVITE_RESENT', request.lang) };
  });
  route(app, userRoutes.changeRole, ({ auth, body }) => users.changeRole(auth, body.user_id, body.role));
  route(app, userRoutes.remove, async ({ auth, params, request }) => {
    await users.remove(auth, params.id);
    return { message: translate('USER_REMOVED', request.lang) };
  });
}
