import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { errorEnvelope } from './errors.ts';

/** Probes that load balancers call often: never rate limited (nor documented as such). */
export const RATE_LIMIT_EXEMPT = ['/health', '/ready'];
/**
 * Static files (the SPA's code-split chunks, brand art, uploaded media): one screen loads dozens,
 * and a store's staff share one address, so they never count against the per-IP ceiling.
 */
export const STATIC_PREFIXES = ['/assets/', '/brand/', '/uploads/'];
/** Integrators' servers call ad decisions and fire beacons at traffic rates from few IPs: not a per-IP ceiling's business. */
export const AD_SERVING_PREFIXES = ['/v1/rma/', '/v1/beacon/'];

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
    app.addHook('onRequest', async (request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close').header('retry-after', '5');
      return reply
        .code(503)
        .type('application/json; charset=utf-8')
        .send(errorEnvelope(request, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'));
    });

    await app.register(cors, {
      origin: opts.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
      maxAge: 600,
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, {
      global: true,
      max: opts.rateLimitMax,
      timeWindow: '1 minute',
      ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.prefix}:rl:` } : {}),
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
