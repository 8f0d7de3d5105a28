import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import { expectSameHeaders, fastPathServer, type HandedOn } from '../../../test/fast-path-server.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { hashApiKey } from './api-key-hash.ts';
import { replayReadBody } from '../../lib/fast-path.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { AD_SERVING_HEADERS, CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import { answerHeaders } from './answer-headers.ts';
import { createDecisionFastPath } from './decision-fast-path.ts';
import { createPublicAccess } from './publisher-gate.http.ts';

let t: TestApp;
let publisherId = 0;

beforeAll(async () => {
  t = await createTestApp();
  publisherId = (await t.db.publisherApiKey.findFirstOrThrow({ where: { keyHash: hashApiKey(DEMO_API_KEY) }, select: { publisherId: true } })).publisherId;
});
afterAll(() => t.close());

const search = {
  context: 'search',
  term: 'café',
  user_id: 'cliente-42',
  placements: { busca_topo: { types: ['product'], quantity: 2 }, busca_banner: { types: ['banner'], quantity: 1, size: '300x250' } },
};

/** A decision's body without what differs between any two decisions: its ids, its time and the signed tokens of the event URLs. */
const withoutIds = (text: string) =>
  JSON.parse(text.replace(/"(request_id|query_id|query_at)":"[^"]+"/g, '"$1":"-"').replace(/\?t=[\w.-]+/g, '?t=-')) as Record<string, unknown>;
/** The ads of a decision, wherever the answer keeps its placements. */
const adsOf = (decided: Record<string, unknown>): unknown[] =>
  Object.values((decided.placements as Record<string, unknown> | undefined) ?? decided).filter(Array.isArray).flat();

describe('the decision fast path', () => {
  /** `x-api-key` '' sends none; 'tester' a signed-in member's session instead; `settings`: the publisher's ad API settings for the case. */
  type Case = { name: string; headers: Record<string, string>; body: string | object; publisher?: 'unknown'; settings?: { requireApiKey: boolean; allowedOrigins: string[] } };
  const cases: Case[] = [
    { name: 'a decision', headers: {}, body: search },
    { name: 'an anonymous decision', headers: { 'x-api-key': '' }, body: search },
    { name: 'an anonymous decision from a page', headers: { 'x-api-key': '', origin: 'https://qualquer.example' }, body: search },
    { name: 'a decision with a key and an app id', headers: { 'x-app-id': 'app-da-loja' }, body: search },
    { name: 'a decision from a page of another origin, with its request id', headers: { origin: 'https://loja.example', 'x-request-id': 'pedido-0123456789' }, body: search },
    { name: 'a decision with a charset', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(search) },
    { name: 'a decision from an allowed origin', headers: { 'x-api-key': '', origin: 'https://loja.example' }, body: search, settings: { requireApiKey: false, allowedOrigins: ['https://loja.example'] } },
    { name: 'a keyed decision where a key is required', headers: {}, body: search, settings: { requireApiKey: true, allowedOrigins: [] } },
    // Handed on after its body was read (Fastify parses it again from what the fast path read).
    { name: 'a body that is not JSON', headers: { 'content-type': 'application/json' }, body: '{"context":' },
    { name: 'a body with __proto__', headers: { 'content-type': 'application/json' }, body: '{"context":"home","__proto__":{"x":1},"placements":{"a":{"types":["product"],"quantity":1}}}' },
    { name: 'a search without a term', headers: {}, body: { ...search, term: undefined } },
    { name: 'a term zod trims', headers: {}, body: { ...search, term: ' café ' } },
    { name: 'an unknown key', headers: { 'x-api-key': 'rmk_desconhecida_0000000000000000' }, body: search },
    // Handed on at once (the stub server below tells which is which).
    { name: 'the tester (a signed-in member)', headers: { 'x-api-key': 'tester' }, body: search },
    { name: 'the tester where a key is required', headers: { 'x-api-key': 'tester' }, body: search, settings: { requireApiKey: true, allowedOrigins: [] } },
    { name: 'an anonymous decision where a key is required (401)', headers: { 'x-api-key': '' }, body: search, settings: { requireApiKey: true, allowedOrigins: [] } },
    { name: 'a decision from an origin not allowed (403)', headers: { 'x-api-key': '', origin: 'https://outra.example' }, body: search, settings: { requireApiKey: false, allowedOrigins: ['https://loja.example'] } },
    { name: 'a publisher that does not exist (404)', headers: { 'x-api-key': '' }, body: search, publisher: 'unknown' },
    { name: 'a text body', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(search) },
    { name: 'a body over the limit', headers: {}, body: { ...search, session_id: 'x'.repeat(1_100_000) } },
  ];
  it.each(cases)('answers $name as the Fastify route does', async ({ headers, body, publisher, settings }) => {
    const all: Record<string, string> = { 'x-api-key': DEMO_API_KEY, ...headers };
    if (all['x-api-key'] === 'tester') all.authorization = bearer(await t.login(DEMO.admin)).authorization;
    if (all['x-api-key'] === '' || all['x-api-key'] === 'tester') delete all['x-api-key'];
    const path = `/v1/rma/${publisher === 'unknown' ? 999_999_999 : publisherId}`;
    const adApi = async (data: { requireApiKey: boolean; allowedOrigins: string[] }) => {
      await t.db.retailMediaConfig.upsert({ where: { publisherId }, create: { publisherId, ...data }, update: data });
      await t.app.publisherGate.changed(publisherId);
    };
    if (settings) await adApi(settings);
    try {
      const served = await t.http.post(path).set(all).send(body as object);
      // inject() goes straight to Fastify, never through the HTTP server and its fast paths.
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const routed = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...all }, payload });
      expect(served.status).toBe(routed.statusCode);
      expect(Number(served.headers['content-length'])).toBe(Buffer.byteLength(served.text));
      expectSameHeaders(served.headers, routed.headers, { requestIdGiven: Boolean(headers['x-request-id']), varying: ['content-length'] });
      if (routed.statusCode === 200) {
        const decided = withoutIds(served.text);
        expect(decided).toEqual(withoutIds(routed.body));
        expect(adsOf(decided).length).toBeGreaterThan(0);
      } else {
        const { requestId: _a, ...servedError } = JSON.parse(served.text) as { requestId: string };
        const { requestId: _b, ...routedError } = JSON.parse(routed.body) as { requestId: string };
        expect(servedError).toEqual(routedError);
      }
    } finally {
      if (settings) await adApi({ requireApiKey: false, allowedOrigins: [] });
    }
  });

  it('hands a key of another publisher on (403), with the headers every answer gets', async () => {
    const other = await t.db.account.create({ data: { slug: `outro-${Date.now()}`, name: 'Outro publisher', type: 'grocery', retailMediaRole: 'publisher' } });
    await t.db.accountAccessModule.create({ data: { accountId: other.id, moduleId: 8 } });
    const res = await t.http.post(`/v1/rma/${other.id}`).set('x-api-key', DEMO_API_KEY).send(search);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('RMA_WRONG_PUBLISHER');
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
  });

  describe('hands on to the app what it does not answer', () => {
    let close: () => Promise<void>;
    let http: ReturnType<typeof supertest>;
    let failDecision = false;
    /** What reached the app: how (at once, or after the body was read) and the body Fastify would parse. */
    let handedOn: Array<{ how: HandedOn; body: string }>;
    const decided: Array<{ publisherId: number; context: string }> = [];
    const KEYS: Record<string, number> = { 'rmk_um': 1, 'rmk_dois': 2 };

    /** The body a route behind the fast path parses: the one it read (replayed), else the request's own. */
    const bodyFor = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        replayReadBody({ raw: req } as FastifyRequest, {} as FastifyReply, req, (_err, stream?: Readable) => {
          const chunks: Buffer[] = [];
          stream!.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString()));
        });
      });

    beforeAll(async () => {
      const fastPath = createDecisionFastPath({
        decisions: {
          decide: async (id, request) => {
            if (failDecision) throw new Error('index down');
            decided.push({ publisherId: id, context: request.context });
            return '{"request_id":"r","placements":{}}';
          },
        },
        apiKeys: {
          authenticate: async (key) => {
            const id = KEYS[key];
            if (!id) throw new UnauthorizedError('API_KEY_INVALID');
            return id;
          },
        },
        headers: answerHeaders({ requestId: () => 'id-0123456789', exposedHeaders: CORS_EXPOSED_HEADERS, securityHeaders: AD_SERVING_HEADERS }),
        access: createPublicAccess({
          gate: {
            peek: (id) => ({ publisherId: id, requireApiKey: false, allowedOrigins: id === 2 ? new Set(['https://loja.example']) : null }),
            find: async () => null,
          },
          limits: { ip: () => 0, publisher: () => 0 },
          clientAddress: () => '127.0.0.1',
          beaconPublisher: () => undefined,
        }),
        parseJson: (text) => JSON.parse(text) as unknown,
        bodyLimit: 2_000,
      });
      // 298: the fast path handed the request on at once; 299: after reading its body.
      ({ http, close } = await fastPathServer(fastPath, async (req, how) => handedOn.push({ how, body: await bodyFor(req) })));
    });
    afterAll(() => close());

    it('answers a plainly valid decision itself, with a key or without, reflecting an origin its publisher allows', async () => {
      handedOn = [];
      const res = await http.post('/v1/rma/2').set({ 'x-api-key': 'rmk_dois', origin: 'https://loja.example' }).send(search);
      expect(res.status).toBe(200);
      expect(res.text).toBe('{"request_id":"r","placements":{}}');
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': 'https://loja.example',
        vary: 'Origin',
        'x-request-id': 'id-0123456789',
        'content-type': 'application/json; charset=utf-8',
        ...AD_SERVING_HEADERS,
      });
      // Publisher 1 lists no origins: any may read its answers; an anonymous query is answered too.
      const other = await http.post('/v1/rma/1').set({ origin: 'https://outra.example' }).send(search);
      expect(other.status).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBe('https://outra.example');
      const server = await http.post('/v1/rma/2').set({ 'x-api-key': 'rmk_dois' }).send(search);
      expect(server.status).toBe(200);
      expect(server.headers['access-control-allow-origin']).toBeUndefined();
      expect(handedOn).toEqual([]);
      expect(decided.slice(-3)).toEqual([
        { publisherId: 2, context: 'search' },
        { publisherId: 1, context: 'search' },
        { publisherId: 2, context: 'search' },
      ]);
      // An origin publisher 2 does not list: the route answers the 403.
      expect((await http.post('/v1/rma/2').set({ origin: 'https://outra.example' }).send(search)).status).toBe(298);
    });

    it('hands on at once what its line or headers rule out, with the body unread', async () => {
      handedOn = [];
      const key = { 'x-api-key': 'rmk_um' };
      const body = JSON.stringify(search);
      const statuses = [
        (await http.get('/v1/rma/1').set(key)).status,
        (await http.post('/v1/rma/1/').set(key).send(search)).status,
        (await http.post('/v1/rma/01').set(key).send(search)).status,
        (await http.post('/v1/rma/1?debug=1').set(key).send(search)).status,
        (await http.post('/v1/rma/1').set({ authorization: 'Bearer x' }).send(search)).status,
        (await http.post('/v1/rma/1').set(key).set('content-type', 'text/plain').send(body)).status,
        (await http.post('/v1/rma/1').set(key).set('content-encoding', 'gzip').send(search)).status,
        (await http.post('/v1/rma/1').set(key).send({ ...search, session_id: 'x'.repeat(2_000) })).status,
      ];
      expect(statuses).toEqual(Array(8).fill(298));
      expect(handedOn.map((h) => h.how)).toEqual(Array(8).fill('at once'));
      // The body is still the request's to read.
      expect(handedOn[1]!.body).toBe(body);
    });

    it('hands on with the body it read what it cannot answer: bad JSON, a body zod must word, a key not of this publisher, a failed decision', async () => {
      handedOn = [];
      const sent = [
        ['rmk_um', '{"context":'],
        ['rmk_um', JSON.stringify({ ...search, term: undefined })],
        ['rmk_nenhuma', JSON.stringify(search)],
        ['rmk_dois', JSON.stringify(search)],
      ] as const;
      for (const [key, body] of sent) {
        expect((await http.post('/v1/rma/1').set({ 'x-api-key': key, 'content-type': 'application/json' }).send(body)).status).toBe(299);
      }
      failDecision = true;
      expect((await http.post('/v1/rma/1').set({ 'x-api-key': 'rmk_um', 'content-type': 'application/json' }).send(JSON.stringify(search))).status).toBe(299);
      failDecision = false;
      expect(handedOn).toEqual([...sent.map(([, body]) => ({ how: 'later', body })), { how: 'later', body: JSON.stringify(search) }]);
    });
  });
});
