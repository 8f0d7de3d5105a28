import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { AppConfig } from '../../config.ts';
import type { Cache } from '../../lib/cache.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: { config: AppConfig; cache: Cache; redisConfigured: boolean }) {
  route(app, systemRoutes.health, async () => ({ status: 'ok' as const }));

  route(app, systemRoutes.ready, async ({ reply }) => {
    const database = await app.database.sql.query('SELECT 1').then(() => 'up' as const, () => 'down' as const);
    const redis = !deps.redisConfigured
      ? ('not_configured' as const)
      : await deps.cache.ping().then((ok) => (ok ? ('up' as const) : ('down' as const)), () => 'down' as const);
    const ready = database === 'up' && redis !== 'down';
    if (!ready) reply.code(503);
    return { status: ready ? ('ready' as const) : ('unavailable' as const), checks: { database, redis } };
  });

  route(app, systemRoutes.appInfo, async () => ({
    name: deps.config.appName,
    version: deps.config.version,
    environment: deps.config.env,
    languages: ['pt-BR', 'en'],
    configuring_platform: {
      active: Boolean(deps.config.configuringPlatformMessage),
      message: deps.config.configuringPlatformMessage ?? null,
    },
  }));
}
