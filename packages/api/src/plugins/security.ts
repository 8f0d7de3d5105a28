import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** CORS, security headers and a per-IP request ceiling (shared through Redis when configured). */
export default fp<{ corsOrigins: string[] | true; rateLimitMax: number; redis?: Redis; prefix: string }>(
  async (app, opts) => {
    await app.register(cors, {
      origin: opts.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['x-request-id', 'retry-after'],
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
      allowList: (req) => req.url === '/health' || req.url === '/ready',
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'RATE_LIMITED', message: `retry in ${ctx.after}` }),
    });
  },
  { name: 'security' },
);
