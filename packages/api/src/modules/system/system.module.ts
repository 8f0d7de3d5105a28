import type { AppModule } from '../../lib/module.ts';
import { registerSystemRoutes } from './system.routes.ts';

/** Health, readiness and the app's public information. */
export const systemModule: AppModule = {
  name: 'system',
  register(app, { config, cache, redis }) {
    registerSystemRoutes(app, { config, cache, redisConfigured: Boolean(redis) });
  },
};
