import { jsonParserOf } from '../../lib/fast-path.ts';
import type { AppModule } from '../../lib/module.ts';
import { requestIdOf } from '../../lib/request-id.ts';
import { clientAddressOf, createPublicLimits } from '../../lib/public-limits.ts';
import { AD_SERVING_HEADERS, CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import { createAdApiSettingsRepo } from './ad-api-settings.repo.ts';
import { registerAdApiSettingsRoutes } from './ad-api-settings.routes.ts';
import { createAdApiSettingsService } from './ad-api-settings.service.ts';
import { createAdIndex, createRedisIndexBus, type AdIndex } from './ad-index.ts';
import { answerHeaders } from './answer-headers.ts';
import { registerApiKeyRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createAttribution } from './attribution.ts';
import { createBeaconFastPath } from './beacon-fast-path.ts';
import { registerBeaconRoutes } from './beacons.routes.ts';
import { createBeaconsService } from './beacons.service.ts';
import { registerConversionRoutes } from './conversions.routes.ts';
import { createConversionsService, type ConversionsService } from './conversions.service.ts';
import { createDecisionFastPath } from './decision-fast-path.ts';
import { createDecisionService } from './decision.service.ts';
import { createEventConsumer } from './event-consumer.ts';
import { createEventSigner } from './event-signing.ts';
import { createDatabaseEventStore, createRedisEventStore } from './event-store.ts';
import { registerIndexRefresh } from './index-refresh.ts';
import { createPublicAccess, registerPublicPreflight, type PublicAccess } from './publisher-gate.http.ts';
import { createPublisherGateRepo } from './publisher-gate.repo.ts';
import { createPublisherGate, createRedisGateBus, type PublisherGate } from './publisher-gate.ts';
import { createRequestStats, type RequestStats } from './request-stats.ts';
import { registerRmaRoutes } from './rma.routes.ts';

/**
 * Serving ads: the in-memory ad index (kept current by the retail-media writes registered after
 * this module), the public decision API and events behind the publisher gate (ceilings per IP and
 * publisher, allowed origins, the optional API key), its settings and keys, beacons and decisions
 * answered ahead of Fastify when plainly valid, conversions, and the counting of events and requests.
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
    const eventStore = redis ? createRedisEventStore(db, redis, config.redisPrefix) : createDatabaseEventStore(db);
    const beacons = createBeaconsService({ signer, store: eventStore });

    // The public gate, ahead of every /v1/rma and /v1/beacon route registered below.
    const gate = createPublisherGate({ repo: createPublisherGateRepo(db), bus: redis ? createRedisGateBus(redis, config.redisPrefix, log) : undefined, log });
    app.decorate('publisherGate', gate);
    const limits = createPublicLimits({ limits: config.publicRateLimit, redis, prefix: config.redisPrefix, log });
    const access = createPublicAccess({ gate, limits, clientAddress: clientAddressOf(config.trustProxy).address, beaconPublisher: beacons.publisherOf });
    app.decorate('publicAccess', access);
    access.register(app);
    registerPublicPreflight(app, { gate, beaconPublisher: beacons.publisherOf });
    registerAdApiSettingsRoutes(app, createAdApiSettingsService({ repo: createAdApiSettingsRepo(db), scopes, gate }));

    const decisions = createDecisionService({ index: adIndex, signer, appUrl: config.appUrl, requestStats });
    registerRmaRoutes(app, { decisions, apiKeys, scopes, gate });
    registerBeaconRoutes(app, beacons);
    const headers = answerHeaders({ requestId: requestIdOf, exposedHeaders: CORS_EXPOSED_HEADERS, securityHeaders: AD_SERVING_HEADERS });
    serveAhead('/v1/beacon/', createBeaconFastPath({ beacons, headers, access, parseJson: jsonParserOf(app) }));
    serveAhead('/v1/rma/', createDecisionFastPath({ decisions, apiKeys, headers, access, parseJson: jsonParserOf(app), bodyLimit: config.bodyLimit }));
    const conversions = createConversionsService({ db, publishers: { isActive: async (id) => (await gate.find(id)) !== null } });
    provide({ conversions });
    registerConversionRoutes(app, {
      conversions,
      apiKeys,
      // The publisher is known from the body: 404, its ceiling (429) and its allowed origins (403) are checked here.
      admit: async (request, reply, publisherId) => void (await access.admitPublisher(request, reply, publisherId)),
    });
    const eventConsumer = createEventConsumer(eventStore, { log, onCommitted: (touched) => adIndex.spendChanged(touched), attribution: createAttribution(db), db });
    app.decorate('eventConsumer', eventConsumer);

    if (config.runWorkers) eventConsumer.start();
    requestStats.start();
    // buildApp closes the queue, Redis and the database after this (onClose hooks run last-registered first): counting stops before them.
    app.addHook('onClose', async () => {
      await eventConsumer.stop();
      await requestStats.stop();
      await adIndex.close();
      await gate.close();
      limits.close();
    });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** For a module that changes what may be served other than through the watched routes: `invalidate`, `campaignsChanged`, … */
    adIndex: AdIndex;
    /** Orders reported for attribution: the publishers' sites (`POST /v1/beacon/conversion`) and the account's own orders. */
    conversions: ConversionsService;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The decision API's in-memory ad index; `settled()` waits for announced updates, `invalidate(publisherId)` after direct database writes. */
    adIndex: AdIndex;
    /** Decision requests counted per placement and hour; `flush()` writes them now. */
    requestStats: RequestStats;
    /**
     * Which publishers the public endpoints serve and how (publisher-gate.ts): `publisher(id)`
     * (404 PUBLISHER_NOT_FOUND), `checkOrigin(id, origin)` (403 ORIGIN_NOT_ALLOWED), `changed(id)`.
     */
    publisherGate: PublisherGate;
    /** The public endpoints' gate; `admitPublisher(request, reply, publisherId)` for a route that reads its publisher from the body (conversions). */
    publicAccess: PublicAccess;
  }
}
