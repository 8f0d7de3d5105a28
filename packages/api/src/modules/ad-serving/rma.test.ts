import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { hashApiKey } from './api-key-hash.ts';
import { businessDate } from '../../lib/business-day.ts';
import { createEventSigner } from './event-signing.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, rede: 0, size: 0 };
const tokens = { admin: '', brand: '', partner: '' };
const KEY = { 'x-api-key': DEMO_API_KEY };
const DAY = 86_400_000;

const decide = (body: object, headers: Record<string, string> = KEY, publisherId = ids.bomPreco) =>
  t.http.post(`/v1/rma/${publisherId}`).set(headers).send(body);
const adIds = (res: { body: { placements: Record<string, Array<{ ad_id: number }>> } }, placement = 'p') =>
  (res.body.placements[placement] ?? []).map((a) => a.ad_id);

interface Fixture {
  adType?: 'product' | 'banner' | 'sponsored_brand' | 'digital_signage';
  targeting?: 'keyword' | 'category';
  cpc?: number | null;
  cpm?: number | null;
  daily?: number;
  total?: number | null;
  active?: boolean;
  start?: number;
  end?: number | null;
  keywords?: string[];
  categories?: string[];
  skus?: string[];
  ad?: { status?: 'approved' | 'pending_review' | 'rejected'; sku?: string; brandName?: string; sized?: boolean };
  advertiserId?: number;
}

/** A campaign of Aurora (by default) on Bom Preço with one ad; returns the ad and campaign ids. */
async function fixture(f: Fixture = {}) {
  const now = Date.now();
  const adType = f.adType ?? 'banner';
  const campaign = await t.db.campaign.create({
    data: {
      publisherId: ids.bomPreco,
      advertiserId: f.advertiserId ?? ids.aurora,
      name: `Teste ${Math.random().toString(36).slice(2, 8)}`,
      adType,
      targeting: f.targeting ?? 'keyword',
      dailyBudgetCents: BigInt(f.daily ?? 1_000_000),
      totalBudgetCents: f.total == null ? null : BigInt(f.total),
      cpcCents: f.cpc === null ? null : BigInt(f.cpc ?? 100),
      cpmCents: f.cpm == null ? null : BigInt(f.cpm),
      active: f.active ?? true,
      startAt: new Date(now + (f.start ?? -1) * DAY),
      endAt: f.end === undefined ? null : f.end === null ? null : new Date(now + f.end * DAY),
      keywords: { create: (f.keywords ?? []).map((keyword) => ({ keyword })) },
      categories: { create: (f.categories ?? []).map((category) => ({ category })) },
      products: { create: (f.skus ?? []).map((sku) => ({ sku })) },
    },
  });
  const ad = await t.db.ad.create({
    data: {
      campaignId: campaign.id,
      adType,
      status: f.ad?.status ?? 'approved',
      sku: f.ad?.sku ?? null,
      mediaUrl: adType === 'product' ? null : 'https://cdn.test/banner.png',
      destinationUrl: 'https://loja.test/destino',
      brandName: f.ad?.brandName ?? null,
      adSizeId: adType === 'banner' && f.ad?.sized !== false ? ids.size : null,
    },
  });
  t.app.adIndex.invalidate(ids.bomPreco);
  return { adId: ad.id, campaignId: campaign.id };
}

const search = (term: string, types: string[] = ['banner'], extra: object = {}) =>
  decide({ context: 'search', term, placements: { p: { types, quantity: 10, size: '728x90' } }, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') });
  ids.size = (await t.db.adSize.create({ data: { publisherId: ids.bomPreco, name: 'Teste Super Banner', width: 728, height: 90 } })).id;
  tokens.admin = await t.login(DEMO.admin);
  tokens.brand = await t.login(DEMO.brand);
  tokens.partner = await t.login(DEMO.partner);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Every test starts from an inventory with only its own campaigns and funded wallets.
  await t.db.campaign.updateMany({ where: { publisherId: ids.bomPreco, deletedAt: null }, data: { deletedAt: new Date() } });
  await t.db.wallet.updateMany({ where: { publisherId: ids.bomPreco }, data: { balanceCents: 100_000n } });
  await t.db.retailMediaConfig.upsert({
    where: { publisherId: ids.bomPreco },
    create: { publisherId: ids.bomPreco },
    update: { adTypes: ['product', 'banner', 'sponsored_brand', 'digital_signage'] },
  });
  t.app.adIndex.invalidate(ids.bomPreco);
});

describe('POST /v1/rma/:publisherId — eligibility', () => {
  it('serves a keyword match with signed URLs that carry the charge', async () => {
    const { adId, campaignId } = await fixture({ keywords: ['Café'], cpc: 120 });
    const res = await search('café');
    expect(res.status).toBe(200);
    expect(res.body.request_id).toEqual(expect.any(String));
    const [ad] = res.body.placements.p;
    expect(ad).toMatchObject({ ad_id: adId, campaign_id: campaignId, type: 'banner', position: 1, seller_id: ids.aurora, media_url: 'https://cdn.test/banner.png' });
    const signer = createEventSigner(t.config.jwtSecret);
    for (const [field, type] of [['impression_url', 'impression'], ['view_url', 'view'], ['click_url', 'click']] as const) {
      const url = new URL(ad[field]);
      expect(url.pathname).toBe(`/v1/beacon/${type}`);
      const served = signer.verify(url.searchParams.get('t')!);
      expect(served).toMatchObject({ r: res.body.request_id, p: ids.bomPreco, a: ids.aurora, c: campaignId, d: adId, pl: 'p', cx: 'search', pos: 1, cpc: 1, cpm: 0, to: 'https://loja.test/destino' });
    }
    expect((await search('chá')).body.placements.p).toEqual([]);
  });

  it('ranks by bid and charges the second price', async () => {
    const low = await fixture({ keywords: ['cafe'], cpc: 80 });
    const high = await fixture({ keywords: ['cafe'], cpc: 150 });
    const res = await search('cafe');
    expect(adIds(res)).toEqual([high.adId, low.adId]);
    const signer = createEventSigner(t.config.jwtSecret);
    const charge = (i: number) => signer.verify(new URL(res.body.placements.p[i].click_url).searchParams.get('t')!)!.cpc;
    expect([charge(0), charge(1)]).toEqual([80, 1]);
  });

  it('charges a CPM campaign per thousand impressions', async () => {
    const cpm = await fixture({ keywords: ['feijao'], cpc: null, cpm: 2000 });
    await fixture({ keywords: ['feijao'], cpc: 150 });
    const res = await search('feijao');
    expect(adIds(res)[0]).toBe(cpm.adId);
    const served = createEventSigner(t.config.jwtSecret).verify(new URL(res.body.placements.p[0].impression_url).searchParams.get('t')!);
    expect(served).toMatchObject({ d: cpm.adId, cpc: 0, cpm: 1500 });
  });

  it('leaves out paused, unapproved, out-of-dates, exhausted, unfunded and disabled-type ads', async () => {
    const ok = await fixture({ keywords: ['leite'] });
    await fixture({ keywords: ['leite'], active: false });
    await fixture({ keywords: ['leite'], ad: { status: 'pending_review' } });
    await fixture({ keywords: ['leite'], start: 2 });
    await fixture({ keywords: ['leite'], start: -5, end: -2 });
    const daily = await fixture({ keywords: ['leite'], daily: 500 });
    const total = await fixture({ keywords: ['leite'], total: 900 });
    const today = new Date(`${businessDate(new Date())}T00:00:00.000Z`);
    const stat = (c: { adId: number; campaignId: number }, day: Date, spentCents: bigint) =>
      t.db.rmDailyStat.create({ data: { day, publisherId: ids.bomPreco, advertiserId: ids.aurora, campaignId: c.campaignId, adId: c.adId, spentCents } });
    await stat(daily, today, 500n);
    await stat(total, new Date(today.getTime() - 3 * DAY), 900n);
    t.app.adIndex.invalidate(ids.bomPreco);
    expect(adIds(await search('leite'))).toEqual([ok.adId]);

    await t.db.wallet.updateMany({ where: { publisherId: ids.bomPreco, advertiserId: ids.aurora }, data: { balanceCents: 0n } });
    t.app.adIndex.invalidate(ids.bomPreco);
    expect(adIds(await search('leite'))).toEqual([]);

    await t.db.wallet.updateMany({ where: { publisherId: ids.bomPreco }, data: { balanceCents: 100_000n } });
    await t.db.retailMediaConfig.update({ where: { publisherId: ids.bomPreco }, data: { adTypes: ['product'] } });
    t.app.adIndex.invalidate(ids.bomPreco);
    expect(adIds(await search('leite'))).toEqual([]);
  });

  it('matches a category breadcrumb by the campaign category or any prefix of it; category campaigns skip search', async () => {
    const cafe = await fixture({ targeting: 'category', categories: ['Mercearia > Café'] });
    await fixture({ targeting: 'category', categories: ['Padaria'] });
    const res = await decide({ context: 'category', category_name: 'Mercearia > Café > Café em pó', placements: { p: { types: ['banner'], size: '728x90', quantity: 5 } } });
    expect(adIds(res)).toEqual([cafe.adId]);
    expect(adIds(await search('mercearia > café'))).toEqual([]);
  });

  it('serves product ads of the page SKU and banners of its category on product pages', async () => {
    const product = await fixture({ adType: 'product', targeting: 'category', skus: ['cafe-aurora-tradicional-500g'], categories: ['Mercearia'] });
    const banner = await fixture({ targeting: 'category', categories: ['Mercearia > Café > Café em pó'] });
    await fixture({ adType: 'product', targeting: 'category', skus: ['pao-frances-kg'] });
    const res = await decide({
      context: 'product_page',
      product_sku: 'cafe-aurora-tradicional-500g',
      placements: { prod: { types: ['product'], quantity: 5 }, ban: { types: ['banner'], size: 'Teste Super Banner', quantity: 5 } },
    });
    expect(adIds(res, 'prod')).toEqual([product.adId]);
    expect(res.body.placements.prod[0]).toMatchObject({ product_sku: 'cafe-aurora-tradicional-500g', product_name: 'Café Aurora Tradicional 500g' });
    expect(adIds(res, 'ban')).toEqual([banner.adId]);
  });

  it('serves sponsored brands and product ads of the brand on brand pages', async () => {
    const brand = await fixture({ adType: 'sponsored_brand', ad: { brandName: 'Café Aurora' } });
    const product = await fixture({ adType: 'product', skus: ['cafe-aurora-extraforte-500g'] });
    await fixture({ adType: 'sponsored_brand', ad: { brandName: 'Outra Marca' } });
    const res = await decide({ context: 'brand_page', brand_name: 'café aurora', placements: { p: { types: ['sponsored_brand', 'product'], quantity: 5 } } });
    expect(adIds(res).sort()).toEqual([brand.adId, product.adId].sort());
  });

  it('never repeats a campaign or SKU in one response unless allowed', async () => {
    const a = await fixture({ adType: 'product', skus: ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g'] });
    const home = (extra: object = {}) =>
      decide({ context: 'home', placements: { top: { types: ['product'], quantity: 5 }, bottom: { types: ['product'], quantity: 5 } }, ...extra });
    const res = await home();
    expect([...adIds(res, 'top'), ...adIds(res, 'bottom')]).toEqual([a.adId]);
    const dup = await home({ allow_duplicates: true });
    expect(adIds(dup, 'top')).toEqual([a.adId, a.adId]);
    expect(adIds(dup, 'bottom')).toEqual([a.adId, a.adId]);
  });

  it('writes valid JSON whatever the placement names and ad texts hold (quotes, backslashes, accents, line breaks)', async () => {
    const keyword = `aspas-${Math.random().toString(36).slice(2, 8)}`;
    const { adId, campaignId } = await fixture({ keywords: [keyword] });
    const awkward = 'Oferta "imperdível" \\ ação\nnova </script>';
    await t.db.ad.update({ where: { id: adId }, data: { headline: awkward } });
    await t.db.campaign.update({ where: { id: campaignId }, data: { name: `Campanha ${awkward}` } });
    t.app.adIndex.invalidate(ids.bomPreco);
    const name = 'topo "principal" – ação\\1';
    const res = await decide({ context: 'search', term: keyword, placements: { [name]: { types: ['banner'], size: '728x90' } } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.placements)).toEqual([name]);
    expect(res.body.placements[name][0]).toMatchObject({ ad_id: adId, headline: awkward, campaign_name: `Campanha ${awkward}`, position: 1 });
  });

  it('serves only digital signage in the digital_signage context', async () => {
    const ds = await fixture({ adType: 'digital_signage' });
    await fixture({ adType: 'banner' });
    const res = await decide({ context: 'digital_signage', placements: { p: { types: ['digital_signage', 'banner'], size: '728x90', quantity: 5 } } });
    expect(adIds(res)).toEqual([ds.adId]);
  });
});

describe('openapi', () => {
  it('answers third-party callers readable cross-origin, the back office same-origin', async () => {
    const res = await decide({ context: 'home', placements: { p: { types: ['product'] } } });
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const app = await t.http.get('/health');
    expect(app.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('is documented in /openapi.json', async () => {
    const doc = (await t.http.get('/openapi.json')).body;
    expect(doc.paths['/v1/rma/{publisherId}'].post.tags).toEqual(['Ad decisions']);
    expect(doc.paths['/configuration/api-keys'].post).toBeDefined();
  });
});

describe('POST /v1/rma/:publisherId — validation', () => {
  const cases: Array<[string, object, string]> = [
    ['term', { context: 'search', placements: { p: { types: ['product'] } } }, 'term'],
    ['product_sku', { context: 'product_page', placements: { p: { types: ['product'] } } }, 'product_sku'],
    ['brand_name', { context: 'brand_page', placements: { p: { types: ['product'] } } }, 'brand_name'],
    ['category_name', { context: 'category', placements: { p: { types: ['product'] } } }, 'category_name'],
    ['one category', { context: 'category', category_name: 'Padaria | Mercearia', placements: { p: { types: ['product'] } } }, 'category_name'],
    ['size', { context: 'home', placements: { p: { types: ['banner'] } } }, 'size'],
  ];
  it.each(cases)('400 naming %s', async (_label, body, field) => {
    const res = await decide(body);
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'VALIDATION_ERROR');
    const fields = (res.body.error.details as Array<{ field: string }>).map((d) => d.field);
    expect(fields.some((f) => f === field || f.endsWith(`.${field}`))).toBe(true);
  });

  it('400 for a quantity with decimals, saying an integer is due', async () => {
    const res = await decide({ context: 'home', placements: { p: { types: ['product'], quantity: 1.5 } } });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'placements.p.quantity', message: 'Deve ser um número inteiro.' })]);
  });
});

describe('POST /v1/rma/:publisherId — authentication', () => {
  const body = { context: 'home', placements: { p: { types: ['product'] } } };
  it('401 without a key, with an unknown key and with a revoked key', async () => {
    expectEnvelope((await decide(body, {})).body, 'API_KEY_INVALID');
    expect((await decide(body, {})).status).toBe(401);
    expect((await decide(body, { 'x-api-key': 'rmk_nope' })).status).toBe(401);
    const created = await t.http.post('/configuration/api-keys').set(bearer(tokens.admin)).send({ name: 'Revogar' });
    expect((await decide(body, { 'x-api-key': created.body.key })).status).toBe(200);
    await t.http.delete(`/configuration/api-keys/${created.body.id}`).set(bearer(tokens.admin)).expect(200);
    const revoked = await decide(body, { 'x-api-key': created.body.key });
    expect(revoked.status).toBe(401);
    expectEnvelope(revoked.body, 'API_KEY_REVOKED');
  });

  it('403 with the key of another publisher', async () => {
    const key = 'rmk_test_rede_key_0000000000000000';
    await t.db.publisherApiKey.create({ data: { publisherId: ids.rede, name: 'Rede', keyPrefix: key.slice(0, 12), keyHash: hashApiKey(key) } });
    const res = await decide(body, { 'x-api-key': key });
    expect(res.status).toBe(403);
    expectEnvelope(res.body, 'RMA_WRONG_PUBLISHER');
  });

  it('accepts a back-office session of the publisher, not of another account', async () => {
    expect((await decide(body, bearer(tokens.admin))).status).toBe(200);
    expect((await decide(body, bearer(tokens.partner))).status).toBe(404);
    expect((await decide(body, bearer(tokens.brand))).status).toBe(404);
  });
});
