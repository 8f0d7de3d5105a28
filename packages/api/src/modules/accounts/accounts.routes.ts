import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@backoffice/contracts';
import { JsonText, route } from '../../lib/route.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountRoutes(app: FastifyInstance, accounts: AccountsService) {
  route(app, accountRoutes.accountInfo, async ({ auth }) => new JsonText(await accounts.accountInfoJson(auth.userId, auth.accountId)));
  route(app, accountRoutes.changeAccount, ({ auth, body }) => accounts.changeAccount(auth.userId, body.account_id));
  route(app, accountRoutes.accessModules, async ({ auth }) => new JsonText(await accounts.accessModulesJson(auth)));
}
