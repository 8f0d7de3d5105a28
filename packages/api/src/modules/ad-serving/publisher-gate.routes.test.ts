import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { servedAd, uniq } from '../../../test/served-ad.ts';
import { expectSameHeaders } from '../../../test/fast-path-server.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { apiKeyPrefix, hashApiKey } from './api-key-hash.ts';
import { createEventSigner } from './event-signing.ts';

const RETAIL_MEDIA_MODULE = 8;
const query = { context: 'search', term: 'café', placements: { topo: { types: ['product'], quantity: 1 } } };

let t: TestApp;
let admin: Record<string, string>;
let pub = 0;

/** A new account: a publisher with the retail_media module unless told otherwise; with an API key of its own. */
async function account(t: TestApp, { role = 'publisher', module = true }: { role?: 'publisher' | 'advertiser' | 'both' | 'none'; module?: boolean } = {}) {
  const slug = `gate-${uniq()}`;
  const row = await t.db.account.create({ data: { slug, name: `Gate ${slug}`, type: 'grocery', retailMediaRole: role } });
  if (module) await t.db.accountAccessModule.create({ data: { accountId: row.id, moduleId: RETAIL_MEDIA_MODULE } });
  const key = `rmk_gate_${uniq()}_000000000000`;
  await t.db.publisherApiKey.create({ data: { publisherId: row.id, name: 'gate', keyPrefix: apiKeyPrefix(key), keyHash: hashApiKey(key) } });
  return { id: row.id, key };
}

const putSettings = (body: object) => t.http.put('/configuration/ad-api').set(admin).send(body);

beforeAll(async () => {
  t = await createTestApp();
  pub = (await t.db.publisherApiKey.findFirstOrThrow({ where: { keyHash: hashApiKey(DEMO_API_KEY) }, select: { publisherId: true } })).publisherId;
  admin = bearer(await t.login(DEMO.admin));
});
afterAll(() => t?.close());

describe('the publisher settings of the public ad API', () => {
  it('start public: no key required, any origin', async () => {
    const res = await t.http.get('/configuration/ad-api').set(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ require_api_key: false, allowed_origins: [] });
  });

  it('keep origins lower case, once each; refuse a path, another scheme or more than 50', async () => {
    const res = await putSettings({ require_api_key: false, allowed_origins: ['HTTPS://Loja.Example', 'https://loja.example', 'http://localhost:5173'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ require_api_key: false, allowed_origins: ['https://loja.example', 'http://localhost:5173'] });
    for (const origins of [['https://loja.example/pagina'], ['ftp://loja.example'], ['loja.example'], Array.from({ length: 51 }, (_, i) => `https://l${i}.example`)]) {
      const refused = await putSettings({ require_api_key: false, allowed_origins: origins });
      expect(refused.status, origins[0]).toBe(400);
      expectEnvelope(refused.body, 'VALIDATION_ERROR');
    }
    expect((await putSettings({ require_api_key: false, allowed_origins: [] })).status).toBe(200);
  });

  it('are a publisher’s: an advertiser-only account gets 403, a non-admin cannot change them', async () => {
    const brand = bearer(await t.login(DEMO.brand));
    expectEnvelope((await t.http.get('/configuration/ad-api').set(brand)).body, 'API_KEYS_PUBLISHER_ONLY');
    expect((await t.http.get('/configuration/ad-api')).status).toBe(401);
    const operator = bearer(await t.login(DEMO.operator));
    const put = await t.http.put('/configuration/ad-api').set(operator).send({ require_api_key: true, allowed_origins: [] });
    expect([403, 404]).toContain(put.status);
  });
});

describe('ad queries, public as in the VTEX Ads API', () => {
  it('answer an anonymous query (200), on the fast path as on the route, reflecting any origin', async () => {
    const served = await t.http.post(`/v1/rma/${pub}`).set('origin', 'https://qualquer.example').send(query);
    expect(served.status).toBe(200);
    expect(served.headers['access-control-allow-origin']).toBe('https://qualquer.example');
    const routed = await t.app.inject({ method: 'POST', url: `/v1/rma/${pub}`, headers: { origin: 'https://qualquer.example' }, payload: query });
    expect(routed.statusCode).toBe(200);
    expect(routed.headers['access-control-allow-origin']).toBe('https://qualquer.example');
  });

  it('answer 404 PUBLISHER_NOT_FOUND for a publisher that does not exist or has no active retail media', async () => {
    const noModule = await account(t, { module: false });
    const advertiser = await account(t, { role: 'advertiser' });
    const none = await account(t, { role: 'none' });
    for (const id of [999_999_999, noModule.id, advertiser.id, none.id]) {
      const res = await t.http.post(`/v1/rma/${id}`).send(query);
      expect(res.status, String(id)).toBe(404);
      expectEnvelope(res.body, 'PUBLISHER_NOT_FOUND');
    }
    // A new active publisher is served at once (looked up on its first query).
    const fresh = await account(t);
    expect((await t.http.post(`/v1/rma/${fresh.id}`).send(query)).status).toBe(200);
  });

  it('check a key sent even when none is required: unknown 401, another publisher’s 403', async () => {
    const other = await account(t);
    expectEnvelope((await t.http.post(`/v1/rma/${pub}`).set('x-api-key', 'rmk_desconhecida_000000000000').send(query)).body, 'API_KEY_INVALID');
    const wrong = await t.http.post(`/v1/rma/${pub}`).set('x-api-key', other.key).send(query);
    expect(wrong.status).toBe(403);
    expectEnvelope(wrong.body, 'RMA_WRONG_PUBLISHER');
    expect((await t.http.post(`/v1/rma/${pub}`).set({ 'x-api-key': DEMO_API_KEY, 'x-app-id': 'app-loja' }).send(query)).status).toBe(200);
  });

  it('with require_api_key on: 401 API_KEY_REQUIRED without a key, 200 with it or with the tester’s session', async () => {
    expect((await putSettings({ require_api_key: true, allowed_origins: [] })).status).toBe(200);
    try {
      const refused = await t.http.post(`/v1/rma/${pub}`).send(query);
      expect(refused.status).toBe(401);
      expect(expectEnvelope(refused.body, 'API_KEY_REQUIRED').message).toBe('Este publisher exige a chave de API: envie o cabeçalho x-api-key.');
      const en = await t.http.post(`/v1/rma/${pub}`).set('accept-language', 'en').send(query);
      expect(en.body.error.message).toBe('This publisher requires an API key: send the x-api-key header.');
      expect((await t.http.post(`/v1/rma/${pub}`).set('x-api-key', DEMO_API_KEY).send(query)).status).toBe(200);
      expect((await t.http.post(`/v1/rma/${pub}`).set(admin).send(query)).status).toBe(200);
      // A session of a member who does not manage the publisher is no key.
      const brand = bearer(await t.login(DEMO.brand));
      expectEnvelope((await t.http.post(`/v1/rma/${pub}`).set(brand).send(query)).body, 'API_KEY_REQUIRED');
    } finally {
      await putSettings({ require_api_key: false, allowed_origins: [] });
    }
    expect((await t.http.post(`/v1/rma/${pub}`).send(query)).status).toBe(200);
  });
});

describe('allowed origins', () => {
  const signer = () => createEventSigner(t.config.jwtSecret);
  const token = () => signer().sign(servedAd({ p: pub, a: 1, c: 1, d: 1 }, { pl: 'origens', cpc: 0, cpm: 0 }));

  beforeAll(async () => {
    expect((await putSettings({ require_api_key: false, allowed_origins: ['https://loja.example'] })).status).toBe(200);
  });
  afterAll(() => putSettings({ require_api_key: false, allowed_origins: [] }));

  it('refuse another origin with 403 ORIGIN_NOT_ALLOWED (no access-control-allow-origin); serve a listed one and servers', async () => {
    const refused = await t.http.post(`/v1/rma/${pub}`).set('origin', 'https://outra.example').send(query);
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body, 'ORIGIN_NOT_ALLOWED');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await t.http.post(`/v1/rma/${pub}`).set('origin', 'https://loja.example').send(query);
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://loja.example');
    expect(allowed.headers.vary).toBe('Origin');
    const server = await t.http.post(`/v1/rma/${pub}`).send(query);
    expect(server.status).toBe(200);
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answer the preflight with the allowed headers for a listed origin only', async () => {
    const preflight = (url: string, origin: string) =>
      t.http.options(url).set({ origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-api-key' });
    const ok = await preflight(`/v1/rma/${pub}`, 'https://loja.example');
    expect(ok.status).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': 'https://loja.example',
      'access-control-allow-headers': 'content-type, x-api-key, x-app-id',
      'access-control-allow-methods': 'POST, OPTIONS',
    });
    const other = await preflight(`/v1/rma/${pub}`, 'https://outra.example');
    expect(other.status).toBe(204);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const beacon = await preflight(`/v1/beacon/impression?t=${token()}`, 'https://loja.example');
    expect(beacon.headers['access-control-allow-origin']).toBe('https://loja.example');
    const unreadable = await preflight('/v1/beacon/impression?t=adulterado', 'https://loja.example');
    expect(unreadable.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('hold for beacons, by their token’s publisher', async () => {
    const refused = await t.http.post('/v1/beacon/impression').query({ t: token() }).set('origin', 'https://outra.example');
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body, 'ORIGIN_NOT_ALLOWED');
    const allowed = await t.http.post('/v1/beacon/view').query({ t: token() }).set('origin', 'https://loja.example');
    expect(allowed.status).toBe(202);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://loja.example');
    // On the route as on the fast path.
    const routed = await t.app.inject({ method: 'POST', url: `/v1/beacon/click?t=${token()}`, headers: { origin: 'https://outra.example' } });
    expect(routed.statusCode).toBe(403);
  });

  it('follow a change at once', async () => {
    expect((await putSettings({ require_api_key: false, allowed_origins: ['https://loja.example', 'https://outra.example'] })).status).toBe(200);
    expect((await t.http.post(`/v1/rma/${pub}`).set('origin', 'https://outra.example').send(query)).status).toBe(200);
    expect((await putSettings({ require_api_key: false, allowed_origins: ['https://loja.example'] })).status).toBe(200);
    expect((await t.http.post(`/v1/rma/${pub}`).set('origin', 'https://outra.example').send(query)).status).toBe(403);
  });
});

describe('under a flood', () => {
  let f: TestApp;
  let fpub = 0;
  beforeAll(async () => {
    f = await createTestApp({ publicRateLimit: { ip: 5, publisher: 12, windowMs: 60_000 } });
    fpub = (await f.db.publisherApiKey.findFirstOrThrow({ where: { keyHash: hashApiKey(DEMO_API_KEY) }, select: { publisherId: true } })).publisherId;
  });
  afterAll(() => f?.close());
  const from = (ip: string, publisherId = fpub) => f.app.inject({ method: 'POST', url: `/v1/rma/${publisherId}`, remoteAddress: ip, payload: query });

  it('answers 429 with the envelope and retry-after to the flooding IP, while another IP is served', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await from('203.0.113.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await from('203.0.113.7');
    expect(expectEnvelope(limited.json(), 'RATE_LIMITED').message).toBe('Muitas requisições. Tente novamente em instantes.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
    // Beacons count against the same IP: a flooded IP's beacon is refused too, its token never opened into an event.
    const beacon = await f.app.inject({ method: 'POST', url: '/v1/beacon/impression?t=x', remoteAddress: '203.0.113.7' });
    expect(beacon.statusCode).toBe(429);
  });

  it('answers 429 to a publisher over its ceiling, while another publisher is served', async () => {
    const other = await account(f);
    const statuses: number[] = [];
    // 6 of the 12 were served above (an IP's refused requests do not count for the publisher); each IP stays under its own ceiling.
    for (let i = 0; i < 7; i++) statuses.push((await from(`198.51.100.${i % 3}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await from('198.51.100.200', other.id)).statusCode).toBe(200);
  });

  it('answers the fast path’s 429 exactly as the route’s', async () => {
    for (let i = 0; i < 6; i++) await f.http.post(`/v1/rma/${fpub}`).send(query);
    const served = await f.http.post(`/v1/rma/${fpub}`).set('accept-language', 'en').send(query);
    const routed = await f.app.inject({ method: 'POST', url: `/v1/rma/${fpub}`, remoteAddress: '127.0.0.1', headers: { 'accept-language': 'en' }, payload: query });
    expect(served.status).toBe(429);
    expect(routed.statusCode).toBe(429);
    expectSameHeaders(served.headers, routed.headers, { varying: ['retry-after'] });
    const { requestId: a, ...fast } = JSON.parse(served.text) as { requestId: string };
    const { requestId: _b, ...route } = JSON.parse(routed.body) as { requestId: string };
    expect(fast).toEqual(route);
    expect(a).toBe(served.headers['x-request-id']);
  });

});

describe('an event URL with a broken signature', () => {
  it('is refused with 400 and counts nothing', async () => {
    const ad = servedAd({ p: pub, a: 1, c: 1, d: 1 }, { pl: `quebrado-${uniq()}`, cpc: 10, cpm: 0 });
    const good = createEventSigner(t.config.jwtSecret).sign(ad);
    const broken = `${good.slice(0, -3)}AAA`;
    const res = await t.http.post('/v1/beacon/click').query({ t: broken });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'BEACON_INVALID_TOKEN');
    await t.app.eventConsumer.drain();
    expect(await t.db.rmEvent.count({ where: { placement: ad.pl } })).toBe(0);
  });
});

describe('a HEAD of the click redirect', () => {
  it('passes the gate once, as its GET does', async () => {
    const h = await createTestApp({ publicRateLimit: { ip: 2, publisher: 1_000, windowMs: 60_000 } });
    try {
      const head = () => h.app.inject({ method: 'HEAD', url: '/v1/beacon/click?t=x', remoteAddress: '192.0.2.44' });
      expect([(await head()).statusCode, (await head()).statusCode, (await head()).statusCode]).toEqual([400, 400, 429]);
    } finally {
      await h.close();
    }
  });
});
