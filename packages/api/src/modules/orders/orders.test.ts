import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@backoffice/contracts';
import { DEMO, bearer, expectEnvelope as envelope, type TestApp } from '../../../test/helpers.ts';
import type { CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ORDER_ADDRESS, ordersTestBed, pausePromotions } from '../../../test/fixtures/orders.ts';
import { ORDER_TRANSITIONS, refusal } from './order-status.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { createOrdersService } from './orders.service.ts';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let store: CartStore;
let seq = 0;

interface Full {
  order: { id: number; number: number; status: OrderStatus; version: number; sub_total: number; discount: number; total: number; external_id: string | null; [k: string]: unknown };
  items: Array<{ sku: string; quantity: number; weight: number | null; unit_price: number; sub_total: number; discount: number; total: number }>;
  events: Array<{ from_status: OrderStatus | null; to_status: OrderStatus; actor: { kind: string; user_id: number | null; name: string | null }; note: string | null }>;
  next_statuses: OrderStatus[];
  message?: string;
}

const post = (path: string, body?: unknown, token = admin) => {
  const req = t.http.post(path).set(bearer(token));
  return body === undefined ? req : req.send(body as object);
};
const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));

/** The answer's status and error envelope with its code. */
function expectEnvelope(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return envelope(res.body, code);
}

const intake = (over: Record<string, unknown> = {}) => ({
  customer_id: store.customerId,
  location_id: store.locationId,
  channel: 'vtex',
  external_id: `VTEX-${Date.now()}-${++seq}`,
  items: [
    { product_id: store.products.leite, quantity: 2 },
    { product_id: store.products.queijo, weight: 0.4 },
  ],
  fulfilment: 'delivery',
  address: ORDER_ADDRESS,
  ...over,
});

async function createOrder(over: Record<string, unknown> = {}): Promise<Full> {
  const res = await post('/api/order', intake(over));
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Full;
}

/** An order put straight in a status (the walk there is tested on its own). */
async function orderAt(status: OrderStatus, over: Record<string, unknown> = {}) {
  const o = await createOrder(over);
  await t.db.order.update({ where: { id: o.order.id }, data: { status } });
  return o.order.id;
}

const pauseAll = () => pausePromotions(t);

beforeAll(async () => {
  ({ t, admin, bomPreco, atacado, store } = await ordersTestBed('Loja dos pedidos'));
});
afterEach(pauseAll);
afterAll(() => t?.close());

describe('POST /api/order (intake)', () => {
  it('prices the lines from the store’s offers, weighed items by their weight, to the cent', async () => {
    const o = await createOrder();
    expect(o.order).toMatchObject({ status: 'created', channel: 'vtex', fulfilment: 'delivery', number: expect.any(Number) });
    const leite = o.items.find((i) => i.sku === 'CART-LEITE-TREM-1L')!;
    const queijo = o.items.find((i) => i.sku === 'CART-QUEIJO-QUIX-KG')!;
    expect(leite).toMatchObject({ quantity: 2, weight: null, unit_price: 4.99, sub_total: 9.98, discount: 0, total: 9.98 });
    // 0.4 kg at R$ 49,90/kg.
    expect(queijo).toMatchObject({ weight: 0.4, unit_price: 49.9, sub_total: 19.96, total: 19.96 });
    expect(o.order).toMatchObject({ sub_total: 29.94, discount: 0, total: 29.94 });
    expect(o.events).toMatchObject([{ from_status: null, to_status: 'created', actor: { kind: 'user' } }]);
    expect(o.next_statuses).toEqual(['payment_pending', 'paid', 'canceled']);
  });

  it('applies the promotions engine, records the redemption, and the lines add up to the total', async () => {
    const promo = await post('/api/promotion', {
      name: `Promoção pedidos ${++seq}`,
      promotion_type: 'discount',
      start_promotion: iso(-1),
      end_promotion: iso(10),
      benefits: { type: 'percent', value: 10 },
      trigger: { kind: 'quantity', quantity: 1 },
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const o = await createOrder({ items: [{ product_id: store.products.leite, quantity: 3 }, { sku: 'CART-FEIJAO-XOR-1KG', quantity: 1 }] });
    const cents = (v: number) => Math.round(v * 100);
    const sub = o.items.reduce((a, i) => a + cents(i.sub_total), 0);
    const disc = o.items.reduce((a, i) => a + cents(i.discount), 0);
    expect(disc).toBeGreaterThan(0);
    expect(cents(o.order.sub_total)).toBe(sub);
    expect(cents(o.order.discount)).toBe(disc);
    expect(cents(o.order.total)).toBe(sub - disc);
    expect(o.items.reduce((a, i) => a + cents(i.total), 0)).toBe(cents(o.order.total));
    expect(o.order.applied_promotions).toHaveLength(1);
    const redemptions = await t.db.promotionRedemption.findMany({ where: { accountId: bomPreco, orderId: `pedido-${o.order.id}` } });
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]!.status).toBe('applied');

    // Canceling gives the promotion's use back.
    expect((await post(`/api/order/cancel/${o.order.id}`)).status).toBe(200);
    const released = await t.db.promotionRedemption.findMany({ where: { accountId: bomPreco, orderId: `pedido-${o.order.id}` } });
    expect(released[0]!.releasedAt).not.toBeNull();
  });

  it('is idempotent by channel and external id: the same intake answers the existing order (200)', async () => {
    const body = intake();
    const first = await post('/api/order', body);
    expect(first.status).toBe(201);
    const again = await post('/api/order', body);
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(again.body.message).toMatch(/já recebido/);
    // Concurrent replays of a new intake: one order.
    const fresh = intake();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/order', fresh)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.order.id)).size).toBe(1);
    expect(await t.db.order.count({ where: { accountId: bomPreco, externalId: fresh.external_id } })).toBe(1);
    // The same external id from another channel is another order.
    expect((await post('/api/order', { ...body, channel: 'rappi' })).status).toBe(201);
  });

  it('creates an order from an approved cart once', async () => {
    const cart = await post('/api/shopping-cart/generate', { customer_id: store.customerId, location_id: store.locationId, list: 'leite integral tremelique 1L x2' });
    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
    const inReview = await post('/api/order', { shopping_cart_id: cart.body.id, address: ORDER_ADDRESS });
    expectEnvelope(inReview, 409, 'ORDER_CART_NOT_APPROVED');
    expect((await t.http.put(`/api/shopping-cart/${cart.body.id}/status`).set(bearer(admin)).send({ statusType: 'approved' })).status).toBe(200);
    const o = await post('/api/order', { shopping_cart_id: cart.body.id, address: ORDER_ADDRESS });
    expect(o.status, JSON.stringify(o.body)).toBe(201);
    expect(o.body.order).toMatchObject({ channel: 'shopping_cart', shopping_cart_id: cart.body.id, sub_total: 9.98 });
    expect((await post('/api/order', { shopping_cart_id: cart.body.id, address: ORDER_ADDRESS })).status).toBe(200);
  });

  it('answers 400 naming the field, 422 for ids not of the account or products without an offer', async () => {
    const missing = await post('/api/order', { ...intake(), external_id: undefined });
    expectEnvelope(missing, 400, 'VALIDATION_ERROR');
    expect(missing.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'external_id' })]));
    const both = await post('/api/order', intake({ items: [{ product_id: store.products.leite, sku: 'X' }] }));
    expect(both.status).toBe(400);
    expect(both.body.error.details[0].field).toBe('items.0.sku');
    const noAddress = await post('/api/order', intake({ address: undefined }));
    expect(noAddress.body.error.details[0].field).toBe('address');

    const other = await post('/api/order', intake({ items: [{ product_id: store.otherStoreProduct }] }));
    expectEnvelope(other, 422, 'ORDER_PRODUCTS_UNKNOWN');
    expect(other.body.error.details[0].field).toBe('items.0.product_id');
    const weighed = await post('/api/order', intake({ items: [{ product_id: store.products.leite, weight: 1 }] }));
    expectEnvelope(weighed, 422, 'ORDER_PRODUCT_NOT_WEIGHED');
    const customer = await post('/api/order', intake({ customer_id: 99_999_999 }));
    expectEnvelope(customer, 422, 'ORDER_CUSTOMER_UNKNOWN');
    // Bom Preço's store named from Atacado: not its store.
    const location = await post('/api/order', intake(), atacado);
    expect(location.status).toBe(422);
  });
});

describe('delivery region and fee', () => {
  it('charges the fee of the store’s region serving the address point, and none outside its regions', async () => {
    const [lng, lat] = [-46.2, -23.9];
    const half = 0.01;
    const region = await post('/api/location/region/', {
      location_id: store.locationId,
      name: `Região pedidos ${++seq}`,
      geometry: { type: 'Polygon', coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]] },
      delivery_fee: 7.9,
      min_order_value: 0,
      estimated_delivery_minutes: 45,
      active: true,
    });
    expect(region.status, JSON.stringify(region.body)).toBe(201);
    const inside = await createOrder({ address: { ...ORDER_ADDRESS, latitude: lat, longitude: lng } });
    expect(inside.order).toMatchObject({ region_id: region.body.region.id, delivery_fee: 7.9, sub_total: 29.94, total: 37.84 });
    const outside = await createOrder({ address: { ...ORDER_ADDRESS, latitude: lat + 1, longitude: lng } });
    expect(outside.order).toMatchObject({ region_id: null, delivery_fee: 0, total: 29.94 });
  });
});

describe('delivery windows', () => {
  it('books the order’s window (never beyond its capacity), undoes a refused intake, and a cancel gives the place back', async () => {
    const date = new Date(Date.now() + 3 * DAY).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const slot = await post('/logistic/slots', {
      location_id: store.locationId, mode: 'delivery', weekday, start: '18:00', end: '20:00', capacity: 1, cutoff_minutes: 60, prior_notice_minutes: 60,
    });
    expect(slot.status, JSON.stringify(slot.body)).toBe(201);
    const window = { slot_id: slot.body.id, date };
    const first = await post('/api/order', intake({ slot: window }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.order.slot).toEqual(window);

    const full = intake({ slot: window });
    expectEnvelope(await post('/api/order', full), 409, 'SLOT_FULL');
    expect(await t.db.order.count({ where: { accountId: bomPreco, externalId: full.external_id } })).toBe(0);

    expectEnvelope(await post('/api/order', intake({ slot: { ...window, slot_id: 99_999_999 } })), 422, 'ORDER_SLOT_UNKNOWN');
    expectEnvelope(await post('/api/order', intake({ slot: window, fulfilment: 'pickup', address: undefined })), 422, 'ORDER_SLOT_UNKNOWN');

    expect((await post(`/api/order/cancel/${first.body.order.id}`)).status).toBe(200);
    expect((await post('/api/order', intake({ slot: window }))).status).toBe(201);
  });
});

describe('POST /api/picking/status/{id} (the state machine through the route)', () => {
  it('walks an order from created to delivered and refunded, recording every move', async () => {
    const o = await createOrder();
    const path: OrderStatus[] = ['paid', 'picking', 'picked', 'ready', 'out_for_delivery', 'delivered', 'refunded'];
    for (const to of path) {
      const res = await post(`/api/picking/status/${o.order.id}`, { status: to, note: `para ${to}` });
      expect(res.status, `${to}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.order.status).toBe(to);
    }
    const full = (await get(`/api/order/full-order/${o.order.id}`)).body as Full;
    const user = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.admin }, select: { id: true } });
    expect(full.events.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 'created'],
      ['created', 'paid'],
      ...path.slice(1).map((to, i) => [path[i], to]),
    ]);
    expect(full.events.slice(1).every((e) => e.actor.user_id === user.id && e.actor.kind === 'user' && e.note?.startsWith('para '))).toBe(true);
    expect(full.next_statuses).toEqual([]);
    expect(full.order).toMatchObject({ paid_at: expect.any(String), completed_at: expect.any(String), refunded_at: expect.any(String) });
  });

  it('allows exactly the moves of the state machine and refuses the others with 409 and a Portuguese message', async () => {
    for (const from of ORDER_STATUSES) {
      // A refused move changes nothing: all of them on one order.
      const id = await orderAt(from);
      const facts = { status: from, fulfilment: 'delivery' as const, fraudStatus: 'not_required' as const, paysInPerson: false };
      for (const to of ORDER_STATUSES.filter((s) => refusal(facts, s) !== null)) {
        const res = await post(`/api/picking/status/${id}`, { status: to });
        const reason = from === 'canceled' && to === 'canceled' ? 'ORDER_ALREADY_CANCELED' : refusal(facts, to)!;
        expectEnvelope(res, 409, reason);
        expect(res.body.error.message).toMatch(/[ãçéóêá]|pedido|não/i);
      }
      expect(await t.db.orderEvent.count({ where: { orderId: id } })).toBe(1);
      // Each allowed move on an order of its own.
      for (const to of ORDER_TRANSITIONS[from].filter((s) => refusal(facts, s) === null)) {
        const fresh = await orderAt(from);
        const res = await post(`/api/picking/status/${fresh}`, { status: to });
        expect(res.status, `${from} → ${to}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.order.status).toBe(to);
        expect(res.body.events.at(-1)).toMatchObject({ from_status: from, to_status: to });
      }
    }
  });

  it('gates picking on payment and fraud analysis, and delivery or pickup on the fulfilment', async () => {
    const unpaid = await orderAt('created');
    expectEnvelope(await post(`/api/picking/status/${unpaid}`, { status: 'picking' }), 409, 'ORDER_NOT_PAID');
    const inPerson = await orderAt('created', { pays_in_person: true });
    expect((await post(`/api/picking/status/${inPerson}`, { status: 'picking' })).status).toBe(200);

    const pending = await orderAt('paid');
    await t.db.order.update({ where: { id: pending }, data: { fraudStatus: 'pending' } });
    const res = await post(`/api/picking/status/${pending}`, { status: 'picking' });
    expectEnvelope(res, 409, 'ORDER_FRAUD_PENDING');
    expect(res.body.error.message).toBe('A análise de fraude do pedido ainda não terminou: aguarde a aprovação para separar.');
    await t.db.order.update({ where: { id: pending }, data: { fraudStatus: 'denied' } });
    expectEnvelope(await post(`/api/picking/status/${pending}`, { status: 'picking' }), 409, 'ORDER_FRAUD_DENIED');

    const pickup = await orderAt('ready', { fulfilment: 'pickup', address: undefined });
    expectEnvelope(await post(`/api/picking/status/${pickup}`, { status: 'out_for_delivery' }), 409, 'ORDER_NOT_FOR_DELIVERY');
    expect((await post(`/api/picking/status/${pickup}`, { status: 'awaiting_pickup' })).status).toBe(200);
  });

  it('of concurrent moves from the same status, one happens', async () => {
    const id = await orderAt('picking');
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(`/api/picking/status/${id}`, { status: 'picked' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await t.db.orderEvent.count({ where: { orderId: id } })).toBe(2);
  });
});

describe('POST /api/order/cancel/{orderId}', () => {
  it('N parallel cancels: one effect, one event, the others 409', async () => {
    const o = await createOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(`/api/order/cancel/${o.order.id}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.error.code).toMatch(/ORDER_ALREADY_CANCELED|ORDER_CHANGED/);
    expect(await t.db.orderEvent.count({ where: { orderId: o.order.id, toStatus: 'canceled' } })).toBe(1);
    const full = (await get(`/api/order/full-order/${o.order.id}`)).body as Full;
    expect(full.order).toMatchObject({ status: 'canceled', canceled_at: expect.any(String) });
    expectEnvelope(await post(`/api/order/cancel/${o.order.id}`), 409, 'ORDER_ALREADY_CANCELED');
  });

  it('cancels an order whose stored address lacks its optional parts, which read as null', async () => {
    const o = await createOrder();
    await t.db.order.update({ where: { id: o.order.id }, data: { address: ORDER_ADDRESS } });
    const res = await post(`/api/order/cancel/${o.order.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order.address).toMatchObject({ street: ORDER_ADDRESS.street, complement: null, neighborhood: null });
  });

  it('refuses an order that left the store', async () => {
    const id = await orderAt('out_for_delivery');
    expectEnvelope(await post(`/api/order/cancel/${id}`), 409, 'ORDER_TRANSITION_NOT_ALLOWED');
  });
});

describe('reading orders', () => {
  it('lists with filters and paging, and the board counts per status', async () => {
    const a = await createOrder();
    const b = await createOrder({ channel: 'rappi' });
    await post(`/api/picking/status/${b.order.id}`, { status: 'paid' });
    const byNumber = await get(`/search/orders?number=${a.order.number}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data.map((o: { id: number }) => o.id)).toEqual([a.order.id]);
    const paid = await get(`/search/orders?status=paid&channel=rappi&location_id=${store.locationId}&quantity=500`);
    expect(paid.body.data.map((o: { id: number }) => o.id)).toContain(b.order.id);
    expect(paid.body.data.every((o: { status: string; channel: string }) => o.status === 'paid' && o.channel === 'rappi')).toBe(true);
    const page = await get(`/search/orders?location_id=${store.locationId}&quantity=1&page=1&order_by=number&order_direction=asc`);
    expect(page.body.meta).toMatchObject({ page: 1, quantity: 1 });
    expect(page.body.meta.total).toBeGreaterThan(1);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect((await get(`/search/orders?from=${today}&to=${today}&number=${a.order.number}`)).body.data).toHaveLength(1);
    expect((await get(`/search/orders?from=2020-01-01&to=2020-01-02&number=${a.order.number}`)).body.data).toHaveLength(0);
    const bad = await get('/search/orders?from=2026-02-10&to=2026-02-01');
    expectEnvelope(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.error.details[0].field).toBe('to');

    const board = await get(`/search/orders-by-status?location_id=${store.locationId}&quantity=2`);
    expect(board.status).toBe(200);
    expect(board.body.columns.map((c: { status: string }) => c.status)).toEqual([...ORDER_STATUSES]);
    const created = board.body.columns.find((c: { status: string }) => c.status === 'created');
    expect(created.count).toBe(await t.db.order.count({ where: { accountId: bomPreco, locationId: store.locationId, status: 'created' } }));
    expect(created.orders.length).toBeLessThanOrEqual(2);
    expect(created.label).toBe('Criado');
  });

  it('another account’s order is 404 everywhere, and it never lists it', async () => {
    const o = await createOrder();
    expectEnvelope(await get(`/api/order/full-order/${o.order.id}`, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await post(`/api/picking/status/${o.order.id}`, { status: 'paid' }, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await post(`/api/order/cancel/${o.order.id}`, undefined, atacado), 404, 'ORDER_NOT_FOUND');
    const listed = await get(`/search/orders?number=${o.order.number}`, atacado);
    expect(listed.body.data.map((x: { id: number }) => x.id)).not.toContain(o.order.id);
    expect((await get(`/api/order/full-order/${o.order.id}`)).body.order.status).toBe('created');
  });

  it('tells the account’s screens of each intake and move (the board’s live update)', async () => {
    const heard: Array<[number, { id: number; from_status: string | null; status: string }]> = [];
    const service = createOrdersService({
      repo: createOrdersRepo(t.db),
      catalog: { offersFor: async () => [] },
      pricing: { evaluate: async () => { throw new Error('unused'); }, redeem: async () => { throw new Error('unused'); }, release: async () => ({}) as never },
      slots: { book: async () => { throw new Error('unused'); }, release: async () => { throw new Error('unused'); } },
      regions: { search: async () => ({ point: null, data: [] }) },
      scope: async () => null,
      notify: (accountId, change) => heard.push([accountId, change]),
    });
    const o = await createOrder();
    const caller = { accountId: bomPreco, userId: 1 };
    await service.move(caller, o.order.id, 'paid', null);
    await expect(service.move(caller, o.order.id, 'delivered', null)).rejects.toMatchObject({ status: 409 });
    await service.move(caller, o.order.id, 'canceled', null);
    expect(heard.map(([a, c]) => [a, c.id, c.from_status, c.status])).toEqual([
      [bomPreco, o.order.id, 'created', 'paid'],
      [bomPreco, o.order.id, 'paid', 'canceled'],
    ]);
  });

  it('a member limited to some stores sees only their orders', async () => {
    const o = await createOrder();
    const elsewhere = await t.db.location.findFirstOrThrow({ where: { accountId: bomPreco, id: { not: store.locationId } }, select: { id: true } });
    const service = createOrdersService({
      repo: createOrdersRepo(t.db),
      catalog: { offersFor: async () => [] },
      pricing: { evaluate: async () => { throw new Error('unused'); }, redeem: async () => { throw new Error('unused'); }, release: async () => { throw new Error('unused'); } },
      slots: { book: async () => { throw new Error('unused'); }, release: async () => { throw new Error('unused'); } },
      regions: { search: async () => ({ point: null, data: [] }) },
      scope: async () => [elsewhere.id],
    });
    const caller = { accountId: bomPreco, userId: 1 };
    await expect(service.get(caller, o.order.id)).rejects.toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    await expect(service.move(caller, o.order.id, 'paid', null)).rejects.toMatchObject({ status: 404 });
    const listed = await service.list(caller, { page: 1, quantity: 500, order_by: 'created_at', order_direction: 'desc', number: o.order.number });
    expect(JSON.parse(listed.text).data).toEqual([]);
  });
});
