import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { clearOfBusinessMidnight, createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { createEventSigner } from './event-signing.ts';
import { MEDIA_BITS, scanOf } from './ad-index.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, size: 0, wallet: 0 };
const tokens = { admin: '', brand: '' };
const DAY = 86_400_000;

const decide = (app: TestApp['http'], body: object) => app.post(`/v1/rma/${ids.bomPreco}`).set({ 'x-api-key': DEMO_API_KEY }).send(body);
const search = async (term: string, types: string[] = ['banner', 'product'], http = t.http) => {
  const res = await decide(http, { context: 'search', term, placements: { p: { types, quantity: 10, size: '728x90' } } });
  expect(res.status).toBe(200);
  return (res.body.p as Array<{ ad_id: number; product_sku: string | null; click_url: string }>).map((a) => a.ad_id);
};

/** An Aurora campaign on Bom Preço with one approved ad, written straight to the database (then the index is dropped). */
async function fixture(o: { keyword: string; adType?: 'banner' | 'product'; skus?: string[]; sku?: string; daily?: number; cpc?: number }) {
  const adType = o.adType ?? 'banner';
  const campaign = await t.db.campaign.create({
    data: {
      publisherId: ids.bomPreco,
      advertiserId: ids.aurora,
      name: `Índice ${Math.random().toString(36).slice(2, 8)}`,
      adType,
      targeting: 'keyword',
      dailyBudgetCents: BigInt(o.daily ?? 1_000_000),
      cpcCents: BigInt(o.cpc ?? 100),
      startAt: new Date(Date.now() - DAY),
      keywords: { create: [{ keyword: o.keyword }] },
      products: { create: (o.skus ?? []).map((sku) => ({ sku })) },
    },
  });
  const ad = await t.db.ad.create({
    data: {
      campaignId: campaign.id,
      adType,
      status: 'approved',
      sku: o.sku ?? null,
      mediaUrl: adType === 'banner' ? 'https://cdn.test/banner.png' : null,
      destinationUrl: 'https://loja.test/destino',
      adSizeId: adType === 'banner' ? ids.size : null,
    },
  });
  t.app.adIndex.invalidate(ids.bomPreco);
  return { adId: ad.id, campaignId: campaign.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora') });
  ids.size = (await t.db.adSize.create({ data: { publisherId: ids.bomPreco, name: 'Índice Super Banner', width: 728, height: 90 } })).id;
  ids.wallet = (await t.db.wallet.findFirstOrThrow({ where: { publisherId: ids.bomPreco, advertiserId: ids.aurora } })).id;
  tokens.admin = await t.login(DEMO.admin);
  tokens.brand = await t.login(DEMO.brand);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.campaign.updateMany({ where: { publisherId: ids.bomPreco, deletedAt: null }, data: { deletedAt: new Date() } });
  await t.db.wallet.updateMany({ where: { publisherId: ids.bomPreco }, data: { balanceCents: 100_000n } });
  t.app.adIndex.invalidate(ids.bomPreco);
});

describe('ad index — incremental updates from back-office writes', () => {
  it('a paused campaign stops serving with the next request, and serves again when reactivated', async () => {
    const { adId, campaignId } = await fixture({ keyword: 'arroz' });
    expect(await search('arroz')).toEqual([adId]);
    const before = await t.app.adIndex.get(ids.bomPreco);
    await t.http.patch(`/campaign/${campaignId}`).set(bearer(tokens.brand)).send({ active: false }).expect(200);
    expect(await search('arroz')).toEqual([]);
    await t.http.patch(`/campaign/${campaignId}`).set(bearer(tokens.brand)).send({ active: true }).expect(200);
    expect(await search('arroz')).toEqual([adId]);
    // Updated in place: the same index object, not a rebuild.
    expect(await t.app.adIndex.get(ids.bomPreco)).toBe(before);
  });

  it('new keywords serve at once; a rejected ad leaves at once', async () => {
    const { adId, campaignId } = await fixture({ keyword: 'feijão' });
    expect(await search('lentilha')).toEqual([]);
    await t.http.post(`/campaign/${campaignId}/keywords`).set(bearer(tokens.brand)).send({ keywords: ['lentilha'] }).expect(201);
    expect(await search('lentilha')).toEqual([adId]);
    await t.http
      .patch(`/ad/actions/review/reject/${adId}`)
      .set(bearer(tokens.admin))
      .send({ note: 'Imagem fora do padrão' })
      .expect(200);
    expect(await search('lentilha')).toEqual([]);
    expect(await search('feijão')).toEqual([]);
  });

  it('a product switched off in its campaign is not served, on its own ad or on the campaign-wide ad', async () => {
    const own = await fixture({ keyword: 'café', adType: 'product', skus: ['cafe-aurora-tradicional-500g'], sku: 'cafe-aurora-tradicional-500g' });
    expect(await search('café', ['product'])).toEqual([own.adId]);
    await t.http.patch(`/campaign/${own.campaignId}/products/cafe-aurora-tradicional-500g`).set(bearer(tokens.brand)).send({ active: false }).expect(200);
    expect(await search('café', ['product'])).toEqual([]);

    const wide = await fixture({ keyword: 'cafézinho', adType: 'product', skus: ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g'] });
    const skus = async () => {
      const res = await decide(t.http, { context: 'search', term: 'cafézinho', placements: { p: { types: ['product'], quantity: 10 } } });
      return (res.body.p as Array<{ product_sku: string }>).map((a) => a.product_sku).sort();
    };
    expect(await skus()).toEqual(['cafe-aurora-extraforte-500g', 'cafe-aurora-tradicional-500g']);
    await t.http.patch(`/campaign/${wide.campaignId}/products/cafe-aurora-extraforte-500g`).set(bearer(tokens.brand)).send({ active: false }).expect(200);
    expect(await skus()).toEqual(['cafe-aurora-tradicional-500g']);
    await t.http.patch(`/campaign/${wide.campaignId}/products/cafe-aurora-tradicional-500g`).set(bearer(tokens.brand)).send({ active: false }).expect(200);
    expect(await skus()).toEqual([]);
  });

  it('an empty wallet stops serving; a recharge brings the campaign back at once', async () => {
    const { adId } = await fixture({ keyword: 'açúcar' });
    await t.db.wallet.update({ where: { id: ids.wallet }, data: { balanceCents: 0n } });
    t.app.adIndex.invalidate(ids.bomPreco);
    expect(await search('açúcar')).toEqual([]);
    await t.http
      .post(`/api/wallet/${ids.wallet}/recharge`)
      .set({ ...bearer(tokens.brand), 'idempotency-key': `indice-${Date.now()}` })
      .send({ amount: 50 })
      .expect((res) => expect([200, 201]).toContain(res.status));
    expect(await search('açúcar')).toEqual([adId]);
  });
});

describe('ad index — counted events', () => {
  it('clicks counted by the consumer update spend in place; the campaign stops when its daily budget is spent', async () => {
    // Today's spend starts again at São Paulo midnight.
    await clearOfBusinessMidnight();
    const { adId, campaignId } = await fixture({ keyword: 'macarrão', daily: 250, cpc: 100 });
    const other = await fixture({ keyword: 'macarrão', daily: 1_000_000, cpc: 90 });
    const idx = await t.app.adIndex.get(ids.bomPreco);
    const serving = () => idx.campaigns.get(campaignId)!.entries[0]!.serving;
    const signer = createEventSigner(t.config.jwtSecret);
    let charged = 0;
    let clicks = 0;
    for (let i = 0; i < 10; i++) {
      const res = await decide(t.http, { context: 'search', term: 'macarrão', user_id: `cliente-${i}`, placements: { p: { types: ['banner'], quantity: 1, size: '728x90' } } });
      const [ad] = res.body.p as Array<{ ad_id: number; click_url: string }>;
      if (ad!.ad_id !== adId) break;
      const url = new URL(ad!.click_url);
      charged += signer.verify(url.searchParams.get('t')!)!.cpc;
      clicks += 1;
      await t.http.post(url.pathname + url.search).expect(202);
      await t.app.eventConsumer.drain();
      await t.app.adIndex.settled();
      expect(serving().todaySpentCents).toBe(charged);
    }
    // Paced and then capped by the 2,50 daily budget: it served at least once, then gave way to the other campaign.
    expect(clicks).toBeGreaterThan(0);
    expect(clicks).toBeLessThan(10);
    expect(idx.campaigns.get(campaignId)!.entries[0]!.clicks).toBe(clicks);
    expect(serving().wallet.balanceCents).toBe(100_000 - charged);
    expect(await search('macarrão', ['banner'])).toEqual([other.adId]);
    expect(await t.app.adIndex.get(ids.bomPreco)).toBe(idx);
  }, 30_000);
});

describe.runIf(process.env.REDIS_URL)('ad index — across instances', () => {
  it('a change made through one instance reaches the other over Redis pub-sub, without a rebuild', async () => {
    const { adId, campaignId } = await fixture({ keyword: 'farinha' });
    const second = await buildApp(t.config, { logger: false, database: t.database });
    await second.ready();
    try {
      const { default: supertest } = await import('supertest');
      const other = supertest(second.server);
      expect(await search('farinha', ['banner'], other)).toEqual([adId]);
      const held = await second.adIndex.get(ids.bomPreco);
      await t.http.patch(`/campaign/${campaignId}`).set(bearer(tokens.brand)).send({ active: false }).expect(200);
      await vi.waitFor(async () => expect(await search('farinha', ['banner'], other)).toEqual([]), { timeout: 5_000, interval: 50 });
      expect(await second.adIndex.get(ids.bomPreco)).toBe(held);
    } finally {
      await second.close();
    }
  });
});

describe('ad index — what a decision needs, precomputed per entry', () => {
  it('files media type, frame class, catalog tags, audiences, signage duration and sponsored-brand products once', async () => {
    const audience = await t.db.audience.create({
      data: { publisherId: ids.bomPreco, name: 'Índice paulistas', status: 'approved', rules: [{ attribute: 'state', operator: 'eq', value: 'SP' }] },
    });
    const video = await t.db.adSize.create({ data: { publisherId: ids.bomPreco, name: 'Índice 720p', width: 1280, height: 720 } });
    const product = await fixture({ keyword: 'precomp', adType: 'product', skus: ['cafe-aurora-tradicional-500g'] });
    await t.db.campaignAudience.create({ data: { campaignId: product.campaignId, audienceId: audience.id } });
    const banner = await fixture({ keyword: 'precomp' });
    await t.db.ad.update({ where: { id: banner.adId }, data: { mediaType: 'video', adSizeId: video.id } });
    const signage = await t.db.campaign.create({
      data: {
        publisherId: ids.bomPreco,
        advertiserId: ids.aurora,
        name: 'Índice tela',
        adType: 'digital_signage',
        dailyBudgetCents: 100_000n,
        cpcCents: 10n,
        startAt: new Date(Date.now() - 86_400_000),
        ads: { create: [{ adType: 'digital_signage', status: 'approved', mediaUrl: '/brand/ads/tela.mp4' }] },
      },
    });
    t.app.adIndex.invalidate(ids.bomPreco);
    const idx = await t.app.adIndex.get(ids.bomPreco);
    const entry = (campaignId: number) => idx.all.find((e) => e.campaignId === campaignId)!;

    expect(entry(product.campaignId)).toMatchObject({ mediaBits: 0, audiences: [audience.id] });
    expect([...entry(product.campaignId).tags]).toEqual(expect.arrayContaining(['café', 'mais vendidos']));
    expect(idx.audiences.get(audience.id)).toMatchObject({ id: audience.id, key: 'indice paulistas' });
    expect(entry(banner.campaignId)).toMatchObject({ mediaBits: MEDIA_BITS.video, mediaType: 'video', audiences: null });
    expect(entry(banner.campaignId).assets).toEqual([{ url: 'https://cdn.test/banner.png', type: 'video', dimension: '1280x720' }]);
    expect(idx.sizesByClass.get('desktop')?.has(video.id)).toBe(true);
    expect(idx.sizesByKey.get('1280x720')?.has(video.id)).toBe(true);
    // A signage video without a duration shows 30 s; the file name says it is a video.
    expect(entry(signage.id)).toMatchObject({ mediaType: 'video', duration: 30, mediaBits: MEDIA_BITS.video });
    const scan = scanOf(idx.all);
    expect(scan.mediaBits[idx.all.indexOf(entry(banner.campaignId))]).toBe(MEDIA_BITS.video);
  });

  it('lists a sponsored brand’s active products with their catalog fields', async () => {
    const campaign = await t.db.campaign.create({
      data: {
        publisherId: ids.bomPreco,
        advertiserId: ids.aurora,
        name: 'Índice marca',
        adType: 'sponsored_brand',
        dailyBudgetCents: 100_000n,
        cpcCents: 10n,
        startAt: new Date(Date.now() - 86_400_000),
        products: { create: [{ sku: 'cafe-aurora-tradicional-500g' }, { sku: 'cafe-aurora-extraforte-500g', active: false }] },
        ads: {
          create: [
            { adType: 'sponsored_brand', status: 'approved', brandName: 'Café Aurora', assets: [{ url: '/brand/a.svg', type: 'image', dimension: '1200x300' }] },
          ],
        },
      },
    });
    t.app.adIndex.invalidate(ids.bomPreco);
    const idx = await t.app.adIndex.get(ids.bomPreco);
    const brand = idx.all.find((e) => e.campaignId === campaign.id)!;
    expect(brand.products.map((p) => [p.sku, p.name, p.destinationUrl])).toEqual([
      ['cafe-aurora-tradicional-500g', 'Café Aurora Tradicional 500g', 'https://loja.bompreco.varejo.test/p/cafe-aurora-tradicional-500g'],
    ]);
    expect(brand).toMatchObject({ mediaBits: MEDIA_BITS.image, mediaUrl: '/brand/a.svg', assets: [{ url: '/brand/a.svg', type: 'image', dimension: '1200x300' }] });
  });
});
