import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute, type RouteContract } from '@backoffice/contracts';
import { ValidationError } from '../../src/lib/errors.ts';
import { documentedResponses, route } from '../../src/lib/route.ts';
import errorsPlugin from '../../src/plugins/errors.ts';
import inputText from '../../src/plugins/input-text.ts';
import responseContract, { takeResponseContractMismatches } from '../../src/plugins/response-contract.ts';
import { envelopeProblem, namedFields, type Envelope } from './envelope.ts';

/**
 * A contract's `validationStatus` (the public ad API's 422): what its schemas, input-text or its
 * handler refuse as a field answers that status in the one envelope, each detail naming the field
 * by its path; what the parser refuses (malformed JSON, a content type, the body limit) keeps its
 * own status. A route that says nothing answers 400.
 */
const Placement = z.object({ types: z.array(z.enum(['product', 'banner'])).min(1), quantity: z.number().int().min(1).max(20) });
const Body = z.object({ context: z.enum(['home', 'search']), dedup_ads: z.boolean().optional(), placements: z.record(z.string().min(1), Placement) });
const Params = z.object({ publisherId: z.coerce.number().int().positive() });
const Answer = z.object({ ok: z.literal(true) });
const base = {
  method: 'POST',
  tags: ['Test'],
  summary: 'Teste',
  permission: { kind: 'public' },
  access: {},
  params: Params,
  body: Body,
  responses: { 200: Answer },
} as const;
const routes = {
  strict422: defineRoute({ ...base, path: '/t/422/:publisherId', operationId: 't422', validationStatus: 422, errors: [400, 422] }),
  plain400: defineRoute({ ...base, path: '/t/400/:publisherId', operationId: 't400' }),
  read422: defineRoute({
    method: 'GET',
    path: '/t/read/:publisherId',
    operationId: 'tRead',
    tags: ['Test'],
    summary: 'Teste',
    permission: { kind: 'public' },
    access: {},
    validationStatus: 422,
    params: Params,
    querystring: z.object({ term: z.string().min(2) }),
    responses: { 200: Answer },
  }),
};

async function testApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 2_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(inputText);
  await app.register(responseContract);
  const handler = async ({ body }: { body: z.output<typeof Body> }) => {
    // A rule of the contract the handler checks itself (a header, a field another field requires).
    if (body.context === 'search') throw new ValidationError('VALIDATION_ERROR', { field: 'term', detail: 'Informe o termo.' }, [{ field: 'term', code: 'custom', message: 'Informe o termo.' }]);
    return { ok: true as const };
  };
  route(app, routes.strict422, handler);
  route(app, routes.plain400, handler);
  route(app, routes.read422, async () => ({ ok: true as const }));
  await app.ready();
  return app;
}

describe('validationStatus', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app?.close());

  const post = async (url: string, payload: string, contentType = 'application/json', lang = 'pt-BR') => {
    const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, 'accept-language': lang } });
    return { status: res.statusCode, body: res.json() as Envelope };
  };
  const valid = { context: 'home', placements: { topo: { types: ['product'], quantity: 2 } } };

  it('answers 422 with the validation envelope naming each refused field by its path', async () => {
    const body = { context: 'product', placements: { topo: { types: [], quantity: 0 } } };
    for (const lang of ['pt-BR', 'en'] as const) {
      const res = await post('/t/422/7', JSON.stringify(body), 'application/json', lang);
      expect(res.status).toBe(422);
      expect(envelopeProblem(res.body, lang)).toBeUndefined();
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(namedFields(res.body)).toEqual(expect.arrayContaining(['context', 'placements.topo.types', 'placements.topo.quantity']));
    }
    const params = await post('/t/422/zero', JSON.stringify(valid));
    expect(params.status).toBe(422);
    expect(namedFields(params.body)).toContain('publisherId');
    const query = await app.inject({ method: 'GET', url: '/t/read/7?term=x' });
    expect(query.statusCode).toBe(422);
    expect(namedFields(query.json())).toContain('term');
  });

  it('words a value of the wrong type as such, not as a missing one, in either language', async () => {
    const detailOf = (body: Envelope, field: string) => body.error.details?.find((d) => d.field === field)?.message;
    const wrong = { ...valid, dedup_ads: [null, null] };
    expect(detailOf((await post('/t/422/7', JSON.stringify(wrong))).body, 'dedup_ads')).toBe('Tipo de valor inválido.');
    expect(detailOf((await post('/t/422/7', JSON.stringify(wrong), 'application/json', 'en')).body, 'dedup_ads')).toMatch(/expected boolean, received array/);
    const { placements: _placements, ...missing } = valid;
    expect(detailOf((await post('/t/422/7', JSON.stringify(missing))).body, 'placements')).toBe('Campo obrigatório.');
    const array = await post('/t/400/7', JSON.stringify([valid]), 'application/json', 'en');
    expect(detailOf(array.body, 'body')).toMatch(/expected object, received array/);
  });

  it('answers 422 for a text input-text refuses and for a field the handler refuses', async () => {
    const nul = await post('/t/422/7', JSON.stringify({ ...valid, placements: { 'to\u0000po': valid.placements.topo } }));
    expect(nul.status).toBe(422);
    expect(nul.body.error.code).toBe('VALIDATION_ERROR');
    expect(namedFields(nul.body)).toContain('placements.to\u0000po');
    const handler = await post('/t/422/7', JSON.stringify({ ...valid, context: 'search' }));
    expect(handler.status).toBe(422);
    expect(namedFields(handler.body)).toContain('term');
  });

  it('keeps the parser’s statuses: malformed JSON 400, an unknown content type 415, a body over the limit 413', async () => {
    const malformed = await post('/t/422/7', '{"context":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_BODY');
    const form = await post('/t/422/7', 'a=1', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = await post('/t/422/7', JSON.stringify({ ...valid, pad: 'x'.repeat(3_000) }));
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe('BODY_TOO_LARGE');
  });

  it('answers 400 on a route that does not say otherwise, and 2xx for a valid call', async () => {
    const refused = await post('/t/400/7', JSON.stringify({ ...valid, context: 'product' }));
    expect(refused.status).toBe(400);
    expect(namedFields(refused.body)).toContain('context');
    const handler = await post('/t/400/7', JSON.stringify({ ...valid, context: 'search' }));
    expect(handler.status).toBe(400);
    expect((await post('/t/422/7', JSON.stringify(valid))).status).toBe(200);
    // Every answer above is one its route documents.
    expect(takeResponseContractMismatches()).toEqual([]);
  });

  it('documents the validation status in place of 400, and 400 only where a body may be malformed', () => {
    const statuses = (c: RouteContract) => Object.keys(documentedResponses(c)).map(Number);
    expect(statuses(routes.strict422)).toEqual(expect.arrayContaining([400, 413, 415, 422]));
    expect(statuses(routes.plain400)).not.toContain(422);
    expect(statuses(routes.read422)).toContain(422);
    expect(statuses(routes.read422)).not.toContain(400);
  });
});
