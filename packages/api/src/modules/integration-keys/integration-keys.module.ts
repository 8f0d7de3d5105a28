import type { AppModule } from '../../lib/module.ts';
import { createReadCache } from '../../lib/cache.ts';
import { createIntegrationKeysRepo } from './integration-keys.repo.ts';
import { registerIntegrationKeyRoutes } from './integration-keys.routes.ts';
import { createIntegrationKeysService } from './integration-keys.service.ts';

/**
 * Integration keys of an account: an admin's personal access tokens, which the routes whose contract
 * has `apiKeyScope` (POST /api/order) accept in `x-api-key` through `app.integrationKeys` (lib/route.ts).
 */
export const integrationKeysModule: AppModule = {
  name: 'integration-keys',
  register(app, { db, cache }) {
    const keys = createIntegrationKeysService({
      repo: createIntegrationKeysRepo(db),
      reads: createReadCache(cache.versions, { max: 10_000 }),
      membership: (userId, accountId) => app.identity.activeMembership(userId, accountId),
    });
    app.decorate('integrationKeys', { authenticate: keys.authenticate });
    registerIntegrationKeyRoutes(app, keys);
  },
};
