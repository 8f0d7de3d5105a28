import type { AppModule } from '../../lib/module.ts';
import { createUsersRepo } from './users.repo.ts';
import { registerUserRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** An account's users: invitations, roles, access modules, profiles. */
export const usersModule: AppModule = {
  name: 'users',
  register(app, { db, config, realtime, services }) {
    const users = createUsersService({
      db,
      repo: createUsersRepo(db),
      email: services.email,
      identity: app.identity,
      realtime,
      throttle: services.loginThrottle,
      notifications: services.notifications,
      sessions: services.sessions,
      appUrl: config.appUrl,
    });
    registerUserRoutes(app, users);
  },
};
