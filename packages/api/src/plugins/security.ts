import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { throttledRedisErrorLog } from '../lib/redis.ts';
import { errorEnvelope } from './errors.ts';

/**
 * Never rate limited (nor documented as such): the probes load balancers call often, and WhatsApp's
 * webhook, which Meta calls from a few addresses for every message and status of every account (a
 * campaign to 100,000 customers is some 300,000 calls); its signature check refuses strangers first.
 */
export const RATE_LIMIT_EXEMPT = ['/health', '/ready', '/webhooks/whatsapp'];
/**
 * Static files (the SPA's code-split chunks, brand art, uploaded media): one screen loads dozens,
 * and a store's staff share one address, so they never count against the per-IP ceiling.
 */
export const STATIC_PREFIXES = ['/assets/', '/brand/', '/uploads/'];
/**
 * The public ad endpoints: not under the app's per-minute ceiling nor its CORS origins, but under
 * their own (per IP and per publisher, per second) and each publisher's allowed origins
 * (modules/ad-serving/publisher-gate.http.ts).
 */
export const AD_SERVING_PREFIXES = ['/v1/rma/', '/v1/beacon/'];

/** Response headers a browser script may read cross-origin. */
export const CORS_EXPOSED_HEADERS = ['x-request-id', 'retry-after', 'content-disposition'];
/**
 * Ad decisions and beacons answer JSON (never a page) to publishers' servers, scripts and pixels:
 * readable cross-origin, never sniffed; page policies (CSP, framing) have nothing to govern there.
 */
export const AD_SERVING_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
};

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // Video ads (banners, sponsored brands, signage) play in the tester and the ad screens, from here or a CDN.
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for these options (no nonces: they never change), read once from a dry run. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The security headers of every answer but the ad-serving ones (the webhook's fast path gives them too). */
export const APP_SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders(HELMET_OPTIONS);

/**
 * CORS, security headers, a per-IP request ceiling (shared through Redis when configured) and
 * load shedding while the server drains.
 */
export default fp<{ corsOrigins: string[] | true; rateLimitMax: number; redis?: Redis; prefix: string }>(
  async (app, opts) => {
    // While closing, requests that still arrive on open keep-alive connections get the 503
    // envelope (Fastify's own return503OnClosing answer is not in the envelope of DESIGN §5).
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.decorate('isClosing', () => closing);
    app.addHook('onRequest', (request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close').header('retry-after', '5');
      reply.code(503).type('application/json; charset=utf-8').send(errorEnvelope(request, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'));
    });

    // The public ad endpoints answer CORS per publisher themselves (their 403 and 429 are documented by documentedResponses).
    app.addHook('onRoute', (route) => {
      if (!AD_SERVING_PREFIXES.some((p) => route.url.startsWith(p))) return;
      const config = { ...route.config, cors: false };
      route.config = config;
    });
    await app.register(cors, {
      origin: opts.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: 600,
    });
    // Security headers: the same on every response of a kind, so computed once, not per request.
    const appHeaders = APP_SECURITY_HEADERS;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(AD_SERVING_PREFIXES.some((p) => request.url.startsWith(p)) ? AD_SERVING_HEADERS : appHeaders);
      done();
    });
    // The ceiling's own connection: it pipelines the counts of concurrent requests into one write
    // (one write, and one read, per request otherwise).
    const limiterRedis = opts.redis?.duplicate({ enableAutoPipelining: true });
    limiterRedis?.on('error', throttledRedisErrorLog(app.log, 'rate limit'));
    if (limiterRedis) app.addHook('onClose', async () => limiterRedis.disconnect());
    await app.register(rateLimit, {
      global: true,
      max: opts.rateLimitMax,
      timeWindow: '1 minute',
      ...(limiterRedis ? { redis: limiterRedis, nameSpace: `${opts.prefix}:rl:` } : {}),
      // While Redis is away the ceiling is not counted rather than every route failing with it.
      skipOnError: true,
      allowList: (req) => {
        const path = req.url.split('?')[0]!;
        return (
          RATE_LIMIT_EXEMPT.includes(path) ||
          AD_SERVING_PREFIXES.some((p) => path.startsWith(p)) ||
          (req.method === 'GET' && STATIC_PREFIXES.some((p) => path.startsWith(p)))
        );
      },
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'RATE_LIMITED', message: `retry in ${ctx.after}` }),
    });
  },
  { name: 'security', dependencies: ['errors'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the app has begun closing (requests then get the 503 envelope). */
    isClosing(): boolean;
  }
}
