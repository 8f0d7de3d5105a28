import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/modules/ad-serving/ad-serving.seed.ts';
import { png } from '../src/modules/ads/ads.fixtures.ts';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from './helpers.ts';

// Issue 17 §6: a NUL (`%00`, `\u0000`) or a lone surrogate in any text is refused where input is
// parsed (plugins/input-text.ts), a 400 naming the field, before anything reaches PostgreSQL.

let t: TestApp;
let admin = '';
let brand = '';
let bomPreco = 0;
const KEY = { 'x-api-key': DEMO_API_KEY };
const NUL = 'caf\u0000é';
const LONE = 'caf\uD800é';

/** Rows a refused request must not have written. */
const counts = async () => ({
  users: await t.db.user.count(),
  memberships: await t.db.membership.count(),
  invites: await t.db.inviteCode.count(),
  tags: await t.db.campaignTag.count(),
  conversions: await t.db.rmConversion.count(),
});

/**
 * The validation envelope naming `field`, with the reason in the caller's language: 400, or 422 on the
 * public ad API (its contracts' validationStatus, as the VTEX Ads API answers).
 */
function expectRefused(res: { status: number; body: unknown }, field: string, reason: RegExp, status = 400) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
  expect(error.message).toContain(`"${field}"`);
  expect(error.message).toMatch(reason);
  expect(error.details).toEqual([{ field, code: 'invalid_characters', message: expect.stringMatching(reason) }]);
}
const PT_NUL = /Não pode conter o caractere nulo/;
const PT_LONE = /caractere Unicode inválido/;

const conversion = (order: Record<string, unknown> = {}) => ({
  order_id: 'pedido-texto-1',
  user_id: 'cliente-1',
  created_at: new Date().toISOString(),
  items: [{ sku: 'cafe-aurora-tradicional-500g', quantity: 1, price: 10 }],
  ...order,
});
const decision = (term: string) => ({ context: 'search', term, placements: { topo: { types: ['product'], quantity: 1 } } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  brand = await t.login(DEMO.brand);
  bomPreco = (await t.db.account.findFirstOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('a NUL or lone surrogate in the input', () => {
  it('is refused in a query value, naming the parameter, in pt-BR or English', async () => {
    expectRefused(await t.http.get('/api/user?name=%00').set(bearer(admin)), 'name', PT_NUL);
    expectRefused(await t.http.get('/search/products?query=caf%00').set(bearer(admin)), 'query', PT_NUL);
    const en = await t.http.get('/search/products?query=%00').set(bearer(admin)).set('accept-language', 'en');
    expectRefused(en, 'query', /Must not contain the null character/);
    expect(en.body.error.message).toMatch(/^Invalid data in "query"/);
  });

  it('is refused in a path value', async () => {
    const before = await counts();
    expectRefused(await t.http.post('/api/promotion/redemptions/%00/release').set(bearer(admin)), 'order_id', PT_NUL);
    expectRefused(await t.http.post('/api/promotion/redemptions/pedido%00x/release').set(bearer(admin)), 'order_id', PT_NUL);
    expect(await counts()).toEqual(before);
  });

  it('is refused inside a JSON string or key, naming its path, and nothing is written', async () => {
    const before = await counts();
    expectRefused(await t.http.post('/campaign-tags').set(bearer(brand)).send({ name: NUL }), 'name', PT_NUL);
    expectRefused(await t.http.post('/campaign-tags').set(bearer(brand)).send({ name: LONE }), 'name', PT_LONE);
    expectRefused(await t.http.post('/api/user/invite').set(bearer(admin)).send({ email: 'novo@varejo.test', name: NUL, role: 'operator' }), 'name', PT_NUL);
    expectRefused(await t.http.post('/api/user/invite').set(bearer(admin)).send({ email: 'novo\u0000@varejo.test', name: 'Novo', role: 'operator' }), 'email', PT_NUL);
    expectRefused(await t.http.post('/v1/beacon/conversion').set(KEY).send(conversion({ order_id: NUL })), 'order_id', PT_NUL, 422);
    const item = { sku: 'sku\uDC00', quantity: 1, price: 1 };
    expectRefused(await t.http.post('/v1/beacon/conversion').set(KEY).send(conversion({ items: [item] })), 'items.0.sku', PT_LONE, 422);
    expectRefused(await t.http.post('/campaign-tags').set(bearer(brand)).send({ ['na\u0000me']: 'x' }), 'na\u0000me', PT_NUL);
    expect(await counts()).toEqual(before);
  });

  it('is refused in an ad decision, which the fast path hands to the route', async () => {
    expectRefused(await t.http.post(`/v1/rma/${bomPreco}`).set(KEY).send(decision(NUL)), 'term', PT_NUL, 422);
    expectRefused(await t.http.post(`/v1/rma/${bomPreco}`).set(KEY).send(decision(LONE)), 'term', PT_LONE, 422);
    const en = await t.http.post(`/v1/rma/${bomPreco}`).set(KEY).set('accept-language', 'en').send(decision(LONE));
    expectRefused(en, 'term', /half of a surrogate pair/, 422);
  });

  it('never reaches the database from a multipart upload: its fields are checked by value, its file name cleaned', async () => {
    const boundary = 'texto-limite';
    const upload = (fields: Record<string, string>, filename: string) =>
      t.app.inject({
        method: 'POST',
        url: '/ad/media',
        headers: { ...bearer(brand), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
          png(728, 90),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    for (const fields of [{ ad_type: NUL }, { ad_size_id: '1\u0000' }, { ad_type: LONE }] as Record<string, string>[]) {
      const res = await upload(fields, 'banner.png');
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectEnvelope(res.json());
    }
    const named = await upload({}, 'ban\u0000ner.png');
    // The file is stored under a name of the server's own; the name sent is not kept.
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().url).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
  });

  it('leaves whole characters alone: accents, emoji (a surrogate pair), escaped or not', async () => {
    const emoji = await t.http.post('/campaign-tags').set(bearer(brand)).send({ name: 'Café ☕ 😀' });
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
    expect(emoji.body.name).toBe('Café ☕ 😀');
    const escaped = await t.http.post('/campaign-tags').set(bearer(brand)).set('content-type', 'application/json').send('{"name":"Feliz \\ud83d\\ude00"}');
    expect(escaped.status, JSON.stringify(escaped.body)).toBe(201);
    expect(escaped.body.name).toBe('Feliz 😀');
    expect((await t.http.post(`/v1/rma/${bomPreco}`).set(KEY).send(decision('café 😀'))).status).toBe(200);
    expect((await t.http.get('/search/products?query=caf%C3%A9').set(bearer(admin))).status).toBe(200);
  });
});
