import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { apiKeyPrefix, hashApiKey } from './api-key-hash.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { businessDate } from '../../lib/business-day.ts';
import { createAttribution } from './attribution.ts';
import { createEventConsumer } from './event-consumer.ts';
import { createDatabaseEventStore } from './event-store.ts';

const { sql } = Prisma;

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, rede: 0, size: 0 };
const tokens = { admin: '', brand: '', partner: '' };
const KEY = { 'x-api-key': DEMO_API_KEY };
const REDE_KEY = { 'x-api-key': 'rmk_test_rede_parceira_0123456789abcdef' };
const DAY = 86_400_000;
/** When the orders of most tests were placed. */
const T = Date.parse('2026-11-10T15:30:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let seq = 0;
const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

type AdType = 'product' | 'banner' | 'sponsored_brand' | 'digital_signage';
interface AdFixture {
  adType?: AdType;
  /** The campaign's products (active). */
  skus?: string[];
  inactiveSkus?: string[];
  /** The ad's own SKU (product ads). */
  sku?: string | null;
  publisherId?: number;
  keyword?: string;
  cpc?: number;
}
interface TestAd {
  adId: number;
  campaignId: number;
  publisherId: number;
  advertiserId: number;
}

/** A campaign of Aurora on Bom Preço (by default) with one approved ad. */
async function makeAd(f: AdFixture = {}): Promise<TestAd> {
  const adType = f.adType ?? 'banner';
  const publisherId = f.publisherId ?? ids.bomPreco;
  const campaign = await t.db.campaign.create({
    data: {
      publisherId,
      advertiserId: ids.aurora,
      name: uniq('Conversões'),
      adType,
      dailyBudgetCents: 1_000_000n,
      cpcCents: BigInt(f.cpc ?? 100),
      startAt: new Date(Date.now() - 30 * DAY),
      keywords: { create: f.keyword ? [{ keyword: f.keyword }] : [] },
      products: {
        create: [...(f.skus ?? []).map((sku) => ({ sku })), ...(f.inactiveSkus ?? []).map((sku) => ({ sku, active: false }))],
      },
    },
  });
  const ad = await t.db.ad.create({
    data: {
      campaignId: campaign.id,
      adType,
      status: 'approved',
      sku: f.sku ?? null,
      mediaUrl: adType === 'product' ? null : 'https://cdn.test/banner.png',
      destinationUrl: 'https://loja.test/destino',
      adSizeId: adType === 'banner' ? ids.size : null,
    },
  });
  return { adId: ad.id, campaignId: campaign.id, publisherId, advertiserId: ids.aurora };
}

interface Who {
  u?: string;
  s?: string;
}

/** A counted event of the ad (as the event consumer writes it), at a chosen time. */
async function event(ad: TestAd, type: 'impression' | 'view' | 'click', at: number, who: Who, placement = 'topo') {
  const row = await t.db.rmEvent.create({
    data: {
      eventKey: uniq('event'),
      type,
      requestId: uniq('req'),
      publisherId: ad.publisherId,
      advertiserId: ad.advertiserId,
      campaignId: ad.campaignId,
      adId: ad.adId,
      placement,
      context: 'search',
      userId: who.u ?? null,
      sessionId: who.s ?? null,
      occurredAt: new Date(at),
    },
  });
  return row.eventKey;
}

interface Line {
  sku: string;
  seller_id?: string | number | null;
  product_id?: string | number | null;
  quantity?: number;
  price?: number;
  promotional_price?: number | null;
}
const order = (who: Who, lines: Line[], at = T) => ({
  order_id: uniq('pedido'),
  ...(who.u ? { user_id: who.u } : {}),
  ...(who.s ? { session_id: who.s } : {}),
  created_at: iso(at),
  items: lines.map((l) => ({ quantity: 1, price: 10, ...l })),
});
const convert = (body: object, headers: Record<string, string> = KEY) => t.http.post('/v1/beacon/conversion').set(headers).send(body);

/** Posts the order (202), runs the consumer and returns what each item was credited to. */
async function attributedOf(body: ReturnType<typeof order>, headers: Record<string, string> = KEY) {
  const res = await convert(body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await t.app.eventConsumer.drain();
  const conversion = await t.db.rmConversion.findFirstOrThrow({
    where: { orderId: body.order_id },
    include: { attributions: { orderBy: { sku: 'asc' } } },
  });
  expect(conversion.attributedAt).not.toBeNull();
  return conversion.attributions.map((a) => ({
    sku: a.sku,
    adId: a.adId,
    eventKey: a.eventKey,
    type: a.eventType,
    quantity: a.quantity,
    income: Number(a.incomeCents),
  }));
}

/** The whole stored row of an order, every column, as text: what must never contain a raw identifier. */
async function rowText(orderId: string, publisherId?: number) {
  const rows = await t.db.$queryRaw<{ text: string }[]>`
    SELECT row_to_json(c)::text AS text FROM rm_conversions c WHERE order_id = ${orderId} AND (${publisherId ?? null}::int IS NULL OR publisher_id = ${publisherId ?? null}::int)`;
  expect(rows).toHaveLength(1);
  return rows[0]!.text;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A publisher account of its own (retail media on), so a test's order ids and stats are its alone. */
async function newPublisher() {
  const name = uniq('Publisher');
  const { id } = await t.db.account.create({ data: { name, slug: name.toLowerCase(), type: 'grocery', retailMediaRole: 'publisher' } });
  // Active retail media: the publisher role and the retail_media module.
  const module = await t.db.accessModule.findUniqueOrThrow({ where: { key: 'retail_media' }, select: { id: true } });
  await t.db.accountAccessModule.create({ data: { accountId: id, moduleId: module.id } });
  return id;
}

type SumRow = { k: string; conversions: bigint; items: bigint; income: bigint };
const plain = (rows: SumRow[]) => rows.map((r) => ({ k: r.k, conversions: Number(r.conversions), items: Number(r.items), income: Number(r.income) }));

/** The conversion columns of the rollups of these ads, next to the same sums computed from rm_attributions. */
async function rollupsAndAttributions(adIds: number[]) {
  const counted = sql`(conversions > 0 OR items_sold > 0 OR income_cents > 0)`;
  const spDay = sql`to_char((c.ordered_at AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`;
  const utcHour = sql`to_char(date_trunc('hour', c.ordered_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24')`;
  const fromAttributions = (k: Prisma.Sql) => t.db.$queryRaw<SumRow[]>`
    SELECT ${k} AS k, count(DISTINCT a.conversion_id) AS conversions, sum(a.quantity)::bigint AS items, sum(a.income_cents)::bigint AS income
      FROM rm_attributions a JOIN rm_conversions c ON c.id = a.conversion_id
     WHERE a.ad_id = ANY(${adIds}::int[]) GROUP BY 1 ORDER BY 1`;
  const [daily, hourly, products, expectedDaily, expectedHourly, expectedProducts] = await Promise.all([
    t.db.$queryRaw<SumRow[]>`
      SELECT concat_ws('|', to_char(day, 'YYYY-MM-DD'), ad_id, placement, context) AS k, conversions, items_sold AS items, income_cents AS income
        FROM rm_daily_stats WHERE ad_id = ANY(${adIds}::int[]) AND ${counted} ORDER BY 1`,
    t.db.$queryRaw<SumRow[]>`
      SELECT concat_ws('|', to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'), ad_id, placement, context) AS k,
             conversions, items_sold AS items, income_cents AS income
        FROM rm_hourly_stats WHERE ad_id = ANY(${adIds}::int[]) AND ${counted} ORDER BY 1`,
    t.db.$queryRaw<SumRow[]>`
      SELECT concat_ws('|', to_char(day, 'YYYY-MM-DD'), campaign_id, sku) AS k, conversions, items_sold AS items, income_cents AS income
        FROM rm_product_daily_stats WHERE campaign_id IN (SELECT campaign_id FROM ads WHERE id = ANY(${adIds}::int[])) ORDER BY 1`,
    fromAttributions(sql`concat_ws('|', ${spDay}, a.ad_id, a.placement, a.context)`),
    fromAttributions(sql`concat_ws('|', ${utcHour}, a.ad_id, a.placement, a.context)`),
    fromAttributions(sql`concat_ws('|', ${spDay}, a.campaign_id, a.sku)`),
  ]);
  return {
    daily: plain(daily),
    hourly: plain(hourly),
    products: plain(products),
    expected: { daily: plain(expectedDaily), hourly: plain(expectedHourly), products: plain(expectedProducts) },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') });
  ids.size = (await t.db.adSize.create({ data: { publisherId: ids.bomPreco, name: 'Teste Conversões', width: 728, height: 90 } })).id;
  await t.db.publisherApiKey.create({
    data: { publisherId: ids.rede, name: 'Rede (teste)', keyPrefix: apiKeyPrefix(REDE_KEY['x-api-key']), keyHash: hashApiKey(REDE_KEY['x-api-key']) },
  });
  tokens.admin = await t.login(DEMO.admin);
  tokens.brand = await t.login(DEMO.brand);
  tokens.partner = await t.login(DEMO.partner);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /v1/beacon/conversion — storing the order', () => {
  it('answers 202 once the order is stored, with its total at the paid (promotional) price', async () => {
    const body = order({ u: uniq('u'), s: uniq('s') }, [
      { sku: 'SKU-1', quantity: 3, price: 12.9, promotional_price: 9.99 },
      { sku: 'SKU-2', quantity: 2, price: 5.5 },
      { sku: 'SKU-3', quantity: 1, price: 4, promotional_price: null },
    ]);
    const res = await convert(body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true, order_id: body.order_id, duplicate: false, ignored: [] });
    const row = await t.db.rmConversion.findFirstOrThrow({ where: { orderId: body.order_id } });
    expect(row).toMatchObject({ publisherId: ids.bomPreco, userId: body.user_id, sessionId: body.session_id, attributedAt: null });
    expect(row.orderedAt.toISOString()).toBe(body.created_at);
    expect(row.totalCents).toBe(BigInt(3 * 999 + 2 * 550 + 400));
    const line = { seller_id: null, product_id: null };
    expect(row.items).toEqual([
      { sku: 'SKU-1', ...line, quantity: 3, price_cents: 1290, promotional_price_cents: 999 },
      { sku: 'SKU-2', ...line, quantity: 2, price_cents: 550, promotional_price_cents: null },
      { sku: 'SKU-3', ...line, quantity: 1, price_cents: 400, promotional_price_cents: null },
    ]);
  });

  it('is idempotent by order_id: a resend (even with other items) and 10 concurrent posts store and count it once', async () => {
    const banner = await makeAd({ skus: ['IDEM-1', 'IDEM-2'] });
    const who = { u: uniq('u') };
    await event(banner, 'click', T - DAY, who);

    const first = order(who, [{ sku: 'IDEM-1', quantity: 2, price: 10 }]);
    const again = { ...first, items: [{ sku: 'IDEM-2', quantity: 50, price: 99 }] };
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => convert(i % 2 ? again : first)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(responses.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(await t.db.rmConversion.count({ where: { publisherId: ids.bomPreco, orderId: first.order_id } })).toBe(1);
    await t.app.eventConsumer.drain();

    const late = await convert(again);
    expect(late.status).toBe(202);
    expect(late.body).toEqual({ accepted: true, order_id: first.order_id, duplicate: true, ignored: [] });
    await t.app.eventConsumer.drain();

    const stats = await t.db.rmDailyStat.aggregate({ where: { adId: banner.adId }, _sum: { conversions: true, itemsSold: true, incomeCents: true } });
    const stored = await t.db.rmConversion.findFirstOrThrow({ where: { orderId: first.order_id } });
    const attributions = await t.db.rmAttribution.findMany({ where: { conversionId: stored.id } });
    expect(attributions).toHaveLength(1);
    expect(stats._sum.conversions).toBe(1n);
    expect(stats._sum.itemsSold).toBe(BigInt(attributions[0]!.quantity));
    expect(stats._sum.incomeCents).toBe(attributions[0]!.incomeCents);
  });

  it('keeps the same order_id of two publishers apart', async () => {
    const body = order({ u: uniq('u') }, [{ sku: 'X' }]);
    expect((await convert(body)).body.duplicate).toBe(false);
    expect((await convert(body, REDE_KEY)).body.duplicate).toBe(false);
    expect((await convert(body, REDE_KEY)).body.duplicate).toBe(true);
    const rows = await t.db.rmConversion.findMany({ where: { orderId: body.order_id }, orderBy: { publisherId: 'asc' } });
    expect(rows.map((r) => r.publisherId).sort()).toEqual([ids.bomPreco, ids.rede].sort());
  });
});

describe('POST /v1/beacon/conversion — who may send it', () => {
  const storedOn = async (orderId: string) => (await t.db.rmConversion.findMany({ where: { orderId }, select: { publisherId: true } })).map((r) => r.publisherId);

  it('is public: publisher_id as text or as a number, no key, no session', async () => {
    const asText = { ...order({ u: uniq('u') }, [{ sku: 'PUB' }]), publisher_id: String(ids.bomPreco) };
    const res = await convert(asText, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ accepted: true, order_id: asText.order_id, duplicate: false, ignored: [] });
    expect(await storedOn(asText.order_id)).toEqual([ids.bomPreco]);

    const asNumber = { ...order({ s: uniq('s') }, [{ sku: 'PUB' }]), publisher_id: ids.rede };
    expect((await convert(asNumber, {})).status).toBe(202);
    expect(await storedOn(asNumber.order_id)).toEqual([ids.rede]);
  });

  it('takes the publisher of the x-api-key; a publisher_id sent with it must be the same (403), an unknown key is 401', async () => {
    const withKey = order({ u: uniq('u') }, [{ sku: 'KEY' }]);
    expect((await convert(withKey)).status).toBe(202);
    const agreeing = { ...order({ u: uniq('u') }, [{ sku: 'KEY' }]), publisher_id: String(ids.bomPreco) };
    expect((await convert(agreeing)).status).toBe(202);
    expect([...(await storedOn(withKey.order_id)), ...(await storedOn(agreeing.order_id))]).toEqual([ids.bomPreco, ids.bomPreco]);

    const mismatch = { ...order({ u: uniq('u') }, [{ sku: 'KEY' }]), publisher_id: ids.rede };
    const refused = await convert(mismatch);
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body, 'RMA_WRONG_PUBLISHER');
    for (const body of [order({ u: uniq('u') }, [{ sku: 'KEY' }]), { ...order({ u: uniq('u') }, [{ sku: 'KEY' }]), publisher_id: ids.bomPreco }]) {
      const bad = await convert(body, { 'x-api-key': 'rmk_nao_existe_0000000000000000' });
      expect(bad.status).toBe(401);
      expect(expectEnvelope(bad.body, 'API_KEY_INVALID').message).toBe('Chave de API ausente ou inválida.');
      expect(await storedOn(body.order_id)).toEqual([]);
    }
    expect(await storedOn(mismatch.order_id)).toEqual([]);
  });

  it('answers 422 naming publisher_id when neither it nor a key (nor a session) says whose order it is', async () => {
    const body = order({ u: uniq('u') }, [{ sku: 'NOBODY' }]);
    const none = await convert(body, {});
    expect(none.status).toBe(422);
    const error = expectEnvelope(none.body, 'VALIDATION_ERROR');
    expect(error.details).toEqual([{ field: 'publisher_id', code: 'custom', message: 'Informe o publisher_id (ou envie a chave de API do publisher).' }]);
    const english = await convert(body, { 'accept-language': 'en' });
    expect(expectEnvelope(english.body).details?.[0]?.message).toBe("Provide publisher_id (or send the publisher's API key).");
    const badToken = await convert(body, bearer('not.a.token'));
    expect(badToken.status).toBe(401);
    expectEnvelope(badToken.body);
    expect(await storedOn(body.order_id)).toEqual([]);
  });

  it('answers 404 for a publisher that does not exist or has no retail media, and stores nothing', async () => {
    for (const publisher_id of [2_000_000_000, String(ids.aurora)]) {
      const body = { ...order({ u: uniq('u') }, [{ sku: 'NOPE' }]), publisher_id };
      const res = await convert(body, {});
      expect(res.status, String(publisher_id)).toBe(404);
      expectEnvelope(res.body, 'PUBLISHER_NOT_FOUND');
      expect(await storedOn(body.order_id)).toEqual([]);
    }
  });

  it("follows the publisher's allowed origins: another browser origin gets 403 and stores nothing, an allowed one reads the answer", async () => {
    const publisher = await newPublisher();
    await t.db.retailMediaConfig.create({ data: { publisherId: publisher, allowedOrigins: ['https://loja.example'] } });
    const refused = { ...order({ u: uniq('u') }, [{ sku: 'ORIGIN' }]), publisher_id: publisher };
    const res = await t.http.post('/v1/beacon/conversion').set({ origin: 'https://outra.example' }).send(refused);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expectEnvelope(res.body, 'ORIGIN_NOT_ALLOWED');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(await storedOn(refused.order_id)).toEqual([]);

    const allowed = { ...order({ u: uniq('u') }, [{ sku: 'ORIGIN' }]), publisher_id: publisher };
    const ok = await t.http.post('/v1/beacon/conversion').set({ origin: 'https://loja.example' }).send(allowed);
    expect(ok.status, JSON.stringify(ok.body)).toBe(202);
    expect(ok.headers['access-control-allow-origin']).toBe('https://loja.example');
    expect(await storedOn(allowed.order_id)).toEqual([publisher]);
  });

  it("accepts a publisher member's session for its own account, and refuses an advertiser's (403)", async () => {
    const body = order({ u: uniq('u') }, [{ sku: 'SESSION' }]);
    const res = await convert(body, bearer(tokens.admin));
    expect(res.status).toBe(202);
    expect((await t.db.rmConversion.findFirstOrThrow({ where: { orderId: body.order_id } })).publisherId).toBe(ids.bomPreco);

    const partner = order({ u: uniq('u') }, [{ sku: 'SESSION' }]);
    expect((await convert(partner, bearer(tokens.partner))).status).toBe(202);
    expect((await t.db.rmConversion.findFirstOrThrow({ where: { orderId: partner.order_id } })).publisherId).toBe(ids.rede);

    const brand = order({ u: uniq('u') }, [{ sku: 'SESSION' }]);
    const refused = await convert(brand, bearer(tokens.brand));
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body, 'FORBIDDEN_ACCOUNT_TYPE');
    expect(await t.db.rmConversion.count({ where: { orderId: brand.order_id } })).toBe(0);
  });

  it('answers 422 in Portuguese, naming the field by its path', async () => {
    const good = order({ u: uniq('u') }, [{ sku: 'VAL' }]);
    const cases: Array<[object, string]> = [
      [{ ...good, order_id: undefined }, 'order_id'],
      [{ ...good, order_id: '   ' }, 'order_id'],
      [{ ...good, user_id: undefined }, 'user_id'],
      [{ ...good, created_at: 'ontem' }, 'created_at'],
      [{ ...good, items: [] }, 'items'],
      [{ ...good, items: [{ sku: 'VAL', quantity: 0, price: 1 }] }, 'items.0.quantity'],
      [{ ...good, items: [{ sku: 'VAL', quantity: 1, price: 1.234 }] }, 'items.0.price'],
      [{ ...good, items: [{ sku: 'VAL', quantity: 1, price: -1 }] }, 'items.0.price'],
      [{ ...good, items: [{ sku: 'VAL', quantity: 1 }] }, 'items.0.price'],
      [{ ...good, items: [{ sku: 'VAL', quantity: 1, price: 1, promotional_price: 'barato' }] }, 'items.0.promotional_price'],
      [{ ...good, publisher_id: 'xxx' }, 'publisher_id'],
      [{ ...good, gender: 'X' }, 'gender'],
      [{ ...good, is_company: 'sim' }, 'is_company'],
    ];
    for (const [body, field] of cases) {
      const res = await convert(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.details?.map((d) => d.field), JSON.stringify(res.body)).toContain(field);
      expect(error.message).toMatch(/^Dados inválidos em "/);
    }
    const noPerson = await convert({ ...good, user_id: undefined });
    expect(expectEnvelope(noPerson.body).details).toContainEqual(
      expect.objectContaining({ field: 'user_id', message: 'Informe user_id ou session_id de quem comprou.' }),
    );
  });

  it('ignores fields it does not know, as the VTEX Ads API does', async () => {
    const body = { ...order({ u: uniq('u') }, [{ sku: 'EXTRA' }]), publisher_id: ids.bomPreco, coupon: 'NATAL10', extra: { a: 1 } };
    body.items = body.items.map((i) => ({ ...i, category: 'Mercearia' }));
    const res = await convert(body, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const text = await rowText(body.order_id);
    expect(text).not.toContain('NATAL10');
    expect(text).not.toContain('Mercearia');
  });
});

describe('POST /v1/beacon/conversion — the documented order', () => {
  /** The published example (examples/EVENTS_CONVERSION_CURL.md), only publisher_id changed. */
  const publishedExample = (publisherId: number) => ({
    channel: 'ecommerce',
    publisher_id: String(publisherId),
    user_id: '6f92d1e9-00b6-4f8b-9645-faeab321e1cc',
    session_id: '5898b8d1-c250-4bb5-931b-8b9d0ee7b499',
    order_id: '123',
    email_hashed: 'xyz',
    items: [
      { sku: '12221', seller_id: '1234', product_id: '4567', quantity: 1, price: 2000.0, promotional_price: 1899.0 },
      { sku: '12222', seller_id: null, product_id: '4568', quantity: 2, price: 500.0, promotional_price: 400.0 },
    ],
    created_at: '2023-01-01T09:20:00Z',
  });

  it('accepts the published example unchanged (202), storing its items and leaving out email_hashed "xyz", which is not a SHA-256', async () => {
    const publisher = await newPublisher();
    const res = await t.http.post('/v1/beacon/conversion').set({ accept: 'application/json' }).send(publishedExample(publisher));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({
      accepted: true,
      order_id: '123',
      duplicate: false,
      ignored: [{ field: 'email_hashed', message: 'Não gravado: email_hashed deve ser o SHA-256 em hexadecimal (64 caracteres); nunca envie o dado sem hash.' }],
    });
    const row = await t.db.rmConversion.findFirstOrThrow({ where: { publisherId: publisher, orderId: '123' } });
    expect(row).toMatchObject({ channel: 'ecommerce', userId: '6f92d1e9-00b6-4f8b-9645-faeab321e1cc', emailHashed: null, totalCents: 189_900n + 2n * 40_000n });
    expect(row.items).toEqual([
      { sku: '12221', seller_id: '1234', product_id: '4567', quantity: 1, price_cents: 200_000, promotional_price_cents: 189_900 },
      { sku: '12222', seller_id: null, product_id: '4568', quantity: 2, price_cents: 50_000, promotional_price_cents: 40_000 },
    ]);
    expect(await rowText('123', publisher)).not.toContain('xyz');
    expect(await t.db.rmIdentity.count({ where: { publisherId: publisher } })).toBe(0);

    const again = await t.http.post('/v1/beacon/conversion').set({ 'accept-language': 'en' }).send(publishedExample(publisher));
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ duplicate: true, ignored: [{ field: 'email_hashed', message: 'Not stored: email_hashed must be the SHA-256 in hexadecimal (64 characters); never send the unhashed data.' }] });
  });

  it('stores channel, brand, gender, uf, city, is_company and the SHA-256 identifiers (lower-cased)', async () => {
    const email = sha256('maria@exemplo.com.br');
    const body = {
      ...order({ u: uniq('u') }, [{ sku: 'DOC', seller_id: 77, product_id: 'P-9' } as Line]),
      publisher_id: ids.bomPreco,
      channel: 'app',
      brand: 'Bom Preço Express',
      gender: 'f',
      uf: 'PE',
      city: 'Recife',
      is_company: false,
      email_hashed: email.toUpperCase(),
      phone_hashed: sha256('+5581999990000'),
      social_id_hashed: sha256('12345678909'),
      first_name_hashed: sha256('maria'),
      last_name_hashed: sha256('silva'),
    };
    const res = await convert(body, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.ignored).toEqual([]);
    const row = await t.db.rmConversion.findFirstOrThrow({ where: { orderId: body.order_id } });
    expect(row).toMatchObject({
      channel: 'app',
      brand: 'Bom Preço Express',
      gender: 'F',
      uf: 'PE',
      city: 'Recife',
      isCompany: false,
      emailHashed: email,
      phoneHashed: body.phone_hashed,
      socialIdHashed: body.social_id_hashed,
      firstNameHashed: body.first_name_hashed,
      lastNameHashed: body.last_name_hashed,
    });
    expect((row.items as Array<{ seller_id: unknown; product_id: unknown }>)[0]).toMatchObject({ seller_id: 77, product_id: 'P-9' });
    const identities = await t.db.rmIdentity.findMany({ where: { userId: body.user_id }, orderBy: { identifier: 'asc' } });
    expect(identities.map((i) => i.identifier)).toEqual([`email:${email}`, `phone:${body.phone_hashed}`, `social_id:${body.social_id_hashed}`]);
  });

  it('never stores a raw e-mail, phone or CPF sent in a hashed field: 202, each named in ignored', async () => {
    const raw = { email_hashed: 'maria.silva@exemplo.com.br', phone_hashed: '(81) 99999-0000', social_id_hashed: '123.456.789-09', first_name_hashed: sha256('') };
    const user = uniq('u');
    const body = { ...order({ u: user }, [{ sku: 'RAW' }]), publisher_id: ids.bomPreco, ...raw, last_name_hashed: '   ' };
    const res = await convert(body, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.ignored).toEqual([
      { field: 'email_hashed', message: 'Não gravado: email_hashed deve ser o SHA-256 em hexadecimal (64 caracteres); nunca envie o dado sem hash.' },
      { field: 'phone_hashed', message: 'Não gravado: phone_hashed deve ser o SHA-256 em hexadecimal (64 caracteres); nunca envie o dado sem hash.' },
      { field: 'social_id_hashed', message: 'Não gravado: social_id_hashed deve ser o SHA-256 em hexadecimal (64 caracteres); nunca envie o dado sem hash.' },
      { field: 'first_name_hashed', message: 'Não gravado: first_name_hashed é o SHA-256 de um texto vazio.' },
    ]);
    const row = await t.db.rmConversion.findFirstOrThrow({ where: { orderId: body.order_id } });
    expect([row.emailHashed, row.phoneHashed, row.socialIdHashed, row.firstNameHashed, row.lastNameHashed]).toEqual([null, null, null, null, null]);
    const text = await rowText(body.order_id);
    for (const value of ['maria.silva', 'exemplo.com', '99999', '123.456.789', '12345678909']) expect(text).not.toContain(value);
    const identities = await t.db.$queryRaw<{ text: string }[]>`SELECT coalesce(string_agg(row_to_json(i)::text, ','), '') AS text FROM rm_identities i WHERE user_id = ${user}`;
    expect(identities[0]!.text).toBe('');
  });
});

describe('attribution', () => {
  it('credits the last click, older clicks and newer views notwithstanding', async () => {
    const [a, b, c] = [await makeAd({ skus: ['PREC'] }), await makeAd({ skus: ['PREC'] }), await makeAd({ skus: ['PREC'] })];
    const who = { u: uniq('u') };
    await event(a, 'click', T - 5 * DAY, who);
    const lastClick = await event(b, 'click', T - 2 * DAY, who);
    await event(c, 'view', T - 3_600_000, who);
    await event(c, 'impression', T - 60_000, who);
    const credited = await attributedOf(order(who, [{ sku: 'PREC', quantity: 2, price: 7.5, promotional_price: 6 }]));
    expect(credited).toEqual([{ sku: 'PREC', adId: b.adId, eventKey: lastClick, type: 'click', quantity: 2, income: 1200 }]);
  });

  it('falls back to the last view without clicks; impressions alone attribute nothing', async () => {
    const [a, b] = [await makeAd({ skus: ['VIEW'] }), await makeAd({ skus: ['VIEW'] })];
    const viewer = { u: uniq('u') };
    await event(a, 'view', T - 3 * DAY, viewer);
    const lastView = await event(b, 'view', T - DAY, viewer);
    await event(a, 'impression', T - 1000, viewer);
    expect(await attributedOf(order(viewer, [{ sku: 'VIEW' }]))).toEqual([expect.objectContaining({ adId: b.adId, eventKey: lastView, type: 'view' })]);

    const onlyImpressions = { u: uniq('u') };
    await event(a, 'impression', T - DAY, onlyImpressions);
    expect(await attributedOf(order(onlyImpressions, [{ sku: 'VIEW' }]))).toEqual([]);
  });

  it('looks back exactly 14 days: the edge counts, 1 ms earlier and anything after the order do not', async () => {
    const ad = await makeAd({ skus: ['EDGE'] });
    const atEdge = { u: uniq('u') };
    const edgeKey = await event(ad, 'click', T - 14 * DAY, atEdge);
    expect(await attributedOf(order(atEdge, [{ sku: 'EDGE' }]))).toEqual([expect.objectContaining({ eventKey: edgeKey })]);

    const tooOld = { u: uniq('u') };
    await event(ad, 'click', T - 14 * DAY - 1, tooOld);
    expect(await attributedOf(order(tooOld, [{ sku: 'EDGE' }]))).toEqual([]);

    const atOrder = { u: uniq('u') };
    const sameMs = await event(ad, 'click', T, atOrder);
    await event(ad, 'click', T + 1, atOrder);
    expect(await attributedOf(order(atOrder, [{ sku: 'EDGE' }]))).toEqual([expect.objectContaining({ eventKey: sameMs })]);

    const after = { u: uniq('u') };
    await event(ad, 'click', T + 1, after);
    await event(ad, 'view', T + DAY, after);
    expect(await attributedOf(order(after, [{ sku: 'EDGE' }]))).toEqual([]);
  });

  it("never credits another person's or another publisher's events", async () => {
    const ad = await makeAd({ skus: ['WHO'] });
    const onRede = await makeAd({ skus: ['WHO'], publisherId: ids.rede });
    const alice = { u: uniq('alice') };
    await event(ad, 'click', T - DAY, alice);
    expect(await attributedOf(order({ u: uniq('bob') }, [{ sku: 'WHO' }]))).toEqual([]);
    // The same user id on another publisher's site is another publisher's customer.
    expect(await attributedOf(order(alice, [{ sku: 'WHO' }]), REDE_KEY)).toEqual([]);
    const carol = { u: uniq('carol') };
    await event(onRede, 'click', T - DAY, carol);
    expect(await attributedOf(order(carol, [{ sku: 'WHO' }]))).toEqual([]);
    const credited = await attributedOf(order(carol, [{ sku: 'WHO' }]), REDE_KEY);
    expect(credited).toEqual([expect.objectContaining({ adId: onRede.adId })]);
  });

  it("an order sent with another publisher's publisher_id never touches this publisher's attributions, stats or identities", async () => {
    const other = await newPublisher();
    const ad = await makeAd({ skus: ['ACCT'] });
    const app = { u: uniq('app') };
    await event(ad, 'click', T - DAY, app);
    const email = sha256(uniq('cliente@exemplo.com.br'));
    const elsewhere = { ...order(app, [{ sku: 'ACCT' }]), publisher_id: other, email_hashed: email };
    expect(await attributedOf(elsewhere, {})).toEqual([]);
    expect((await t.db.rmConversion.findFirstOrThrow({ where: { orderId: elsewhere.order_id } })).publisherId).toBe(other);
    const stats = await t.db.rmDailyStat.aggregate({ where: { adId: ad.adId }, _sum: { conversions: true, itemsSold: true, incomeCents: true } });
    expect([stats._sum.conversions ?? 0n, stats._sum.itemsSold ?? 0n, stats._sum.incomeCents ?? 0n]).toEqual([0n, 0n, 0n]);
    expect(await t.db.rmAttribution.count({ where: { adId: ad.adId } })).toBe(0);
    expect(await t.db.rmIdentity.count({ where: { publisherId: ids.bomPreco, userId: app.u } })).toBe(0);
    // The same e-mail hash on this publisher's store links nothing: identities are each publisher's own.
    const inStore = { ...order({ u: uniq('loja') }, [{ sku: 'ACCT' }]), publisher_id: ids.bomPreco, channel: 'in-store', email_hashed: email };
    expect(await attributedOf(inStore, {})).toEqual([]);
  });

  it('matches by session_id when the order has no user_id, and by user_id alone when it has one', async () => {
    const ad = await makeAd({ skus: ['SESS'] });
    const session = { s: uniq('s') };
    const key = await event(ad, 'click', T - DAY, session);
    expect(await attributedOf(order(session, [{ sku: 'SESS' }]))).toEqual([expect.objectContaining({ eventKey: key })]);

    const loggedIn = { u: uniq('u'), s: uniq('s') };
    await event(ad, 'click', T - DAY, { s: loggedIn.s });
    expect(await attributedOf(order(loggedIn, [{ sku: 'SESS' }]))).toEqual([]);
  });

  it("credits a product ad only for its own SKU; without a SKU, for its campaign's active products", async () => {
    const withSku = await makeAd({ adType: 'product', sku: 'P-1', skus: ['P-1', 'P-2'] });
    const who = { u: uniq('u') };
    await event(withSku, 'click', T - DAY, who);
    expect(await attributedOf(order(who, [{ sku: 'P-1' }, { sku: 'P-2' }]))).toEqual([expect.objectContaining({ sku: 'P-1', adId: withSku.adId })]);

    const noSku = await makeAd({ adType: 'product', skus: ['P-3'], inactiveSkus: ['P-4'] });
    const other = { u: uniq('u') };
    await event(noSku, 'click', T - DAY, other);
    expect((await attributedOf(order(other, [{ sku: 'P-3' }, { sku: 'P-4' }, { sku: 'P-1' }]))).map((a) => [a.sku, a.adId])).toEqual([['P-3', noSku.adId]]);
  });

  it("credits a banner, sponsored brand or signage ad for any of its campaign's SKUs, once per order", async () => {
    for (const adType of ['banner', 'sponsored_brand', 'digital_signage'] as const) {
      const ad = await makeAd({ adType, skus: ['B-1'], inactiveSkus: ['B-2'] });
      const who = { u: uniq('u') };
      await event(ad, 'view', T - DAY, who);
      const body = order(who, [
        { sku: 'B-1', quantity: 2, price: 3 },
        { sku: 'B-2', quantity: 1, price: 4, promotional_price: 3.5 },
        { sku: 'NOT-ADVERTISED', quantity: 9, price: 100 },
      ]);
      const credited = await attributedOf(body);
      expect(credited.map((a) => [a.sku, a.adId, a.quantity, a.income]), adType).toEqual([
        ['B-1', ad.adId, 2, 600],
        ['B-2', ad.adId, 1, 350],
      ]);
      const day = await t.db.rmDailyStat.findFirstOrThrow({ where: { adId: ad.adId, day: new Date(`${businessDate(new Date(T))}T00:00:00Z`) } });
      expect([day.conversions, day.itemsSold, day.incomeCents]).toEqual([1n, 3n, 950n]);
    }
  });

  it('keeps the daily, hourly and product rollups equal to the attributions, across days and placements', async () => {
    const banner = await makeAd({ skus: ['R-1', 'R-2'] });
    const product = await makeAd({ adType: 'product', sku: 'R-3', skus: ['R-3'] });
    const bodies = [];
    for (let i = 0; i < 12; i++) {
      const who = i % 3 === 0 ? { s: uniq('s') } : { u: uniq('u') };
      // Orders around São Paulo midnight, so the São Paulo day and the UTC hour both vary.
      const at = Date.parse('2026-11-05T02:30:00.000Z') + i * 1_800_000;
      await event(banner, i % 2 ? 'click' : 'view', at - (i + 1) * 3_600_000, who, i % 4 ? 'topo' : 'rodape');
      await event(product, 'click', at - DAY, who);
      bodies.push(
        order(
          who,
          [
            { sku: 'R-1', quantity: 1 + (i % 3), price: 2.5 },
            { sku: 'R-3', quantity: 2, price: 8, promotional_price: 7.25 },
            { sku: 'R-2', quantity: 1, price: 1.1 },
            { sku: 'R-1', quantity: 1, price: 2.5 },
          ],
          at,
        ),
      );
    }
    expect((await Promise.all(bodies.map((b) => convert(b)))).every((r) => r.status === 202)).toBe(true);
    // Three consumers (as on three instances) share the pending conversions without counting one twice.
    const another = (batchSize: number) =>
      createEventConsumer(createDatabaseEventStore(t.db), { attribution: createAttribution(t.db, { batchSize }) }).drain();
    await Promise.all([another(2), another(3), t.app.eventConsumer.drain()]);
    await t.app.eventConsumer.drain();
    expect(await t.db.rmConversion.count({ where: { orderId: { in: bodies.map((b) => b.order_id) }, attributedAt: null } })).toBe(0);
    expect(await t.db.rmAttribution.count({ where: { adId: { in: [banner.adId, product.adId] } } })).toBe(48);

    const r = await rollupsAndAttributions([banner.adId, product.adId]);
    expect(r.daily).toEqual(r.expected.daily);
    expect(r.hourly).toEqual(r.expected.hourly);
    expect(r.products).toEqual(r.expected.products);
    expect(new Set(r.daily.map((row) => row.k.slice(0, 10))).size).toBe(2);
    // Each order counts once for the banner (three of its lines) and once for the product ad.
    expect(r.daily.filter((row) => row.k.includes(`|${banner.adId}|`)).reduce((s, row) => s + row.conversions, 0)).toBe(12);
    expect(r.daily.filter((row) => row.k.includes(`|${product.adId}|`)).reduce((s, row) => s + row.conversions, 0)).toBe(12);
    expect(r.products.filter((row) => row.k.endsWith('|R-3')).reduce((s, row) => s + row.income, 0)).toBe(12 * 2 * 725);
  });
});

describe('income, conversions, ROAS and CPA in the metrics', () => {
  it('shows an attributed order in the campaign list, the campaign dashboard and the ad metrics', async () => {
    await t.db.retailMediaConfig.upsert({
      where: { publisherId: ids.bomPreco },
      create: { publisherId: ids.bomPreco },
      update: { adTypes: ['product', 'banner', 'sponsored_brand', 'digital_signage'] },
    });
    await t.db.wallet.updateMany({ where: { publisherId: ids.bomPreco, advertiserId: ids.aurora }, data: { balanceCents: 1_000_000n } });
    const keyword = uniq('cafe-especial');
    const ad = await makeAd({ skus: ['CAFE-500G'], keyword, cpc: 150 });
    t.app.adIndex.invalidate(ids.bomPreco);
    const user = uniq('cliente');

    const decision = await t.http
      .post(`/v1/rma/${ids.bomPreco}`)
      .set(KEY)
      .send({ context: 'search', term: keyword, user_id: user, placements: { p: { types: ['banner'], quantity: 10, size: '728x90' } } });
    expect(decision.status, JSON.stringify(decision.body)).toBe(200);
    const served = (decision.body.p as Array<{ ad_id: number; impression_url: string; click_url: string }>).find((a) => a.ad_id === ad.adId)!;
    expect(served).toBeDefined();
    for (const url of [served.impression_url, served.click_url]) {
      const u = new URL(url);
      expect((await t.http.post(u.pathname + u.search)).status).toBe(202);
    }
    await t.app.eventConsumer.drain();

    const body = order({ u: user }, [{ sku: 'CAFE-500G', quantity: 4, price: 24.9, promotional_price: 19.9 }], Date.now());
    expect((await convert(body)).status).toBe(202);
    await t.app.eventConsumer.drain();

    const spent = Number((await t.db.rmDailyStat.aggregate({ where: { adId: ad.adId }, _sum: { spentCents: true } }))._sum.spentCents) / 100;
    expect(spent).toBeGreaterThan(0);
    const income = 79.6;
    const roas = Number((income / spent).toFixed(2));
    const cpa = Number(spent.toFixed(2));

    const campaign = await t.db.campaign.findUniqueOrThrow({ where: { id: ad.campaignId } });
    const list = await t.http.get('/campaign/v2').query({ campaign_name: campaign.name }).set(bearer(tokens.admin));
    expect(list.status).toBe(200);
    expect(list.body.data[0].metrics).toMatchObject({ conversions: 1, income, total_spent: spent, roas, cpa, clicks: 1, impressions: 1 });

    const dashboard = await t.http.get(`/campaign/${ad.campaignId}/dashboard`).set(bearer(tokens.brand));
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.totals).toMatchObject({ conversions: 1, income, roas, cpa });
    expect(dashboard.body.days.find((d: { date: string }) => d.date === businessDate(new Date()))).toMatchObject({ conversions: 1, income });

    const ads = await t.http.get('/ad/results/v2').query({ campaign_id: ad.campaignId }).set(bearer(tokens.admin));
    expect(ads.status).toBe(200);
    expect(ads.body.data[0].metrics).toMatchObject({ conversions: 1, income, totalConversionsItemsQuantity: 4, roas, conversionRate: 1 });
  });
});
