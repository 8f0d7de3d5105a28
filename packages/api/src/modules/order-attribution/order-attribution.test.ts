import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, cartProducts, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { placeOrder } from '../../../test/fixtures/orders.ts';
import { servedAd, uniq } from '../../../test/served-ad.ts';
import { createAttribution } from '../ad-serving/attribution.ts';
import { createEventConsumer } from '../ad-serving/event-consumer.ts';
import { createDatabaseEventStore } from '../ad-serving/event-store.ts';
import { createConversionsService } from '../ad-serving/conversions.service.ts';
import { createOrdersRepo } from '../orders/orders.repo.ts';
import { createPaymentHubRepo } from '../payment-hub/payment-hub.repo.ts';
import { createOrderAttribution } from './order-attribution.service.ts';
import { conversionOrderId, hashedBuyer, lessRefunded, soldItems } from './order-conversion.ts';

// Issue 21, closed loop: a publisher's own orders show in its campaigns' sales without an
// integration, through the same path as POST /v1/beacon/conversion, and leave them when undone.

const HOUR = 3_600_000;
let t: TestApp;
let admin: string;
let store: CartStore;
const ids = { bomPreco: 0, aurora: 0 };

const post = (path: string, body: object) => t.http.post(path).set(bearer(admin)).send(body);

/** A product ad of Aurora on Bom Preço for `sku`, in a campaign of its own. */
async function productAd(sku: string) {
  const campaign = await t.db.campaign.create({
    data: {
      publisherId: ids.bomPreco,
      advertiserId: ids.aurora,
      name: `Circuito fechado ${uniq()}`,
      adType: 'product',
      dailyBudgetCents: 1_000_000n,
      cpcCents: 100n,
      startAt: new Date(Date.now() - 30 * 24 * HOUR),
      products: { create: [{ sku }] },
    },
  });
  const ad = await t.db.ad.create({ data: { campaignId: campaign.id, adType: 'product', status: 'approved', sku, destinationUrl: 'https://loja.test/p' } });
  return { adId: ad.id, campaignId: campaign.id };
}

const events = () => createDatabaseEventStore(t.db);
/** Counts the events appended and attributes the pending conversions, as the app's consumer does. */
const drain = () => createEventConsumer(events(), { attribution: createAttribution(t.db) }).drain();

/** The user's click on the ad, `hoursAgo` before now. */
async function click(ad: { adId: number; campaignId: number }, user: string, hoursAgo: number) {
  const at = Date.now() - hoursAgo * HOUR;
  await events().append({ k: `ev-${uniq()}`, type: 'click', at, ad: servedAd({ p: ids.bomPreco, a: ids.aurora, c: ad.campaignId, d: ad.adId }, { u: user, t: at }) });
  await drain();
}

/** The campaign's sales in its daily rollup: [conversions, items sold, income in cents]. */
async function sales(campaignId: number) {
  const s = await t.db.rmDailyStat.aggregate({ where: { campaignId }, _sum: { conversions: true, itemsSold: true, incomeCents: true } });
  return [Number(s._sum.conversions ?? 0), Number(s._sum.itemsSold ?? 0), Number(s._sum.incomeCents ?? 0)];
}

interface Created {
  order: { id: number; number: number; external_id: string };
  items: Array<{ id: number; sku: string; total: number }>;
}

const order = async (over: Record<string, unknown> = {}): Promise<Created> =>
  (await placeOrder(t, admin, store, {
    external_id: `VTEX-ATR-${uniq()}`,
    items: [
      { product_id: store.products.leite, quantity: 2 },
      { product_id: store.products.queijo, weight: 0.4 },
    ],
    ...over,
  })) as unknown as Created;

async function move(id: number, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await post(`/api/picking/status/${id}`, { status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const cents = (reais: number) => Math.round(reais * 100);

/** A customer of the store's own (no other test's site user is linked to it by phone): the buyer of one test's orders. */
async function ownBuyer() {
  const c = await t.db.customer.create({ data: { accountId: ids.bomPreco, name: `Comprador ${uniq()}`, phone: `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` } });
  return { customer_id: c.id };
}

beforeAll(async () => {
  t = await createTestApp({ runWorkers: false });
  admin = await t.login(DEMO.admin);
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  ids.bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  ids.aurora = accounts.find((a) => a.slug === 'cafe-aurora')!.id;
  store = await createCartStore(t, admin, `Loja circuito fechado ${uniq()}`);
  // Prices as listed: the seed's promotions would discount the lines.
  await t.db.promotion.updateMany({ where: { accountId: ids.bomPreco, active: true }, data: { active: false, disabledAt: new Date() } });
});
afterAll(() => t?.close());

describe('closed loop: the account’s own orders in its campaigns’ sales', () => {
  it('credits a paid order to the campaign clicked within 14 days, and takes it back when the order is canceled', async () => {
    const ad = await productAd(cartProducts.leite.sku);
    const user = `site-${uniq()}`;
    await click(ad, user, 26);
    const o = await order({ ad_user_id: user });
    const leite = o.items.find((i) => i.sku === cartProducts.leite.sku)!;

    await drain();
    expect(await sales(ad.campaignId), 'not sold before it is paid').toEqual([0, 0, 0]);

    await move(o.order.id, 'paid');
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 2, cents(leite.total)]);
    // The site's order id: the store's site reporting the same order counts it once.
    const conversion = await t.db.rmConversion.findUniqueOrThrow({ where: { publisherId_orderId: { publisherId: ids.bomPreco, orderId: o.order.external_id } } });
    expect(conversion).toMatchObject({ userId: user, channel: 'vtex' });
    const again = await t.http.post('/v1/beacon/conversion').set(bearer(admin)).send({
      order_id: o.order.external_id,
      user_id: user,
      created_at: new Date().toISOString(),
      items: [{ sku: cartProducts.leite.sku, quantity: 2, price: 4.99 }],
    });
    expect(again.body).toMatchObject({ duplicate: true });

    await post(`/api/order/cancel/${o.order.id}`, {});
    await drain();
    expect(await sales(ad.campaignId)).toEqual([0, 0, 0]);
  });

  it('does not credit a click older than the window', async () => {
    const ad = await productAd(cartProducts.feijao.sku);
    const user = `site-${uniq()}`;
    await click(ad, user, 15 * 24);
    const o = await order({ ad_user_id: user, items: [{ product_id: store.products.feijao, quantity: 1 }] });
    await move(o.order.id, 'paid');
    await drain();
    expect(await sales(ad.campaignId)).toEqual([0, 0, 0]);
  });

  it('replaces the ordered lines by what was handed over: a substitute is credited to its own ad, a missing line to none', async () => {
    const leiteAd = await productAd(cartProducts.leite.sku);
    const cafeAd = await productAd(cartProducts.vagalume.sku);
    const user = `site-${uniq()}`;
    await click(leiteAd, user, 3);
    await click(cafeAd, user, 2);
    const o = await order({
      ad_user_id: user,
      items: [
        { product_id: store.products.leite, quantity: 2 },
        { product_id: store.products.arroz1, quantity: 1 },
      ],
    });
    await move(o.order.id, 'paid');
    await drain();
    const leite = o.items.find((i) => i.sku === cartProducts.leite.sku)!;
    expect(await sales(leiteAd.campaignId)).toEqual([1, 2, cents(leite.total)]);
    expect(await sales(cafeAd.campaignId)).toEqual([0, 0, 0]);

    await move(o.order.id, 'picking');
    const arroz = o.items.find((i) => i.sku === cartProducts.arroz1.sku)!;
    const picked = await post(`/api/order/items/${o.order.id}`, {
      items: [
        { item_id: leite.id, status: 'missing' },
        { item_id: arroz.id, status: 'substituted', substitute: { product_id: store.products.vagalume, accepted: true } },
      ],
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const substituted = (picked.body as { items: Array<{ id: number; total: number }> }).items.find((i) => i.id === arroz.id)!;
    await move(o.order.id, 'picked', 'ready', 'out_for_delivery', 'delivered');
    await drain();
    expect(await sales(leiteAd.campaignId), 'missing: sold nothing').toEqual([0, 0, 0]);
    expect(await sales(cafeAd.campaignId), 'the substitute').toEqual([1, 1, cents(substituted.total)]);
  });

  it('credits an order paid in person when it is handed over, to the customer known to the site by e-mail', async () => {
    const ad = await productAd(cartProducts.tulipaAzul.sku);
    const email = `Compradora.${uniq()}@Exemplo.com.br`;
    const customer = await t.db.customer.create({ data: { accountId: ids.bomPreco, name: 'Compradora Loja', email }, select: { id: true } });
    // The site once reported an order of its user with the same e-mail: the two are one person.
    const siteUser = `site-${uniq()}`;
    const linked = await t.http.post('/v1/beacon/conversion').set(bearer(admin)).send({
      order_id: `SITE-${uniq()}`,
      user_id: siteUser,
      created_at: new Date(Date.now() - 10 * 24 * HOUR).toISOString(),
      items: [{ sku: 'OUTRO', quantity: 1, price: 1 }],
      ...hashedBuyer({ email, phone: null, cpf: null }),
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(202);
    await drain();
    await click(ad, siteUser, 5);

    const o = await order({ customer_id: customer.id, pays_in_person: true, fulfilment: 'pickup', address: null, items: [{ product_id: store.products.tulipaAzul, quantity: 3 }] });
    await move(o.order.id, 'picking', 'picked', 'ready', 'awaiting_pickup');
    await drain();
    expect(await sales(ad.campaignId), 'not paid yet').toEqual([0, 0, 0]);
    await move(o.order.id, 'picked_up');
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 3, cents(o.items[0]!.total)]);
    expect(await t.db.rmConversion.count({ where: { publisherId: ids.bomPreco, orderId: conversionOrderId({ channel: 'vtex', externalId: o.order.external_id, number: o.order.number }) } })).toBe(1);
  });
});

describe('closed loop: refunds', () => {
  /** The order's payment, captured (as the provider's webhook leaves it). */
  async function captured(o: Created, totalCents: number) {
    await t.db.paymentTransaction.create({
      data: {
        accountId: ids.bomPreco,
        orderId: o.order.id,
        locationId: store.locationId,
        method: 'pix',
        provider: 'simulator',
        providerReference: `sim_${uniq()}`,
        amountCents: BigInt(totalCents),
        capturedCents: BigInt(totalCents),
        installments: 1,
        status: 'captured',
        capturedAt: new Date(),
      },
    });
  }
  const refund = (o: Created, key: string, body: object) => t.http.put(`/api/payment-hub/payment/refund/${o.order.id}`).set(bearer(admin)).set('Idempotency-Key', key).send(body);

  it('lowers the campaign’s sales by exactly a partial refund, and the rest by the rest', async () => {
    const ad = await productAd(cartProducts.leite.sku);
    const user = `site-${uniq()}`;
    await click(ad, user, 3);
    const o = await order({ ...(await ownBuyer()), ad_user_id: user, items: [{ product_id: store.products.leite, quantity: 3 }] });
    const total = cents(o.items[0]!.total);
    await move(o.order.id, 'paid');
    await captured(o, total);
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 3, total]);

    expect((await refund(o, `parcial-${uniq()}`, { amount: 1.37, reason: 'Embalagem amassada' })).status).toBe(201);
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 3, total - 137]);

    // The order handed over keeps the refund: the picked lines, less what went back.
    await move(o.order.id, 'picking', 'picked', 'ready', 'out_for_delivery', 'delivered');
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 3, total - 137]);
    expect(await t.db.orderAttributionQueue.count({ where: { orderId: o.order.id } })).toBe(0);

    // A total refund of the delivered order ends it as refunded: nothing is left of the sale.
    expect((await refund(o, `resto-${uniq()}`, {})).status).toBe(201);
    await drain();
    expect(await sales(ad.campaignId)).toEqual([0, 0, 0]);
  });
});

describe('lessRefunded', () => {
  const line = { sku: 'A', quantity: 1, unitPriceCents: 1000, totalCents: 1000, pickStatus: 'picked', pickedQuantity: null, substituteSku: null };
  it('lowers the sold lines in proportion, by exactly the refund, the rounding cents to the largest remainders', () => {
    const lines = [line, { ...line, sku: 'B', totalCents: 333 }, { ...line, sku: 'C', totalCents: 667 }, { ...line, sku: 'D', pickStatus: 'missing', totalCents: 500 }];
    const less = lessRefunded(lines, 101);
    expect(less.map((l) => l.totalCents)).toEqual([950, 316, 633, 500]);
    expect(less.slice(0, 3).reduce((a, l) => a + l.totalCents, 0)).toBe(2000 - 101);
    expect(lessRefunded(lines, 5000).slice(0, 3).map((l) => l.totalCents)).toEqual([0, 0, 0]);
    expect(lessRefunded(lines, 0)).toBe(lines);
  });
});

describe('closed loop outbox: no sale lost between an order and its campaign', () => {
  const queued = async (orderId: number) => (await t.db.orderAttributionQueue.count({ where: { orderId } })) === 1;
  /** The sweep as the app's job runs it, over the same services, after the listener's grace period. */
  async function sweep() {
    await t.db.$executeRaw`UPDATE order_attribution_queue SET queued_at = queued_at - interval '1 minute'`;
    const failures: unknown[] = [];
    const attribution = createOrderAttribution({
      db: t.db,
      orders: { find: (accountId, id) => createOrdersRepo(t.db).find(accountId, id) },
      conversions: createConversionsService({ db: t.db, publishers: { isActive: async () => true } }),
      refundedCents: async (accountId, orderId) => Number((await createPaymentHubRepo(t.db).balance(accountId, orderId)).refundedCents),
      isPublisher: async (accountId) => accountId === ids.bomPreco,
    });
    const settled = await attribution.sweep((err) => failures.push(err));
    expect(failures).toEqual([]);
    return settled;
  }

  it('the seed’s history and every move through the API so far left nothing queued', async () => {
    expect(await t.db.orderAttributionQueue.count()).toBe(0);
  });

  it('leaves nothing queued once a move through the API reached attribution', async () => {
    const ad = await productAd(cartProducts.leite.sku);
    const user = `site-${uniq()}`;
    await click(ad, user, 2);
    const o = await order({ ...(await ownBuyer()), ad_user_id: user });
    await move(o.order.id, 'paid');
    expect(await queued(o.order.id)).toBe(false);
    await drain();
    expect((await sales(ad.campaignId))[0]).toBe(1);
  });

  it('reports an order moved outside the API (a script, a process that stopped after the commit) by the sweep, and its cancel too', async () => {
    const ad = await productAd(cartProducts.leite.sku);
    const user = `site-${uniq()}`;
    await click(ad, user, 5);
    const o = await order({ ...(await ownBuyer()), ad_user_id: user });
    const leite = o.items.find((i) => i.sku === cartProducts.leite.sku)!;
    await t.db.$executeRaw`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = ${o.order.id}`;
    expect(await queued(o.order.id)).toBe(true);
    await drain();
    expect(await sales(ad.campaignId), 'no listener heard it').toEqual([0, 0, 0]);

    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await queued(o.order.id)).toBe(false);
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 2, cents(leite.total)]);
    // A second sweep finds nothing to do, and reporting again would be a duplicate anyway.
    await sweep();
    await drain();
    expect(await sales(ad.campaignId)).toEqual([1, 2, cents(leite.total)]);

    await t.db.$executeRaw`UPDATE orders SET status = 'canceled', canceled_at = now() WHERE id = ${o.order.id}`;
    await sweep();
    await drain();
    expect(await sales(ad.campaignId)).toEqual([0, 0, 0]);
    expect(await queued(o.order.id)).toBe(false);
  });

  it('settles an order of an account that is not a publisher without reporting it', async () => {
    const o = await order();
    await t.db.$executeRaw`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = ${o.order.id}`;
    // As if the order were another account's, one that is not a publisher.
    await t.db.$executeRaw`UPDATE order_attribution_queue SET account_id = ${ids.aurora} WHERE order_id = ${o.order.id}`;
    await sweep();
    expect(await queued(o.order.id)).toBe(false);
    expect(await t.db.rmConversion.count({ where: { orderId: o.order.external_id } })).toBe(0);
  });
});

describe('soldItems', () => {
  const line = { sku: 'A', quantity: 3, unitPriceCents: 400, totalCents: 1001, pickStatus: 'picked', pickedQuantity: null, substituteSku: null };
  const income = (items: ReturnType<typeof soldItems>) => items.reduce((s, i) => s + i.quantity * Math.round((i.promotional_price ?? i.price) * 100), 0);

  it('keeps each line’s income to the cent when it does not divide by the units', () => {
    const items = soldItems([line]);
    expect(items.map((i) => [i.quantity, i.price, i.promotional_price])).toEqual([[1, 4, 3.33], [2, 4, 3.34]]);
    expect(income(items)).toBe(1001);
  });

  it('sells the picked quantity, the substitute’s SKU, and nothing of a missing line', () => {
    const items = soldItems([
      { ...line, pickedQuantity: 2, totalCents: 800 },
      { ...line, sku: 'B', pickStatus: 'substituted', substituteSku: 'C', totalCents: 1200 },
      { ...line, sku: 'D', pickStatus: 'missing' },
    ]);
    expect(items).toEqual([
      { sku: 'A', seller_id: null, product_id: null, quantity: 2, price: 4, promotional_price: null },
      { sku: 'C', seller_id: null, product_id: null, quantity: 3, price: 4, promotional_price: null },
    ]);
  });

  it('hashes the buyer as the conversion API documents', () => {
    const h = hashedBuyer({ email: ' Ana@Exemplo.COM ', phone: '+55 11 98765-0001', cpf: '123.456.789-09' });
    expect(h.email_hashed).toBe(hashedBuyer({ email: 'ana@exemplo.com', phone: null, cpf: null }).email_hashed);
    expect(h.phone_hashed).toBe(hashedBuyer({ email: null, phone: '5511987650001', cpf: null }).phone_hashed);
    expect(h.social_id_hashed).toMatch(/^[0-9a-f]{64}$/);
  });
});
