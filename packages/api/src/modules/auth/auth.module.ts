import type { AppModule } from '../../lib/module.ts';
import { createAuthRepo } from './auth.repo.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';

/** Sign-in, sessions and passwords; its sessions and login throttle serve the users module too. */
export const authModule: AppModule = {
  name: 'auth',
  register(app, { db, cache, config, services, provide }) {
    const throttle = createLoginThrottle(cache, config.login);
    const auth = createAuthService({
      db,
      repo: createAuthRepo(db),
      memberships: services.memberships,
      identity: app.identity,
      throttle,
      email: services.email,
      appUrl: config.appUrl,
    });
    provide({ sessions: auth, loginThrottle: throttle });
    registerAuthRoutes(app, auth);
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    sessions: AuthService;
    loginThrottle: LoginThrottle;
  }
}
