import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin from '../../src/plugins/errors.ts';
import { answerFrameworkError } from '../../src/plugins/framework-errors.ts';
import { envelopeProblem } from './envelope.ts';

/** The router's own refusals (before any hook) answered with the error envelope, as buildApp wires them. */
describe('framework errors', () => {
  const app = Fastify({ frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 100 } });
  app.register(errorsPlugin);
  app.get('/ad/:id', async () => ({ ok: true }));

  it('answers a path that is not UTF-8 once decoded with a 400 envelope naming the path', async () => {
    for (const [url, lang] of [['/ad/%E0%A4%A', 'pt-BR'], ['/ad/1%ED%A0%80', 'en']] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(400);
      expect(envelopeProblem(res.json(), lang)).toBeUndefined();
      expect(res.json().error.code).toBe('URL_INVALID');
      expect(res.json().error.message).toContain(url);
      expect(res.headers['x-request-id']).toBe(res.json().requestId);
    }
  });

  it('answers a path segment over the limit with a 414 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: `/ad/${'9'.repeat(400)}` });
    expect(res.statusCode).toBe(414);
    expect(envelopeProblem(res.json(), 'pt-BR')).toBeUndefined();
    expect(res.json().error.code).toBe('URL_TOO_LONG');
  });
});
