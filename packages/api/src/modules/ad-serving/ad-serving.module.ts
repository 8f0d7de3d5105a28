import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/module.ts';
import { requestIdOf } from '../../lib/request-id.ts';
import { AD_SERVING_HEADERS, CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import { createAdIndex, createRedisIndexBus, type AdIndex } from './ad-index.ts';
import { answerHeaders } from './answer-headers.ts';
import { registerApiKeyRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createAttribution } from './attribution.ts';
import { createBeaconFastPath } from './beacon-fast-path.ts';
import { registerBeaconRoutes } from './beacons.routes.ts';
import { createBeaconsService } from './beacons.service.ts';
import { registerConversionRoutes } from './conversions.routes.ts';
import { createConversionsService } from './conversions.service.ts';
import { createDecisionFastPath } from './decision-fast-path.ts';
import { createDecisionService } from './decision.service.ts';
import { createEventConsumer } from './event-consumer.ts';
import { createEventSigner } from './event-signing.ts';
import { createDatabaseEventStore, createRedisEventStore } from './event-store.ts';
import { registerIndexRefresh } from './index-refresh.ts';
import { createRequestStats, type RequestStats } from './request-stats.ts';
import { registerRmaRoutes } from './rma.routes.ts';

/** Fastify's own JSON body parser (prototype poisoning rejected, as the app's routes parse) as a plain function: throws what it rejects. */
const jsonParserOf = (app: FastifyInstance) => {
  const parser = app.getDefaultJsonParser('error', 'error') as unknown as (req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => void;
  return (text: string) => {
    let result: { err: Error | null; value?: unknown } | undefined;
    parser(undefined, text, (err, value) => (result = { err, value }));
    if (!result || result.err) throw result?.err ?? new Error('the JSON parser did not answer at once');
    return result.value;
  };
};

/**
 * Serving ads: the in-memory ad index (kept current by the retail-media writes registered after
 * this module), the decision API and its publisher keys, beacons and conversions (both answered
 * ahead of Fastify when plainly valid), and the counting of events and requests.
 */
export const adServingModule: AppModule = {
  name: 'ad-serving',
  register(app, { db, redis, config, log, services, provide, serveAhead }) {
    const scopes = services.rmScopes;
    const adIndex = createAdIndex(db, { bus: redis ? createRedisIndexBus(redis, config.redisPrefix, log) : undefined, log });
    app.decorate('adIndex', adIndex);
    provide({ adIndex });
    registerIndexRefresh(app, adIndex);
    const apiKeys = createApiKeysService({ db, scopes });
    registerApiKeyRoutes(app, apiKeys);
    const requestStats = createRequestStats(db, { log });
    app.decorate('requestStats', requestStats);
    // One signer for the event URLs: decisions sign them, beacons open them.
    const signer = createEventSigner(config.jwtSecret);
    const decisions = createDecisionService({ index: adIndex, signer, appUrl: config.appUrl, requestStats });
    registerRmaRoutes(app, { decisions, apiKeys, scopes });
    const eventStore = redis ? createRedisEventStore(db, redis, config.redisPrefix) : createDatabaseEventStore(db);
    const beacons = createBeaconsService({ signer, store: eventStore });
    registerBeaconRoutes(app, beacons);
    const headers = answerHeaders({ requestId: requestIdOf, corsOrigins: config.corsOrigins, exposedHeaders: CORS_EXPOSED_HEADERS, securityHeaders: AD_SERVING_HEADERS });
    serveAhead('/v1/beacon/', createBeaconFastPath({ beacons, headers }));
    serveAhead('/v1/rma/', createDecisionFastPath({ decisions, apiKeys, headers, parseJson: jsonParserOf(app), bodyLimit: config.bodyLimit }));
    registerConversionRoutes(app, { conversions: createConversionsService({ db }), apiKeys });
    const eventConsumer = createEventConsumer(eventStore, { log, onCommitted: (touched) => adIndex.spendChanged(touched), attribution: createAttribution(db), db });
    app.decorate('eventConsumer', eventConsumer);

    if (config.runWorkers) eventConsumer.start();
    requestStats.start();
    // buildApp closes the queue, Redis and the database after this (onClose hooks run last-registered first): counting stops before them.
    app.addHook('onClose', async () => {
      await eventConsumer.stop();
      await requestStats.stop();
      await adIndex.close();
    });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** For a module that changes what may be served other than through the watched routes: `invalidate`, `campaignsChanged`, … */
    adIndex: AdIndex;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The decision API's in-memory ad index; `settled()` waits for announced updates, `invalidate(publisherId)` after direct database writes. */
    adIndex: AdIndex;
    /** Decision requests counted per placement and hour; `flush()` writes them now. */
    requestStats: RequestStats;
  }
}
