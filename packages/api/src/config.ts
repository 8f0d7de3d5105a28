import { z } from 'zod';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { workspaceRoot } from './lib/paths.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  JWT_EXPIRES_IN: z.string().default('12h'),
  APP_URL: z.string().optional(),
  APP_NAME: z.string().default('Varejo Back-office'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Varejo Back-office <nao-responda@varejo.test>'),
  CORS_ORIGINS: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().default(1000),
  PUBLIC_RATE_LIMIT_IP: z.coerce.number().int().positive().default(1_000),
  PUBLIC_RATE_LIMIT_PUBLISHER: z.coerce.number().int().positive().default(20_000),
  PUBLIC_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().max(3_600).default(1),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().default(900),
  BODY_LIMIT_BYTES: z.coerce.number().int().default(1_048_576),
  MEDIA_MAX_BYTES: z.coerce.number().int().positive().optional(),
  RUN_WORKERS: bool.default(true),
  REDIS_PREFIX: z.string().regex(/^[\w.-]{1,40}$/).default('bo'),
  JOB_BACKOFF_MS: z.coerce.number().int().min(1).default(500),
  LOG_LEVEL: z.string().default('info'),
  CONFIGURING_PLATFORM_MESSAGE: z.string().optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  RESPONSE_CONTRACT_CHECK: bool.optional(),
  RESPONSE_CONTRACT_FILE: z.string().optional(),
  GEOCODER: z.enum(['gazetteer', 'nominatim']).default('gazetteer'),
  PAYMENT_PROVIDER: z.enum(['simulator', 'mercado_pago']).optional(),
  PAYMENT_SIMULATOR_SECRET: z.string().min(16).optional(),
  PAYMENT_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  MERCADO_PAGO_URL: z.string().url().default('https://api.mercadopago.com'),
  MERCADO_PAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADO_PAGO_PUBLIC_KEY: z.string().optional(),
  MERCADO_PAGO_WEBHOOK_SECRET: z.string().optional(),
  NOMINATIM_URL: z.string().url().optional(),
  MAP_TILE_URL: z.string().optional(),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  /** Megabytes of orders lists and board columns each instance keeps (0: none kept, every read loads). */
  ORDERS_CACHE_MB: z.coerce.number().min(0).default(64),
  DELIVERY_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Seconds the delivery simulator waits before each courier update (assigned, picked up, finished), or "manual". Default 30,120,600 (manual under NODE_ENV=test). */
  DELIVERY_SIMULATOR_DELAYS: z
    .string()
    .regex(/^(manual|\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?)$/)
    .optional(),
  /** Share of simulated deliveries that fail or come back (default 0.05; 0 under NODE_ENV=test). */
  DELIVERY_SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).optional(),
  /** An account's own Metabase (signed embedding): its site and the embedding secret key. */
  METABASE_SITE_URL: z.string().url().optional(),
  METABASE_SECRET_KEY: z.string().min(16).optional(),
  /** The Metabase dashboard of each analytics dashboard, e.g. `analytics-grocery=3,kpi=7` (one without a number has no embed). */
  METABASE_DASHBOARDS: z
    .string()
    .regex(/^\s*([a-z-]+=\d+\s*)(,\s*[a-z-]+=\d+\s*)*$/, 'name=number, separated by commas')
    .optional(),
  /** Where the dashboards' analytics are counted and read: PostgreSQL's rollups (default) or ClickHouse. */
  ANALYTICS_ENGINE: z.enum(['postgres', 'clickhouse']).default('postgres'),
  /** ClickHouse: `http(s)://user:password@host:8123/database`, or `chdb:[dir][?database=name]` embedded (default `chdb:<DATA_DIR>/clickhouse`). */
  CLICKHOUSE_URL: z.string().regex(/^(https?:\/\/|chdb:)/, 'http(s)://… or chdb:…').optional(),
  /** WhatsApp: the local simulator (default) or the WhatsApp Business Cloud API. */
  WHATSAPP_PROVIDER: z.enum(['local', 'cloud']).default('local'),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/).default('v21.0'),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** Messages per second the provider takes (Meta's default throughput; the simulator honours the same). */
  WHATSAPP_RATE_PER_SECOND: z.coerce.number().int().positive().default(80),
  /** Milliseconds the simulator waits before it reports a message delivered and decides a template. */
  WHATSAPP_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  /** TV devices in Cloud Firestore: the Firebase project, with FIREBASE_CREDENTIALS, GOOGLE_APPLICATION_CREDENTIALS or FIRESTORE_EMULATOR_HOST. */
  FIREBASE_PROJECT_ID: z.string().regex(/^[a-z0-9-]{4,40}$/).optional(),
  /** A service account's JSON key, inline or as a file path. */
  FIREBASE_CREDENTIALS: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  FIRESTORE_EMULATOR_HOST: z.string().regex(/^[\w.-]+:\d{1,5}$/, 'host:port').optional(),
  TV_DEVICES_COLLECTION: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).default('devices'),
  /** ERP callbacks: `host:port` pairs reachable over http and at internal addresses (local receivers in tests); ignored in production. */
  ERP_CALLBACK_ALLOW_HOSTS: z.string().optional(),
});

export interface AppConfig {
  env: string;
  port: number;
  host: string;
  databaseUrl?: string;
  /** PGlite directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  redisUrl?: string;
  /** Prefix for every Redis key, queue and channel, so that several apps can share one Redis. */
  redisPrefix: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  /** The public origin in event, beacon and e-mailed links: APP_URL, else where the server listens (publicOrigin). */
  appUrl: string;
  appName: string;
  version: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where addresses become coordinates: the gazetteer shipped with the product (offline), or a Nominatim-compatible server at `url`. */
  geocoder: { provider: 'gazetteer' | 'nominatim'; url?: string };
  /** The map's tile server (`{z}/{x}/{y}` template) and its attribution; none: maps show shapes on a plain background. */
  mapTiles: { url: string | null; attribution: string | null };
  /**
   * The delivery hub: the secret its providers sign webhooks with (the simulator's too), and the
   * simulator's delays before each courier update (null: it waits to be stepped by signed webhooks)
   * and the share of deliveries it fails when not told the outcome.
   */
  deliveryHub: { webhookSecret: string; simulator: { delaysMs: { assign: number; pickup: number; finish: number } | null; failureRate: number } };
  /** Bytes of orders lists and board columns each instance keeps while their orders are unchanged (0: none). */
  ordersCacheBytes: number;
  /**
   * The analytics engine (ANALYTICS_ENGINE): PostgreSQL's rollups, or ClickHouse at `clickhouseUrl`
   * (CLICKHOUSE_URL), fed from PostgreSQL's outbox.
   */
  analytics: { engine: 'postgres' | 'clickhouse'; clickhouseUrl: string };
  /** Metabase signed embedding (METABASE_SITE_URL, METABASE_SECRET_KEY, METABASE_DASHBOARDS); null: the dashboards answer without embed URLs. */
  metabase: { siteUrl: string; secretKey: string; dashboards: Record<string, number> } | null;
  corsOrigins: string[] | true;
  rateLimitMax: number;
  /**
   * Ceilings of the public ad endpoints (`/v1/rma/*`, `/v1/beacon/*`): requests per window per
   * client IP and per publisher, counted over every instance (lib/public-limits.ts).
   */
  publicRateLimit: { ip: number; publisher: number; windowMs: number };
  login: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number };
  bodyLimit: number;
  /** Lowers the media upload limits (10 MB images and PDF, 50 MB video) when set. */
  mediaMaxBytes?: number;
  runWorkers: boolean;
  /** Delay before a failed job's first retry; doubles per attempt (tests lower it). */
  jobBackoffMs: number;
  logLevel: string;
  configuringPlatformMessage?: string;
  webDist?: string;
  /** Fastify's trustProxy: false (default), true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  /**
   * Every answer checked against its route's contract (plugins/response-contract.ts): on under
   * NODE_ENV=test or RESPONSE_CONTRACT_CHECK=true; mismatches also appended to `file` (JSON lines).
   */
  responseContract: { check: boolean; file?: string };
  /**
   * The payment hub's provider: PAYMENT_PROVIDER, else Mercado Pago when its access token is set, else
   * the local simulator (test cards, webhooks signed with `simulator.secret` after `confirmDelayMs`).
   */
  /**
   * The WhatsApp channel: the provider (the local simulator by default, or the Cloud API at `apiUrl`),
   * the app secret that signs the Cloud API's webhooks, the token of its verification handshake, the
   * messages per second the provider takes and the simulator's delay before it reports a delivery.
   */
  whatsapp: {
    provider: 'local' | 'cloud';
    apiUrl: string;
    apiVersion: string;
    appSecret: string;
    verifyToken: string;
    ratePerSecond: number;
    simulatorDelayMs: number;
  };
  /**
   * Where the TV device collection lives: PostgreSQL (default), or Cloud Firestore when Firebase is
   * configured (FIREBASE_PROJECT_ID with FIREBASE_CREDENTIALS or GOOGLE_APPLICATION_CREDENTIALS, or
   * FIRESTORE_EMULATOR_HOST), in the collection TV_DEVICES_COLLECTION.
   */
  tvDevices:
    | { store: 'postgres' }
    | {
        store: 'firestore';
        firestore: {
          projectId: string;
          collection: string;
          serviceAccount?: { client_email: string; private_key: string; project_id?: string };
          emulatorHost?: string;
        };
      };
  /**
   * ERP order status callbacks (modules/erp-integration): the `host:port` pairs a callback URL may
   * name over http and at a private or loopback address (ERP_CALLBACK_ALLOW_HOSTS; always empty in
   * production). Only the server's configuration sets it: no API caller can.
   */
  erpCallbacks: { allowHosts: string[] };
  paymentHub: {
    provider: 'simulator' | 'mercado_pago';
    simulator: { secret: string; confirmDelayMs: number };
    mercadoPago: { url: string; accessToken: string; publicKey: string | null; webhookSecret: string } | null;
  };
}

const DEV_SECRET = 'dev-only-secret-change-me-in-production';

/** Reads the environment once; everything else receives an AppConfig. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const e = EnvSchema.parse(env);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('JWT_SECRET is required when NODE_ENV=production');
  }
  const root = workspaceRoot();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(root, e.DATA_DIR),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET ?? DEV_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    appUrl: e.APP_URL ? e.APP_URL.replace(/\/$/, '') : publicOrigin(e.HOST, e.PORT),
    appName: e.APP_NAME,
    version: process.env.npm_package_version ?? '0.1.0',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    geocoder: { provider: e.GEOCODER, url: e.NOMINATIM_URL || undefined },
    mapTiles: { url: e.MAP_TILE_URL || null, attribution: e.MAP_TILE_ATTRIBUTION || null },
    deliveryHub: {
      // Derived from the JWT secret when not set (never the JWT secret itself, nor a known constant where it is secret).
      webhookSecret: e.DELIVERY_WEBHOOK_SECRET ?? createHmac('sha256', e.JWT_SECRET ?? DEV_SECRET).update('delivery-webhooks').digest('hex'),
      // Tests step the simulator themselves (or pass their delays): nothing moves behind their back.
      simulator: {
        delaysMs: simulatorDelays(e.DELIVERY_SIMULATOR_DELAYS ?? (e.NODE_ENV === 'test' ? 'manual' : '30,120,600')),
        failureRate: e.DELIVERY_SIMULATOR_FAILURE_RATE ?? (e.NODE_ENV === 'test' ? 0 : 0.05),
      },
    },
    ordersCacheBytes: Math.round(e.ORDERS_CACHE_MB * 2 ** 20),
    analytics: {
      engine: e.ANALYTICS_ENGINE,
      clickhouseUrl: e.CLICKHOUSE_URL ?? (e.DATA_DIR === 'memory://' ? 'chdb:' : `chdb:${resolve(root, e.DATA_DIR, 'clickhouse')}`),
    },
    metabase:
      e.METABASE_SITE_URL && e.METABASE_SECRET_KEY
        ? {
            siteUrl: e.METABASE_SITE_URL.replace(/\/+$/, ''),
            secretKey: e.METABASE_SECRET_KEY,
            dashboards: Object.fromEntries(
              (e.METABASE_DASHBOARDS ?? '')
                .split(',')
                .map((pair) => pair.trim().split('='))
                .filter((kv): kv is [string, string] => kv.length === 2)
                .map(([k, v]) => [k.trim(), Number(v)]),
            ),
          }
        : null,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()) : true,
    rateLimitMax: e.RATE_LIMIT_MAX,
    publicRateLimit: { ip: e.PUBLIC_RATE_LIMIT_IP, publisher: e.PUBLIC_RATE_LIMIT_PUBLISHER, windowMs: e.PUBLIC_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    login: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    runWorkers: e.RUN_WORKERS,
    jobBackoffMs: e.JOB_BACKOFF_MS,
    logLevel: e.LOG_LEVEL,
    configuringPlatformMessage: e.CONFIGURING_PLATFORM_MESSAGE || undefined,
    webDist: e.WEB_DIST ?? resolve(root, 'packages/web/dist'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    responseContract: { check: e.RESPONSE_CONTRACT_CHECK ?? e.NODE_ENV === 'test', file: e.RESPONSE_CONTRACT_FILE || undefined },
    whatsapp: {
      provider: e.WHATSAPP_PROVIDER,
      apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
      apiVersion: e.WHATSAPP_API_VERSION,
      // Derived from the JWT secret when not set: never a known constant where JWT_SECRET is secret.
      appSecret: e.WHATSAPP_APP_SECRET ?? createHmac('sha256', e.JWT_SECRET ?? DEV_SECRET).update('whatsapp-webhooks').digest('hex'),
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? createHmac('sha256', e.JWT_SECRET ?? DEV_SECRET).update('whatsapp-verify-token').digest('hex'),
      ratePerSecond: e.WHATSAPP_RATE_PER_SECOND,
      simulatorDelayMs: e.WHATSAPP_SIMULATOR_DELAY_MS,
    },
    paymentHub: {
      provider: e.PAYMENT_PROVIDER ?? (e.MERCADO_PAGO_ACCESS_TOKEN ? 'mercado_pago' : 'simulator'),
      simulator: {
        // Derived from the JWT secret when not set: never a known constant where JWT_SECRET is secret.
        secret: e.PAYMENT_SIMULATOR_SECRET ?? createHmac('sha256', e.JWT_SECRET ?? DEV_SECRET).update('payment-simulator-webhooks').digest('hex'),
        confirmDelayMs: e.PAYMENT_SIMULATOR_DELAY_MS,
      },
      mercadoPago: e.MERCADO_PAGO_ACCESS_TOKEN
        ? {
            url: e.MERCADO_PAGO_URL.replace(/\/$/, ''),
            accessToken: e.MERCADO_PAGO_ACCESS_TOKEN,
            publicKey: e.MERCADO_PAGO_PUBLIC_KEY || null,
            webhookSecret: e.MERCADO_PAGO_WEBHOOK_SECRET ?? '',
          }
        : null,
    },
    tvDevices: tvDeviceStore(e),
    erpCallbacks: {
      allowHosts: e.NODE_ENV === 'production' ? [] : (e.ERP_CALLBACK_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    },
    ...overrides,
  };
}

/** The TV device collection: Firestore when Firebase is configured, else PostgreSQL. */
function tvDeviceStore(e: z.output<typeof EnvSchema>): AppConfig['tvDevices'] {
  const emulatorHost = e.FIRESTORE_EMULATOR_HOST;
  const serviceAccount = e.FIREBASE_CREDENTIALS ? readServiceAccount(e.FIREBASE_CREDENTIALS) : undefined;
  const projectId = e.FIREBASE_PROJECT_ID ?? serviceAccount?.project_id ?? (emulatorHost ? 'demo-backoffice' : undefined);
  if (!projectId || !(serviceAccount || e.GOOGLE_APPLICATION_CREDENTIALS || emulatorHost)) return { store: 'postgres' };
  return { store: 'firestore', firestore: { projectId, collection: e.TV_DEVICES_COLLECTION, serviceAccount, emulatorHost } };
}

/** FIREBASE_CREDENTIALS: the service account's JSON key itself, or the path of its file. */
function readServiceAccount(value: string): { client_email: string; private_key: string; project_id?: string } {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  const key = z.object({ client_email: z.string().min(1), private_key: z.string().min(1), project_id: z.string().optional() }).safeParse(JSON.parse(text));
  if (!key.success) throw new Error('FIREBASE_CREDENTIALS must be a service account JSON key (client_email, private_key)');
  return key.data;
}

/** "assign,pickup,finish" seconds as milliseconds; "manual": none. */
function simulatorDelays(v: string) {
  if (v === 'manual') return null;
  const [assign, pickup, finish] = v.split(',').map((s) => Math.round(Number(s) * 1000)) as [number, number, number];
  return { assign, pickup, finish };
}

/**
 * The origin a browser on this machine reaches a server listening on `host`:`port` at: a wildcard
 * address (0.0.0.0, ::) is reached as localhost, an IPv6 address in brackets.
 */
export function publicOrigin(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]' ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}
