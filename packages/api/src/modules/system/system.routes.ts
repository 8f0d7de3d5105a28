import type { FastifyInstance } from 'fastify';
import { systemRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { AppConfig } from '../../config.ts';
import type { Cache } from '../../lib/cache.ts';

const READY_CHECK_TIMEOUT_MS = 2_000;

/**
 * Resolves to 'up' or 'down' within `ms`: a dependency that does not answer is down (ioredis
 * queues commands while disconnected and a blackholed database never refuses, so a probe could
 * otherwise hang for as long as the outage lasts).
 */
async function probe(check: () => Promise<unknown>, ms: number): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), ms);
  });
  const result = check().then(
    (ok) => (ok === false ? ('down' as const) : ('up' as const)),
    () => 'down' as const,
  );
  try {
    return await Promise.race([result, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { config: AppConfig; cache: Cache; redisConfigured: boolean; checkTimeoutMs?: number },
) {
  const ms = deps.checkTimeoutMs ?? READY_CHECK_TIMEOUT_MS;

  route(app, systemRoutes.health, async () => ({ status: 'ok' as const }));

  route(app, systemRoutes.ready, async ({ reply }) => {
    const [database, redis] = await Promise.all([
      probe(() => app.database.sql.query('SELECT 1'), ms),
      deps.redisConfigured ? probe(() => deps.cache.ping(), ms) : Promise.resolve('not_configured' as const),
    ]);
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
    map: { tile_url: deps.config.mapTiles.url, attribution: deps.config.mapTiles.attribution },
  }));
}
