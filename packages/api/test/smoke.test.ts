import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, type TestApp } from './helpers.ts';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in and reads account-info', async () => {
    const token = await t.login(DEMO.admin);
    const res = await t.http.get('/api/account/account-info').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ name: 'Supermercado Bom Preço', current: true, header_color: '#c92a2a' });
  });
});
