import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, rede: 0, vizinho: 0, fullBanner: 0 };
const tokens = { admin: '', manager: '', operator: '', brand: '', partner: '' };

const snapshot = async () => ({
  configs: await t.db.retailMediaConfig.findMany({ orderBy: { publisherId: 'asc' } }),
  goals: await t.db.campaignGoalRange.findMany({ orderBy: { id: 'asc' } }),
  sizes: await t.db.adSize.findMany({ orderBy: { id: 'asc' } }),
});

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, {
    bomPreco: idOf('supermercado-bom-preco'),
    aurora: idOf('cafe-aurora'),
    rede: idOf('rede-parceira-midia'),
    vizinho: idOf('mercado-vizinho'),
  });
  ids.fullBanner = (await t.db.adSize.findUniqueOrThrow({ where: { publisherId_name: { publisherId: ids.bomPreco, name: 'Full banner' } } })).id;
  tokens.admin = await t.login(DEMO.admin);
  tokens.manager = await t.login('juliana.alves@varejo.test');
  tokens.operator = await t.login(DEMO.operator);
  tokens.brand = await t.login(DEMO.brand);
  tokens.partner = await t.login(DEMO.partner);
});
afterAll(async () => {
  await t?.close();
});

const terms = { active: true, url: 'https://bompreco.com.br/termos-v2', version: '2026.2' };

describe('configuration authorization: ad size ids', () => {
  authorizationMatrix({
    operations: () => [
      ['publisherConfig', () => t.http.get('/configuration/v2/publisher')],
      ['campaignPermissions', () => t.http.get('/configuration/campaign-permissions').query({ publisher_id: ids.bomPreco })],
      ['getTerms', () => t.http.get('/configuration/terms-of-service')],
      ['updateTerms', () => t.http.put('/configuration/terms-of-service').send(terms)],
      ['getAdTypes', () => t.http.get('/configuration/ad-types')],
      ['updateAdTypes', () => t.http.put('/configuration/ad-types').send({ ad_types: ['banner'] })],
      ['listGoals', () => t.http.get('/goals')],
      ['updateGoal', () => t.http.put('/goals/growth').send({ min: 1, max: 2 })],
      ['listAdSizes', () => t.http.get('/ad-sizes')],
      ['createAdSize', () => t.http.post('/ad-sizes').send({ name: 'Arranha-céu', width: 160, height: 600 })],
      ['deleteAdSize', () => t.http.delete(`/ad-sizes/${ids.fullBanner}`)],
      ['recommendedProducts', () => t.http.get(`/recommended-products/${ids.bomPreco}`)],
    ],
    reads: ['publisherConfig', 'campaignPermissions', 'getTerms', 'getAdTypes', 'listGoals', 'listAdSizes', 'recommendedProducts'],
    idOperations: () => [['deleteAdSize', () => t.http.delete(`/ad-sizes/${ids.fullBanner}`)]],
    notFound: 'AD_SIZE_NOT_FOUND',
    tokens: () => ({ operator: tokens.operator, otherAccount: tokens.partner }),
    snapshot,
  });
});

describe('configuration authorization: another publisher', () => {
  it('answers 404 PUBLISHER_NOT_FOUND to a publisher of another network on every publisher_id, and changes nothing', async () => {
    const before = await snapshot();
    const q = { publisher_id: ids.bomPreco };
    const calls = [
      t.http.get('/configuration/v2/publisher').query(q),
      t.http.get('/configuration/campaign-permissions').query(q),
      t.http.get('/configuration/terms-of-service').query(q),
      t.http.put('/configuration/terms-of-service').query(q).send(terms),
      t.http.get('/configuration/ad-types').query(q),
      t.http.put('/configuration/ad-types').query(q).send({ ad_types: ['banner'] }),
      t.http.get('/goals').query(q),
      t.http.put('/goals/growth').query(q).send({ min: 1, max: 2 }),
      t.http.get('/ad-sizes').query(q),
      t.http.post('/ad-sizes').send({ name: 'Arranha-céu', width: 160, height: 600, publisher_id: ids.bomPreco }),
      t.http.get(`/recommended-products/${ids.bomPreco}`),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call.set(bearer(tokens.partner));
      expect(res.status, `call ${i}`).toBe(404);
      expectEnvelope(res.body, 'PUBLISHER_NOT_FOUND');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 403 to a linked advertiser that tries a configuration write, and changes nothing', async () => {
    const before = await snapshot();
    const q = { publisher_id: ids.bomPreco };
    const calls = [
      t.http.put('/configuration/terms-of-service').query(q).send(terms),
      t.http.put('/configuration/ad-types').query(q).send({ ad_types: ['banner'] }),
      t.http.put('/goals/growth').query(q).send({ min: 1, max: 2 }),
      t.http.post('/ad-sizes').send({ name: 'Arranha-céu', width: 160, height: 600, publisher_id: ids.bomPreco }),
      t.http.delete(`/ad-sizes/${ids.fullBanner}`),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call.set(bearer(tokens.brand));
      expect(res.status, `call ${i}`).toBe(403);
      expectEnvelope(res.body, 'RM_CONFIG_PUBLISHER_ONLY');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /configuration/v2/publisher and campaign-permissions', () => {
  it('gives a linked advertiser the publisher configuration and its permissions there', async () => {
    const res = await t.http.get('/configuration/v2/publisher').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      publisher: { id: ids.bomPreco, name: 'Supermercado Bom Preço', is_network: false },
      terms: { active: true, url: 'https://bompreco.com.br/termos-retail-media', version: '2026.1' },
      permissions: { publisher_id: ids.bomPreco, can_create: true, can_review: false, enable_audience_campaign: true },
    });
    expect(res.body.ad_sizes.map((s: { name: string }) => s.name).sort()).toEqual(
      ['1080p', '320p', '360p', '480p', '720p', 'Full banner', 'Mobile banner', 'Retângulo médio', 'Super banner', 'desktop', 'mobile'],
    );
    expect(res.body.goals.map((g: { name: string }) => g.name)).toEqual(['profitability', 'growth', 'reach']);
  });

  it('defaults to the caller when it is a publisher, and 404 for an advertiser without publisher_id', async () => {
    const own = await t.http.get('/configuration/v2/publisher').set(bearer(tokens.partner));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ publisher: { id: ids.rede, is_network: true }, ad_types: ['banner', 'sponsored_brand', 'digital_signage'], terms: { active: false } });
    expect(own.body.permissions.can_review).toBe(true);
    const brand = await t.http.get('/configuration/v2/publisher').set(bearer(tokens.brand));
    expect(brand.status).toBe(404);
  });

  it('answers campaign permissions, 404 where the caller has none', async () => {
    const res = await t.http.get('/configuration/campaign-permissions').query({ publisher_id: ids.rede }).set(bearer(tokens.brand));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ publisher_id: ids.rede, can_create: true, strategies: ['standard'], allow_manage_subpublishers: true });
    const none = await t.http.get('/configuration/campaign-permissions').query({ publisher_id: ids.rede }).set(bearer(tokens.admin));
    expect(none.status).toBe(404);
    expectEnvelope(none.body, 'PUBLISHER_NOT_FOUND');
    expect((await t.http.get('/configuration/campaign-permissions').set(bearer(tokens.brand))).status).toBe(400);
  });

  it('lets a network configure its sub-publishers', async () => {
    const res = await t.http.put('/configuration/ad-types').query({ publisher_id: ids.vizinho }).set(bearer(tokens.partner)).send({ ad_types: ['banner'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ publisher_id: ids.vizinho, ad_types: ['banner'], can_edit: true });
  });
});

describe('terms of service', () => {
  it('lets only the publisher admin edit: can_edit tells the UI, a manager gets 403', async () => {
    const admin = await t.http.get('/configuration/terms-of-service').set(bearer(tokens.admin));
    expect(admin.body).toMatchObject({ publisher_id: ids.bomPreco, active: true, version: '2026.1', can_edit: true });
    const manager = await t.http.get('/configuration/terms-of-service').set(bearer(tokens.manager));
    expect(manager.body.can_edit).toBe(false);
    const before = await snapshot();
    const put = await t.http.put('/configuration/terms-of-service').set(bearer(tokens.manager)).send(terms);
    expect(put.status).toBe(403);
    expectEnvelope(put.body, 'FORBIDDEN_ROLE');
    expect(await snapshot()).toEqual(before);
    const brand = await t.http.get('/configuration/terms-of-service').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(brand.body).toMatchObject({ active: true, can_edit: false });
  });

  it('requires an http(s) url and a version of up to 40 characters when active', async () => {
    const cases: Array<[object, string]> = [
      [{ active: true, version: '1' }, 'url'],
      [{ active: true, url: 'https://x.com.br/termos' }, 'version'],
      [{ active: true, url: 'ftp://x.com.br/termos', version: '1' }, 'url'],
      [{ active: true, url: 'https://x.com.br/termos', version: 'v'.repeat(41) }, 'version'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.put('/configuration/terms-of-service').set(bearer(tokens.admin)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field)).toContain(field);
    }
  });

  it('saves and reads back; turning off keeps the last url and version', async () => {
    const res = await t.http.put('/configuration/terms-of-service').set(bearer(tokens.admin)).send(terms);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject(terms);
    const off = await t.http.put('/configuration/terms-of-service').set(bearer(tokens.admin)).send({ active: false });
    expect(off.body).toMatchObject({ active: false, url: terms.url, version: terms.version });
    expect((await t.http.get('/configuration/terms-of-service').set(bearer(tokens.admin))).body).toMatchObject({ active: false, url: terms.url });
    // A null clears what leaving the field out keeps.
    const cleared = await t.http.put('/configuration/terms-of-service').set(bearer(tokens.admin)).send({ active: false, url: null, version: null });
    expect(cleared.body).toMatchObject({ active: false, url: null, version: null });
    expect((await t.http.get('/configuration/terms-of-service').set(bearer(tokens.admin))).body).toMatchObject({ url: null, version: null });
  });
});

describe('ad types', () => {
  it('round-trips the checked types and changes campaign permissions', async () => {
    const get = await t.http.get('/configuration/ad-types').set(bearer(tokens.manager));
    expect(get.body).toMatchObject({ ad_types: ['product', 'banner', 'sponsored_brand', 'digital_signage'], can_edit: true });
    expect(get.body.available).toEqual(['product', 'banner', 'sponsored_brand', 'digital_signage']);
    const put = await t.http.put('/configuration/ad-types').set(bearer(tokens.manager)).send({ ad_types: ['banner', 'product', 'banner'] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.ad_types).toEqual(['product', 'banner']);
    expect((await t.http.get('/configuration/ad-types').set(bearer(tokens.admin))).body.ad_types).toEqual(['product', 'banner']);
    const perms = await t.http.get('/configuration/campaign-permissions').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(perms.body.ad_types).toEqual(['product', 'banner']);
    const brandView = await t.http.get('/configuration/ad-types').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(brandView.body).toMatchObject({ ad_types: ['product', 'banner'], can_edit: false });
  });

  it('needs at least one known type', async () => {
    for (const body of [{ ad_types: [] }, { ad_types: ['video'] }, {}]) {
      const res = await t.http.put('/configuration/ad-types').set(bearer(tokens.admin)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toMatch(/^ad_types/);
    }
  });
});

describe('goals', () => {
  it('lists the seeded ranges with pt-BR labels, and the defaults where none is configured', async () => {
    const res = await t.http.get('/goals').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'profitability', label: 'Rentabilidade', range: { min: 0.5, max: 1.2 } },
      { name: 'growth', label: 'Crescimento', range: { min: 0.8, max: 2 } },
      { name: 'reach', label: 'Alcance', range: { min: 0.3, max: 0.9 } },
    ]);
    const vizinho = await t.http.get('/goals').query({ publisher_id: ids.vizinho }).set(bearer(tokens.partner));
    expect(vizinho.body.map((g: { range: unknown }) => g.range)).toEqual([
      { min: 0.5, max: 1.2 },
      { min: 0.8, max: 2 },
      { min: 0.3, max: 0.9 },
    ]);
  });

  it('updates one range; min must not exceed max', async () => {
    const bad = await t.http.put('/goals/reach').set(bearer(tokens.admin)).send({ min: 2, max: 1 });
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('max');
    expect((await t.http.put('/goals/speed').set(bearer(tokens.admin)).send({ min: 1, max: 2 })).status).toBe(400);
    const ok = await t.http.put('/goals/reach').set(bearer(tokens.admin)).send({ min: 0.4, max: 1.1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ name: 'reach', label: 'Alcance', range: { min: 0.4, max: 1.1 } });
    const list = await t.http.get('/goals').set(bearer(tokens.admin));
    expect(list.body.find((g: { name: string }) => g.name === 'reach').range).toEqual({ min: 0.4, max: 1.1 });
  });
});

describe('ad sizes', () => {
  it('lists, creates, refuses a duplicate name and deletes an unused size', async () => {
    const list = await t.http.get('/ad-sizes').query({ publisher_id: ids.rede }).set(bearer(tokens.brand));
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['Full banner', 'Retângulo médio']);
    expect(list.body[0]).toMatchObject({ width: 1200, height: 300, publisher_id: ids.rede });
    const made = await t.http.post('/ad-sizes').set(bearer(tokens.admin)).send({ name: 'Arranha-céu', width: 160, height: 600 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ name: 'Arranha-céu', width: 160, height: 600, publisher_id: ids.bomPreco });
    const dup = await t.http.post('/ad-sizes').set(bearer(tokens.admin)).send({ name: 'arranha-céu', width: 120, height: 600 });
    expect(dup.status).toBe(409);
    expectEnvelope(dup.body, 'AD_SIZE_NAME_TAKEN');
    expect((await t.http.post('/ad-sizes').set(bearer(tokens.admin)).send({ name: 'Zero', width: 0, height: 10 })).status).toBe(400);
    const del = await t.http.delete(`/ad-sizes/${made.body.id}`).set(bearer(tokens.admin));
    expect(del.status).toBe(200);
    expect(await t.db.adSize.count({ where: { id: made.body.id } })).toBe(0);
  });

  it('refuses to delete a size an ad uses', async () => {
    const campaign = await t.db.campaign.create({
      data: { publisherId: ids.bomPreco, advertiserId: ids.aurora, name: 'Banners de café', adType: 'banner', dailyBudgetCents: 10_000n, startAt: new Date() },
    });
    await t.db.ad.create({ data: { campaignId: campaign.id, adType: 'banner', adSizeId: ids.fullBanner, mediaUrl: '/uploads/x.png' } });
    const res = await t.http.delete(`/ad-sizes/${ids.fullBanner}`).set(bearer(tokens.admin));
    expect(res.status).toBe(409);
    expectEnvelope(res.body, 'AD_SIZE_IN_USE');
    expect(await t.db.adSize.count({ where: { id: ids.fullBanner } })).toBe(1);
  });
});

describe('GET /recommended-products/:publisherId', () => {
  type Rec = { sku: string; brand: string; recommended_reason: string; last_category: string; price: number };

  it('puts the caller’s brands first (any case), then the best-stocked available products', async () => {
    await t.db.advertiserLink.update({
      where: { publisherId_advertiserId: { publisherId: ids.bomPreco, advertiserId: ids.aurora } },
      data: { brands: ['café aurora'] },
    });
    await t.db.product.update({ where: { accountId_sku: { accountId: ids.bomPreco, sku: 'leite-integral-1l' } }, data: { availableStock: 100_000 } });
    // The seeded catalog's available Café Aurora products come first, however many they are.
    const mine = await t.db.product.count({ where: { accountId: ids.bomPreco, brand: 'Café Aurora', isAvailable: true } });
    expect(mine).toBeGreaterThan(0);
    const res = await t.http.get(`/recommended-products/${ids.bomPreco}`).query({ quantity: mine + 2 }).set(bearer(tokens.brand));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, quantity: mine + 2 });
    const rows = res.body.data as Rec[];
    expect(rows.slice(0, mine).map((r) => r.brand)).toEqual(Array(mine).fill('Café Aurora'));
    expect(rows[0]!.recommended_reason).toContain('sua marca Café Aurora');
    expect(rows[mine]).toMatchObject({ sku: 'leite-integral-1l', brand: 'Serra Verde', last_category: 'Leite', price: 5.49 });
    expect(rows[mine]!.recommended_reason).toContain('estoque');
    expect(rows.some((r) => r.sku === 'racao-caes-adultos-10kg')).toBe(false);

    // A page straddling the caller's brands and the rest.
    const page2 = await t.http.get(`/recommended-products/${ids.bomPreco}`).query({ page: 2, quantity: mine - 1 }).set(bearer(tokens.brand));
    expect(page2.body.data.slice(0, 2).map((r: Rec) => r.sku)).toEqual([rows[mine - 1]!.sku, 'leite-integral-1l']);
    expect(page2.body.meta.total).toBe(res.body.meta.total);
  });

  it('searches, and serves the publisher itself by stock', async () => {
    const search = await t.http.get(`/recommended-products/${ids.bomPreco}`).query({ q: 'feijão', quantity: 100 }).set(bearer(tokens.brand));
    const skus = search.body.data.map((r: Rec) => r.sku) as string[];
    expect(skus).toEqual(expect.arrayContaining(['feijao-carioca-1kg', 'feijao-preto-1kg']));
    expect(search.body.data.every((r: Rec & { name: string }) => /feijão/i.test(`${r.name} ${r.brand} ${r.sku}`))).toBe(true);
    const own = await t.http.get(`/recommended-products/${ids.bomPreco}`).set(bearer(tokens.admin));
    expect(own.status).toBe(200);
    expect(own.body.data[0].sku).toBe('leite-integral-1l');
  });
});
