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
  const cases: Array<{ name: string; method: 'POST' | 'GET'; type: string; ad: () => ServedAd; headers: Record<string, string> }> = [
    { name: 'an impression', method: 'POST', type: 'impression', ad: () => served(), headers: {} },
    { name: 'a view from a page of another origin', method: 'POST', type: 'view', ad: () => served(), headers: { origin: 'https://loja.example' } },
    { name: 'a click with an acceptable request id', method: 'POST', type: 'click', ad: () => served(), headers: { 'x-request-id': 'pedido-0123456789' } },
    { name: 'a click redirect', method: 'GET', type: 'click', ad: () => served({ to: 'https://loja.example/p/1?utm=rm' }), headers: {} },
    { name: 'a click without a destination', method: 'GET', type: 'click', ad: () => served(), headers: {} },
    { name: 'a click redirect from a page', method: 'GET', type: 'click', ad: () => served({ to: 'https://loja.example/p/2' }), headers: { origin: 'https://loja.example' } },
  ];
  it.each(cases)('answers $name as the Fastify route does, and stores it', async ({ method, type, ad, headers }) => {
    const fast = ad();
    const routed = ad();
    const fastRes = await t.http[method === 'POST' ? 'post' : 'get'](`/v1/beacon/${type}?t=${encodeURIComponent(sign(fast))}`).set(headers).redirects(0);
    // inject() goes straight to Fastify, never through the HTTP server and its fast path.
    const routedRes = await t.app.inject({ method, url: `/v1/beacon/${type}?t=${encodeURIComponent(sign(routed))}`, headers });
    expect(fastRes.status).toBe(routedRes.statusCode);
    expect(fastRes.text).toBe(routedRes.body);
    expectSameHeaders(fastRes.headers, routedRes.headers, { requestIdGiven: Boolean(headers['x-request-id']) });
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { requestId: { in: [fast.r, routed.r] } } })).toBe(2);
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
      expect((await http.post(`/v1/beacon/click?t=${token}`).send({ a: 1 })).status).toBe(298);
      expect(handedOn).toEqual([]);
      failStore = true;
      expect((await http.post(`/v1/beacon/view?t=${token}`)).status).toBe(299);
      failStore = false;
      expect(handedOn).toEqual([`POST /v1/beacon/view?t=${token}`]);
    });
  });
});
