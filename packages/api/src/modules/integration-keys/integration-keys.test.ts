import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, bearer, expectEnvelope as envelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ORDER_ADDRESS } from '../../../test/fixtures/orders.ts';
import { hashPassword } from '../../lib/password.ts';
import { createReadCache, createMemoryCache } from '../../lib/cache.ts';
import type { MemberContext } from '../../plugins/identity.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { createIntegrationKeysService, LAST_USED_EVERY_MS } from './integration-keys.service.ts';
import type { IntegrationKeysRepo, KeyByHash } from './integration-keys.repo.ts';

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let adminId: number;
let store: CartStore;
let seq = 0;

interface Created {
  id: number;
  key: string;
  key_prefix: string;
  message: string;
  name: string;
  scopes: string[];
  created_by: { id: number; name: string };
}

/** The answer's status and error envelope with its code. */
function expectEnvelope(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return envelope(res.body, code);
}

const intake = (over: Record<string, unknown> = {}) => ({
  customer_id: store.customerId,
  location_id: store.locationId,
  channel: 'vtex',
  external_id: `VTEX-KEY-${Date.now()}-${++seq}`,
  items: [{ product_id: store.products.leite, quantity: 2 }],
  fulfilment: 'delivery',
  address: ORDER_ADDRESS,
  ...over,
});

async function createKey(token = admin, name = `E-commerce ${++seq}`): Promise<Created> {
  const res = await t.http.post('/api/integration-key').set(bearer(token)).send({ name, scopes: ['orders'] });
  if (res.status !== 201) throw new Error(`key: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Created;
}
/** POST /api/order with the key alone: no session. */
const orderWithKey = (key: string, body: unknown = intake()) => t.http.post('/api/order').set({ 'x-api-key': key }).send(body as object);
const list = (token = admin) => t.http.get('/api/integration-key').set(bearer(token));

/** A second admin of Bom Preço (so removing them leaves one), signed in. */
async function anotherAdmin(): Promise<{ id: number; token: string }> {
  const user = await t.db.user.create({ data: { email: `integra${++seq}@varejo.test`, name: `Integrador ${seq}`, passwordHash: await hashPassword(DEMO_PASSWORD) } });
  await t.db.membership.create({ data: { accountId: bomPreco, userId: user.id, role: 'admin', status: 'active', allModules: true } });
  const token = await t.login(user.email);
  const res = await t.http.post('/changeaccount').set(bearer(token)).send({ account_id: bomPreco });
  return { id: user.id, token: res.body.newToken as string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  adminId = (await t.db.user.findUniqueOrThrow({ where: { email: DEMO.admin } })).id;
  const atacadoId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
  atacado = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacadoId })).body.newToken;
  store = await createCartStore(t, admin, 'Loja das integrações');
});
afterAll(() => t?.close());

describe('integration keys', () => {
  it('creates a key shown once, stores only its hash and prefix, and lists it without the key', async () => {
    const created = await createKey(admin, 'Loja VTEX');
    expect(created.message).toBe('Chave criada: copie-a agora, ela não será exibida de novo.');
    expect(created.key).toMatch(/^bok_[A-Za-z0-9_-]{32}$/);
    expect(created.key.startsWith(created.key_prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'Loja VTEX', scopes: ['orders'], created_by: { id: adminId } });

    const row = await t.db.integrationKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key);

    const res = await list();
    expect(res.status).toBe(200);
    const listed = res.body.data.find((k: { id: number }) => k.id === created.id);
    expect(listed).toMatchObject({ name: 'Loja VTEX', key_prefix: created.key_prefix, scopes: ['orders'], last_used_at: null, revoked_at: null });
    expect(listed).not.toHaveProperty('key');
    expect(res.text).not.toContain(created.key);
  });

  it('creates an order with the key alone, as its creator in its account; the same external_id answers the same order', async () => {
    const { key, id } = await createKey();
    const body = intake();
    const first = await orderWithKey(key, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: first.body.order.id }, select: { accountId: true, createdById: true } });
    expect(order).toEqual({ accountId: bomPreco, createdById: adminId });
    // The timeline names the key's creator.
    expect(first.body.events[0].actor).toMatchObject({ kind: 'user', user_id: adminId });

    const again = await orderWithKey(key, body);
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(first.body.order.id);

    const used = await t.db.integrationKey.findUniqueOrThrow({ where: { id }, select: { lastUsedAt: true } });
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('refuses an unknown or malformed key (401), and a session still wins over a key', async () => {
    expectEnvelope(await orderWithKey(`bok_${'A'.repeat(32)}`), 401, 'INTEGRATION_KEY_INVALID');
    const garbage = expectEnvelope(await orderWithKey('não é uma chave'), 401, 'INTEGRATION_KEY_INVALID');
    expect(garbage.message).toBe('Chave de integração inválida: confira o cabeçalho x-api-key.');
    expectEnvelope(await t.http.post('/api/order').send(intake()), 401, 'UNAUTHENTICATED');
    // A bearer token is judged as a session whatever x-api-key says.
    const withBoth = await t.http.post('/api/order').set({ ...bearer(admin), 'x-api-key': 'bok_nada' }).send(intake());
    expect(withBoth.status).toBe(201);
  });

  it('accepts a key only where the contract says so', async () => {
    const { key } = await createKey();
    expectEnvelope(await t.http.get('/search/orders').set({ 'x-api-key': key }), 401, 'UNAUTHENTICATED');
    expectEnvelope(await t.http.get('/api/integration-key').set({ 'x-api-key': key }), 401, 'UNAUTHENTICATED');
  });

  it('revokes a key: refused at once (401), listed as revoked; revoking again is harmless', async () => {
    const { key, id, name } = await createKey();
    expect((await orderWithKey(key)).status).toBe(201);
    const res = await t.http.delete(`/api/integration-key/${id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Chave de integração "${name}" revogada: ela deixou de ser aceita.`);
    const refused = expectEnvelope(await orderWithKey(key), 401, 'INTEGRATION_KEY_REVOKED');
    expect(refused.message).toContain('foi revogada');
    const listed = (await list()).body.data.find((k: { id: number }) => k.id === id);
    expect(listed.revoked_at).not.toBeNull();
    expect((await t.http.delete(`/api/integration-key/${id}`).set(bearer(admin))).status).toBe(200);
  });

  it("stops a removed creator's keys (401 INTEGRATION_KEY_CREATOR_INACTIVE) and a demoted one's where the role or module no longer passes (403)", async () => {
    const removed = await anotherAdmin();
    const { key } = await createKey(removed.token);
    expect((await orderWithKey(key)).status).toBe(201);
    expect((await t.http.delete(`/api/user/${removed.id}/remove-from-account`).set(bearer(admin))).status).toBe(200);
    const refused = expectEnvelope(await orderWithKey(key), 401, 'INTEGRATION_KEY_CREATOR_INACTIVE');
    expect(refused.message).toContain('não é mais membro ativo');

    // Demoted to an operator without the orders module: the key is refused as the person would be.
    const demoted = await anotherAdmin();
    const second = await createKey(demoted.token);
    const membership = await t.db.membership.findFirstOrThrow({ where: { userId: demoted.id, accountId: bomPreco } });
    await t.db.membership.update({ where: { id: membership.id }, data: { role: 'operator', allModules: false } });
    await t.app.identity.forget(demoted.id, bomPreco);
    expectEnvelope(await orderWithKey(second.key), 403, 'FORBIDDEN_MODULE');
  });

  it("keeps a key inside its account: another account's customer and store are unknown (422)", async () => {
    const { key } = await createKey(atacado);
    const body = intake();
    const res = await orderWithKey(key, body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(await t.db.order.count({ where: { externalId: body.external_id } })).toBe(0);
    const listedThere = (await list(atacado)).body.data as Array<{ id: number }>;
    const ownKeys = (await list()).body.data as Array<{ id: number }>;
    expect(listedThere.some((k) => ownKeys.some((o) => o.id === k.id))).toBe(false);
  });

  it("answers 404 for another account's key and 403 to a non-admin", async () => {
    const { id, key } = await createKey();
    expectEnvelope(await t.http.delete(`/api/integration-key/${id}`).set(bearer(atacado)), 404, 'INTEGRATION_KEY_NOT_FOUND');
    expect((await orderWithKey(key)).status).toBe(201);
    const operator = await t.login(DEMO.operator);
    expectEnvelope(await list(operator), 403, 'FORBIDDEN_ROLE');
    expectEnvelope(await t.http.post('/api/integration-key').set(bearer(operator)).send({ name: 'x', scopes: ['orders'] }), 403, 'FORBIDDEN_ROLE');
    expectEnvelope(await t.http.delete('/api/integration-key/999999').set(bearer(admin)), 404, 'INTEGRATION_KEY_NOT_FOUND');
  });

  it('answers 400 naming the field, in Portuguese', async () => {
    const post = (body: unknown) => t.http.post('/api/integration-key').set(bearer(admin)).send(body as object);
    const noName = expectEnvelope(await post({ name: '  ', scopes: ['orders'] }), 400, 'VALIDATION_ERROR');
    expect(noName.details![0]).toMatchObject({ field: 'name', message: 'Dê um nome à chave, para saber onde ela é usada.' });
    const noScopes = expectEnvelope(await post({ name: 'Loja', scopes: [] }), 400, 'VALIDATION_ERROR');
    expect(noScopes.details![0]).toMatchObject({ field: 'scopes', message: 'Escolha ao menos um escopo para a chave.' });
    const unknown = expectEnvelope(await post({ name: 'Loja', scopes: ['payments'] }), 400, 'VALIDATION_ERROR');
    expect(unknown.details![0]).toMatchObject({ field: 'scopes.0', message: 'Escopo desconhecido: use orders ou erp.' });
    const repeated = expectEnvelope(await post({ name: 'Loja', scopes: ['orders', 'orders'] }), 400, 'VALIDATION_ERROR');
    expect(repeated.details![0]?.field).toMatch(/^scopes/);
    const extra = expectEnvelope(await post({ name: 'Loja', scopes: ['orders'], key: 'minha' }), 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(extra.details)).toContain('key');
    expectEnvelope(await t.http.delete('/api/integration-key/abc').set(bearer(admin)), 400, 'VALIDATION_ERROR');
  });

  it('documents the key in /openapi.json on the routes that accept one', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    expect(doc.components.securitySchemes.integrationKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.paths['/api/order'].post.security).toEqual([{ bearerAuth: [] }, { integrationKey: [] }]);
    expect(doc.paths['/api/order'].post.description).toContain('x-api-key');
    expect(doc.paths['/search/orders'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('integration keys service (fakes)', () => {
  const member = (userId: number, accountId: number) => ({ userId, accountId, role: 'admin' }) as MemberContext;

  function fake() {
    const key: KeyByHash = { id: 1, accountId: 7, createdById: 3, scopes: ['orders'], revoked: false };
    const calls = { find: 0, touch: 0 };
    const repo = {
      findByHash: async () => (calls.find++, key),
      touch: async () => (calls.touch++, { count: 1 }),
    } as unknown as IntegrationKeysRepo;
    let clock = Date.parse('2026-11-26T12:00:00Z');
    let active = true;
    const service = createIntegrationKeysService({
      repo,
      reads: createReadCache(createMemoryCache().versions, { now: () => clock }),
      membership: async (u, a) => {
        if (!active) throw new UnauthorizedError();
        return member(u, a);
      },
      now: () => new Date(clock),
    });
    return { service, key, calls, tick: (ms: number) => (clock += ms), deactivate: () => (active = false) };
  }
  const KEY = `bok_${'x'.repeat(32)}`;

  it('reads a key once per cache period and records its use at most once a minute', async () => {
    const f = fake();
    for (let i = 0; i < 5; i++) expect(await f.service.authenticate(KEY, 'orders')).toMatchObject({ userId: 3, accountId: 7 });
    expect(f.calls).toEqual({ find: 1, touch: 1 });
    f.tick(LAST_USED_EVERY_MS);
    await f.service.authenticate(KEY, 'orders');
    expect(f.calls.touch).toBe(2);
  });

  it("maps the creator's lost membership to the key's own 401", async () => {
    const f = fake();
    f.deactivate();
    await expect(f.service.authenticate(KEY, 'orders')).rejects.toMatchObject({ status: 401, code: 'INTEGRATION_KEY_CREATOR_INACTIVE' });
    expect(f.calls.touch).toBe(0);
  });

  it('refuses a key without the scope (403)', async () => {
    const f = fake();
    f.key.scopes = [];
    await expect(f.service.authenticate(KEY, 'orders')).rejects.toMatchObject({ status: 403, code: 'INTEGRATION_KEY_SCOPE_MISSING' });
  });
});
