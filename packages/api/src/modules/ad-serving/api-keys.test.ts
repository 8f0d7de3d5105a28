import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { hashApiKey } from './api-key-hash.ts';

let t: TestApp;
const tokens = { admin: '', manager: '', operator: '', brand: '' };

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await t.login(DEMO.admin);
  tokens.manager = await t.login('juliana.alves@varejo.test');
  tokens.operator = await t.login(DEMO.operator);
  tokens.brand = await t.login(DEMO.brand);
});
afterAll(async () => {
  await t?.close();
});

describe('/configuration/api-keys', () => {
  it('seeds the demo key of Bom Preço, stored only as a hash', async () => {
    const row = await t.db.publisherApiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(DEMO_API_KEY) } });
    expect(row.keyPrefix).toBe(DEMO_API_KEY.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(DEMO_API_KEY);
  });

  it('creates a key shown once, lists it without the key, revokes it', async () => {
    const created = await t.http.post('/configuration/api-keys').set(bearer(tokens.admin)).send({ name: 'Aplicativo' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Aplicativo', key: expect.stringMatching(/^rmk_/), key_prefix: created.body.key.slice(0, 12) });
    const stored = await t.db.publisherApiKey.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.keyHash).toBe(hashApiKey(created.body.key));

    const list = await t.http.get('/configuration/api-keys').set(bearer(tokens.manager));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    expect(list.body.data.find((k: { id: number }) => k.id === created.body.id)).toMatchObject({ name: 'Aplicativo', revoked_at: null });

    const revoked = await t.http.delete(`/configuration/api-keys/${created.body.id}`).set(bearer(tokens.admin));
    expect(revoked.status).toBe(200);
    const after = await t.http.get('/configuration/api-keys').set(bearer(tokens.admin));
    expect(after.body.data.find((k: { id: number }) => k.id === created.body.id).revoked_at).toEqual(expect.any(String));
  });

  it('is admin-only for create and revoke, module-gated, and publisher-only', async () => {
    expectEnvelope((await t.http.post('/configuration/api-keys').set(bearer(tokens.manager)).send({ name: 'x' }).expect(403)).body, 'FORBIDDEN_ROLE');
    await t.http.delete('/configuration/api-keys/1').set(bearer(tokens.manager)).expect(403);
    expectEnvelope((await t.http.get('/configuration/api-keys').set(bearer(tokens.operator)).expect(403)).body, 'FORBIDDEN_MODULE');
    await t.http.get('/configuration/api-keys').expect(401);
    // Café Aurora is only an advertiser: keys are a publisher's (403, like a missing role).
    expectEnvelope((await t.http.get('/configuration/api-keys').set(bearer(tokens.brand)).expect(403)).body, 'API_KEYS_PUBLISHER_ONLY');
    await t.http.post('/configuration/api-keys').set(bearer(tokens.admin)).send({ name: '' }).expect(400);
    await t.http.delete('/configuration/api-keys/999999').set(bearer(tokens.admin)).expect(404);
  });
});
