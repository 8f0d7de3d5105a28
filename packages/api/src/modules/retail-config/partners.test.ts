import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, rede: 0 };
const tokens = { admin: '', manager: '', operator: '', brand: '', partner: '' };

type AdvertiserBody = { id: number; name: string; seller_id: string | null; checking_account_id: number | null; balance: number };

/** The link-edit form as the UI sends it. */
const form = (over: Record<string, unknown> = {}) => ({
  type: 'industry',
  seller_id: null,
  brands: ['Café Aurora', 'Aurora Gourmet'],
  allow_manage_subpublishers: false,
  strategies: ['standard', 'objective_based'],
  defaultStrategy: 'objective_based',
  enable_audience_campaign: true,
  allow_total_budget_campaign: true,
  ...over,
});
const selfLinkForm = (over: Record<string, unknown> = {}) => form({ type: 'seller', seller_id: 'bompreco', brands: [], strategies: ['standard'], defaultStrategy: 'standard', ...over });
const linkOf = (publisherId: number, advertiserId: number) =>
  t.db.advertiserLink.findUnique({ where: { publisherId_advertiserId: { publisherId, advertiserId } } });

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') });
  tokens.admin = await t.login(DEMO.admin);
  tokens.manager = await t.login('juliana.alves@varejo.test');
  tokens.operator = await t.login(DEMO.operator);
  tokens.brand = await t.login(DEMO.brand);
  tokens.partner = await t.login(DEMO.partner);
});
afterAll(async () => {
  await t?.close();
});

describe('advertiser link authorization', () => {
  // Bom Preço advertises on itself (seller link); Rede Parceira, another network, must not reach that link.
  authorizationMatrix({
    operations: () => [
      ['list', () => t.http.get('/advertisers')],
      ['get', () => t.http.get(`/advertisers/${ids.bomPreco}`)],
      ['create', () => t.http.post('/advertisers').send({ ...form(), document: '98.765.432/0001-10' })],
      ['updateLink', () => t.http.put(`/advertisers/${ids.bomPreco}/link`).send(selfLinkForm())],
      ['delete', () => t.http.delete(`/advertisers/${ids.bomPreco}`)],
      ['publishers', () => t.http.get('/publishers')],
      ['subpublishers', () => t.http.get('/subpublishers')],
    ],
    reads: ['list', 'get', 'publishers', 'subpublishers'],
    idOperations: () => [
      ['get', () => t.http.get(`/advertisers/${ids.bomPreco}`)],
      ['updateLink', () => t.http.put(`/advertisers/${ids.bomPreco}/link`).send(selfLinkForm())],
      ['delete', () => t.http.delete(`/advertisers/${ids.bomPreco}`)],
    ],
    notFound: 'ADVERTISER_NOT_FOUND',
    tokens: () => ({ operator: tokens.operator, otherAccount: tokens.partner }),
    snapshot: async () => ({ links: await t.db.advertiserLink.findMany({ orderBy: { id: 'asc' } }), wallets: await t.db.wallet.count() }),
  });

  it('answers 403 to an advertiser editing its own link on the publisher, and changes nothing', async () => {
    const before = await linkOf(ids.bomPreco, ids.aurora);
    const q = { publisher_id: ids.bomPreco };
    for (const call of [
      t.http.put(`/advertisers/${ids.aurora}/link`).query(q).send(form()),
      t.http.delete(`/advertisers/${ids.aurora}`).query(q),
      t.http.get(`/advertisers/${ids.aurora}`).query(q),
    ]) {
      const res = await call.set(bearer(tokens.brand));
      expect(res.status).toBe(403);
      expectEnvelope(res.body, 'RM_CONFIG_PUBLISHER_ONLY');
    }
    expect(await linkOf(ids.bomPreco, ids.aurora)).toEqual(before);
  });
});

describe('GET /advertisers', () => {
  it('lists the publisher’s advertisers by name with wallet, link and metrics', async () => {
    const metricsOf = async () => (await t.http.get('/advertisers').query({ name: 'aurora' }).set(bearer(tokens.admin))).body.data[0].metrics;
    const before = await metricsOf();
    const now = new Date();
    await t.db.campaign.create({
      data: { publisherId: ids.bomPreco, advertiserId: ids.aurora, name: 'Café no topo da busca', adType: 'product', dailyBudgetCents: 10_000n, startAt: new Date(now.getTime() - 86_400_000) },
    });
    await t.db.campaign.create({
      data: { publisherId: ids.bomPreco, advertiserId: ids.aurora, name: 'Café pausado', adType: 'product', dailyBudgetCents: 10_000n, startAt: now, active: false },
    });
    await t.db.rmDailyStat.create({
      data: { day: new Date('2020-01-10'), publisherId: ids.bomPreco, advertiserId: ids.aurora, campaignId: 1, adId: 999_001, impressions: 1000n, clicks: 25n, spentCents: 1_550n, incomeCents: 9_990n },
    });
    const after = await metricsOf();
    const cents = (v: number) => Math.round(v * 100);
    expect({
      campaigns_active: after.campaigns_active - before.campaigns_active,
      impressions: after.impressions - before.impressions,
      clicks: after.clicks - before.clicks,
      total_spent: cents(after.total_spent) - cents(before.total_spent),
      income: cents(after.income) - cents(before.income),
    }).toEqual({ campaigns_active: 1, impressions: 1000, clicks: 25, total_spent: 1550, income: 9990 });
    const stats = await t.db.rmDailyStat.aggregate({ where: { publisherId: ids.bomPreco, advertiserId: ids.aurora }, _sum: { impressions: true } });
    expect(after.impressions).toBe(Number(stats._sum.impressions));

    const res = await t.http.get('/advertisers').set(bearer(tokens.admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((a: AdvertiserBody) => a.name)).toEqual(['Café Aurora', 'Supermercado Bom Preço']);
    expect(res.body.meta).toMatchObject({ quantity: 50, total: 2 });
    const wallet = await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.bomPreco, advertiserId: ids.aurora } } });
    expect(res.body.data[0]).toMatchObject({
      id: ids.aurora,
      checking_account_id: wallet.id,
      balance: Number(wallet.balanceCents) / 100,
      advertiser_tags: ['Café Aurora'],
      account_logo: '/brand/cafe-aurora.svg',
      account_theme: '#5c3d2e',
      link: { type: 'industry', strategies: ['standard', 'objective_based'], defaultStrategy: 'standard', enable_audience_campaign: true },
      can_edit: true,
      can_edit_seller_id: true,
    });
    expect(res.body.data[1]).toMatchObject({ seller_id: 'bompreco', link: { type: 'seller', seller_id: 'bompreco' } });
    expect((await t.http.get('/advertisers').query({ name: 'AURORA' }).set(bearer(tokens.admin))).body.meta.total).toBe(1);
  });

  it('gives an advertiser-only account an empty list and a network its own advertisers', async () => {
    expect((await t.http.get('/advertisers').set(bearer(tokens.brand))).body).toEqual({ data: [], meta: { page: 1, quantity: 50, total: 0, total_pages: 0 } });
    const rede = await t.http.get('/advertisers').set(bearer(tokens.partner));
    expect(rede.body.data.map((a: AdvertiserBody) => a.id)).toEqual([ids.aurora]);
  });

  it('tells a manager the seller id is not editable', async () => {
    const res = await t.http.get(`/advertisers/${ids.bomPreco}`).set(bearer(tokens.manager));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ can_edit: true, can_edit_seller_id: false });
  });
});

describe('PUT /advertisers/:id/link', () => {
  it('validates the form: the default strategy among the strategies, a seller id for seller links', async () => {
    const before = await linkOf(ids.bomPreco, ids.aurora);
    const cases: Array<[object, string]> = [
      [form({ strategies: ['standard'], defaultStrategy: 'objective_based' }), 'defaultStrategy'],
      [form({ type: 'seller', seller_id: null }), 'seller_id'],
      [form({ strategies: [] }), 'strategies'],
      [form({ strategies: ['magic'] }), 'strategies.0'],
      [form({ type: 'retailer' }), 'type'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.put(`/advertisers/${ids.aurora}/link`).set(bearer(tokens.admin)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field)).toContain(field);
    }
    expect(await linkOf(ids.bomPreco, ids.aurora)).toEqual(before);
  });

  it('saves the form and the permissions follow', async () => {
    const res = await t.http.put(`/advertisers/${ids.aurora}/link`).set(bearer(tokens.manager)).send(form({ brands: ['Café Aurora', 'café aurora', ' Aurora Gourmet '] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.link).toEqual({
      type: 'industry',
      seller_id: null,
      brands: ['café aurora', 'Aurora Gourmet'],
      allow_manage_subpublishers: false,
      strategies: ['standard', 'objective_based'],
      defaultStrategy: 'objective_based',
      enable_audience_campaign: true,
      allow_total_budget_campaign: true,
    });
    expect(res.body.advertiser_tags).toEqual(['café aurora', 'Aurora Gourmet']);
    const perms = await t.http.get('/configuration/campaign-permissions').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(perms.body).toMatchObject({ default_strategy: 'objective_based', allow_total_budget_campaign: true });
  });

  it('lets only an admin change the seller id', async () => {
    const before = await linkOf(ids.bomPreco, ids.bomPreco);
    const manager = await t.http.put(`/advertisers/${ids.bomPreco}/link`).set(bearer(tokens.manager)).send(selfLinkForm({ seller_id: 'bompreco-2' }));
    expect(manager.status).toBe(403);
    expectEnvelope(manager.body, 'LINK_SELLER_ID_ADMIN_ONLY');
    expect(await linkOf(ids.bomPreco, ids.bomPreco)).toEqual(before);
    const same = await t.http.put(`/advertisers/${ids.bomPreco}/link`).set(bearer(tokens.manager)).send(selfLinkForm({ brands: ['Padaria Bom Preço'] }));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const admin = await t.http.put(`/advertisers/${ids.bomPreco}/link`).set(bearer(tokens.admin)).send(selfLinkForm({ seller_id: 'bompreco-2' }));
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ seller_id: 'bompreco-2', link: { seller_id: 'bompreco-2' } });
  });
});

describe('POST and DELETE /advertisers', () => {
  it('links an advertiser by CNPJ and opens its wallet with balance 0; a second time is a conflict', async () => {
    expect(await linkOf(ids.rede, ids.bomPreco)).toBeNull();
    const res = await t.http.post('/advertisers').set(bearer(tokens.partner)).send({ ...form({ brands: ['Padaria Bom Preço'] }), document: '12345678000190' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const wallet = await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.rede, advertiserId: ids.bomPreco } } });
    expect(wallet.balanceCents).toBe(0n);
    expect(res.body).toMatchObject({ id: ids.bomPreco, publisher_id: ids.rede, checking_account_id: wallet.id, balance: 0, advertiser_tags: ['Padaria Bom Preço'] });
    const again = await t.http.post('/advertisers').set(bearer(tokens.partner)).send({ ...form(), document: '12.345.678/0001-90' });
    expect(again.status).toBe(409);
    expectEnvelope(again.body, 'LINK_ALREADY_EXISTS');
  });

  it('answers 404 for an unknown document or an account that does not advertise, 400 for a malformed one', async () => {
    for (const document of ['11.111.111/0001-11', '12.345.678/0002-71']) {
      const res = await t.http.post('/advertisers').set(bearer(tokens.partner)).send({ ...form(), document });
      expect(res.status, document).toBe(404);
      expectEnvelope(res.body, 'ADVERTISER_NOT_FOUND');
    }
    const bad = await t.http.post('/advertisers').set(bearer(tokens.partner)).send({ ...form(), document: '123' });
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body).details?.[0]?.field).toBe('document');
  });

  it('unlinks only an advertiser without campaigns still running or scheduled; the wallet stays', async () => {
    const campaign = await t.db.campaign.create({
      data: { publisherId: ids.rede, advertiserId: ids.bomPreco, name: 'Pão quentinho', adType: 'banner', dailyBudgetCents: 5_000n, startAt: new Date(), active: false },
    });
    const blocked = await t.http.delete(`/advertisers/${ids.bomPreco}`).set(bearer(tokens.partner));
    expect(blocked.status).toBe(409);
    expectEnvelope(blocked.body, 'LINK_HAS_ACTIVE_CAMPAIGNS');
    expect(await linkOf(ids.rede, ids.bomPreco)).not.toBeNull();
    await t.db.campaign.update({ where: { id: campaign.id }, data: { canceledAt: new Date() } });
    const res = await t.http.delete(`/advertisers/${ids.bomPreco}`).set(bearer(tokens.partner));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Vínculo com o anunciante desfeito com sucesso.');
    expect(await linkOf(ids.rede, ids.bomPreco)).toBeNull();
    expect(await t.db.wallet.count({ where: { publisherId: ids.rede, advertiserId: ids.bomPreco } })).toBe(1);
  });
});

describe('GET /publishers and /subpublishers', () => {
  it('lists the advertiser’s publishers by name with link, wallet and permissions', async () => {
    const res = await t.http.get('/publishers').set(bearer(tokens.brand));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Rede Parceira Mídia', 'Supermercado Bom Preço']);
    const wallet = await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.rede, advertiserId: ids.aurora } } });
    expect(res.body[0]).toMatchObject({
      id: ids.rede,
      logo: '/brand/rede-parceira.svg',
      account_theme: '#1864ab',
      link: { allow_manage_subpublishers: true },
      wallet: { id: wallet.id, balance: Number(wallet.balanceCents) / 100 },
      permissions: { publisher_id: ids.rede, can_create: true, ad_types: ['banner', 'sponsored_brand', 'digital_signage'] },
    });
    expect(await (await t.http.get('/publishers').set(bearer(tokens.partner))).body).toEqual([]);
  });

  it('lists a network’s sub-publishers by name; anyone else gets an empty page', async () => {
    const res = await t.http.get('/subpublishers').set(bearer(tokens.partner));
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Empório Serra', 'Mercado Vizinho']);
    expect(res.body.data[0]).toMatchObject({ account_theme: '#862e9c', metrics: { campaigns_active: 0, impressions: 0, clicks: 0, total_spent: 0, income: 0 } });
    expect((await t.http.get('/subpublishers').query({ name: 'vizinho' }).set(bearer(tokens.partner))).body.meta.total).toBe(1);
    expect((await t.http.get('/subpublishers').set(bearer(tokens.admin))).body.meta.total).toBe(0);
  });

  it('lists a network’s sub-publishers to a linked advertiser allowed to manage them, with only its own metrics', async () => {
    const res = await t.http.get('/subpublishers').query({ publisher_id: ids.rede }).set(bearer(tokens.brand));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Empório Serra', 'Mercado Vizinho']);
    // Bom Preço's link does not let Café Aurora manage sub-publishers; Bom Preço is not linked to the network.
    const refused = await t.http.get('/subpublishers').query({ publisher_id: ids.bomPreco }).set(bearer(tokens.brand));
    expect(refused.status).toBe(403);
    const unlinked = await t.http.get('/subpublishers').query({ publisher_id: ids.rede }).set(bearer(tokens.admin));
    expect(unlinked.status).toBe(404);
    expectEnvelope(unlinked.body, 'PUBLISHER_NOT_FOUND');
  });
});
