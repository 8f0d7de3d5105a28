import net from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createMemoryCache, type Cache } from '../../lib/cache.ts';
import errorsPlugin from '../../plugins/errors.ts';
import { registerSystemRoutes } from './system.routes.ts';
import { createTestApp, createTestDatabase, expectEnvelope, type TestApp } from '../../../test/helpers.ts';

describe('system', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: ['https://app.varejo.test'] });
  });
  afterAll(() => t?.close());

  it('GET /health answers ok', async () => {
    const res = await t.http.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /ready checks the database and Redis', async () => {
    const res = await t.http.get('/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: process.env.REDIS_URL ? 'up' : 'not_configured' },
    });
  });

  it('GET /app-info describes the application', async () => {
    const res = await t.http.get('/app-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Varejo Back-office',
      version: t.config.version,
      environment: 'test',
      languages: ['pt-BR', 'en'],
      configuring_platform: { active: false, message: null },
      map: { tile_url: null, attribution: null },
    });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers an unknown route with the 404 envelope, in the caller language', async () => {
    const res = await t.http.get('/api/does-not-exist?x=1');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const error = expectEnvelope(res.body, 'ROUTE_NOT_FOUND');
    expect(error.message).toBe('Rota não encontrada: GET /api/does-not-exist');
    expect(res.body.requestId).toBe(res.headers['x-request-id']);

    const en = await t.http.delete('/nope').set('accept-language', 'en-US,en;q=0.9');
    expect(en.status).toBe(404);
    expect(expectEnvelope(en.body, 'ROUTE_NOT_FOUND').message).toBe('Route not found: DELETE /nope');
  });

  describe('request ids', () => {
    it('puts an x-request-id on every response, success or error', async () => {
      const responses = await Promise.all([
        t.http.get('/health'),
        t.http.get('/app-info'),
        t.http.get('/unknown'),
        t.http.get('/api/account/account-info'),
        t.http.post('/authenticate').send({}),
      ]);
      const ids = responses.map((r) => r.headers['x-request-id']);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).toBe(ids.length);
      for (const r of responses.filter((x) => x.status >= 400)) expect(r.body.requestId).toBe(r.headers['x-request-id']);
    });

    it('echoes a well-formed incoming x-request-id and replaces a malformed one', async () => {
      const echoed = await t.http.get('/unknown').set('x-request-id', 'edge-req.12345678');
      expect(echoed.headers['x-request-id']).toBe('edge-req.12345678');
      expect(echoed.body.requestId).toBe('edge-req.12345678');

      const ok = await t.http.get('/health').set('x-request-id', 'lb-0123456789abcdef');
      expect(ok.headers['x-request-id']).toBe('lb-0123456789abcdef');

      const bad = await t.http.get('/health').set('x-request-id', 'has spaces <script>');
      expect(bad.headers['x-request-id']).not.toBe('has spaces <script>');
      expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('sends the security headers', async () => {
    const res = await t.http.get('/app-info');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  describe('CORS', () => {
    it('answers a preflight from an allowed origin', async () => {
      const res = await t.http
        .options('/authenticate')
        .set('origin', 'https://app.varejo.test')
        .set('access-control-request-method', 'POST')
        .set('access-control-request-headers', 'content-type,authorization');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.varejo.test');
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-headers']).toContain('authorization');
      expect(res.headers['access-control-max-age']).toBe('600');
    });

    it('exposes the request id to an allowed origin and says nothing to others', async () => {
      const allowed = await t.http.get('/app-info').set('origin', 'https://app.varejo.test');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.varejo.test');
      expect(allowed.headers['access-control-expose-headers']).toContain('x-request-id');

      const other = await t.http
        .options('/authenticate')
        .set('origin', 'https://evil.example')
        .set('access-control-request-method', 'POST');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('rejects malformed JSON with the 400 envelope', async () => {
    const res = await t.http.post('/authenticate').set('content-type', 'application/json').send('{"email": "a@b.c",');
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'INVALID_BODY');
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('rejects an unsupported content type with the 415 envelope', async () => {
    const res = await t.http.post('/authenticate').set('content-type', 'application/xml').send('<a/>');
    expect(res.status).toBe(415);
    expectEnvelope(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('/ready answers 503 when the database is down', async () => {
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' }, { redisUrl: undefined, runWorkers: false, webDist: undefined });
    const app = await buildApp(config, { database, logger: false });
    try {
      await app.ready();
      expect((await app.inject('/ready')).statusCode).toBe(200);
      await database.close();
      const res = await app.inject('/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'not_configured' } });
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('system routes with unresponsive dependencies', () => {
  const never = () => new Promise<never>(() => undefined);
  async function systemApp(parts: { query?: () => Promise<unknown[]>; cache?: Cache; redisConfigured: boolean; message?: string }) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.decorate('database', { sql: { query: parts.query ?? (async () => [{ '?column?': 1 }]) } } as unknown as Database);
    const config = loadConfig({ NODE_ENV: 'test' }, { configuringPlatformMessage: parts.message });
    registerSystemRoutes(app, { config, cache: parts.cache ?? createMemoryCache(), redisConfigured: parts.redisConfigured, checkTimeoutMs: 50 });
    await app.ready();
    return app;
  }

  it('/ready reports Redis down instead of hanging when it does not answer', async () => {
    const app = await systemApp({ cache: { ...createMemoryCache(), ping: never }, redisConfigured: true });
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });
    await app.close();
  });

  it('/ready reports the database down instead of hanging when it does not answer', async () => {
    const app = await systemApp({ query: never, redisConfigured: false });
    const res = await app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'not_configured' } });
    await app.close();
  });

  it('/app-info announces a platform being configured', async () => {
    const app = await systemApp({ redisConfigured: false, message: 'Estamos configurando a sua plataforma.' });
    const res = await app.inject('/app-info');
    expect(res.json().configuring_platform).toEqual({ active: true, message: 'Estamos configurando a sua plataforma.' });
    await app.close();
  });
});

describe('system limits', () => {
  it('answers a body over the limit with the 413 envelope', async () => {
    const t = await createTestApp({ bodyLimit: 1024 });
    try {
      const res = await t.http.post('/authenticate').send({ email: 'admin@varejo.test', password: 'x'.repeat(2048) });
      expect(res.status).toBe(413);
      expectEnvelope(res.body, 'BODY_TOO_LARGE');
      const small = await t.http.post('/authenticate').send({ email: 'admin@varejo.test', password: 'wrong-password' });
      expect(small.status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('limits requests per client with the 429 envelope and a retry-after', async () => {
    const t = await createTestApp({ rateLimitMax: 5 });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await t.http.get('/app-info');
        expect(res.status).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i));
      }
      const limited = await t.http.get('/app-info');
      expect(limited.status).toBe(429);
      expectEnvelope(limited.body, 'RATE_LIMITED');
      expect(limited.body.requestId).toBe(limited.headers['x-request-id']);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Other routes share the budget, unknown ones included; probes do not count.
      expect((await t.http.post('/authenticate').send({})).status).toBe(429);
      expect((await t.http.get('/no-such-route')).status).toBe(429);
      expect((await t.http.get('/health')).status).toBe(200);
      expect((await t.http.get('/ready?verbose=1')).status).toBe(200);
      // Static files (SPA chunks, uploaded media) do not count either: a screen loads dozens.
      expect((await t.http.get('/uploads/1/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('graceful close', () => {
  it('lets an in-flight request finish and answers new ones with the 503 envelope', async () => {
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' }, { redisUrl: undefined, runWorkers: false, webDist: undefined });
    const app = await buildApp(config, { database, logger: false });
    let release!: () => void;
    let answered!: (status: number) => void;
    const lateAnswer = new Promise<number>((r) => (answered = r));
    // Observes the answer to the late request before it can reach the wire (it queues behind the slow one).
    app.addHook('onSend', async (request, reply) => {
      if (request.url === '/app-info') answered(reply.statusCode);
    });
    const started = new Promise<void>((resolve) => {
      // A test-only route that holds its response until released.
      app.get('/test-slow', async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
        return { finished: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (raw += chunk));
    const socketClosed = new Promise<void>((r) => socket.on('close', () => r()));
    try {
      socket.write('GET /test-slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await started;

      let closed = false;
      const closing = app.close().then(() => (closed = true));
      // A request arriving on the still-open connection while the server drains.
      socket.write('GET /app-info HTTP/1.1\r\nHost: localhost\r\nx-request-id: during-close-1\r\n\r\n');
      expect(await lateAnswer).toBe(503);
      // New connections are refused once closing has begun.
      await expect(
        new Promise((resolve, reject) => net.connect(port, '127.0.0.1').on('connect', resolve).on('error', reject)),
      ).rejects.toThrow(/ECONNREFUSED/);
      expect(closed).toBe(false);

      release();
      await closing;
      await socketClosed;

      const [first, second] = raw.split(/(?=HTTP\/1\.1 )/);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toContain('{"finished":true}');
      expect(second).toMatch(/^HTTP\/1\.1 503/);
      const body = JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4));
      expectEnvelope(body, 'SERVICE_UNAVAILABLE');
      expect(body.requestId).toBe('during-close-1');
    } finally {
      socket.destroy();
      release?.();
      await app.close();
      await database.close();
      await drop();
    }
  });
});
