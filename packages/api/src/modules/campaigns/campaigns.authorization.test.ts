import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectEnvelope } from '../../../test/helpers.ts';
import { authorizationMatrix, type Operation } from '../../../test/authorization-matrix.ts';
import { campaignsFixture, type CampaignsFixture } from './campaigns.fixtures.ts';

let f: CampaignsFixture;
/** Café Aurora's campaign on Bom Preço, with one keyword and one product. */
let id = 0;
let keywordId = 0;
let tagId = 0;
const SKU = 'cafe-aurora-tradicional-500g';

beforeAll(async () => {
  f = await campaignsFixture();
  const res = await f.t.http
    .post('/campaign')
    .set(bearer(f.tokens.brand))
    .send({ publisher_id: f.ids.bomPreco, name: 'Matriz', ad_type: 'product', daily_budget: 10_000, products: [{ sku: SKU }], keywords: ['café'] });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  id = res.body.id;
  keywordId = (await f.t.db.campaignKeyword.findFirstOrThrow({ where: { campaignId: id } })).id;
  tagId = (await f.t.db.campaignTag.findFirstOrThrow({ where: { advertiserId: f.ids.aurora } })).id;
});
afterAll(async () => {
  await f?.close();
});

const http = () => f.t.http;
const idOperations = (): Operation[] => [
  ['get', () => http().get(`/campaign/${id}`)],
  ['update', () => http().put(`/campaign/${id}`).send({ name: 'Alterada' })],
  ['toggle', () => http().patch(`/campaign/${id}`).send({ active: false })],
  ['cancel', () => http().post(`/campaign/${id}/cancel`)],
  ['remove', () => http().delete(`/campaign/${id}`)],
  ['keywords', () => http().get(`/campaign/${id}/keywords`)],
  ['addKeywords', () => http().post(`/campaign/${id}/keywords`).send({ keywords: ['novo'] })],
  ['toggleKeyword', () => http().patch(`/campaign/${id}/keywords/${keywordId}`).send({ active: false })],
  ['removeKeyword', () => http().delete(`/campaign/${id}/keywords/${keywordId}`)],
  ['setCategories', () => http().put(`/campaign/${id}/categories`).send({ categories: ['Bebidas'] })],
  ['products', () => http().get(`/campaign/${id}/products`)],
  ['addProducts', () => http().post(`/campaign/${id}/products`).send({ products: [{ sku: 'cafe-aurora-extraforte-500g' }] })],
  ['toggleProduct', () => http().patch(`/campaign/${id}/products/${SKU}`).send({ active: false })],
  ['audit', () => http().get(`/campaign/${id}/audit`)],
  ['dashboard', () => http().get(`/campaign/${id}/dashboard`)],
  ['setTags', () => http().put(`/campaign/${id}/tags`).send({ tag_ids: [tagId] })],
];
const operations = (): Operation[] => [
  ['list', () => http().get('/campaign/v2')],
  ['countByStatus', () => http().get('/campaign/count-by-status')],
  ['create', () => http().post('/campaign').send({ publisher_id: f.ids.bomPreco, name: 'X', ad_type: 'banner', daily_budget: 100 })],
  [
    'createObjective',
    () => http().post('/campaign/objective-based').send({ goal: 'reach', name: 'X', products: [{ id: 1, sku: SKU }], end_at: null, publisher_id: f.ids.bomPreco, daily_budget: 100 }),
  ],
  ['listTags', () => http().get('/campaign-tags')],
  ['createTag', () => http().post('/campaign-tags').send({ name: 'Nova' })],
  ...idOperations(),
];
const reads = ['list', 'countByStatus', 'listTags', 'get', 'keywords', 'products', 'audit', 'dashboard'];

describe('campaign routes × callers', () => {
  authorizationMatrix({
    operations,
    reads,
    idOperations,
    notFound: 'CAMPAIGN_NOT_FOUND',
    tokens: () => ({ operator: f.tokens.operator, otherAccount: f.tokens.serra }),
    snapshot: () => f.snapshot(id),
  });

  it('answers 404 to the publisher of another network on every id route, and changes nothing', async () => {
    const before = await f.snapshot(id);
    for (const [name, call] of idOperations()) {
      const res = await call().set(bearer(f.tokens.partner));
      expect(res.status, name).toBe(404);
      expectEnvelope(res.body, 'CAMPAIGN_NOT_FOUND');
    }
    expect(await f.snapshot(id)).toEqual(before);
  });

  it('answers 403 to the publisher on the advertiser-only actions, and changes nothing', async () => {
    const before = await f.snapshot(id);
    const ownerOnly = ['update', 'remove', 'addKeywords', 'toggleKeyword', 'removeKeyword', 'setCategories', 'addProducts', 'toggleProduct', 'setTags'];
    for (const [name, call] of idOperations().filter(([n]) => ownerOnly.includes(n))) {
      const res = await call().set(bearer(f.tokens.admin));
      expect(res.status, name).toBe(403);
      expectEnvelope(res.body, 'FORBIDDEN');
    }
    expect(await f.snapshot(id)).toEqual(before);
  });

  it('lets the publisher read every part of a campaign on its inventory', async () => {
    for (const [name, call] of idOperations().filter(([n]) => reads.includes(n))) {
      const res = await call().set(bearer(f.tokens.admin));
      expect(res.status, name).toBe(200);
    }
  });

  it('keeps each advertiser to its own campaigns in the list and the counts', async () => {
    const serra = await http().get('/campaign/v2').set(bearer(f.tokens.serra));
    expect(serra.body.meta.total).toBe(0);
    const counts = await http().get('/campaign/count-by-status').set(bearer(f.tokens.serra));
    expect(counts.body.total).toBe(0);
    const partner = await http().get('/campaign/v2').query({ quantity: 100 }).set(bearer(f.tokens.partner));
    expect(partner.body.data.every((c: { publisher_id: number }) => c.publisher_id !== f.ids.bomPreco)).toBe(true);
    const brand = await http().get('/campaign/v2').query({ quantity: 100 }).set(bearer(f.tokens.brand));
    expect(brand.body.data.every((c: { advertiser_id: number }) => c.advertiser_id === f.ids.aurora)).toBe(true);
    expect(brand.body.data.map((c: { id: number }) => c.id)).toContain(id);
  });
});
