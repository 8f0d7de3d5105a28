import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerOptions } from 'node:http';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { createMemoryCache, createRedisCache, type Cache } from './lib/cache.ts';
import { createBullQueue, createMemoryQueue, type JobQueue } from './lib/queue.ts';
import errorsPlugin from './plugins/errors.ts';
import dbPlugin from './plugins/db.ts';
import identityPlugin from './plugins/identity.ts';
import realtimePlugin from './plugins/realtime.ts';
import securityPlugin, { AD_SERVING_HEADERS, CORS_EXPOSED_HEADERS } from './plugins/security.ts';
import openapiPlugin from './plugins/openapi.ts';
import spaPlugin from './plugins/spa.ts';
import { createMembershipRepo } from './modules/accounts/membership.repo.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { createEmailRepo } from './modules/email/email.repo.ts';
import { createEmailService } from './modules/email/email.service.ts';
import { registerEmailJobs } from './modules/email/email.jobs.ts';
import { createLocalTransport, createSmtpTransport, type EmailTransport } from './modules/email/email.transport.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPromotionsRepo } from './modules/promotions/promotions.repo.ts';
import { createPromotionsService } from './modules/promotions/promotions.service.ts';
import { registerPromotionRoutes } from './modules/promotions/promotions.routes.ts';
import { createFlyersRepo } from './modules/flyers/flyers.repo.ts';
import { createFlyersService } from './modules/flyers/flyers.service.ts';
import { createFlyerMedia } from './modules/flyers/flyer-media.ts';
import { registerFlyerRoutes } from './modules/flyers/flyers.routes.ts';
import { createWalletsRepo } from './modules/wallets/wallets.repo.ts';
import { createWalletsService } from './modules/wallets/wallets.service.ts';
import { registerWalletRoutes } from './modules/wallets/wallets.routes.ts';
import { registerAds } from './modules/ads/ads.routes.ts';
import { createCampaignsRepo } from './modules/campaigns/campaigns.repo.ts';
import { createCampaignsService } from './modules/campaigns/campaigns.service.ts';
import { registerCampaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { createRmReportsRepo } from './modules/rm-reports/rm-reports.repo.ts';
import { createRmReportsService } from './modules/rm-reports/rm-reports.service.ts';
import { createRmReportDownloads } from './modules/rm-reports/rm-reports.download.ts';
import { registerRmReportRoutes } from './modules/rm-reports/rm-reports.routes.ts';
import { createRmScopes } from './modules/retail-media/scope.ts';
import { createAudiencesRepo } from './modules/audiences/audiences.repo.ts';
import { createAudiencesService } from './modules/audiences/audiences.service.ts';
import { registerAudienceRoutes } from './modules/audiences/audiences.routes.ts';
import { createConfigurationRepo } from './modules/retail-config/configuration.repo.ts';
import { createConfigurationService } from './modules/retail-config/configuration.service.ts';
import { registerConfigurationRoutes } from './modules/retail-config/configuration.routes.ts';
import { createPartnersRepo } from './modules/retail-config/partners.repo.ts';
import { createPartnersService } from './modules/retail-config/partners.service.ts';
import { registerPartnerRoutes } from './modules/retail-config/partners.routes.ts';
import { createAdIndex, createRedisIndexBus, type AdIndex } from './modules/ad-serving/ad-index.ts';
import { registerIndexRefresh } from './modules/ad-serving/index-refresh.ts';
import { createRequestStats, type RequestStats } from './modules/ad-serving/request-stats.ts';
import { createDecisionService } from './modules/ad-serving/decision.service.ts';
import { createEventSigner } from './modules/ad-serving/event-signing.ts';
import { registerRmaRoutes } from './modules/ad-serving/rma.routes.ts';
import { createDatabaseEventStore, createRedisEventStore } from './modules/ad-serving/event-store.ts';
import { createBeaconsService } from './modules/ad-serving/beacons.service.ts';
import { registerBeaconRoutes } from './modules/ad-serving/beacons.routes.ts';
import { createBeaconFastPath } from './modules/ad-serving/beacon-fast-path.ts';
import { createDecisionFastPath } from './modules/ad-serving/decision-fast-path.ts';
import { answerHeaders } from './modules/ad-serving/answer-headers.ts';
import { byPrefix, type FastPath } from './lib/fast-path.ts';
import { createEventConsumer } from './modules/ad-serving/event-consumer.ts';
import { registerConversionRoutes } from './modules/ad-serving/conversions.routes.ts';
import { createConversionsService } from './modules/ad-serving/conversions.service.ts';
import { createAttribution } from './modules/ad-serving/attribution.ts';
import { createApiKeysService } from './modules/ad-serving/api-keys.service.ts';
import { registerApiKeyRoutes } from './modules/ad-serving/api-keys.routes.ts';
import { createLocalMediaStorage, localMediaRoot } from './lib/media-storage.ts';
import mediaPlugin from './plugins/media.ts';
import { createMetricsRepo } from './modules/promotions/metrics.repo.ts';
import { createMetricsService } from './modules/promotions/metrics.service.ts';
import { registerPromotionMetricsRoutes } from './modules/promotions/metrics.routes.ts';
import { createRedemptionsRepo } from './modules/promotions/redemptions.repo.ts';
import { createRedemptionsService } from './modules/promotions/redemptions.service.ts';
import { registerPricingRoutes } from './modules/promotions/pricing.routes.ts';
import { createCatalogRepo } from './modules/catalog/catalog.repo.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createLocationsRepo } from './modules/locations/locations.repo.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';

/** The request id: the caller's x-request-id when it is an acceptable one, else a new one. */
const requestIdOf = (req: IncomingMessage) => {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
};

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

export interface BuildOptions {
  /** An already-open database (tests, or server.ts after migrating); otherwise one is opened from config. */
  database?: Database;
  /** Replaces the email transport chosen from config (tests may pass a failing one). */
  emailTransport?: EmailTransport;
  logger?: boolean;
}

/** Builds the whole API as a Fastify instance, without listening. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // The ad-serving fast paths answer plainly valid decisions and beacons ahead of Fastify (set once their services exist).
  const fast: { path?: FastPath } = {};
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: requestIdOf,
    serverFactory: (handler, fastifyOptions) => {
      // As Fastify builds its HTTP/1 server (its options resolved to its defaults), with the fast path first.
      const options = fastifyOptions as { http?: ServerOptions; keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number; maxRequestsPerSocket?: number };
      const server = createServer(options.http ?? {}, (req, res) => {
        if (fast.path) fast.path(req, res, handler);
        else handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    bodyLimit: config.bodyLimit,
    // `/api/user/` (the spec's path) and `/api/user` are one route; the OpenAPI document shows the latter.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy:
      typeof config.trustProxy === 'number' ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    // plugins/security.ts answers requests that arrive while closing with the 503 envelope.
    return503OnClosing: false,
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await createDatabase(config));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false }) : undefined;
  const cache: Cache = redis ? createRedisCache(redis, config.redisPrefix) : createMemoryCache();
  const queue: JobQueue = config.redisUrl
    ? createBullQueue(config.redisUrl, config.redisPrefix, app.log, { backoffMs: config.jobBackoffMs })
    : createMemoryQueue(app.log, { backoffMs: config.jobBackoffMs });
  app.decorate('queue', queue);
  app.decorate('cache', cache);

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database });
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    rateLimitMax: config.rateLimitMax,
    redis,
    prefix: config.redisPrefix,
  });
  await app.register(identityPlugin, { secret: config.jwtSecret, expiresIn: config.jwtExpiresIn, cache });
  await app.register(realtimePlugin, { redis, prefix: config.redisPrefix });
  await app.register(openapiPlugin, { version: config.version, appUrl: config.appUrl });

  const db = database.prisma;
  const emailRepo = createEmailRepo(db);
  const email = createEmailService({ repo: emailRepo, queue });
  const transport = opts.emailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createLocalTransport());
  const memberships = createMembershipRepo(db);
  const notifications = createNotificationsService({ db, realtime: app.realtime });
  const throttle = createLoginThrottle(cache, config.login);
  const auth = createAuthService({
    db,
    repo: createAuthRepo(db),
    memberships,
    identity: app.identity,
    throttle,
    email,
    appUrl: config.appUrl,
  });
  const users = createUsersService({
    db,
    repo: createUsersRepo(db),
    email,
    identity: app.identity,
    realtime: app.realtime,
    throttle,
    notifications,
    sessions: auth,
    appUrl: config.appUrl,
  });
  const accounts = createAccountsService({ repo: createAccountsRepo(db), memberships, identity: app.identity });

  registerSystemRoutes(app, { config, cache, redisConfigured: Boolean(redis) });
  registerAuthRoutes(app, auth);
  registerUserRoutes(app, users);
  registerAccountRoutes(app, accounts);
  registerPromotionRoutes(app, createPromotionsService({ repo: createPromotionsRepo(db) }));
  const mediaRoot = await localMediaRoot(config.dataDir);
  const mediaStorage = createLocalMediaStorage(mediaRoot.root);
  await app.register(mediaPlugin, mediaRoot);
  registerFlyerRoutes(
    app,
    createFlyersService({ repo: createFlyersRepo(db), storage: mediaStorage }),
    createFlyerMedia({ storage: mediaStorage, maxBytes: config.mediaMaxBytes }),
  );
  registerPromotionMetricsRoutes(app, createMetricsService({ repo: createMetricsRepo(db) }));
  registerPricingRoutes(app, createRedemptionsService({ db, repo: createRedemptionsRepo(db) }));
  registerCatalogRoutes(app, createCatalogService({ repo: createCatalogRepo(db) }), createLocationsRepo(db));
  registerWalletRoutes(app, createWalletsService({ repo: createWalletsRepo(db) }));
  const rmScopes = createRmScopes(db);
  // The ad index hears of every retail-media write below (the hook must precede those routes).
  const adIndex = createAdIndex(db, { bus: redis ? createRedisIndexBus(redis, config.redisPrefix, app.log) : undefined, log: app.log });
  app.decorate('adIndex', adIndex);
  registerIndexRefresh(app, adIndex);
  registerAudienceRoutes(app, createAudiencesService({ repo: createAudiencesRepo(db), scopes: rmScopes }));
  registerConfigurationRoutes(app, createConfigurationService({ db, repo: createConfigurationRepo(db), scopes: rmScopes }));
  registerPartnerRoutes(app, createPartnersService({ db, repo: createPartnersRepo(db), scopes: rmScopes }));
  registerAds(app, { db, storage: mediaStorage, maxBytes: config.mediaMaxBytes });
  registerCampaignRoutes(app, createCampaignsService({ db, repo: createCampaignsRepo(db) }));
  const rmReports = createRmReportsService({ repo: createRmReportsRepo(db), scopes: rmScopes });
  registerRmReportRoutes(app, rmReports, createRmReportDownloads(rmReports));
  const apiKeys = createApiKeysService({ db, scopes: rmScopes });
  registerApiKeyRoutes(app, apiKeys);
  const requestStats = createRequestStats(db, { log: app.log });
  app.decorate('requestStats', requestStats);
  // One signer for the event URLs: decisions sign them, beacons open them.
  const signer = createEventSigner(config.jwtSecret);
  const decisions = createDecisionService({ index: adIndex, signer, appUrl: config.appUrl, requestStats });
  registerRmaRoutes(app, { decisions, apiKeys, scopes: rmScopes });
  const eventStore = redis ? createRedisEventStore(db, redis, config.redisPrefix) : createDatabaseEventStore(db);
  const beacons = createBeaconsService({ signer, store: eventStore });
  registerBeaconRoutes(app, beacons);
  const headers = answerHeaders({ requestId: requestIdOf, corsOrigins: config.corsOrigins, exposedHeaders: CORS_EXPOSED_HEADERS, securityHeaders: AD_SERVING_HEADERS });
  fast.path = byPrefix(
    {
      '/v1/beacon/': createBeaconFastPath({ beacons, headers }),
      '/v1/rma/': createDecisionFastPath({ decisions, apiKeys, headers, parseJson: jsonParserOf(app), bodyLimit: config.bodyLimit }),
    },
    { closing: () => app.isClosing() },
  );
  registerConversionRoutes(app, { conversions: createConversionsService({ db }), apiKeys });
  const eventConsumer = createEventConsumer(eventStore, { log: app.log, onCommitted: (touched) => adIndex.spendChanged(touched), attribution: createAttribution(db), db });
  app.decorate('eventConsumer', eventConsumer);
  await app.register(spaPlugin, { webDist: config.webDist });

  await registerEmailJobs(queue, { repo: emailRepo, transport });
  if (config.runWorkers) await queue.start();

  // One hook closes the shared resources in dependency order: jobs, then Redis, then the database.
  app.addHook('onClose', async () => {
    await queue.close();
    await redis?.quit();
    if (!opts.database) await database.close();
  });
  // Registered after the hook above, so it runs first (onClose hooks run in reverse): counting stops before Redis and the database close.
  if (config.runWorkers) eventConsumer.start();
  requestStats.start();
  app.addHook('onClose', async () => {
    await eventConsumer.stop();
    await requestStats.stop();
    await adIndex.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
    cache: Cache;
    /** The decision API's in-memory ad index; `settled()` waits for announced updates, `invalidate(publisherId)` after direct database writes. */
    adIndex: AdIndex;
    /** Decision requests counted per placement and hour; `flush()` writes them now. */
    requestStats: RequestStats;
  }
}
