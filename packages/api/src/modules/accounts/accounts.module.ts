import type { AppModule } from '../../lib/module.ts';
import { createAccountsRepo } from './accounts.repo.ts';
import { registerAccountRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';
import { createMembershipRepo, type MembershipRepo } from './membership.repo.ts';

/** Accounts, their access modules and the memberships that sign-in and switching accounts read. */
export const accountsModule: AppModule = {
  name: 'accounts',
  register(app, { db, provide }) {
    const memberships = createMembershipRepo(db);
    provide({ memberships });
    registerAccountRoutes(app, createAccountsService({ repo: createAccountsRepo(db), memberships, identity: app.identity }));
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    memberships: MembershipRepo;
  }
}
