import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@backoffice/contracts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { documentedResponses, JsonText, route } from '../lib/route.ts';
import errorsPlugin from './errors.ts';
import responseContract, { takeResponseContractMismatches } from './response-contract.ts';

const Thing = z.object({ id: z.number().int(), name: z.string() });
const base = { tags: ['Test'], summary: 'Teste', permission: { kind: 'public' }, access: {} } as const;
const get = (path: string, operationId: string, extra: object = {}) =>
  defineRoute({ ...base, method: 'GET', path, operationId, responses: { 200: Thing }, ...extra });
const routes = {
  fine: get('/t/fine', 'fine'),
  notFound: get('/t/not-found', 'notFound', { errors: [404] }),
  undocumented: get('/t/undocumented', 'undocumented'),
  wrongBody: get('/t/wrong-body', 'wrongBody'),
  hotWrongBody: get('/t/hot-wrong-body', 'hotWrongBody'),
  hotExtraKey: get('/t/hot-extra-key', 'hotExtraKey'),
  empty: defineRoute({ ...base, method: 'DELETE', path: '/t/empty', operationId: 'empty', responses: { 204: z.null() } }),
  create: defineRoute({ ...base, method: 'POST', path: '/t/create', operationId: 'create', body: z.object({ name: z.string() }), responses: { 201: Thing } }),
};

// A tiny app of the plugins the checker works with and routes registered through route(), as every contract's is.
async function testApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(responseContract);
  const hot = { hotPath: true } as const;
  route(app, routes.fine, async () => ({ id: 1, name: 'um' }));
  route(app, routes.notFound, async () => {
    throw new NotFoundError();
  });
  route(app, routes.undocumented, async () => {
    throw new ConflictError('USER_ALREADY_MEMBER');
  });
  route(app, routes.wrongBody, async () => ({ id: 'um', name: 'um' }) as never);
  route(app, routes.hotWrongBody, async () => ({ id: 1.5, name: 'um' }), hot);
  route(app, routes.hotExtraKey, async () => new JsonText('{"id":1,"name":"um","cost_cents":90}'), hot);
  route(app, routes.empty, async ({ reply }) => {
    reply.code(204);
    return null;
  });
  route(app, routes.create, async ({ body }) => ({ id: 2, name: body.name }));
  await app.ready();
  return app;
}

describe('response contract check', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app?.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await app.inject({ method, url, payload });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, mismatches: takeResponseContractMismatches() };
  };

  it('lets documented answers through: success bodies, documented errors, 204 without a body, the standard 400, 415', async () => {
    expect(await call('GET', '/t/fine')).toEqual({ status: 200, body: { id: 1, name: 'um' }, mismatches: [] });
    expect(await call('GET', '/t/not-found')).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } }, mismatches: [] });
    expect(await call('DELETE', '/t/empty')).toEqual({ status: 204, body: undefined, mismatches: [] });
    expect(await call('POST', '/t/create', { name: 'dois' })).toEqual({ status: 201, body: { id: 2, name: 'dois' }, mismatches: [] });
    expect(await call('POST', '/t/create', { name: 2 })).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_ERROR' } }, mismatches: [] });
    const res = await app.inject({ method: 'POST', url: '/t/create', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect([res.statusCode, takeResponseContractMismatches()]).toEqual([415, []]);
    const bodyless = await app.inject({ method: 'DELETE', url: '/t/empty', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect([bodyless.statusCode, takeResponseContractMismatches()]).toEqual([415, []]);
  });

  it('turns an undocumented status into a 500 RESPONSE_CONTRACT_MISMATCH naming route, status and issue, and records it', async () => {
    const { status, body, mismatches } = await call('GET', '/t/undocumented');
    expect(status).toBe(500);
    expect(body.error.code).toBe('RESPONSE_CONTRACT_MISMATCH');
    expect(body.error.message).toContain('GET /t/undocumented');
    expect(body.error.message).toContain('409');
    expect(mismatches).toEqual([
      expect.objectContaining({ route: 'GET /t/undocumented', operationId: 'undocumented', status: 409, issue: expect.stringMatching(/^status 409 is not documented/) }),
    ]);
  });

  it('catches a body its status’s schema refuses: through the serializer (a 500) and on a hot path', async () => {
    const serialised = await call('GET', '/t/wrong-body');
    expect(serialised.body.error.code).toBe('RESPONSE_CONTRACT_MISMATCH');
    expect(serialised.mismatches).toEqual([expect.objectContaining({ status: 500, issue: expect.stringMatching(/^a 500 is never documented \(the response schema refused id: /) })]);
    const hot = await call('GET', '/t/hot-wrong-body');
    expect(hot.status).toBe(500);
    expect(hot.mismatches).toEqual([expect.objectContaining({ route: 'GET /t/hot-wrong-body', status: 200, issue: expect.stringMatching(/^id: /) })]);
  });

  it('catches a key the contract does not list (response schemas are whitelists)', async () => {
    expect((await call('GET', '/t/hot-extra-key')).mismatches).toEqual([expect.objectContaining({ status: 200, issue: 'cost_cents: not in the contract' })]);
  });

  it('documents the standard statuses from the contract', () => {
    const statuses = (c: Parameters<typeof documentedResponses>[0]) => Object.keys(documentedResponses(c)).map(Number);
    expect(statuses(routes.fine)).toEqual([200, 429, 503]);
    expect(statuses(routes.create)).toEqual([201, 400, 413, 415, 429, 503]);
    // Fastify parses a body sent to any method that may carry one, whether or not the route reads it.
    expect(statuses(routes.empty)).toEqual([204, 400, 413, 415, 429, 503]);
    const account = defineRoute({ ...routes.notFound, permission: { kind: 'account' }, params: z.object({ id: z.string() }) });
    expect(statuses(account)).toEqual([200, 400, 401, 403, 404, 429, 503]);
    // The public ad endpoints may refuse an origin (403) or a request over their ceilings (429).
    expect(statuses({ ...routes.fine, path: '/v1/beacon/x' })).toEqual([200, 403, 429, 503]);
  });
});
