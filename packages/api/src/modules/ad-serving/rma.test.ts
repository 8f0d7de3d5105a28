import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RmaResponse } from '@backoffice/contracts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { hashApiKey } from './api-key-hash.ts';
import { businessDate } from '../../lib/business-day.ts';
import { createEventSigner } from './event-signing.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, rede: 0, size: 0, mobile: 0, video720: 0, video1080: 0 };
const tokens = { admin: '' };
const KEY = { 'x-api-key': DEMO_API_KEY };
const DAY = 86_400_000;

const decide = (body: object, headers: Record<string, string> = KEY, publisherId = ids.bomPreco) =>
  t.http.post(`/v1/rma/${publisherId}`).set(headers).send(body);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's ads, read field by field
type Ad = Record<string, any>;
const adsOf = (res: { body: Record<string, unknown> }, placement = 'p') => res.body[placement] as Ad[];
const adIds = (res: { body: Record<string, unknown> }, placement = 'p') => (adsOf(res, placement) ?? []).map((a) => a.ad_id as number);

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
  ad?: {
    status?: 'approved' | 'pending_review' | 'rejected';
    sku?: string;
    brandName?: string;
    sized?: boolean;
    sizeId?: number;
    mediaUrl?: string | null;
    mediaType?: 'image' | 'video';
    assets?: Array<{ url: string; type: 'image' | 'video'; dimension: string }>;
    duration?: number;
    headline?: string;
    description?: string;
    brandUrl?: string;
  };
  advertiserId?: number;
  /** Audience ids the campaign targets. */
  audiences?: number[];
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
      audiences: { create: (f.audiences ?? []).map((audienceId) => ({ audienceId })) },
    },
  });
  const ad = await t.db.ad.create({
    data: {
      campaignId: campaign.id,
      adType,
      status: f.ad?.status ?? 'approved',
      sku: f.ad?.sku ?? null,
      mediaUrl: f.ad?.mediaUrl !== undefined ? f.ad.mediaUrl : adType === 'product' ? null : 'https://cdn.test/banner.png',
      mediaType: f.ad?.mediaType ?? null,
      assets: f.ad?.assets ?? [],
      durationSeconds: f.ad?.duration ?? null,
      destinationUrl: 'https://loja.test/destino',
      brandName: f.ad?.brandName ?? null,
      headline: f.ad?.headline ?? null,
      description: f.ad?.description ?? null,
      brandUrl: f.ad?.brandUrl ?? null,
      adSizeId: adType === 'banner' && f.ad?.sized !== false ? (f.ad?.sizeId ?? ids.size) : null,
    },
  });
  t.app.adIndex.invalidate(ids.bomPreco);
  return { adId: ad.id, campaignId: campaign.id };
}

const SKU_A = 'cafe-aurora-tradicional-500g';
const SKU_B = 'cafe-aurora-extraforte-500g';
const SIGNAGE = { context: 'digital_signage', device_id: 'tela-01', store_name: 'Loja Centro' };

const search = (term: string, types: string[] = ['banner'], extra: object = {}) =>
  decide({ context: 'search', term, placements: { p: { types, quantity: 10, size: '728x90' } }, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') });
  const size = async (name: string, width: number, height: number) =>
    (await t.db.adSize.upsert({ where: { publisherId_name: { publisherId: ids.bomPreco, name } }, create: { publisherId: ids.bomPreco, name, width, height }, update: {} })).id;
  ids.size = await size('Teste Super Banner', 728, 90);
  ids.mobile = await size('Teste Mobile', 320, 50);
  ids.video720 = await size('Teste vídeo 720p', 1280, 720);
  ids.video1080 = await size('Teste vídeo 1080p', 1920, 1080);
  tokens.admin = await t.login(DEMO.admin);
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
    const ad = adsOf(res)[0]!;
    expect(ad).toMatchObject({ ad_id: adId, campaign_id: campaignId, type: 'banner', position: 1, seller_id: ids.aurora, media_url: 'https://cdn.test/banner.png' });
    const signer = createEventSigner(t.config.jwtSecret);
    for (const [field, type] of [['impression_url', 'impression'], ['view_url', 'view'], ['click_url', 'click']] as const) {
      const url = new URL(ad[field]);
      expect(url.pathname).toBe(`/v1/beacon/${type}`);
      const served = signer.verify(url.searchParams.get('t')!);
      expect(served).toMatchObject({ r: res.body.request_id, p: ids.bomPreco, a: ids.aurora, c: campaignId, d: adId, pl: 'p', cx: 'search', pos: 1, cpc: 1, cpm: 0, to: 'https://loja.test/destino' });
    }
    expect(adsOf(await search('chá'))).toEqual([]);
  });

  it('ranks by bid and charges the second price', async () => {
    const low = await fixture({ keywords: ['cafe'], cpc: 80 });
    const high = await fixture({ keywords: ['cafe'], cpc: 150 });
    const res = await search('cafe');
    expect(adIds(res)).toEqual([high.adId, low.adId]);
    const signer = createEventSigner(t.config.jwtSecret);
    const charge = (i: number) => signer.verify(new URL(adsOf(res)[i]!.click_url).searchParams.get('t')!)!.cpc;
    expect([charge(0), charge(1)]).toEqual([80, 1]);
  });

  it('charges a CPM campaign per thousand impressions', async () => {
    const cpm = await fixture({ keywords: ['feijao'], cpc: null, cpm: 2000 });
    await fixture({ keywords: ['feijao'], cpc: 150 });
    const res = await search('feijao');
    expect(adIds(res)[0]).toBe(cpm.adId);
    const served = createEventSigner(t.config.jwtSecret).verify(new URL(adsOf(res)[0]!.impression_url).searchParams.get('t')!);
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
    expect(adsOf(res, 'prod')[0]).toMatchObject({ product_sku: 'cafe-aurora-tradicional-500g', product_name: 'Café Aurora Tradicional 500g' });
    expect(adIds(res, 'ban')).toEqual([banner.adId]);
  });

  it('serves sponsored brands and product ads of the brand on brand pages', async () => {
    const brand = await fixture({ adType: 'sponsored_brand', ad: { brandName: 'Café Aurora' } });
    const product = await fixture({ adType: 'product', skus: ['cafe-aurora-extraforte-500g'] });
    await fixture({ adType: 'sponsored_brand', ad: { brandName: 'Outra Marca' } });
    const res = await decide({ context: 'brand_page', brand_name: 'café aurora', placements: { p: { types: ['sponsored_brand', 'product'], quantity: 5 } } });
    expect(adIds(res).sort()).toEqual([brand.adId, product.adId].sort());
  });

  it('writes valid JSON whatever the placement names and ad texts hold (quotes, backslashes, accents, line breaks)', async () => {
    const keyword = `aspas-${Math.random().toString(36).slice(2, 8)}`;
    const { adId, campaignId } = await fixture({ adType: 'sponsored_brand', keywords: [keyword] });
    const awkward = 'Oferta "imperdível" \\ ação\nnova </script>';
    await t.db.ad.update({ where: { id: adId }, data: { headline: awkward } });
    await t.db.campaign.update({ where: { id: campaignId }, data: { name: `Campanha ${awkward}` } });
    t.app.adIndex.invalidate(ids.bomPreco);
    const name = 'topo "principal" – ação\\1';
    const res = await decide({ context: 'search', term: keyword, placements: { [name]: { types: ['sponsored_brand'] } } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['request_id', 'query_id', 'query_at', name]);
    expect(adsOf(res, name)[0]).toMatchObject({ ad_id: adId, headline: awkward, campaign_name: `Campanha ${awkward}`, position: 1 });
  });

  it('serves only digital signage in the digital_signage context', async () => {
    const ds = await fixture({ adType: 'digital_signage' });
    await fixture({ adType: 'banner' });
    const res = await decide({ ...SIGNAGE, placements: { p: { types: ['digital_signage', 'banner'], size: '728x90', quantity: 5 } } });
    expect(adIds(res)).toEqual([ds.adId]);
  });
});

describe('POST /v1/rma/:publisherId — the VTEX Ads answer', () => {
  const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('keys each placement by its name at the top level, with request_id, a fresh query_id and query_at; an unfilled placement is an empty list', async () => {
    const { adId } = await fixture({ keywords: ['arroz'] });
    const before = Date.now();
    const body = { context: 'search', term: 'arroz', placements: { topo: { types: ['banner'], size: '728x90' }, vazio: { types: ['product'], quantity: 3 } } };
    const res = await decide(body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['request_id', 'query_id', 'query_at', 'topo', 'vazio']);
    expect(res.body.request_id).toMatch(UUID);
    expect(res.body.query_id).toMatch(UUID);
    expect(res.body.query_at).toMatch(ISO_UTC);
    expect(Date.parse(res.body.query_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(adIds(res, 'topo')).toEqual([adId]);
    expect(res.body.vazio).toEqual([]);
    expect(RmaResponse.safeParse(res.body).success).toBe(true);
    const again = await decide(body);
    expect(again.body.query_id).not.toBe(res.body.query_id);
    expect(again.body.request_id).not.toBe(res.body.request_id);
  });

  it('answers each ad type with exactly its documented fields, every URL absolute under the public origin', async () => {
    await t.db.product.updateMany({ where: { accountId: ids.bomPreco, sku: 'cafe-aurora-tradicional-500g' }, data: { imageUrl: '/uploads/catalog/cafe.png' } });
    const product = await fixture({ adType: 'product', keywords: ['tipos'], skus: ['cafe-aurora-tradicional-500g'] });
    const banner = await fixture({ keywords: ['tipos'], ad: { mediaUrl: '/uploads/ads/banner.png' } });
    const brand = await fixture({
      adType: 'sponsored_brand',
      keywords: ['tipos'],
      skus: ['cafe-aurora-tradicional-500g'],
      ad: {
        mediaUrl: null,
        brandName: 'Café Aurora',
        headline: 'O café da manhã',
        description: 'Torra média',
        brandUrl: 'https://aurora.test/loja',
        assets: [{ url: '/brand/ads/aurora-desktop.svg', type: 'image', dimension: '1200x300' }],
      },
    });
    const common = ['ad_id', 'type', 'position', 'campaign_id', 'campaign_name', 'seller_id', 'impression_url', 'view_url', 'click_url'];
    const res = await decide({
      context: 'search',
      term: 'tipos',
      placements: { prod: { types: ['product'] }, ban: { types: ['banner'], size: '728x90' }, marca: { types: ['sponsored_brand'] } },
    });
    expect(RmaResponse.safeParse(res.body).success).toBe(true);
    const [p] = adsOf(res, 'prod');
    expect(Object.keys(p!).sort()).toEqual([...common, 'product_sku', 'product_name', 'destination_url', 'media_url'].sort());
    expect(p).toMatchObject({
      ad_id: product.adId,
      type: 'product',
      position: 1,
      seller_id: ids.aurora,
      product_sku: 'cafe-aurora-tradicional-500g',
      product_name: 'Café Aurora Tradicional 500g',
      media_url: 'http://localhost:3000/uploads/catalog/cafe.png',
      destination_url: 'https://loja.test/destino',
    });
    const [b] = adsOf(res, 'ban');
    expect(Object.keys(b!).sort()).toEqual([...common, 'media_url', 'asset_type', 'assets', 'destination_url'].sort());
    expect(b).toMatchObject({
      ad_id: banner.adId,
      type: 'banner',
      media_url: 'http://localhost:3000/uploads/ads/banner.png',
      asset_type: 'image',
      assets: [{ url: 'http://localhost:3000/uploads/ads/banner.png', type: 'image', dimension: '728x90' }],
    });
    const [m] = adsOf(res, 'marca');
    expect(Object.keys(m!).sort()).toEqual(
      [...common, 'media_url', 'asset_type', 'assets', 'brand_name', 'headline', 'description', 'brand_url', 'destination_url', 'products'].sort(),
    );
    expect(m).toMatchObject({
      ad_id: brand.adId,
      type: 'sponsored_brand',
      media_url: 'http://localhost:3000/brand/ads/aurora-desktop.svg',
      brand_name: 'Café Aurora',
      headline: 'O café da manhã',
      description: 'Torra média',
      brand_url: 'https://aurora.test/loja',
      destination_url: 'https://aurora.test/loja',
    });
    for (const ad of [p, b, m]) for (const field of ['impression_url', 'view_url', 'click_url']) expect(ad![field]).toMatch(/^http:\/\/localhost:3000\/v1\/beacon\//);
    await t.db.product.updateMany({ where: { accountId: ids.bomPreco, sku: 'cafe-aurora-tradicional-500g' }, data: { imageUrl: null } });
  });

  it('reads `product` as the product_page context and ignores fields it does not know', async () => {
    const { adId } = await fixture({ adType: 'product', skus: ['cafe-aurora-tradicional-500g'] });
    const res = await decide({
      context: 'product',
      product_sku: 'cafe-aurora-tradicional-500g',
      channel: 'msite',
      store_id: 'loja-9',
      brand: 'bompreco',
      userAgent: 'Mozilla/5.0',
      something_new: { nested: [1, 2] },
      placements: { msite_product_top_product: { types: ['product'], quantity: 2, position: 'top' } },
    });
    expect(res.status).toBe(200);
    expect(adIds(res, 'msite_product_top_product')).toEqual([adId]);
  });
});

describe('POST /v1/rma/:publisherId — duplicates', () => {
  const SKU = 'cafe-aurora-tradicional-500g';
  const OTHER = 'cafe-aurora-extraforte-500g';

  it('shows a SKU once per placement unless allow_sku_duplications', async () => {
    const a = await fixture({ adType: 'product', keywords: ['dup'], skus: [SKU], cpc: 200 });
    const b = await fixture({ adType: 'product', keywords: ['dup'], skus: [SKU], cpc: 100 });
    const ask = (allow?: boolean) =>
      decide({ context: 'search', term: 'dup', placements: { p: { types: ['product'], quantity: 5, ...(allow === undefined ? {} : { allow_sku_duplications: allow }) } } });
    expect(adIds(await ask())).toEqual([a.adId]);
    expect(adIds(await ask(false))).toEqual([a.adId]);
    expect(adIds(await ask(true))).toEqual([a.adId, b.adId]);
  });

  it('dedup_campaign_ads: one ad per campaign in the whole answer; by default a campaign fills as many slots as it has SKUs', async () => {
    const wide = await fixture({ adType: 'product', keywords: ['camp'], skus: [SKU, OTHER] });
    const body = { context: 'search', term: 'camp', placements: { a: { types: ['product'], quantity: 5 }, b: { types: ['product'], quantity: 5 } } };
    const all = await decide(body);
    expect(adsOf(all, 'a').map((ad) => ad.product_sku).sort()).toEqual([OTHER, SKU]);
    expect(adsOf(all, 'b')).toHaveLength(2);
    const once = await decide({ ...body, dedup_campaign_ads: true });
    expect(adIds(once, 'a')).toEqual([wide.adId]);
    expect(adIds(once, 'b')).toEqual([]);
  });

  it('dedup_ads: an ad shown in one placement is not shown in another', async () => {
    const first = await fixture({ keywords: ['rep'], cpc: 300 });
    const second = await fixture({ keywords: ['rep'], cpc: 100 });
    const body = { context: 'search', term: 'rep', placements: { a: { types: ['banner'], size: '728x90' }, b: { types: ['banner'], size: '728x90' } } };
    const res = await decide(body);
    expect([adIds(res, 'a'), adIds(res, 'b')]).toEqual([[first.adId], [first.adId]]);
    const dedup = await decide({ ...body, dedup_ads: true });
    expect([adIds(dedup, 'a'), adIds(dedup, 'b')]).toEqual([[first.adId], [second.adId]]);
  });
});

describe('POST /v1/rma/:publisherId — media and sizes', () => {
  const video = (sizeId: number, keyword = 'midia') =>
    fixture({ keywords: [keyword], ad: { sizeId, mediaType: 'video', mediaUrl: '/brand/ads/aurora-720p.mp4' } });
  const ask = (size: string, assets_type?: string[], keyword = 'midia') =>
    decide({ context: 'search', term: keyword, placements: { p: { types: ['banner'], size, quantity: 5, ...(assets_type ? { assets_type } : {}) } } });

  it('assets_type: banners are images unless the placement asks for video; a video banner answers asset_type video', async () => {
    const image = await fixture({ keywords: ['midia'] });
    const clip = await video(ids.size);
    expect(adIds(await ask('728x90'))).toEqual([image.adId]);
    expect(adIds(await ask('728x90', ['video']))).toEqual([clip.adId]);
    expect(adIds(await ask('728x90', ['image', 'video'])).sort()).toEqual([image.adId, clip.adId].sort());
    const [ad] = adsOf(await ask('728x90', ['video']));
    expect(ad).toMatchObject({ asset_type: 'video', media_url: 'http://localhost:3000/brand/ads/aurora-720p.mp4', assets: [{ type: 'video', dimension: '728x90' }] });
  });

  it('video sizes 1080p…320p ask for a video whose ad size has that frame', async () => {
    const hd = await video(ids.video720);
    const full = await video(ids.video1080);
    expect(adIds(await ask('720p', ['video']))).toEqual([hd.adId]);
    expect(adIds(await ask('1080p', ['video']))).toEqual([full.adId]);
    expect(adIds(await ask('480p', ['video']))).toEqual([]);
    expect(adIds(await ask('720p'))).toEqual([]);
  });

  it('desktop and mobile: the size of that name when the publisher has one, else by width (mobile up to 480 px)', async () => {
    const named = await t.db.adSize.findFirstOrThrow({ where: { publisherId: ids.bomPreco, name: 'desktop' } });
    const onNamed = await fixture({ keywords: ['tela'], ad: { sizeId: named.id } });
    const wide = await fixture({ keywords: ['tela'] });
    const narrow = await fixture({ keywords: ['tela'], ad: { sizeId: ids.mobile } });
    expect(adIds(await ask('desktop', undefined, 'tela'))).toEqual([onNamed.adId]);
    expect(adIds(await ask('Super Banner', undefined, 'tela'))).toEqual([]);
    expect(adIds(await ask('Teste Super Banner', undefined, 'tela'))).toEqual([wide.adId]);
    // Without sizes named desktop and mobile, the width decides.
    const renamed = await t.db.adSize.findMany({ where: { publisherId: ids.bomPreco, name: { in: ['desktop', 'mobile'] } }, select: { id: true, name: true } });
    expect(renamed).toHaveLength(2);
    for (const z of renamed) await t.db.adSize.update({ where: { id: z.id }, data: { name: `Seed ${z.name}` } });
    t.app.adIndex.invalidate(ids.bomPreco);
    try {
      expect(adIds(await ask('desktop', undefined, 'tela')).sort()).toEqual([onNamed.adId, wide.adId].sort());
      expect(adIds(await ask('mobile', undefined, 'tela'))).toEqual([narrow.adId]);
    } finally {
      for (const z of renamed) await t.db.adSize.update({ where: { id: z.id }, data: { name: z.name } });
    }
  });

  it('digital signage: a placement asking for banner gets signage ads of any media and any size by default, each with its duration', async () => {
    const still = await fixture({ adType: 'digital_signage', cpc: 300, ad: { mediaType: 'image', mediaUrl: '/brand/ads/aurora-tela.svg' } });
    const clip = await fixture({ adType: 'digital_signage', cpc: 200, ad: { mediaType: 'video', mediaUrl: '/brand/ads/aurora-1080p.mp4' } });
    const timed = await fixture({ adType: 'digital_signage', cpc: 100, ad: { mediaType: 'image', duration: 42 } });
    await fixture({ adType: 'banner' });
    const res = await decide({ ...SIGNAGE, channel: 'in-store', placements: { tela: { types: ['banner'], size: '1080p', quantity: 5 } } });
    expect(res.status).toBe(200);
    expect(RmaResponse.safeParse(res.body).success).toBe(true);
    const ads = adsOf(res, 'tela');
    expect(ads.map((a) => [a.ad_id, a.type, a.asset_type, a.duration])).toEqual([
      [still.adId, 'digital_signage', 'image', 15],
      [clip.adId, 'digital_signage', 'video', 30],
      [timed.adId, 'digital_signage', 'image', 42],
    ]);
    expect(ads[0]).toMatchObject({ media_url: 'http://localhost:3000/brand/ads/aurora-tela.svg', assets: [{ url: 'http://localhost:3000/brand/ads/aurora-tela.svg', type: 'image' }] });
    const videos = await decide({ ...SIGNAGE, placements: { tela: { types: ['digital_signage'], quantity: 5, assets_type: ['video'] } } });
    expect(adIds(videos, 'tela')).toEqual([clip.adId]);
  });

  it('sponsored brands: the assets of the asked media and size, media_url the first of them, and the campaign’s active products', async () => {
    await t.db.product.updateMany({ where: { accountId: ids.bomPreco, sku: SKU_A }, data: { imageUrl: '/uploads/catalog/a.png' } });
    const brand = await fixture({
      adType: 'sponsored_brand',
      keywords: ['marca'],
      skus: [SKU_A, SKU_B, 'sku-fora-do-catalogo'],
      ad: {
        mediaUrl: null,
        brandName: 'Café Aurora',
        headline: 'Aurora',
        description: 'Cafés',
        brandUrl: '/loja/aurora',
        assets: [
          { url: '/brand/ads/aurora-desktop.svg', type: 'image', dimension: '1200x300' },
          { url: '/brand/ads/aurora-mobile.svg', type: 'image', dimension: '320x100' },
          { url: 'https://cdn.test/aurora-720p.mp4', type: 'video', dimension: '1280x720' },
        ],
      },
    });
    await t.db.campaignProduct.updateMany({ where: { campaignId: brand.campaignId, sku: SKU_B }, data: { active: false } });
    t.app.adIndex.invalidate(ids.bomPreco);
    const ask = (placement: object) => decide({ context: 'search', term: 'marca', placements: { p: { types: ['sponsored_brand'], ...placement } } });

    const images = adsOf(await ask({}))[0]!;
    expect(images.assets.map((a: Ad) => a.url)).toEqual(['http://localhost:3000/brand/ads/aurora-desktop.svg', 'http://localhost:3000/brand/ads/aurora-mobile.svg']);
    expect(images).toMatchObject({ media_url: 'http://localhost:3000/brand/ads/aurora-desktop.svg', asset_type: 'image', brand_url: 'http://localhost:3000/loja/aurora' });
    expect(images.products).toEqual([
      { product_sku: SKU_A, product_name: 'Café Aurora Tradicional 500g', media_url: 'http://localhost:3000/uploads/catalog/a.png', destination_url: `https://loja.bompreco.varejo.test/p/${SKU_A}` },
      { product_sku: 'sku-fora-do-catalogo', product_name: null, media_url: null, destination_url: null },
    ]);
    expect(adsOf(await ask({ size: 'mobile' }))[0]).toMatchObject({ media_url: 'http://localhost:3000/brand/ads/aurora-mobile.svg', assets: [{ dimension: '320x100' }] });
    const clip = adsOf(await ask({ size: '720p', assets_type: ['video'] }))[0]!;
    expect(clip).toMatchObject({ ad_id: brand.adId, asset_type: 'video', media_url: 'https://cdn.test/aurora-720p.mp4', assets: [{ type: 'video', dimension: '1280x720' }] });
    expect(adsOf(await ask({ size: '1080p', assets_type: ['video'] }))).toEqual([]);
    expect(adsOf(await ask({ size: '720p' }))).toEqual([]);
    await t.db.product.updateMany({ where: { accountId: ids.bomPreco, sku: SKU_A }, data: { imageUrl: null } });
  });
});

describe('POST /v1/rma/:publisherId — targeting', () => {
  const audience = (name: string, rules: object[]) =>
    t.db.audience.create({ data: { publisherId: ids.bomPreco, name: `${name} ${Math.random().toString(36).slice(2, 6)}`, status: 'approved', rules } });
  const seg = (entries: Record<string, string[]>) => Object.entries(entries).map(([key, values]) => ({ key, values }));

  it('a campaign with audiences serves only requests whose segmentation matches one; one without serves everyone', async () => {
    const paulistas = await audience('Paulistas', [{ attribute: 'state', operator: 'eq', value: 'SP' }]);
    const mulheres = await audience('Mulheres de 25 a 34', [
      { attribute: 'gender', operator: 'eq', value: 'female' },
      { attribute: 'age_range', operator: 'in', value: ['25_34'] },
    ]);
    const campinas = await audience('Campinas', [{ attribute: 'city', operator: 'eq', value: 'Campinas' }]);
    const frequent = await audience('Compradores semanais', [{ attribute: 'purchase_frequency', operator: 'eq', value: 'weekly' }]);
    const open = await fixture({ keywords: ['seg'], cpc: 10 });
    const sp = await fixture({ keywords: ['seg'], cpc: 50, audiences: [paulistas.id] });
    const women = await fixture({ keywords: ['seg'], cpc: 40, audiences: [mulheres.id, campinas.id] });
    const weekly = await fixture({ keywords: ['seg'], cpc: 30, audiences: [frequent.id] });
    const ask = async (segmentation?: object[]) => adIds(await search('seg', ['banner'], segmentation ? { segmentation } : {}));

    expect(await ask()).toEqual([open.adId]);
    expect(await ask(seg({ STATE: ['SP'] }))).toEqual([sp.adId, open.adId]);
    expect(await ask(seg({ STATE: ['RJ'], NEIGHBOURHOOD: ['Madureira'] }))).toEqual([open.adId]);
    expect(await ask(seg({ GENDER: ['F'], AGE: ['29'] }))).toEqual([women.adId, open.adId]);
    expect(await ask(seg({ GENDER: ['F'] }))).toEqual([open.adId]);
    expect(await ask(seg({ GENDER: ['M'], AGE: ['29'] }))).toEqual([open.adId]);
    expect(await ask(seg({ CITY: ['campinas'] }))).toEqual([women.adId, open.adId]);
    // A rule on an attribute the request cannot send: reached only by naming the audience.
    expect(await ask(seg({ STATE: ['SP'], CITY: ['Campinas'], GENDER: ['F'], AGE: ['29'] }))).not.toContain(weekly.adId);
    expect(await ask(seg({ AUDIENCES: [frequent.name.toUpperCase().replace(/ /g, '_').replace('Ê', 'E')] }))).toEqual([weekly.adId, open.adId]);
    expect(await ask(seg({ AUDIENCES: [String(paulistas.id)] }))).toEqual([sp.adId, open.adId]);
  });

  it("an audience edited in the back office changes whom its campaigns serve at once (the index is refreshed before the answer)", async () => {
    const named = await audience('Clube do café', []);
    const ad = await fixture({ keywords: ['clube'], cpc: 20, audiences: [named.id] });
    const ask = async (name: string) => adIds(await search('clube', ['banner'], { segmentation: seg({ AUDIENCES: [name] }) }));
    expect(await ask(named.name)).toEqual([ad.adId]);

    const renamed = `${named.name} VIP`;
    const res = await t.http.put(`/audience/${named.id}`).set(bearer(tokens.admin)).send({ name: renamed, visibility: 'global', rules: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await ask(named.name)).toEqual([]);
    expect(await ask(renamed)).toEqual([ad.adId]);
  });

  it('NBO_CATEGORIES puts the campaigns of those categories (or a parent) first on the home page', async () => {
    const high = await fixture({ targeting: 'category', categories: ['Padaria'], cpc: 300 });
    const parent = await fixture({ targeting: 'category', categories: ['Mercearia'], cpc: 50 });
    const exact = await fixture({ targeting: 'category', categories: ['Mercearia > Café'], cpc: 100 });
    const home = (segmentation?: object[]) =>
      decide({ context: 'home', ...(segmentation ? { segmentation } : {}), placements: { p: { types: ['banner'], size: '728x90', quantity: 5 } } });
    expect(adIds(await home())).toEqual([high.adId, exact.adId, parent.adId]);
    expect(adIds(await home(seg({ NBO_CATEGORIES: ['Mercearia > Café'] })))).toEqual([exact.adId, parent.adId, high.adId]);
  });

  it('tags limit product ads, and the products of sponsored brands, to SKUs with one of them in the catalog', async () => {
    // Seed tags: the traditional coffee is "mais vendidos", the extra-strong one is not.
    const products = await fixture({ adType: 'product', keywords: ['etiqueta'], skus: [SKU_A, SKU_B] });
    const brand = await fixture({ adType: 'sponsored_brand', keywords: ['etiqueta'], skus: [SKU_A, SKU_B] });
    const ask = (tags?: string[]) =>
      decide({ context: 'search', term: 'etiqueta', ...(tags ? { tags } : {}), placements: { p: { types: ['product'], quantity: 5 }, m: { types: ['sponsored_brand'] } } });
    const all = await ask();
    expect(adsOf(all).map((a) => a.product_sku).sort()).toEqual([SKU_B, SKU_A].sort());
    expect(adsOf(all, 'm')[0]!.products).toHaveLength(2);
    const tagged = await ask(['Mais Vendidos']);
    expect(adsOf(tagged).map((a) => [a.ad_id, a.product_sku])).toEqual([[products.adId, SKU_A]]);
    expect(adsOf(tagged, 'm')[0]).toMatchObject({ ad_id: brand.adId, products: [{ product_sku: SKU_A }] });
    const none = await ask(['churrasco']);
    expect(adsOf(none)).toEqual([]);
    expect(adsOf(none, 'm')).toEqual([]);
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
    ['device_id', { context: 'digital_signage', store_name: 'Loja', placements: { p: { types: ['banner'], size: '1080p' } } }, 'device_id'],
    ['store_name', { context: 'digital_signage', device_id: 'tela', placements: { p: { types: ['banner'], size: '1080p' } } }, 'store_name'],
    ['assets_type', { context: 'home', placements: { p: { types: ['banner'], size: 'desktop', assets_type: ['gif'] } } }, 'assets_type'],
    ['channel', { context: 'home', channel: 'tv', placements: { p: { types: ['product'] } } }, 'channel'],
    ['a reserved placement name', { context: 'home', placements: { query_id: { types: ['product'] } } }, 'query_id'],
  ];
  it.each(cases)('422 naming %s', async (_label, body, field) => {
    const res = await decide(body);
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'VALIDATION_ERROR');
    const fields = (res.body.error.details as Array<{ field: string }>).map((d) => d.field);
    expect(fields.some((f) => f === field || f.endsWith(`.${field}`) || f.includes(`.${field}.`)), fields.join()).toBe(true);
  });

  it('422 for a quantity with decimals, saying an integer is due', async () => {
    const res = await decide({ context: 'home', placements: { p: { types: ['product'], quantity: 1.5 } } });
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'placements.p.quantity', message: 'Deve ser um número inteiro.' })]);
  });
});

describe('POST /v1/rma/:publisherId — authentication', () => {
  const body = { context: 'home', placements: { p: { types: ['product'] } } };
  it('serves anonymous callers (public, as in VTEX Ads); a key sent must be valid: 401 when unknown or revoked', async () => {
    expect((await decide(body, {})).status).toBe(200);
    const unknown = await decide(body, { 'x-api-key': 'rmk_nope' });
    expect(unknown.status).toBe(401);
    expectEnvelope(unknown.body, 'API_KEY_INVALID');
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
});
