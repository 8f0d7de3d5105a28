import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectEnvelope } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { adsFixture, DAY, MP4, png, type AdsFixture } from './ads.fixtures.ts';

let f: AdsFixture;
/** Campaigns: Café Aurora on Bom Preço (banner, product), on Rede Parceira (banner), Bom Preço's own, and a finished one. */
const c = { auroraBanner: 0, auroraProduct: 0, auroraRede: 0, selfBanner: 0, finished: 0, brand: 0 };
/** An uploaded 300x250 banner image of Café Aurora. */
let bannerUrl = '';

const api = () => f.t.http;
const get = (id: number, token: string) => api().get(`/ad/${id}`).set(bearer(token));
const create = (body: object, token = f.tokens.brand) => api().post('/ad').set(bearer(token)).send(body);
const put = (id: number, body: object, token = f.tokens.brand) => api().put(`/ad/${id}`).set(bearer(token)).send(body);
const approve = (id: number, token = f.tokens.admin, body?: object) => {
  const req = api().patch(`/ad/actions/review/approve/${id}`).set(bearer(token));
  return body ? req.send(body) : req;
};
const reject = (id: number, body: object, token = f.tokens.admin) => api().patch(`/ad/actions/review/reject/${id}`).set(bearer(token)).send(body);
const list = (query: Record<string, string | number | boolean>, token = f.tokens.brand) => api().get('/ad/results/v2').query(query).set(bearer(token));
const audits = (id: number) => f.t.db.auditChange.findMany({ where: { entity: 'ad', entityId: id }, orderBy: { id: 'asc' } });
const bannerBody = (over: object = {}) => ({ ad_type: 'banner', media_url: bannerUrl, alt_text: 'Café Aurora 500 g', ad_size_id: f.sizes.bomPreco, ...over });

beforeAll(async () => {
  f = await adsFixture();
  const { bomPreco, aurora, rede } = f.ids;
  c.auroraBanner = await f.campaign({ publisherId: bomPreco, advertiserId: aurora, adType: 'banner' });
  c.auroraProduct = await f.campaign({ publisherId: bomPreco, advertiserId: aurora, adType: 'product', targeting: 'category' });
  c.auroraRede = await f.campaign({ publisherId: rede, advertiserId: aurora, adType: 'banner' });
  c.selfBanner = await f.campaign({ publisherId: bomPreco, advertiserId: bomPreco, adType: 'banner' });
  c.finished = await f.campaign({ publisherId: bomPreco, advertiserId: aurora, adType: 'banner', startAt: new Date(Date.now() - 10 * DAY), endAt: new Date(Date.now() - DAY) });
  c.brand = await f.campaign({ publisherId: bomPreco, advertiserId: aurora, adType: 'sponsored_brand' });
  const up = await f.upload(png(300, 250), 'banner.png', f.tokens.brand, { ad_size_id: String(f.sizes.bomPreco) });
  bannerUrl = up.json().url;
});
afterAll(async () => {
  await f?.close();
});

describe('POST /ad', () => {
  it('creates a product ad pending review, with the catalog product, and audits the creation', async () => {
    const res = await create({ campaign_id: c.auroraProduct, ad_type: 'product', sku: f.skus.cafe, cpc: 0.45 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      campaign_id: c.auroraProduct,
      campaign_status: 'active',
      ad_type: 'product',
      ad_status: 'pending_review',
      active: true,
      advertiser: { id: f.ids.aurora, name: 'Café Aurora' },
      publisher: { id: f.ids.bomPreco },
      settings: { sku: f.skus.cafe, product_name: 'Café Aurora Tradicional 500 g', product_image_url: '/brand/cafe.png', cpc: 0.45, cpm: null, note: null, assets: [] },
      reviewed_at: null,
      metrics: null,
    });
    const [audit] = await audits(res.body.id);
    expect(audit).toMatchObject({ campaignId: c.auroraProduct, action: 'create', userId: f.users.brand, details: { sku: f.skus.cafe, cpc: 0.45 } });
  });

  it('creates banner, sponsored brand and digital signage ads from uploaded media', async () => {
    const banner = await create({ campaign_id: c.auroraBanner, ...bannerBody({ destination_url: 'https://aurora.example/cafe' }) });
    expect(banner.status, JSON.stringify(banner.body)).toBe(201);
    expect(banner.body.settings).toMatchObject({ media_url: bannerUrl, alt_text: 'Café Aurora 500 g', ad_size: { id: f.sizes.bomPreco, width: 300, height: 250 }, destination_url: 'https://aurora.example/cafe' });

    const brand = await create({
      campaign_id: c.brand,
      ad_type: 'sponsored_brand',
      headline: 'O café da sua manhã',
      description: 'Torra média, 100% arábica',
      brand_name: 'Café Aurora',
      brand_url: 'https://aurora.example',
      assets: [{ dimension: '300x250', url: bannerUrl }],
    });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    expect(brand.body.settings.assets).toEqual([{ dimension: '300x250', url: bannerUrl, type: 'image' }]);

    const signage = await f.campaign({ publisherId: f.ids.bomPreco, advertiserId: f.ids.aurora, adType: 'digital_signage' });
    const tv = await create({ campaign_id: signage, ad_type: 'digital_signage', media_url: bannerUrl, media_type: 'video', duration: 20 });
    expect(tv.status).toBe(400);
    expect(expectEnvelope(tv.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('media_url');
    const image = await create({ campaign_id: signage, ad_type: 'digital_signage', media_url: bannerUrl, media_type: 'image' });
    expect(image.status, JSON.stringify(image.body)).toBe(201);
  });

  it('creates video banners on a video size, brand assets of either kind and signage with a duration', async () => {
    const upload = async (file: Buffer, name: string, fields: Record<string, string>) => (await f.upload(file, name, f.tokens.brand, fields)).json().url as string;
    const videoUrl = await upload(MP4(), 'aurora.mp4', { ad_type: 'banner', ad_size_id: String(f.sizes.video) });

    const video = await create({ campaign_id: c.auroraBanner, ...bannerBody({ media_type: 'video', media_url: videoUrl, ad_size_id: f.sizes.video, brand_name: 'Café Aurora' }) });
    expect(video.status, JSON.stringify(video.body)).toBe(201);
    expect(video.body.settings).toMatchObject({
      media_url: videoUrl,
      media_type: 'video',
      ad_size: { id: f.sizes.video, name: 'Teste vídeo 720p', width: 1280, height: 720 },
      brand_name: 'Café Aurora',
      duration: null,
    });
    const image = await create({ campaign_id: c.auroraBanner, ...bannerBody() });
    expect(image.body.settings).toMatchObject({ media_type: 'image', brand_name: null });

    const notVideo = await create({ campaign_id: c.auroraBanner, ...bannerBody({ media_type: 'video', media_url: videoUrl }) });
    expect(notVideo.status).toBe(422);
    expect(expectEnvelope(notVideo.body, 'AD_SIZE_NOT_VIDEO').message).toBe(
      'O formato Teste anúncios 300x250 não é de vídeo: um banner em vídeo usa um formato de 1920x1080, 1280x720, 854x480, 640x360, 568x320 pixels.',
    );
    const imageAsVideo = await create({ campaign_id: c.auroraBanner, ...bannerBody({ media_type: 'video', ad_size_id: f.sizes.video }) });
    expect(imageAsVideo.status).toBe(400);
    expect(expectEnvelope(imageAsVideo.body, 'VALIDATION_ERROR').details?.[0]).toMatchObject({ field: 'media_url', message: 'O arquivo deve ser do tipo vídeo.' });
    // Switching a kept file to another kind is checked again.
    const switched = await put(video.body.id, bannerBody({ media_url: videoUrl, ad_size_id: f.sizes.video, media_type: 'image' }));
    expect(switched.status).toBe(400);

    const brandBody = {
      ad_type: 'sponsored_brand', headline: 'Aurora em vídeo', description: 'Do grão à xícara', brand_name: 'Café Aurora', brand_url: 'https://aurora.example',
      assets: [{ dimension: '300x250', url: bannerUrl }, { dimension: '1280x720', url: videoUrl, type: 'video' }],
    };
    const brand = await create({ campaign_id: c.brand, ...brandBody });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    expect(brand.body.settings.assets).toEqual([
      { dimension: '300x250', url: bannerUrl, type: 'image' },
      { dimension: '1280x720', url: videoUrl, type: 'video' },
    ]);
    const oddFrame = await create({ campaign_id: c.brand, ...brandBody, assets: [{ dimension: '300x250', url: videoUrl, type: 'video' }] });
    expect(oddFrame.status).toBe(400);
    expect(expectEnvelope(oddFrame.body, 'VALIDATION_ERROR').details?.[0]).toMatchObject({
      field: 'assets.0.dimension',
      message: 'Um vídeo deve ter um destes tamanhos: 1920x1080, 1280x720, 854x480, 640x360, 568x320.',
    });
    const wrongKind = await create({ campaign_id: c.brand, ...brandBody, assets: [{ dimension: '1280x720', url: bannerUrl, type: 'video' }] });
    expect(wrongKind.status).toBe(400);
    expect(expectEnvelope(wrongKind.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('assets.0.url');

    const signage = await f.campaign({ publisherId: f.ids.bomPreco, advertiserId: f.ids.aurora, adType: 'digital_signage' });
    const tvUrl = await upload(MP4(), 'tv.mp4', { ad_type: 'digital_signage' });
    const still = await create({ campaign_id: signage, ad_type: 'digital_signage', media_url: bannerUrl, media_type: 'image' });
    expect(still.status, JSON.stringify(still.body)).toBe(201);
    expect(still.body.settings).toMatchObject({ media_type: 'image', duration: 15 });
    const noDuration = await create({ campaign_id: signage, ad_type: 'digital_signage', media_url: tvUrl, media_type: 'video' });
    expect(noDuration.status).toBe(400);
    expect(expectEnvelope(noDuration.body, 'VALIDATION_ERROR').details?.[0]).toMatchObject({ field: 'duration', message: 'Informe a duração do vídeo em segundos (1 a 600).' });
    const tooLong = await create({ campaign_id: signage, ad_type: 'digital_signage', media_url: tvUrl, media_type: 'video', duration: 601 });
    expect(tooLong.status).toBe(400);
    expect(expectEnvelope(tooLong.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('duration');
    const tv = await create({ campaign_id: signage, ad_type: 'digital_signage', media_url: tvUrl, media_type: 'video', duration: 30 });
    expect(tv.status, JSON.stringify(tv.body)).toBe(201);
    expect(tv.body.settings).toMatchObject({ media_url: tvUrl, media_type: 'video', duration: 30 });

    // A new duration is a changed creative: back to review, audited by its API name.
    await approve(tv.body.id);
    const longer = await put(tv.body.id, { ad_type: 'digital_signage', media_url: tvUrl, media_type: 'video', duration: 45 });
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect(longer.body).toMatchObject({ ad_status: 'pending_review', settings: { duration: 45 } });
    expect((await audits(tv.body.id)).at(-1)).toMatchObject({ action: 'update', details: { fields: ['duration'] } });
  });

  it('refuses creatives that do not fit the campaign or the publisher', async () => {
    const mismatch = await create({ campaign_id: c.auroraBanner, ad_type: 'product', sku: f.skus.cafe });
    expect(mismatch.status).toBe(422);
    expect(expectEnvelope(mismatch.body, 'AD_TYPE_MISMATCH').message).toBe('O anúncio deve ser do tipo da campanha (banner).');
    const sku = await create({ campaign_id: c.auroraProduct, ad_type: 'product', sku: 'NAO-EXISTE' });
    expect(sku.status).toBe(422);
    expectEnvelope(sku.body, 'AD_PRODUCT_NOT_FOUND');
    const size = await create({ campaign_id: c.auroraBanner, ...bannerBody({ ad_size_id: f.sizes.rede }) });
    expect(size.status).toBe(422);
    expectEnvelope(size.body, 'AD_SIZE_INVALID');
    const outside = await create({ campaign_id: c.auroraBanner, ...bannerBody({ media_url: '/uploads/1/00000000-0000-4000-8000-000000000000.png' }) });
    expect(outside.status).toBe(400);
    expect(expectEnvelope(outside.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('media_url');
    const noAssets = await create({ campaign_id: c.brand, ad_type: 'sponsored_brand', headline: 'h', description: 'd', brand_name: 'b', brand_url: 'https://b.example', assets: [] });
    expect(noAssets.status).toBe(400);
    expect(expectEnvelope(noAssets.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('assets');
  });

  it('lets only the owning advertiser add ads to an open campaign', async () => {
    const finished = await create({ campaign_id: c.finished, ...bannerBody() });
    expect(finished.status).toBe(403);
    expectEnvelope(finished.body, 'AD_CAMPAIGN_CLOSED');
    const publisher = await create({ campaign_id: c.auroraBanner, ...bannerBody() }, f.tokens.admin);
    expect(publisher.status).toBe(403);
    expectEnvelope(publisher.body, 'FORBIDDEN');
    const invisible = await create({ campaign_id: c.selfBanner, ...bannerBody() });
    expect(invisible.status).toBe(404);
    expectEnvelope(invisible.body, 'CAMPAIGN_NOT_FOUND');
    const otherNetwork = await create({ campaign_id: c.auroraBanner, ...bannerBody() }, f.tokens.partner);
    expect(otherNetwork.status).toBe(404);
    expectEnvelope(otherNetwork.body, 'CAMPAIGN_NOT_FOUND');
  });
});

describe('review', () => {
  let adId = 0;
  beforeAll(async () => {
    adId = (await create({ campaign_id: c.auroraBanner, ...bannerBody() })).body.id;
  });

  it('rejects only with a note (400 naming note), stores it and keeps metrics null', async () => {
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(501) }]) {
      const res = await reject(adId, body);
      expect(res.status).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('note');
    }
    expect((await f.t.db.ad.findUniqueOrThrow({ where: { id: adId } })).status).toBe('pending_review');
    const res = await reject(adId, { note: '  Imagem fora do padrão da loja.  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ad_status: 'rejected', settings: { note: 'Imagem fora do padrão da loja.' }, metrics: null });
    expect(res.body.reviewed_at).toEqual(expect.any(String));
    const row = await f.t.db.ad.findUniqueOrThrow({ where: { id: adId } });
    expect(row.reviewedById).toBe(f.users.admin);
    expect((await audits(adId)).at(-1)).toMatchObject({ action: 'reject', details: { note: 'Imagem fora do padrão da loja.' }, userId: f.users.admin });
  });

  it('sends an edited creative back to pending_review and clears the note; a price change alone keeps the status', async () => {
    const edited = await put(adId, bannerBody({ alt_text: 'Café Aurora, novo visual' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ ad_status: 'pending_review', reviewed_at: null, settings: { note: null, alt_text: 'Café Aurora, novo visual' } });
    expect((await audits(adId)).at(-1)).toMatchObject({ action: 'update', fieldName: null, details: { fields: ['alt_text'], ad_status: 'pending_review' } });

    await approve(adId);
    const priced = await put(adId, bannerBody({ alt_text: 'Café Aurora, novo visual', cpm: 12.5 }));
    expect(priced.body).toMatchObject({ ad_status: 'approved', settings: { cpm: 12.5 } });
    expect((await audits(adId)).at(-1)).toMatchObject({ action: 'update', fieldName: 'cpm', oldValue: null, newValue: 12.5 });
    const wrongType = await put(adId, { ad_type: 'product', sku: f.skus.cafe });
    expect(wrongType.status).toBe(422);
    expectEnvelope(wrongType.body, 'AD_TYPE_MISMATCH');
  });

  it('approves (also again, with an optional note) and shows metrics', async () => {
    const res = await approve(adId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ad_status).toBe('approved');
    expect(res.body.metrics).toEqual({ impressions: 0, clicks: 0, ctr: 0, totalSpent: 0, conversions: 0, conversionRate: 0, income: 0, totalConversionsItemsQuantity: 0, roas: 0, adcost: 0 });
    const again = await approve(adId, f.tokens.admin, { note: 'Ok, revisado de novo' });
    expect(again.body).toMatchObject({ ad_status: 'approved', settings: { note: 'Ok, revisado de novo' } });
    const reviews = (await audits(adId)).filter((a) => a.action === 'approve');
    expect(reviews.at(-1)).toMatchObject({ details: { note: 'Ok, revisado de novo' } });
    expect(reviews.at(-2)).toMatchObject({ details: { note: null } });
  });

  it('writes one audit row per concurrent review; the last one wins', async () => {
    const id = (await create({ campaign_id: c.auroraBanner, ...bannerBody() })).body.id;
    const results = await Promise.all([approve(id), reject(id, { note: 'Não' }), approve(id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = (await audits(id)).filter((a) => a.action === 'approve' || a.action === 'reject');
    expect(rows).toHaveLength(3);
    const final = await f.t.db.ad.findUniqueOrThrow({ where: { id } });
    expect(final.status).toBe(rows.at(-1)!.action === 'approve' ? 'approved' : 'rejected');
  });

  it('lets the publisher and the advertiser switch an ad off, and audits it', async () => {
    const off = await api().patch(`/ad/${adId}`).set(bearer(f.tokens.admin)).send({ active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await api().patch(`/ad/${adId}`).set(bearer(f.tokens.brand)).send({ active: true });
    expect(on.body.active).toBe(true);
    const toggles = (await audits(adId)).filter((a) => a.fieldName === 'active');
    expect(toggles.map((a) => [a.oldValue, a.newValue, a.userId])).toEqual([
      [true, false, f.users.admin],
      [false, true, f.users.brand],
    ]);
  });

  it('deletes an own ad (204), hides it and audits it', async () => {
    const id = (await create({ campaign_id: c.auroraBanner, ...bannerBody() })).body.id;
    const res = await api().delete(`/ad/${id}`).set(bearer(f.tokens.brand));
    expect(res.status).toBe(204);
    expect((await get(id, f.tokens.brand)).status).toBe(404);
    expect((await audits(id)).at(-1)).toMatchObject({ action: 'delete', userId: f.users.brand });
    expect((await api().delete(`/ad/${id}`).set(bearer(f.tokens.brand))).status).toBe(404);
  });
});

describe('authorization', () => {
  let auroraOnBomPreco = 0;
  let auroraOnRede = 0;
  beforeAll(async () => {
    auroraOnBomPreco = await f.ad(c.auroraBanner, { mediaUrl: bannerUrl, altText: 'a', adSizeId: f.sizes.bomPreco });
    auroraOnRede = await f.ad(c.auroraRede, { mediaUrl: bannerUrl, altText: 'a', adSizeId: f.sizes.rede });
  });

  const idOperations = (id: () => number) =>
    [
      ['get', () => api().get(`/ad/${id()}`)],
      ['update', () => api().put(`/ad/${id()}`).send(bannerBody())],
      ['patch', () => api().patch(`/ad/${id()}`).send({ active: false })],
      ['delete', () => api().delete(`/ad/${id()}`)],
      ['approve', () => api().patch(`/ad/actions/review/approve/${id()}`)],
      ['reject', () => api().patch(`/ad/actions/review/reject/${id()}`).send({ note: 'Não' })],
    ] as const;
  const operations = (id: () => number) => [
    ['list', () => api().get('/ad/results/v2')],
    ['review', () => api().get('/ad/review')],
    ['count', () => api().get('/ad/count-by-status')],
    ['create', () => api().post('/ad').send({ campaign_id: c.auroraBanner, ...bannerBody() })],
    ['upload', () => api().post('/ad/media').attach('file', png(300, 250), 'a.png')],
    ...idOperations(id),
  ] as const;
  const snapshot = async () => ({
    ads: await f.t.db.ad.findMany({ where: { id: { in: [auroraOnBomPreco, auroraOnRede] } }, orderBy: { id: 'asc' } }),
    audits: await f.t.db.auditChange.count({ where: { entity: 'ad' } }),
  });
  const reads = ['list', 'review', 'count', 'get'];

  describe('another advertiser and publisher (Bom Preço) on an ad on Rede Parceira', () => {
    authorizationMatrix({
      operations: () => operations(() => auroraOnRede),
      idOperations: () => idOperations(() => auroraOnRede),
      reads,
      notFound: 'AD_NOT_FOUND',
      tokens: () => ({ operator: f.tokens.operator, otherAccount: f.tokens.admin }),
      snapshot,
    });
  });

  describe('the publisher of another network (Rede Parceira) on an ad on Bom Preço', () => {
    authorizationMatrix({
      operations: () => operations(() => auroraOnBomPreco),
      idOperations: () => idOperations(() => auroraOnBomPreco),
      reads,
      notFound: 'AD_NOT_FOUND',
      tokens: () => ({ operator: f.tokens.operator, otherAccount: f.tokens.partner }),
      snapshot,
    });
  });

  it('refuses review to the advertiser and creative changes to the publisher (403), changing nothing', async () => {
    const before = await snapshot();
    for (const res of [await approve(auroraOnBomPreco, f.tokens.brand), await reject(auroraOnBomPreco, { note: 'Não' }, f.tokens.brand)]) {
      expect(res.status).toBe(403);
      expectEnvelope(res.body, 'FORBIDDEN');
    }
    for (const res of [await put(auroraOnBomPreco, bannerBody(), f.tokens.admin), await api().delete(`/ad/${auroraOnBomPreco}`).set(bearer(f.tokens.admin))]) {
      expect(res.status).toBe(403);
      expectEnvelope(res.body, 'FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /ad/results/v2 and the review queue', () => {
  let k = 0;
  const ad = (over: object = {}) => f.ad(k, { sku: f.skus.filtro, status: 'approved', ...over });

  beforeAll(async () => {
    k = await f.campaign({ publisherId: f.ids.bomPreco, advertiserId: f.ids.aurora, adType: 'product', name: 'Lista de anúncios K' });
    for (let i = 0; i < 24; i++) await ad({ createdAt: new Date(Date.now() - (i + 10) * 60_000) });
    await ad({ sku: f.skus.cafe, status: 'pending_review' });
    await ad({ sku: f.skus.cafe, status: 'rejected', reviewNote: 'Não' });
    await ad({ active: false });
    await ad({ active: false, status: 'pending_review' });
  });

  it('pages 25 ads by default, newest first, without inactive ones unless asked', async () => {
    const res = await list({ campaign_id: k });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, quantity: 25, total: 26, total_pages: 2 });
    const times = res.body.data.map((a: { created_at: string }) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list({ campaign_id: k, show_inactive: true })).body.meta.total).toBe(28);
    expect((await list({ campaign_id: k, show_inactive: 'false' })).body.meta.total).toBe(26);
  });

  it('filters by ad status, SKU and campaign fields; metrics only for approved ads', async () => {
    const pending = await list({ campaign_id: k, ad_status: 'pending_review' });
    expect(pending.body.meta.total).toBe(1);
    expect(pending.body.data[0].metrics).toBeNull();
    const rejected = await list({ campaign_id: k, ad_status: 'rejected' });
    expect(rejected.body.data[0]).toMatchObject({ metrics: null, settings: { note: 'Não' } });
    expect((await list({ campaign_id: k, product_sku: 'cafe-500' })).body.meta.total).toBe(2);
    expect((await list({ campaign_id: k, ad_status: 'approved' })).body.data[0].metrics).not.toBeNull();
    expect((await list({ campaign_name: 'lista de anúncios k' })).body.meta.total).toBe(26);
    expect((await list({ campaign_id: k, campaign_status: 'paused' })).body.meta.total).toBe(0);
    expect((await list({ campaign_id: k, campaign_status: 'active', ad_type: 'product', campaign_targeting: 'keyword' })).body.meta.total).toBe(26);
    expect((await list({ campaign_id: k, ad_type: 'banner' })).body.meta.total).toBe(0);
    expect((await list({ campaign_id: k }, f.tokens.partner)).body.meta.total).toBe(0);
    expect((await list({ campaign_id: k }, f.tokens.admin)).body.meta.total).toBe(26);
    const bad = await list({ show_inactive: 'talvez' });
    expect(bad.status).toBe(400);
  });

  it('sorts by a metric of the period in SQL', async () => {
    const [a, b] = await f.t.db.ad.findMany({ where: { campaignId: k, status: 'approved', active: true }, orderBy: { id: 'asc' }, take: 2 });
    const stat = (adId: number, day: string, impressions: number, clicks: number, spent: number) => ({
      day: new Date(`${day}T00:00:00Z`),
      publisherId: f.ids.bomPreco,
      advertiserId: f.ids.aurora,
      campaignId: k,
      adId,
      impressions: BigInt(impressions),
      clicks: BigInt(clicks),
      spentCents: BigInt(spent),
      incomeCents: BigInt(spent * 4),
      conversions: 1n,
      itemsSold: 2n,
    });
    await f.t.db.rmDailyStat.createMany({ data: [stat(a!.id, '2026-01-10', 100, 10, 500), stat(b!.id, '2026-01-10', 50, 1, 100), stat(b!.id, '2026-02-10', 1000, 5, 100)] });
    const all = await list({ campaign_id: k, order_by: 'impressions', order_direction: 'desc', quantity: 2 });
    expect(all.body.data.map((x: { id: number }) => x.id)).toEqual([b!.id, a!.id]);
    expect(all.body.meta.total).toBe(26);
    const january = await list({ campaign_id: k, order_by: 'impressions', start_date: '2026-01-01', end_date: '2026-01-31', quantity: 2 });
    expect(january.body.data.map((x: { id: number }) => x.id)).toEqual([a!.id, b!.id]);
    expect(january.body.data[0].metrics).toEqual({
      impressions: 100, clicks: 10, ctr: 0.1, totalSpent: 5, conversions: 1, conversionRate: 0.1, income: 20, totalConversionsItemsQuantity: 2, roas: 4, adcost: 0.25,
    });
    const spent = await list({ campaign_id: k, order_by: 'total_spent', order_direction: 'asc', quantity: 50 });
    expect(spent.body.data.at(-1).id).toBe(a!.id);
  });

  it('queues pending ads oldest first, 100 a page (rejected: 50), for the publisher only', async () => {
    const pending = await api().get('/ad/review').query({ ad_type: 'product', publisher_id: f.ids.bomPreco }).set(bearer(f.tokens.admin));
    expect(pending.status).toBe(200);
    expect(pending.body.meta.quantity).toBe(100);
    expect(pending.body.data.every((a: { ad_status: string; ad_type: string }) => a.ad_status === 'pending_review' && a.ad_type === 'product')).toBe(true);
    const times = pending.body.data.map((a: { created_at: string }) => a.created_at);
    expect([...times].sort()).toEqual(times);
    const rejected = await api().get('/ad/review').query({ status: 'rejected', ad_type: 'product' }).set(bearer(f.tokens.admin));
    expect(rejected.body.meta.quantity).toBe(50);
    expect(rejected.body.data.some((a: { campaign_id: number }) => a.campaign_id === k)).toBe(true);
    const banners = await api().get('/ad/review').set(bearer(f.tokens.admin));
    expect(banners.body.data.every((a: { ad_type: string }) => a.ad_type === 'banner')).toBe(true);
    expect((await api().get('/ad/review').query({ quantity: 5 }).set(bearer(f.tokens.admin))).body.meta.quantity).toBe(5);
    const advertiser = await api().get('/ad/review').query({ ad_type: 'product' }).set(bearer(f.tokens.brand));
    expect(advertiser.body.meta.total).toBe(0);
    const foreign = await api().get('/ad/review').query({ ad_type: 'product', publisher_id: f.ids.bomPreco }).set(bearer(f.tokens.partner));
    expect(foreign.body.meta.total).toBe(0);
  });

  it('counts visible ads by review status', async () => {
    const counts = async (token: string, q: object = {}) => (await api().get('/ad/count-by-status').query(q).set(bearer(token))).body;
    const before = await counts(f.tokens.brand, { ad_type: 'product', publisher_id: f.ids.bomPreco });
    await ad({ status: 'pending_review' });
    const after = await counts(f.tokens.brand, { ad_type: 'product', publisher_id: f.ids.bomPreco });
    expect(after).toEqual({ ...before, pending_review: before.pending_review + 1 });
    expect(after.approved).toBeGreaterThanOrEqual(25);
    expect((await counts(f.tokens.partner, { publisher_id: f.ids.bomPreco }))).toEqual({ pending_review: 0, approved: 0, rejected: 0 });
  });
});
