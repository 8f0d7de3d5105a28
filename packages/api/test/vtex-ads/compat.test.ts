/**
 * VTEX Ads compatibility: a client written for the VTEX Ads API, pointed at our base URL with a
 * publisher id, gets ads for every context and type and records impressions, views, clicks and
 * conversions with no change to its code. Every request here is one the public documentation
 * publishes (test/vtex-ads/examples, each naming its source file and commit), sent with its own
 * headers and body text, anonymously, to the seeded publisher; only its {PLACEHOLDERS} are filled in.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RMA_VIDEO_SIZES } from '@backoffice/contracts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';
import { asPublished, pathOf, placeholdersOf, sendDocumented, fill, type DocumentedRequest, type Placeholders } from './documented.ts';
import { SEEDED } from './seeded.ts';
import { VTEX_DEMO } from '../../src/modules/campaigns/vtex-demo.ts';
import HOME_SPONSORED_PRODUCTS from './examples/HOME_SPONSORED_PRODUCTS.ts';
import BANNER_IMAGE from './examples/BANNER_IMAGE.ts';
import HOME_BANNER_VIDEO from './examples/HOME_BANNER_VIDEO.ts';
import SPONSORED_BRANDS_IMAGE from './examples/SPONSORED_BRANDS_IMAGE.ts';
import HOME_SPONSORED_BRANDS_VIDEO from './examples/HOME_SPONSORED_BRANDS_VIDEO.ts';
import SPONSORED_BRANDS_VIDEO from './examples/SPONSORED_BRANDS_VIDEO.ts';
import SEARCH_SPONSORED_PRODUCTS from './examples/SEARCH_SPONSORED_PRODUCTS.ts';
import SEARCH_BANNER_IMAGE from './examples/SEARCH_BANNER_IMAGE.ts';
import SEARCH_BANNER_VIDEO from './examples/SEARCH_BANNER_VIDEO.ts';
import SEARCH_SPONSORED_BRANDS_IMAGE from './examples/SEARCH_SPONSORED_BRANDS_IMAGE.ts';
import SEARCH_SPONSORED_BRANDS_VIDEO from './examples/SEARCH_SPONSORED_BRANDS_VIDEO.ts';
import CATEGORY_PAGE_SPONSORED_PRODUCTS from './examples/CATEGORY_PAGE_SPONSORED_PRODUCTS.ts';
import CATEGORY_PAGE_BANNER_IMAGE from './examples/CATEGORY_PAGE_BANNER_IMAGE.ts';
import CATEGORY_PAGE_BANNER_VIDEO from './examples/CATEGORY_PAGE_BANNER_VIDEO.ts';
import CATEGORY_PAGE_SPONSORED_BRANDS_IMAGE from './examples/CATEGORY_PAGE_SPONSORED_BRANDS_IMAGE.ts';
import CATEGORY_PAGE_SPONSORED_BRANDS_VIDEO from './examples/CATEGORY_PAGE_SPONSORED_BRANDS_VIDEO.ts';
import PRODUCT_SPONSORED_PRODUCTS from './examples/PRODUCT_SPONSORED_PRODUCTS.ts';
import PRODUCT_BANNER_IMAGE from './examples/PRODUCT_BANNER_IMAGE.ts';
import PRODUCT_BANNER_VIDEO from './examples/PRODUCT_BANNER_VIDEO.ts';
import PRODUCT_SPONSORED_BRANDS_IMAGE from './examples/PRODUCT_SPONSORED_BRANDS_IMAGE.ts';
import PRODUCT_SPONSORED_BRANDS_VIDEO from './examples/PRODUCT_SPONSORED_BRANDS_VIDEO.ts';
import DIGITAL_SIGNAGE from './examples/DIGITAL_SIGNAGE.ts';
import {
  BRAND_PAGE_BANNER_IMAGE,
  BRAND_PAGE_BANNER_VIDEO,
  BRAND_PAGE_SPONSORED_BRANDS_IMAGE,
  BRAND_PAGE_SPONSORED_BRANDS_VIDEO,
  BRAND_PAGE_SPONSORED_PRODUCTS,
} from './examples/BRAND_PAGE.ts';
import EVENTS_CONVERSION_CURL, { PUBLISHER_ID_AS_PUBLISHED } from './examples/EVENTS_CONVERSION_CURL.ts';
import * as conversionBrowser from './examples/EVENTS_CONVERSION_BROWSER.ts';
import * as eventsBrowser from './examples/EVENTS_IMPRESSIONS_VIEWS_CLICKS_BROWSER.ts';
import * as eventsDocs from './examples/EVENTS_DOCS.ts';

/** The public origin of the app under test: every URL it answers is absolute under it. */
const ORIGIN = 'https://ads.bompreco.test';
const EVENTS = [
  ['impression_url', 'impression'],
  ['view_url', 'view'],
  ['click_url', 'click'],
] as const;

type AdType = 'product' | 'banner' | 'sponsored_brand' | 'digital_signage';
interface QueryCase {
  name: string;
  example: DocumentedRequest;
  /** The {PLACEMENT_NAME} it gets, after the docs' naming guide ({channel}_{context}_{position}_{type}). */
  placement: string;
  type: AdType;
  /** The media asked for (banners and sponsored brands): image unless `assets_type` says video. */
  asset?: 'image' | 'video';
}

const CASES: QueryCase[] = [
  { name: 'HOME_SPONSORED_PRODUCTS', example: HOME_SPONSORED_PRODUCTS, placement: 'site_home_top-vitrine_product', type: 'product' },
  { name: 'BANNER_IMAGE', example: BANNER_IMAGE, placement: 'site_home_middle_banner', type: 'banner', asset: 'image' },
  { name: 'HOME_BANNER_VIDEO', example: HOME_BANNER_VIDEO, placement: 'site_home_middle_banner-video', type: 'banner', asset: 'video' },
  { name: 'SPONSORED_BRANDS_IMAGE', example: SPONSORED_BRANDS_IMAGE, placement: 'site_home_top_sponsored-brand', type: 'sponsored_brand', asset: 'image' },
  { name: 'HOME_SPONSORED_BRANDS_VIDEO', example: HOME_SPONSORED_BRANDS_VIDEO, placement: 'site_home_top_sponsored-brand-video', type: 'sponsored_brand', asset: 'video' },
  { name: 'SPONSORED_BRANDS_VIDEO', example: SPONSORED_BRANDS_VIDEO, placement: 'site_home_bottom_sponsored-brand-video', type: 'sponsored_brand', asset: 'video' },
  { name: 'SEARCH_SPONSORED_PRODUCTS', example: SEARCH_SPONSORED_PRODUCTS, placement: 'site_search_top-vitrine_product', type: 'product' },
  { name: 'SEARCH_BANNER_IMAGE', example: SEARCH_BANNER_IMAGE, placement: 'site_search_top_banner', type: 'banner', asset: 'image' },
  { name: 'SEARCH_BANNER_VIDEO', example: SEARCH_BANNER_VIDEO, placement: 'site_search_top_banner-video', type: 'banner', asset: 'video' },
  { name: 'SEARCH_SPONSORED_BRANDS_IMAGE', example: SEARCH_SPONSORED_BRANDS_IMAGE, placement: 'site_search_top_sponsored-brand', type: 'sponsored_brand', asset: 'image' },
  { name: 'SEARCH_SPONSORED_BRANDS_VIDEO', example: SEARCH_SPONSORED_BRANDS_VIDEO, placement: 'site_search_top_sponsored-brand-video', type: 'sponsored_brand', asset: 'video' },
  { name: 'CATEGORY_PAGE_SPONSORED_PRODUCTS', example: CATEGORY_PAGE_SPONSORED_PRODUCTS, placement: 'site_category_top-vitrine_product', type: 'product' },
  { name: 'CATEGORY_PAGE_BANNER_IMAGE', example: CATEGORY_PAGE_BANNER_IMAGE, placement: 'site_category_bottom-vitrine_banner', type: 'banner', asset: 'image' },
  { name: 'CATEGORY_PAGE_BANNER_VIDEO', example: CATEGORY_PAGE_BANNER_VIDEO, placement: 'site_category_bottom-vitrine_banner-video', type: 'banner', asset: 'video' },
  { name: 'CATEGORY_PAGE_SPONSORED_BRANDS_IMAGE', example: CATEGORY_PAGE_SPONSORED_BRANDS_IMAGE, placement: 'site_category_top_sponsored-brand', type: 'sponsored_brand', asset: 'image' },
  { name: 'CATEGORY_PAGE_SPONSORED_BRANDS_VIDEO', example: CATEGORY_PAGE_SPONSORED_BRANDS_VIDEO, placement: 'site_category_top_sponsored-brand-video', type: 'sponsored_brand', asset: 'video' },
  { name: 'PRODUCT_SPONSORED_PRODUCTS', example: PRODUCT_SPONSORED_PRODUCTS, placement: 'site_product_filter-bar_product', type: 'product' },
  { name: 'PRODUCT_BANNER_IMAGE', example: PRODUCT_BANNER_IMAGE, placement: 'site_product_middle_banner', type: 'banner', asset: 'image' },
  { name: 'PRODUCT_BANNER_VIDEO', example: PRODUCT_BANNER_VIDEO, placement: 'site_product_middle_banner-video', type: 'banner', asset: 'video' },
  { name: 'PRODUCT_SPONSORED_BRANDS_IMAGE', example: PRODUCT_SPONSORED_BRANDS_IMAGE, placement: 'site_product_top_sponsored-brand', type: 'sponsored_brand', asset: 'image' },
  { name: 'PRODUCT_SPONSORED_BRANDS_VIDEO', example: PRODUCT_SPONSORED_BRANDS_VIDEO, placement: 'site_product_top_sponsored-brand-video', type: 'sponsored_brand', asset: 'video' },
  { name: 'BRAND_PAGE_SPONSORED_PRODUCTS', example: BRAND_PAGE_SPONSORED_PRODUCTS, placement: 'site_brand_top-vitrine_product', type: 'product' },
  { name: 'BRAND_PAGE_BANNER_IMAGE', example: BRAND_PAGE_BANNER_IMAGE, placement: 'site_brand_middle_banner', type: 'banner', asset: 'image' },
  { name: 'BRAND_PAGE_BANNER_VIDEO', example: BRAND_PAGE_BANNER_VIDEO, placement: 'site_brand_middle_banner-video', type: 'banner', asset: 'video' },
  { name: 'BRAND_PAGE_SPONSORED_BRANDS_IMAGE', example: BRAND_PAGE_SPONSORED_BRANDS_IMAGE, placement: 'site_brand_top_sponsored-brand', type: 'sponsored_brand', asset: 'image' },
  { name: 'BRAND_PAGE_SPONSORED_BRANDS_VIDEO', example: BRAND_PAGE_SPONSORED_BRANDS_VIDEO, placement: 'site_brand_top_sponsored-brand-video', type: 'sponsored_brand', asset: 'video' },
  { name: 'DIGITAL_SIGNAGE', example: DIGITAL_SIGNAGE, placement: 'in-store_digital-signage_entrance_screen', type: 'digital_signage' },
];
const caseOf = (name: string) => CASES.find((c) => c.name === name)!;

let t: TestApp;
let publisherId = 0;

/** The {PLACEHOLDERS} of a case: the seeded publisher and page, a person and session of its own. */
function valuesOf(c: QueryCase, person = { user: randomUUID(), session: randomUUID() }): Placeholders {
  const size = c.type === 'digital_signage' ? SEEDED.signageSize : c.asset === 'video' ? SEEDED.videoSize : SEEDED.imageSize;
  return {
    PUBLISHER_ID: String(publisherId),
    USER_ID: person.user,
    SESSION_ID: person.session,
    PLACEMENT_NAME: c.placement,
    TERM: SEEDED.term,
    CATEGORY_NAME: SEEDED.categoryName,
    PRODUCT_SKU: SEEDED.productSku,
    BRAND_NAME: SEEDED.brandName,
    DEVICE_ID: SEEDED.deviceId,
    STORE_NAME: SEEDED.storeName,
    ASSET_SIZE: size,
  };
}

/** The size the published body asks for, after its placeholders are filled in. */
const sizeAsked = (c: QueryCase, values: Placeholders): string | undefined =>
  (JSON.parse(fill(c.example.body, values, { json: true })) as { placements: Record<string, { size?: string }> }).placements[c.placement]?.size;

type Json = Record<string, unknown>;

/** Every string under a key naming a URL (`*_url`, an asset's `url`), with its path in the answer. */
function urlsIn(value: unknown, path = ''): Array<{ path: string; key: string; url: unknown }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => urlsIn(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = path ? `${path}.${key}` : key;
    if ((key === 'url' || key.endsWith('_url')) && (typeof v === 'string' || v === null)) return [{ path: here, key, url: v }];
    return urlsIn(v, here);
  });
}

/** The frame of each size a request names: the video sizes the docs list, the seeded image sizes. */
const FRAMES: Record<string, string> = { ...RMA_VIDEO_SIZES, ...VTEX_DEMO.imageSizes };

/** Links out of our app: the publisher's own pages. Every other URL (events, media) is ours. */
const OUTBOUND = new Set(['destination_url', 'brand_url']);

/**
 * Every URL absolute: the event and media URLs under our public origin, the destinations http(s).
 * A null is no URL (a product without an image, an ad without a destination): the fields an ad
 * must fill are checked by type in expectAdFields.
 */
function expectAbsoluteUrls(body: unknown) {
  for (const { path, key, url } of urlsIn(body)) {
    if (url === null) continue;
    expect(typeof url, path).toBe('string');
    const parsed = URL.canParse(url as string) ? new URL(url as string) : null;
    expect(parsed && ['http:', 'https:'].includes(parsed.protocol), `${path} is not an absolute http(s) URL: ${String(url)}`).toBe(true);
    if (!OUTBOUND.has(key)) expect(parsed!.origin, `${path}: ${String(url)}`).toBe(ORIGIN);
  }
}

/**
 * media_url, asset_type and assets [{url, type, dimension}] of a banner or sponsored brand (the
 * dimension "WxH", the frame of the size asked when it names one). Digital signage, whose docs give
 * only media_url and duration, answers a null dimension when it is not known.
 */
function expectDisplayFields(ad: Json, asset: 'image' | 'video' | undefined, frame: string | undefined, { signage = false } = {}) {
  expect(ad.media_url).toEqual(expect.any(String));
  if (asset) expect(ad.asset_type).toBe(asset);
  else expect(['image', 'video']).toContain(ad.asset_type);
  const assets = ad.assets as Array<{ url: unknown; type: unknown; dimension: unknown }>;
  expect(Array.isArray(assets) && assets.length > 0, 'assets is a non-empty list').toBe(true);
  for (const a of assets) {
    expect(a).toEqual({ url: expect.any(String), type: ad.asset_type, dimension: signage && a.dimension === null ? null : expect.stringMatching(/^\d+x\d+$/) });
    if (frame) expect(a.dimension).toBe(frame);
  }
  expect(ad.media_url).toBe(assets[0]!.url);
}

/** The fields the docs (and issue 18) give an ad of this type. */
function expectAdFields(ad: Json, c: QueryCase, size: string | undefined) {
  expect(ad).toMatchObject({ ad_id: expect.any(Number), type: c.type, position: expect.any(Number), campaign_name: expect.any(String) });
  expect(Number.isInteger(ad.position)).toBe(true);
  expect(ad).toHaveProperty('seller_id');
  for (const [field, type] of EVENTS) {
    expect(ad[field], field).toEqual(expect.any(String));
    expect(new URL(ad[field] as string).pathname, field).toBe(`/v1/beacon/${type}`);
  }
  const frame = size ? (FRAMES[size] ?? (/^\d+x\d+$/.test(size) ? size : undefined)) : undefined;
  switch (c.type) {
    case 'product':
      expect(ad).toMatchObject({ product_sku: expect.any(String), product_name: expect.any(String), destination_url: expect.any(String) });
      expect((ad.product_sku as string).length).toBeGreaterThan(0);
      break;
    case 'banner':
      expectDisplayFields(ad, c.asset, frame);
      break;
    case 'sponsored_brand': {
      expectDisplayFields(ad, c.asset, frame);
      expect(ad).toMatchObject({ brand_name: expect.any(String), headline: expect.any(String), description: expect.any(String), brand_url: expect.any(String) });
      expect((ad.brand_name as string).length).toBeGreaterThan(0);
      const products = ad.products as Json[];
      expect(Array.isArray(products) && products.length > 0, 'products is a non-empty list').toBe(true);
      // The docs: products.#.product_sku, products.#.media_url ("URL of the product image").
      for (const p of products) expect(p, 'a product of the brand').toMatchObject({ product_sku: expect.any(String), media_url: expect.any(String) });
      break;
    }
    case 'digital_signage':
      expectDisplayFields(ad, undefined, undefined, { signage: true });
      expect(Number.isInteger(ad.duration) && (ad.duration as number) > 0, `duration in seconds: ${String(ad.duration)}`).toBe(true);
      break;
  }
}

/** Sends the case's published request; returns its answer and first ad, once it has one (200). */
async function serve(c: QueryCase, values = valuesOf(c)) {
  const res = await sendDocumented(t, c.example, values);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ads = (res.body as Json)[c.placement] as Json[];
  expect(ads?.length, `no ads for ${c.name}`).toBeGreaterThan(0);
  return { res, body: res.body as Json, ad: ads[0]!, values };
}

/** Sends the case's published request and checks its answer: status, shape and the fields of its ads. */
async function query(c: QueryCase) {
  const values = valuesOf(c);
  const { res, body } = await serve(c, values);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  // A client that asked for deflate (or nothing) gets deflate or an uncompressed answer.
  expect([undefined, 'identity', ...('Accept-Encoding' in c.example.headers ? ['deflate'] : [])]).toContain(res.headers['content-encoding']);
  expect(Object.keys(body).sort()).toEqual([c.placement, 'query_at', 'query_id', 'request_id'].sort());
  expect(body.request_id).toEqual(expect.stringMatching(/\S/));
  expect(body.query_id).toEqual(expect.stringMatching(/\S/));
  const at = Date.parse(body.query_at as string);
  expect(Math.abs(at - Date.now()), `query_at ${String(body.query_at)}`).toBeLessThan(5 * 60_000);
  const ads = body[c.placement] as Json[];
  expect(ads.length, 'at most the quantity asked (1)').toBeLessThanOrEqual(1);
  const size = sizeAsked(c, values);
  for (const ad of ads) expectAdFields(ad, c, size);
  expectAbsoluteUrls(body);
}

/** Posts an ad's event URL as a browser does: the event's body text with these headers. */
const fire = (url: string, headers: Record<string, string>, payload: object) => asPublished(t.http.post(pathOf(url)), headers).send(JSON.stringify(payload));

beforeAll(async () => {
  t = await createTestApp({ appUrl: ORIGIN });
  publisherId = (await t.db.account.findFirstOrThrow({ where: { slug: SEEDED.publisherSlug }, select: { id: true } })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the fixtures', () => {
  it('fill in only the placeholders the docs print, each with a value', () => {
    for (const c of CASES) {
      const names = [...placeholdersOf(c.example.url), ...placeholdersOf(c.example.body)];
      expect(names.every((n) => n in valuesOf(c)), `${c.name}: ${names.join(', ')}`).toBe(true);
      expect(() => JSON.parse(fill(c.example.body, valuesOf(c), { json: true })), c.name).not.toThrow();
    }
  });
});

describe('POST /v1/rma/{publisherId}: every documented ad query, anonymous', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s answers 200 with its placement holding ads of the type asked', async (_name, c) => {
    await query(c);
  });

  it('answers 404 in the envelope for a publisher that does not exist', async () => {
    const c = caseOf('SEARCH_SPONSORED_PRODUCTS');
    const res = await sendDocumented(t, c.example, { ...valuesOf(c), PUBLISHER_ID: '987654321' });
    expect(res.status).toBe(404);
    expectEnvelope(res.body);
  });
});

describe('events: impression, view and click of an ad of each type', () => {
  const byType = ['SEARCH_SPONSORED_PRODUCTS', 'SEARCH_BANNER_IMAGE', 'SEARCH_BANNER_VIDEO', 'SEARCH_SPONSORED_BRANDS_IMAGE', 'SEARCH_SPONSORED_BRANDS_VIDEO', 'DIGITAL_SIGNAGE'];

  /** Rows the event consumer wrote for one decision: their types, ads and viewers. */
  const countedOf = async (requestId: string) => {
    const rows = await t.db.rmEvent.findMany({ where: { requestId }, select: { type: true, adId: true, userId: true, sessionId: true } });
    return {
      types: rows.map((r) => r.type).sort(),
      adIds: [...new Set(rows.map((r) => r.adId))],
      viewers: [...new Set(rows.map((r) => `${r.userId}/${r.sessionId}`))],
    };
  };
  const rollupOf = async (adId: number, placement: string) => {
    const sum = await t.db.rmDailyStat.aggregate({ where: { adId, placement }, _sum: { impressions: true, views: true, clicks: true } });
    return { impressions: Number(sum._sum.impressions ?? 0n), views: Number(sum._sum.views ?? 0n), clicks: Number(sum._sum.clicks ?? 0n) };
  };

  it.each(byType.map((name) => [name, caseOf(name)] as const))(
    '%s: 202 for JSON bodies (sendBeacon Blob, fetch) and the text/plain body of sendBeacon(string); each counted once',
    async (_name, c) => {
      // One page view whose events go as JSON (the 5.6 Blob, then the example's fetch fallback: a repeat),
      // one whose events go as the text/plain string sendBeacon sends.
      const json = await serve(c);
      const text = await serve(c);
      // Each page's ad gets one impression, view and click in the daily rollup (the same ad twice: two).
      const adIds = [json.ad.ad_id as number, text.ad.ad_id as number];
      const rollupsBefore = await Promise.all(adIds.map((adId) => rollupOf(adId, c.placement)));
      for (const [field] of EVENTS) {
        const { USER_ID: user, SESSION_ID: session } = json.values;
        for (const res of [
          await fire(json.ad[field] as string, eventsDocs.beaconHeaders, eventsDocs.eventDataOf(user!, session!)),
          await fire(json.ad[field] as string, eventsBrowser.fetchHeaders, eventsBrowser.payloadOf(session!, user)),
        ]) {
          expect(res.status, `${field} JSON: ${JSON.stringify(res.body)}`).toBe(202);
          expect(res.body).toEqual({ accepted: true });
        }
        const plain = await fire(text.ad[field] as string, eventsBrowser.beaconStringHeaders, eventsBrowser.payloadOf(text.values.SESSION_ID!, text.values.USER_ID));
        expect(plain.status, `${field} text/plain: ${JSON.stringify(plain.body)}`).toBe(202);
        expect(plain.body).toEqual({ accepted: true });
      }
      await t.app.eventConsumer.drain();
      for (const page of [json, text]) {
        const counted = await countedOf(page.body.request_id as string);
        expect(counted.types).toEqual(['click', 'impression', 'view']);
        expect(counted.adIds).toEqual([page.ad.ad_id]);
        // The person of the events' body, also where the ad query named only a session (the video sponsored brands).
        expect(counted.viewers).toEqual([`${page.values.USER_ID}/${page.values.SESSION_ID}`]);
      }
      const served = (adId: number) => adIds.filter((id) => id === adId).length;
      for (const [i, adId] of adIds.entries()) {
        const before = rollupsBefore[i]!;
        expect(await rollupOf(adId, c.placement)).toEqual({
          impressions: before.impressions + served(adId),
          views: before.views + served(adId),
          clicks: before.clicks + served(adId),
        });
      }
    },
  );
});

describe('POST /v1/beacon/conversion: the documented orders, anonymous', () => {
  it('takes the EVENTS_CONVERSION_CURL example unchanged but for publisher_id (202), listing email_hashed "xyz" as ignored', async () => {
    const body = EVENTS_CONVERSION_CURL.body.replace(PUBLISHER_ID_AS_PUBLISHED, `"publisher_id": "${publisherId}"`);
    expect(body).not.toBe(EVENTS_CONVERSION_CURL.body);
    const res = await sendDocumented(t, EVENTS_CONVERSION_CURL, {}, body);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ accepted: true, order_id: '123', duplicate: false });
    expect(res.body.ignored).toEqual([{ field: 'email_hashed', message: expect.stringMatching(/\S/) }]);

    const row = await t.db.rmConversion.findUniqueOrThrow({ where: { publisherId_orderId: { publisherId, orderId: '123' } } });
    expect(row).toMatchObject({
      userId: '6f92d1e9-00b6-4f8b-9645-faeab321e1cc',
      sessionId: '5898b8d1-c250-4bb5-931b-8b9d0ee7b499',
      channel: 'ecommerce',
      emailHashed: null,
    });
    expect(row.orderedAt.toISOString()).toBe('2023-01-01T09:20:00.000Z');
    // Unit prices, the promotional one paid: 1 × 1899.00 + 2 × 400.00.
    expect(row.totalCents).toBe(269_900n);
    expect(row.items).toEqual([
      expect.objectContaining({ sku: '12221', quantity: 1 }),
      expect.objectContaining({ sku: '12222', quantity: 2 }),
    ]);

    const again = await sendDocumented(t, EVENTS_CONVERSION_CURL, {}, body);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ accepted: true, order_id: '123', duplicate: true });
  });

  it('attributes the order of a person who clicked a product ad (EVENTS_CONVERSION_BROWSER payload, sendBeacon Blob)', async () => {
    const c = caseOf('SEARCH_SPONSORED_PRODUCTS');
    const person = { user: randomUUID(), session: randomUUID() };
    const { ad } = await serve(c, valuesOf(c, person));
    for (const field of ['impression_url', 'click_url'] as const) {
      const res = await fire(ad[field] as string, eventsBrowser.beaconHeaders, eventsBrowser.payloadOf(person.session, person.user));
      expect(res.status).toBe(202);
    }
    await t.app.eventConsumer.drain();

    const emailHashed = createHash('sha256').update('cliente@exemplo.com.br').digest('hex');
    const order: conversionBrowser.BrowserOrder = {
      ...conversionBrowser.exampleOrder,
      publisherId: String(publisherId),
      userId: person.user,
      sessionId: person.session,
      orderId: `pedido-${randomUUID()}`,
      emailHashed,
      items: [{ sku: ad.product_sku as string, sellerId: null, productId: null, quantity: 2, unitPrice: 24.9, unitPromotionalPrice: 19.9 }],
      createdAt: new Date().toISOString(),
    };
    const res = await fire(conversionBrowser.url, conversionBrowser.beaconHeaders, conversionBrowser.payloadOf(order));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ accepted: true, order_id: order.orderId, duplicate: false, ignored: [] });
    await t.app.eventConsumer.drain();

    const conversion = await t.db.rmConversion.findUniqueOrThrow({
      where: { publisherId_orderId: { publisherId, orderId: order.orderId } },
      include: { attributions: true },
    });
    expect(conversion.emailHashed).toBe(emailHashed);
    expect(conversion.attributedAt).not.toBeNull();
    expect(conversion.attributions.map((a) => ({ sku: a.sku, adId: a.adId, type: a.eventType, quantity: a.quantity, income: a.incomeCents }))).toEqual([
      { sku: ad.product_sku, adId: ad.ad_id, type: 'click', quantity: 2, income: 3_980n },
    ]);
  });
});

describe('fields the API does not know are ignored', () => {
  it('an ad query with unknown fields at the top and in a placement still answers 200 with ads', async () => {
    const c = caseOf('SEARCH_SPONSORED_PRODUCTS');
    const values = valuesOf(c);
    const body = JSON.parse(fill(c.example.body, values, { json: true })) as Json & { placements: Record<string, Json> };
    body.campo_desconhecido = { qualquer: ['coisa'] };
    body.placements[c.placement]!.layout = 'carrossel';
    const res = await sendDocumented(t, c.example, values, JSON.stringify(body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body[c.placement] as Json[]).length).toBeGreaterThan(0);
  });

  it('a conversion with unknown fields in the order and its items is accepted (202)', async () => {
    const payload = {
      ...conversionBrowser.payloadOf({ ...conversionBrowser.exampleOrder, publisherId: String(publisherId), orderId: `pedido-${randomUUID()}` }),
      coupon: 'BLACK10',
    };
    const withExtras = { ...payload, items: payload.items.map((i) => ({ ...i, category: 'Eletrodomésticos' })) };
    const res = await fire(conversionBrowser.url, conversionBrowser.fetchHeaders, withExtras);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ accepted: true, order_id: payload.order_id, duplicate: false });
  });
});

describe('validation errors: 422 in our envelope, each detail naming the field by its path', () => {
  const fieldsOf = (body: unknown) => (expectEnvelope(body, 'VALIDATION_ERROR').details ?? []).map((d) => d.field);

  /** The case's published body, filled in and changed by `change`. */
  const changed = (name: string, change: (body: Json & { placements: Record<string, Json> }, placement: string) => void) => {
    const c = caseOf(name);
    const values = valuesOf(c);
    const body = JSON.parse(fill(c.example.body, values, { json: true })) as Json & { placements: Record<string, Json> };
    change(body, c.placement);
    return sendDocumented(t, c.example, values, JSON.stringify(body));
  };

  it.each([
    ['a search without term', 'SEARCH_SPONSORED_PRODUCTS', (b: Json) => delete b.term, () => 'term'],
    ['a product page without product_sku', 'PRODUCT_SPONSORED_PRODUCTS', (b: Json) => delete b.product_sku, () => 'product_sku'],
    ['a category page without category_name', 'CATEGORY_PAGE_SPONSORED_PRODUCTS', (b: Json) => delete b.category_name, () => 'category_name'],
    ['a brand page without brand_name', 'BRAND_PAGE_SPONSORED_PRODUCTS', (b: Json) => delete b.brand_name, () => 'brand_name'],
    ['a screen without device_id', 'DIGITAL_SIGNAGE', (b: Json) => delete b.device_id, () => 'device_id'],
    ['an unknown context', 'HOME_SPONSORED_PRODUCTS', (b: Json) => (b.context = 'checkout'), () => 'context'],
    [
      'an unknown ad type',
      'SEARCH_SPONSORED_PRODUCTS',
      (b: Json & { placements: Record<string, Json> }, p: string) => (b.placements[p]!.types = ['carousel']),
      (p: string) => `placements.${p}.types`,
    ],
    [
      'types that are not a list',
      'SEARCH_SPONSORED_PRODUCTS',
      (b: Json & { placements: Record<string, Json> }, p: string) => (b.placements[p]!.types = 'product'),
      (p: string) => `placements.${p}.types`,
    ],
    [
      'a quantity that is not a whole number',
      'SEARCH_SPONSORED_PRODUCTS',
      (b: Json & { placements: Record<string, Json> }, p: string) => (b.placements[p]!.quantity = 1.5),
      (p: string) => `placements.${p}.quantity`,
    ],
  ] as Array<[string, string, (b: Json & { placements: Record<string, Json> }, p: string) => unknown, (p: string) => string]>)(
    'an ad query with %s',
    async (_label, name, change, field) => {
      const res = await changed(name, (b, p) => void change(b, p));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const expected = field(caseOf(name).placement);
      const fields = fieldsOf(res.body);
      expect(fields.some((f) => f === expected || f.startsWith(`${expected}.`)), `${expected} in ${fields.join(', ')}`).toBe(true);
    },
  );

  it.each([
    ['without order_id', (p: Json) => delete p.order_id, 'order_id'],
    ['without items', (p: Json) => delete p.items, 'items'],
    ['with an item of quantity 0', (p: Json & { items: Json[] }) => (p.items[0]!.quantity = 0), 'items.0.quantity'],
    ['with a created_at that is not a date', (p: Json) => (p.created_at = 'ontem'), 'created_at'],
  ] as Array<[string, (p: Json & { items: Json[] }) => unknown, string]>)('a conversion %s', async (_label, change, field) => {
    const payload = conversionBrowser.payloadOf({ ...conversionBrowser.exampleOrder, publisherId: String(publisherId), orderId: `pedido-${randomUUID()}` }) as unknown as Json & {
      items: Json[];
    };
    change(payload);
    const res = await fire(conversionBrowser.url, conversionBrowser.fetchHeaders, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(fieldsOf(res.body)).toContain(field);
  });
});
