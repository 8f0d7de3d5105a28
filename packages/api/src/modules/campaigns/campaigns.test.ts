import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectEnvelope } from '../../../test/helpers.ts';
import { campaignsFixture, dayFromNow, type CampaignsFixture } from './campaigns.fixtures.ts';

let f: CampaignsFixture;
const SKU = 'cafe-aurora-tradicional-500g';
const SKU2 = 'cafe-aurora-extraforte-500g';

const create = (token: string, body: Record<string, unknown>) => f.t.http.post('/campaign').set(bearer(token)).send(body);
const base = () => ({ publisher_id: f.ids.bomPreco, name: 'Café Aurora – teste', ad_type: 'product', daily_budget: 10_000, products: [{ sku: SKU }] });
const auditOf = async (id: number, token = f.tokens.brand, debug = false) =>
  (await f.t.http.get(`/campaign/${id}/audit`).query({ debug: String(debug) }).set(bearer(token))).body as Array<Record<string, unknown>>;

beforeAll(async () => {
  f = await campaignsFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('POST /campaign', () => {
  it('creates a product campaign with one pending ad per SKU, budgets in cents for a cents-currency advertiser', async () => {
    const res = await create(f.tokens.brand, {
      ...base(),
      products: [{ sku: SKU }, { sku: SKU2 }],
      keywords: [' Café ', 'café', 'CAFÉ ESPECIAL'],
      categories: ['Mercearia > Café'],
      end_at: dayFromNow(30),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Café Aurora – teste',
      ad_type: 'product',
      type: 'product',
      strategy_type: 'standard',
      status: 'active',
      advertiser_id: f.ids.aurora,
      publisher_id: f.ids.bomPreco,
      start_at: dayFromNow(0),
      end_at: dayFromNow(30),
      settings: { daily_budget: 100, total_budget: null, budget_type: 'evenly' },
      keywords_count: 2,
      categories: ['Mercearia > Café'],
      created_by: { email: 'gestor@marca.test' },
      permissions: { can_edit: true, can_toggle: true, can_manage_keywords: true, can_review_ads: false, can_delete: true },
    });
    expect(res.body.settings.products.map((p: { sku: string }) => p.sku)).toEqual([SKU, SKU2]);
    expect(res.body.settings.products[0].name).toBe('Café Aurora Tradicional 500g');
    const stored = await f.t.db.campaign.findUniqueOrThrow({ where: { id: res.body.id }, include: { ads: true, keywords: true } });
    expect(stored.dailyBudgetCents).toBe(10_000n);
    expect(stored.keywords.map((k) => k.keyword).sort()).toEqual(['café', 'café especial']);
    expect(stored.ads.map((a) => [a.adType, a.sku, a.status]).sort()).toEqual([
      ['product', SKU2, 'pending_review'],
      ['product', SKU, 'pending_review'],
    ]);
  });

  it('takes reais from an account without the cents currency', async () => {
    const res = await create(f.tokens.admin, { ...base(), daily_budget: 100, products: [{ sku: 'pao-frances-kg' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.settings.daily_budget).toBe(100);
    expect((await f.t.db.campaign.findUniqueOrThrow({ where: { id: res.body.id } })).dailyBudgetCents).toBe(10_000n);
  });

  it('answers "Invalid campaign type." on ad_type for any other type, in both languages', async () => {
    for (const lang of ['pt-BR', 'en']) {
      const res = await create(f.tokens.brand, { ...base(), ad_type: 'video' }).set('accept-language', lang);
      expect(res.status).toBe(400);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.message).toBe('Invalid campaign type.');
      expect(error.details).toEqual([{ field: 'ad_type', code: 'custom', message: 'Invalid campaign type.' }]);
    }
  });

  it('refuses an end before the start, on end_at', async () => {
    const res = await create(f.tokens.brand, { ...base(), start_at: dayFromNow(5), end_at: dayFromNow(4) });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('end_at');
  });

  it('requires products for a product campaign and knows the catalog', async () => {
    const none = await create(f.tokens.brand, { ...base(), products: [] });
    expect(none.status).toBe(400);
    expect(expectEnvelope(none.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('products');

    const unknown = await create(f.tokens.brand, { ...base(), products: [{ sku: SKU }, { sku: 'nao-existe' }] });
    expect(unknown.status).toBe(422);
    expect(expectEnvelope(unknown.body, 'CAMPAIGN_UNKNOWN_SKUS').message).toContain('nao-existe');
  });

  it('applies the link rules: total budget, audiences, sub-publishers, tags', async () => {
    const total = await create(f.tokens.brand, { ...base(), total_budget: 500_000 });
    expect(total.status).toBe(422);
    expectEnvelope(total.body, 'CAMPAIGN_TOTAL_BUDGET_NOT_ALLOWED');

    const sub = await create(f.tokens.brand, { ...base(), subpublisher_ids: [f.ids.rede] });
    expect(sub.status).toBe(422);
    expectEnvelope(sub.body, 'CAMPAIGN_SUBPUBLISHERS_NOT_ALLOWED');

    const pending = await f.t.db.audience.findFirstOrThrow({ where: { publisherId: f.ids.bomPreco, status: { not: 'approved' } } });
    const audience = await create(f.tokens.brand, { ...base(), audience_ids: [pending.id] });
    expect(audience.status).toBe(422);
    expectEnvelope(audience.body, 'CAMPAIGN_AUDIENCES_UNAVAILABLE');

    const approved = await f.t.db.audience.findFirstOrThrow({ where: { publisherId: f.ids.bomPreco, status: 'approved', visibility: 'global' } });
    const ok = await create(f.tokens.brand, { ...base(), audience_ids: [approved.id] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.audiences).toEqual([{ id: approved.id, name: approved.name }]);

    const serraTag = await f.t.db.campaignTag.create({ data: { advertiserId: f.ids.serra, name: 'Da Serra' } });
    const tag = await create(f.tokens.brand, { ...base(), tag_ids: [serraTag.id] });
    expect(tag.status).toBe(422);
    expectEnvelope(tag.body, 'TAG_NOT_FOUND');
  });

  it('refuses an ad type the publisher disabled, with a pt-BR message', async () => {
    const res = await create(f.tokens.brand, { publisher_id: f.ids.rede, name: 'Produto na rede', ad_type: 'product', daily_budget: 10_000, products: [{ sku: SKU }] });
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'CAMPAIGN_AD_TYPE_NOT_ALLOWED').message).toBe('Este publisher não aceita campanhas do tipo "Produto".');
  });

  it('answers 404 to an advertiser not linked to the publisher, and 403 to a publisher creating on itself without a link', async () => {
    const loose = await create(f.tokens.loose, { ...base(), daily_budget: 100 });
    expect(loose.status).toBe(404);
    expectEnvelope(loose.body, 'CAMPAIGN_PUBLISHER_NOT_FOUND');

    const partner = await create(f.tokens.partner, { publisher_id: f.ids.rede, name: 'Da rede', ad_type: 'banner', daily_budget: 100 });
    expect(partner.status).toBe(403);
    expectEnvelope(partner.body, 'CAMPAIGN_CREATE_FORBIDDEN');
  });
});

describe('PUT /campaign/:id and PATCH /campaign/:id', () => {
  let id = 0;
  beforeAll(async () => {
    id = (await create(f.tokens.brand, { ...base(), name: 'Para editar', end_at: dayFromNow(20) })).body.id;
  });

  it('accepts only name, daily_budget and end_at, naming any other key', async () => {
    const res = await f.t.http.put(`/campaign/${id}`).set(bearer(f.tokens.brand)).send({ name: 'Outro', cpc: 1 });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('cpc');
  });

  it('refuses an end before the start on end_at', async () => {
    const res = await f.t.http.put(`/campaign/${id}`).set(bearer(f.tokens.brand)).send({ end_at: dayFromNow(-3) });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('end_at');
  });

  it('changes the fields and audits each one, converting cents', async () => {
    const res = await f.t.http
      .put(`/campaign/${id}`)
      .set(bearer(f.tokens.brand))
      .send({ name: 'Editada', daily_budget: 25_050, end_at: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Editada', end_at: null, settings: { daily_budget: 250.5 } });
    const audit = await auditOf(id);
    const byField = Object.fromEntries(audit.filter((a) => a.action === 'update').map((a) => [a.field_name, [a.old_value, a.new_value]]));
    expect(byField).toMatchObject({
      name: ['Para editar', 'Editada'],
      daily_budget: [100, 250.5],
      end_at: [dayFromNow(20), null],
    });
    expect(audit[0]).toMatchObject({ user_email: 'gestor@marca.test', entity: 'campaign', entity_id: id });
  });

  it('lets the owner and the publisher toggle, audited; an unchanged value writes nothing', async () => {
    const off = await f.t.http.patch(`/campaign/${id}`).set(bearer(f.tokens.admin)).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, status: 'paused' });
    const again = await f.t.http.patch(`/campaign/${id}`).set(bearer(f.tokens.admin)).send({ active: false });
    expect(again.status).toBe(200);
    const on = await f.t.http.patch(`/campaign/${id}`).set(bearer(f.tokens.brand)).send({ active: true });
    expect(on.body.status).toBe('active');
    const toggles = (await auditOf(id)).filter((a) => a.field_name === 'active');
    expect(toggles.map((a) => [a.old_value, a.new_value, a.user_email])).toEqual([
      [false, true, 'gestor@marca.test'],
      [true, false, 'admin@varejo.test'],
    ]);
  });

  it('forbids the publisher the owner-only edit (403) and lets it see the campaign without edit rights', async () => {
    const res = await f.t.http.put(`/campaign/${id}`).set(bearer(f.tokens.admin)).send({ name: 'Do publisher' });
    expect(res.status).toBe(403);
    expectEnvelope(res.body, 'FORBIDDEN');
    const detail = await f.t.http.get(`/campaign/${id}`).set(bearer(f.tokens.admin));
    expect(detail.body.permissions).toMatchObject({ can_edit: false, can_toggle: true, can_review_ads: true, can_manage_keywords: false });
  });
});

describe('keywords, categories and products', () => {
  let id = 0;
  beforeAll(async () => {
    id = (await create(f.tokens.brand, { ...base(), name: 'Partes', keywords: ['café'] })).body.id;
  });

  it('adds, lists, toggles and removes keywords, auditing each', async () => {
    const add = await f.t.http.post(`/campaign/${id}/keywords`).set(bearer(f.tokens.brand)).send({ keywords: ['Café', ' café gelado '] });
    expect(add.status).toBe(201);
    expect(add.body.map((k: { keyword: string }) => k.keyword)).toEqual(['café gelado']);

    const list = await f.t.http.get(`/campaign/${id}/keywords`).query({ q: 'GEL' }).set(bearer(f.tokens.admin));
    expect(list.body.meta).toMatchObject({ total: 1, quantity: 50 });
    const kw = list.body.data[0];
    expect(kw).toMatchObject({ keyword: 'café gelado', active: true, disabled_at: null });

    const publisher = await f.t.http.patch(`/campaign/${id}/keywords/${kw.id}`).set(bearer(f.tokens.admin)).send({ active: false });
    expect(publisher.status).toBe(403);

    const off = await f.t.http.patch(`/campaign/${id}/keywords/${kw.id}`).set(bearer(f.tokens.brand)).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(off.body.disabled_at).not.toBeNull();

    const del = await f.t.http.delete(`/campaign/${id}/keywords/${kw.id}`).set(bearer(f.tokens.brand));
    expect(del.status).toBe(204);
    const missing = await f.t.http.delete(`/campaign/${id}/keywords/${kw.id}`).set(bearer(f.tokens.brand));
    expect(missing.status).toBe(404);
    expectEnvelope(missing.body, 'KEYWORD_NOT_FOUND');

    const entries = (await auditOf(id)).filter((a) => a.field_name === 'keyword').map((a) => [a.old_value, a.new_value]);
    expect(entries).toEqual([
      ['café gelado', null],
      [{ keyword: 'café gelado', active: true }, { keyword: 'café gelado', active: false }],
      [null, 'café gelado'],
    ]);
  });

  it('replaces categories, audited', async () => {
    const res = await f.t.http.put(`/campaign/${id}/categories`).set(bearer(f.tokens.brand)).send({ categories: ['Mercearia > Café', 'Bebidas'] });
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual(['Bebidas', 'Mercearia > Café']);
    const entry = (await auditOf(id)).find((a) => a.field_name === 'category');
    expect(entry).toMatchObject({ old_value: [], new_value: ['Bebidas', 'Mercearia > Café'] });
  });

  it('adds products with a pending ad each, toggles them (owner only), audited', async () => {
    const add = await f.t.http.post(`/campaign/${id}/products`).set(bearer(f.tokens.brand)).send({ products: [{ sku: SKU2 }, { sku: SKU }] });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.map((p: { sku: string }) => p.sku)).toEqual([SKU, SKU2]);
    expect(await f.t.db.ad.count({ where: { campaignId: id, sku: SKU2, status: 'pending_review' } })).toBe(1);

    const unknown = await f.t.http.post(`/campaign/${id}/products`).set(bearer(f.tokens.brand)).send({ products: [{ sku: 'nada' }] });
    expect(unknown.status).toBe(422);

    const publisher = await f.t.http.patch(`/campaign/${id}/products/${SKU2}`).set(bearer(f.tokens.admin)).send({ active: false });
    expect(publisher.status).toBe(403);
    const off = await f.t.http.patch(`/campaign/${id}/products/${SKU2}`).set(bearer(f.tokens.brand)).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ sku: SKU2, active: false, last_category: 'Café em pó', name: 'Café Aurora Extraforte 500g' });

    const entries = (await auditOf(id)).filter((a) => a.field_name === 'products').map((a) => [a.old_value, a.new_value]);
    expect(entries).toEqual([
      [{ sku: SKU2, active: true }, { sku: SKU2, active: false }],
      [[SKU], [SKU2, SKU].sort()],
    ]);
  });

  it('reports product performance from rm_product_daily_stats, sorted', async () => {
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    await f.t.db.rmProductDailyStat.createMany({
      data: [
        { day: day(dayFromNow(-2)), campaignId: id, sku: SKU, conversions: 3n, itemsSold: 5n, incomeCents: 9_450n },
        { day: day(dayFromNow(-1)), campaignId: id, sku: SKU2, conversions: 4n, itemsSold: 4n, incomeCents: 7_960n },
        { day: day(dayFromNow(-1)), campaignId: id, sku: SKU, conversions: 1n, itemsSold: 1n, incomeCents: 1_890n },
      ],
    });
    const res = await f.t.http.get(`/campaign/${id}/products`).set(bearer(f.tokens.admin));
    expect(res.status).toBe(200);
    expect(res.body.map((p: { sku: string; sales: number }) => [p.sku, p.sales])).toEqual([
      [SKU, 113.4],
      [SKU2, 79.6],
    ]);
    const byConv = await f.t.http.get(`/campaign/${id}/products`).query({ order_by: 'conversions', order_direction: 'asc', start_date: dayFromNow(-1) }).set(bearer(f.tokens.brand));
    expect(byConv.body.map((p: { sku: string; conversions: number }) => [p.sku, p.conversions])).toEqual([
      [SKU, 1],
      [SKU2, 4],
    ]);
  });
});

describe('audit, cancel and delete', () => {
  it('hides the creation payload unless debug is on', async () => {
    const id = (await create(f.tokens.brand, { ...base(), name: 'Auditoria' })).body.id;
    const plain = await auditOf(id);
    const created = plain.find((a) => a.action === 'create' && a.entity === 'campaign');
    expect(created).toMatchObject({ details: null, user_name: 'Marina Costa' });
    expect(plain.filter((a) => a.entity === 'ad' && a.action === 'create')).toHaveLength(1);
    const debug = (await auditOf(id, f.tokens.brand, true)).find((a) => a.action === 'create' && a.entity === 'campaign');
    expect(debug?.details).toMatchObject({ name: 'Auditoria', daily_budget: 10_000, products: [{ sku: SKU }] });
  });

  it('cancels (owner or publisher) and then refuses changes; deletes for the owner', async () => {
    const id = (await create(f.tokens.brand, { ...base(), name: 'Cancelar' })).body.id;
    const cancel = await f.t.http.post(`/campaign/${id}/cancel`).set(bearer(f.tokens.admin));
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'canceled', active: false, permissions: { can_edit: false, can_cancel: false } });
    const edit = await f.t.http.put(`/campaign/${id}`).set(bearer(f.tokens.brand)).send({ name: 'Depois' });
    expect(edit.status).toBe(422);
    expectEnvelope(edit.body, 'CAMPAIGN_NOT_EDITABLE');
    expect((await auditOf(id)).find((a) => a.action === 'cancel')).toMatchObject({ user_email: 'admin@varejo.test' });

    const notOwner = await f.t.http.delete(`/campaign/${id}`).set(bearer(f.tokens.admin));
    expect(notOwner.status).toBe(403);
    const del = await f.t.http.delete(`/campaign/${id}`).set(bearer(f.tokens.brand));
    expect(del.status).toBe(204);
    expect((await f.t.http.get(`/campaign/${id}`).set(bearer(f.tokens.brand))).status).toBe(404);
  });
});

describe('POST /campaign/objective-based', () => {
  const objective = async (body: Record<string, unknown>, token = f.tokens.brand) =>
    f.t.http.post('/campaign/objective-based').set(bearer(token)).send(body);
  const products = async (...skus: string[]) =>
    (await f.t.db.product.findMany({ where: { accountId: f.ids.bomPreco, sku: { in: skus } }, select: { id: true, sku: true } })).map((p) => ({ id: p.id, sku: p.sku }));

  it('creates a product campaign with the goal range midpoint as CPC and category targeting', async () => {
    await f.t.db.campaignGoalRange.upsert({
      where: { publisherId_goal: { publisherId: f.ids.bomPreco, goal: 'growth' } },
      create: { publisherId: f.ids.bomPreco, goal: 'growth', minCents: 80n, maxCents: 200n },
      update: { minCents: 80n, maxCents: 200n },
    });
    const res = await objective({
      goal: 'growth',
      name: 'Crescer café',
      products: await products(SKU, 'cafe-aurora-capsulas-10un'),
      start_at: dayFromNow(0),
      end_at: null,
      publisher_id: f.ids.bomPreco,
      daily_budget: 10_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      strategy_type: 'objective_based',
      goal: 'growth',
      ad_type: 'product',
      targeting: 'category',
      end_at: null,
      settings: { cpc: 1.4, daily_budget: 100, goal: 'growth' },
      categories: ['Mercearia > Café > Café em pó', 'Mercearia > Café > Cápsulas'],
    });
    expect(await f.t.db.ad.count({ where: { campaignId: res.body.id, adType: 'product', status: 'pending_review' } })).toBe(2);
  });

  it('uses the default range without one configured, and requires products', async () => {
    await f.t.db.campaignGoalRange.deleteMany({ where: { publisherId: f.ids.bomPreco, goal: 'reach' } });
    const res = await objective({ goal: 'reach', name: 'Alcance', products: await products(SKU), end_at: null, publisher_id: f.ids.bomPreco, daily_budget: 5_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.settings.cpc).toBe(0.6);

    const none = await objective({ goal: 'reach', name: 'Sem produtos', products: [], end_at: null, publisher_id: f.ids.bomPreco, daily_budget: 5_000 });
    expect(none.status).toBe(400);
    const extra = await objective({ goal: 'reach', name: 'X', products: await products(SKU), publisher_id: f.ids.bomPreco, daily_budget: 1, cpc: 2 });
    expect(extra.status).toBe(400);
  });

  it('refuses a strategy the link does not allow', async () => {
    const res = await objective(
      { goal: 'profitability', name: 'Bom Preço objetivo', products: await products('pao-frances-kg'), end_at: null, publisher_id: f.ids.bomPreco, daily_budget: 50 },
      f.tokens.admin,
    );
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'CAMPAIGN_STRATEGY_NOT_ALLOWED');
  });
});

describe('tags', () => {
  it('creates unique tags per advertiser and sets them on a campaign', async () => {
    const tag = await f.t.http.post('/campaign-tags').set(bearer(f.tokens.serra)).send({ name: 'Verão' });
    expect(tag.status).toBe(201);
    const dup = await f.t.http.post('/campaign-tags').set(bearer(f.tokens.serra)).send({ name: 'VERÃO' });
    expect(dup.status).toBe(409);
    expectEnvelope(dup.body, 'TAG_NAME_TAKEN');
    const partner = await f.t.http.post('/campaign-tags').set(bearer(f.tokens.partner)).send({ name: 'Rede' });
    expect(partner.status).toBe(403);

    const list = await f.t.http.get('/campaign-tags').query({ name: 'ver' }).set(bearer(f.tokens.serra));
    expect(list.body).toEqual([{ id: tag.body.id, name: 'Verão' }]);

    const id = (await create(f.tokens.serra, { publisher_id: f.ids.bomPreco, name: 'Com tag', ad_type: 'banner', daily_budget: 50 })).body.id;
    const set = await f.t.http.put(`/campaign/${id}/tags`).set(bearer(f.tokens.serra)).send({ tag_ids: [tag.body.id] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual([{ id: tag.body.id, name: 'Verão' }]);
    const foreign = await f.t.db.campaignTag.findFirstOrThrow({ where: { advertiserId: f.ids.aurora } });
    const bad = await f.t.http.put(`/campaign/${id}/tags`).set(bearer(f.tokens.serra)).send({ tag_ids: [foreign.id] });
    expect(bad.status).toBe(422);
    const publisherTags = await f.t.http.get('/campaign-tags').set(bearer(f.tokens.admin));
    expect(publisherTags.body.map((t: { name: string }) => t.name)).toContain('Verão');
  });
});
