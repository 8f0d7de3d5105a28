import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { servedAd, uniq } from '../../../test/served-ad.ts';
import { expectSameHeaders, fastPathServer } from '../../../test/fast-path-server.ts';
import { AD_SERVING_HEADERS, CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import { answerHeaders } from './answer-headers.ts';
import { createBeaconFastPath } from './beacon-fast-path.ts';
import { createBeaconsService } from './beacons.service.ts';
import { createPublicAccess } from './publisher-gate.http.ts';
import { createEventSigner, type ServedAd } from './event-signing.ts';
import type { BeaconEvent, EventStore } from './event-store.ts';

let t: TestApp;
const ids = { p: 0, a: 0, c: 0, d: 0 };
/** An ad of the seed, served to a person of its own. */
const served = (over: Partial<ServedAd> = {}) => servedAd(ids, { pl: 'fast', u: `user-${uniq()}`, ...over });

beforeAll(async () => {
  t = await createTestApp();
  const ad = await t.db.ad.findFirstOrThrow({ where: { status: 'approved' }, select: { id: true, campaignId: true, campaign: { select: { publisherId: true, advertiserId: true } } } });
  Object.assign(ids, { p: ad.campaign.publisherId, a: ad.campaign.advertiserId, c: ad.campaignId, d: ad.id });
});
afterAll(() => t.close());

describe('the beacon fast path', () => {
  const sign = (ad: ServedAd) => createEventSigner(t.config.jwtSecret).sign(ad);
  const cases: Array<{ name: string; method: 'POST' | 'GET'; type: string; ad: () => ServedAd; headers: Record<string, string>; body?: string }> = [
    { name: 'an impression', method: 'POST', type: 'impression', ad: () => served(), headers: {} },
    { name: 'a view from a page of another origin', method: 'POST', type: 'view', ad: () => served(), headers: { origin: 'https://loja.example' } },
    { name: 'a click with an acceptable request id', method: 'POST', type: 'click', ad: () => served(), headers: { 'x-request-id': 'pedido-0123456789' } },
    { name: 'a click redirect', method: 'GET', type: 'click', ad: () => served({ to: 'https://loja.example/p/1?utm=rm' }), headers: {} },
    { name: 'a click without a destination', method: 'GET', type: 'click', ad: () => served(), headers: {} },
    { name: 'a click redirect from a page', method: 'GET', type: 'click', ad: () => served({ to: 'https://loja.example/p/2' }), headers: { origin: 'https://loja.example' } },
    // As the VTEX Ads API's integrations send them: the viewer in a JSON body, or in sendBeacon's text/plain.
    {
      name: 'an impression with the viewer as JSON',
      method: 'POST', type: 'impression', ad: () => served(), headers: { 'content-type': 'application/json' },
      body: '{"user_id":"cliente-1","session_id":"sessao-1"}',
    },
    {
      name: "a view with sendBeacon's text/plain body",
      method: 'POST', type: 'view', ad: () => served(), headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '{"user_id":"cliente-1","session_id":"sessao-1"}',
    },
    { name: 'a click with a body that names nobody', method: 'POST', type: 'click', ad: () => served(), headers: { 'content-type': 'text/plain' }, body: 'oi' },
  ];
  it.each(cases)('answers $name as the Fastify route does, and stores it', async ({ method, type, ad, headers, body }) => {
    const fast = ad();
    const routed = ad();
    const call = t.http[method === 'POST' ? 'post' : 'get'](`/v1/beacon/${type}?t=${encodeURIComponent(sign(fast))}`).set(headers).redirects(0);
    const fastRes = await (body === undefined ? call : call.send(body));
    // inject() goes straight to Fastify, never through the HTTP server and its fast path.
    const routedRes = await t.app.inject({ method, url: `/v1/beacon/${type}?t=${encodeURIComponent(sign(routed))}`, headers, ...(body === undefined ? {} : { payload: body }) });
    expect(fastRes.status).toBe(routedRes.statusCode);
    expect(fastRes.text).toBe(routedRes.body);
    expectSameHeaders(fastRes.headers, routedRes.headers, { requestIdGiven: Boolean(headers['x-request-id']) });
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { requestId: { in: [fast.r, routed.r] } } })).toBe(2);
  });

  it("records the viewer a body names where the ad query named nobody, on both paths; the signed token's viewer wins", async () => {
    const anonymous = () => served({ u: undefined, s: undefined });
    // Each a person of its own: the same person and ad count once a minute.
    const viewer = (name: string) => `{"user_id":"cliente-${name}","session_id":"sessao-${name}"}`;
    const fast = anonymous();
    const routed = anonymous();
    const known = served({ u: 'cliente-do-token' });
    await t.http.post(`/v1/beacon/impression?t=${encodeURIComponent(sign(fast))}`).type('text/plain').send(viewer('rapido')).expect(202);
    await t.app.inject({ method: 'POST', url: `/v1/beacon/impression?t=${encodeURIComponent(sign(routed))}`, headers: { 'content-type': 'application/json' }, payload: viewer('rota') });
    await t.http.post(`/v1/beacon/impression?t=${encodeURIComponent(sign(known))}`).type('json').send(viewer('corpo')).expect(202);
    await t.app.eventConsumer.drain();
    const rows = await t.db.rmEvent.findMany({ where: { requestId: { in: [fast.r, routed.r, known.r] } }, select: { requestId: true, userId: true, sessionId: true } });
    const by = new Map(rows.map((r) => [r.requestId, r]));
    expect(by.get(fast.r)).toMatchObject({ userId: 'cliente-rapido', sessionId: 'sessao-rapido' });
    expect(by.get(routed.r)).toMatchObject({ userId: 'cliente-rota', sessionId: 'sessao-rota' });
    expect(by.get(known.r)).toMatchObject({ userId: 'cliente-do-token', sessionId: 'sessao-corpo' });
  });

  describe('hands on to the app what it does not answer', () => {
    let close: () => Promise<void>;
    let handedOn: string[];
    let failStore = false;
    let floodedIp = false;
    let http: ReturnType<typeof supertest>;
    const stored: BeaconEvent[] = [];
    beforeAll(async () => {
      const store: EventStore = {
        kind: 'database',
        append: async (e) => {
          if (failStore) throw new Error('store down');
          stored.push(e);
        },
        consume: async () => 0,
        close: async () => undefined,
      };
      const fastPath = createBeaconFastPath({
        beacons: createBeaconsService({ signer: createEventSigner(t.config.jwtSecret), store }),
        headers: answerHeaders({ requestId: () => 'id-0123456789', exposedHeaders: CORS_EXPOSED_HEADERS, securityHeaders: AD_SERVING_HEADERS }),
        access: createPublicAccess({
          gate: { peek: (id) => ({ publisherId: id, requireApiKey: false, allowedOrigins: new Set(['https://loja.example']) }), find: async () => null },
          limits: { ip: () => (floodedIp ? 7 : 0), publisher: () => 0 },
          clientAddress: () => '127.0.0.1',
          beaconPublisher: () => undefined,
        }),
        parseJson: (text) => JSON.parse(text) as unknown,
      });
      // 298: the fast path handed the request on at once; 299: after trying to store its event.
      ({ http, close } = await fastPathServer(fastPath, (req, how) => how === 'later' && handedOn.push(`${req.method} ${req.url}`)));
    });
    afterAll(() => close());

    it('answers a plainly valid beacon itself, reflecting only an allowed origin', async () => {
      handedOn = [];
      const token = encodeURIComponent(sign(served()));
      const res = await http.post(`/v1/beacon/impression?t=${token}`).set('origin', 'https://loja.example');
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: true });
      expect(res.headers).toMatchObject({ 'access-control-allow-origin': 'https://loja.example', vary: 'Origin', 'x-request-id': 'id-0123456789', ...AD_SERVING_HEADERS });
      const server = await http.post(`/v1/beacon/view?t=${encodeURIComponent(sign(served()))}`);
      expect(server.status).toBe(202);
      expect(server.headers['access-control-allow-origin']).toBeUndefined();
      expect(handedOn).toEqual([]);
      expect(stored.slice(-2).map((e) => e.type)).toEqual(['impression', 'view']);
      // An origin the publisher does not list: the route answers the 403, nothing stored here.
      expect((await http.post(`/v1/beacon/view?t=${encodeURIComponent(sign(served()))}`).set('origin', 'https://outra.example')).status).toBe(298);
      expect(stored.length).toBe(2);
    });

    it('answers 429 itself to an IP over its ceiling, storing nothing', async () => {
      floodedIp = true;
      const before = stored.length;
      const res = await http.post(`/v1/beacon/click?t=${encodeURIComponent(sign(served()))}`);
      floodedIp = false;
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.body).toEqual({ error: { code: 'RATE_LIMITED', message: 'Muitas requisições. Tente novamente em instantes.' }, requestId: 'id-0123456789' });
      expect(stored.length).toBe(before);
    });

    it('leaves other URLs, methods, bad tokens, other parameters and bodies to the app, and hands on a beacon its store failed', async () => {
      handedOn = [];
      const token = encodeURIComponent(sign(served()));
      expect((await http.post(`/v1/rma/1`)).status).toBe(298);
      expect((await http.post(`/v1/beacon/other?t=${token}`)).status).toBe(298);
      expect((await http.get(`/v1/beacon/impression?t=${token}`)).status).toBe(298);
      expect((await http.post(`/v1/beacon/impression/?t=${token}`)).status).toBe(298);
      const handed = [
        `/v1/beacon/impression`,
        `/v1/beacon/impression?t=${token.slice(0, -2)}xy`,
        `/v1/beacon/impression?t=${token}&t=${token}`,
        `/v1/beacon/impression?x=1&t=${token}`,
        `/v1/beacon/impression?t=%E0%A4%A`,
      ];
      for (const url of handed) expect((await http.post(url)).status).toBe(298);
      // Bodies it does not read: a form, one past 4 KB, one on a GET.
      expect((await http.post(`/v1/beacon/click?t=${token}`).type('form').send({ user_id: 'a' })).status).toBe(298);
      expect((await http.post(`/v1/beacon/click?t=${token}`).type('json').send({ user_id: 'a'.repeat(5000) })).status).toBe(298);
      expect((await http.get(`/v1/beacon/click?t=${token}`).type('json').send({ user_id: 'a' })).status).toBe(298);
      expect(handedOn).toEqual([]);
      // Read, then handed on with it: JSON its parser refuses, a NUL for the input check to name.
      for (const body of ['{"user_id":', '{"user_id":"a\\u0000b"}']) {
        expect((await http.post(`/v1/beacon/click?t=${token}`).type('json').send(body)).status).toBe(299);
      }
      handedOn = [];
      failStore = true;
      expect((await http.post(`/v1/beacon/view?t=${token}`)).status).toBe(299);
      failStore = false;
      expect(handedOn).toEqual([`POST /v1/beacon/view?t=${token}`]);
    });
  });
});
