import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { createServer, type ServerOptions } from 'node:http';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { createMemoryCache, createRedisCache, type Cache } from './lib/cache.ts';
import { byPrefix, type FastPath } from './lib/fast-path.ts';
import { clientAddressOf } from './lib/public-limits.ts';
import { createLocalMediaStorage, localMediaRoot } from './lib/media-storage.ts';
import { createModuleServices, registerModules, type ModuleDeps } from './lib/module.ts';
import { createBullQueue, createMemoryQueue, type JobQueue } from './lib/queue.ts';
import { APP_REDIS_OPTIONS, throttledRedisErrorLog } from './lib/redis.ts';
import { requestIdOf } from './lib/request-id.ts';
import errorsPlugin from './plugins/errors.ts';
import { answerFrameworkError } from './plugins/framework-errors.ts';
import responseContractPlugin from './plugins/response-contract.ts';
import inputTextPlugin from './plugins/input-text.ts';
import dbPlugin from './plugins/db.ts';
import identityPlugin from './plugins/identity.ts';
import realtimePlugin from './plugins/realtime.ts';
import securityPlugin from './plugins/security.ts';
import openapiPlugin from './plugins/openapi.ts';
import mediaPlugin from './plugins/media.ts';
import spaPlugin from './plugins/spa.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { adServingModule } from './modules/ad-serving/ad-serving.module.ts';
import { adsModule } from './modules/ads/ads.module.ts';
import { audiencesModule } from './modules/audiences/audiences.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { campaignsModule } from './modules/campaigns/campaigns.module.ts';
import { catalogModule } from './modules/catalog/catalog.module.ts';
import { chatsModule } from './modules/chats/chats.module.ts';
import { customersModule } from './modules/customers/customers.module.ts';
import { messagingModule } from './modules/messaging/messaging.module.ts';
import { messagingCampaignsModule } from './modules/messaging-campaigns/messaging-campaigns.module.ts';
import { productImportsModule } from './modules/product-imports/product-imports.module.ts';
import { shoppingCartsModule } from './modules/shopping-carts/shopping-carts.module.ts';
import { integrationKeysModule } from './modules/integration-keys/integration-keys.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { orderAnalyticsModule } from './modules/order-analytics/order-analytics.module.ts';
import { salesDashboardModule } from './modules/sales-dashboard/sales-dashboard.module.ts';
import { analyticsModule } from './modules/analytics/analytics.module.ts';
import { analyticsEngineModule } from './modules/analytics-engine/analytics-engine.module.ts';
import { orderAttributionModule } from './modules/order-attribution/order-attribution.module.ts';
import { paymentsModule } from './modules/payments/payments.module.ts';
import { paymentHubModule } from './modules/payment-hub/payment-hub.module.ts';
import { deliveryHubModule } from './modules/delivery-hub/delivery-hub.module.ts';
import { geocodingModule } from './modules/geocoding/geocoding.module.ts';
import { operatorsModule } from './modules/operators/operators.module.ts';
import { regionsModule } from './modules/regions/regions.module.ts';
import { slotsModule } from './modules/slots/slots.module.ts';
import { emailModule, type EmailTransport } from './modules/email/email.module.ts';
import { flyersModule } from './modules/flyers/flyers.module.ts';
import { tradeModule } from './modules/trade/trade.module.ts';
import { locationsModule } from './modules/locations/locations.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { promotionsModule } from './modules/promotions/promotions.module.ts';
import { retailConfigModule } from './modules/retail-config/retail-config.module.ts';
import { retailMediaModule } from './modules/retail-media/retail-media.module.ts';
import { rmReportsModule } from './modules/rm-reports/rm-reports.module.ts';
import { systemModule } from './modules/system/system.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { walletsModule } from './modules/wallets/wallets.module.ts';
import { tvDevicesModule } from './modules/tv-devices/tv-devices.module.ts';
import { erpIntegrationModule } from './modules/erp-integration/erp-integration.module.ts';

export interface BuildOptions {
  /** An already-open database (tests, or server.ts after migrating); otherwise one is opened from config. */
  database?: Database;
  /** Replaces the email transport chosen from config (tests may pass a failing one). */
  emailTransport?: EmailTransport;
  logger?: boolean;
}

/** Builds the whole API as a Fastify instance, without listening. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // The fast paths the modules serve ahead of Fastify (ad-serving's decisions and beacons), set once the modules are registered.
  const fast: { path?: FastPath } = {};
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // One log line per request, when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
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
    // A long path value reaches its route's schema (a 400 naming the field) rather than the router's 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The router's own refusals (a path not UTF-8 once decoded, a segment over maxParamLength) get the error envelope too.
    frameworkErrors: answerFrameworkError,
    // The same reading of X-Forwarded-For as the public gate's ahead of Fastify (lib/public-limits.ts).
    trustProxy: clientAddressOf(config.trustProxy).option,
    // plugins/security.ts answers requests that arrive while closing with the 503 envelope.
    return503OnClosing: false,
    ajv: undefined,
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await createDatabase(config));
  const redis = config.redisUrl ? new Redis(config.redisUrl, APP_REDIS_OPTIONS) : undefined;
  redis?.on('error', throttledRedisErrorLog(app.log, 'app Redis client'));
  const cache: Cache = redis ? createRedisCache(redis, config.redisPrefix) : createMemoryCache();
  const queue: JobQueue = config.redisUrl
    ? createBullQueue(config.redisUrl, config.redisPrefix, app.log, { backoffMs: config.jobBackoffMs })
    : createMemoryQueue(app.log, { backoffMs: config.jobBackoffMs });
  app.decorate('queue', queue);
  app.decorate('cache', cache);

  await app.register(errorsPlugin);
  if (config.responseContract.check) await app.register(responseContractPlugin, { file: config.responseContract.file });
  await app.register(inputTextPlugin);
  await app.register(dbPlugin, { database });
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    rateLimitMax: config.rateLimitMax,
    redis,
    prefix: config.redisPrefix,
  });
  await app.register(identityPlugin, { secret: config.jwtSecret, expiresIn: config.jwtExpiresIn, cache });
  await app.register(realtimePlugin, { redis, prefix: config.redisPrefix });
  await app.register(openapiPlugin, { version: config.version });

  const mediaRoot = await localMediaRoot(config.dataDir);
  await app.register(mediaPlugin, mediaRoot);

  // One hook closes the shared resources in dependency order: jobs, then Redis, then the database.
  // Registered before the modules, so it runs after theirs (onClose hooks run last-registered first).
  app.addHook('onClose', async () => {
    await queue.close();
    await redis?.quit();
    if (!opts.database) await database.close();
  });

  const fastPaths: Record<string, FastPath> = {};
  const deps: ModuleDeps = {
    config,
    database,
    db: database.prisma,
    redis,
    cache,
    queue,
    realtime: app.realtime,
    media: createLocalMediaStorage(mediaRoot.root),
    log: app.log,
    ...createModuleServices(),
    serveAhead: (prefix, path) => {
      fastPaths[prefix] = path;
    },
  };
  // In order: a module may use what the modules before it offer (deps.services).
  await registerModules(app, deps, [
    notificationsModule,
    emailModule(opts.emailTransport),
    systemModule,
    accountsModule,
    authModule,
    usersModule,
    // Before the routes that accept an integration key (app.integrationKeys): POST /api/order.
    integrationKeysModule,
    geocodingModule,
    locationsModule,
    regionsModule,
    slotsModule,
    operatorsModule,
    catalogModule,
    promotionsModule,
    messagingModule,
    customersModule,
    productImportsModule,
    shoppingCartsModule,
    ordersModule,
    // Hears the orders' transitions (order status callbacks to the account's ERP).
    erpIntegrationModule,
    chatsModule,
    messagingCampaignsModule,
    orderAnalyticsModule,
    analyticsEngineModule,
    salesDashboardModule,
    analyticsModule,
    deliveryHubModule,
    paymentsModule,
    paymentHubModule,
    flyersModule,
    tradeModule,
    retailMediaModule,
    tvDevicesModule,
    // Its ad index hears of every retail-media write: it precedes the modules that write.
    adServingModule,
    orderAttributionModule,
    walletsModule,
    audiencesModule,
    retailConfigModule,
    adsModule,
    campaignsModule,
    rmReportsModule,
  ]);
  fast.path = byPrefix(fastPaths, { closing: () => app.isClosing() });

  await app.register(spaPlugin, { webDist: config.webDist });
  if (config.runWorkers) await queue.start();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
    cache: Cache;
  }
}
