import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@backoffice/contracts';
import { DEMO, bearer, expectEnvelope as envelope, type TestApp } from '../../../test/helpers.ts';
import type { CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ORDER_ADDRESS, ordersTestBed, pausePromotions } from '../../../test/fixtures/orders.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { createOrdersService } from './orders.service.ts';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const cents = (v: number) => Math.round(v * 100);

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let store: CartStore;
let seq = 0;

interface Item {
  id: number;
  sku: string;
  quantity: number;
  weight: number | null;
  unit_price: number;
  sub_total: number;
  discount: number;
  total: number;
  pick_status: string;
  picked_quantity: number | null;
  picked_weight: number | null;
  substitute: { product_id: number | null; sku: string; name: string; unit_price: number | null } | null;
  picked_at: string | null;
}
interface Full {
  order: {
    id: number;
    status: OrderStatus;
    fraud_status: string;
    version: number;
    sub_total: number;
    discount: number;
    manual_discount: number;
    delivery_fee: number;
    total: number;
    region_id: number | null;
    address: Record<string, unknown> | null;
  };
  items: Item[];
  events: Array<{ from_status: OrderStatus | null; to_status: OrderStatus; actor: { user_id: number | null }; note: string | null }>;
  message?: string;
}

const send = (method: 'post' | 'put', path: string, body?: unknown, token = admin) => {
  const req = t.http[method](path).set(bearer(token));
  return body === undefined ? req : req.send(body as object);
};
const post = (path: string, body?: unknown, token = admin) => send('post', path, body, token);
const put = (path: string, body?: unknown, token = admin) => send('put', path, body, token);
const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));

function expectEnvelope(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return envelope(res.body, code);
}

/** Totals that add up: lines to the order, the order to its total, to the cent. */
function expectAddsUp(o: Full) {
  const sub = o.items.reduce((a, i) => a + cents(i.sub_total), 0);
  const disc = o.items.reduce((a, i) => a + cents(i.discount), 0);
  expect(cents(o.order.sub_total)).toBe(sub);
  expect(cents(o.order.discount)).toBe(disc);
  for (const i of o.items) expect(cents(i.total)).toBe(cents(i.sub_total) - cents(i.discount));
  expect(cents(o.order.total)).toBe(sub - disc - cents(o.order.manual_discount) + cents(o.order.delivery_fee));
}

const intake = (over: Record<string, unknown> = {}) => ({
  customer_id: store.customerId,
  location_id: store.locationId,
  channel: 'vtex',
  external_id: `OPS-${Date.now()}-${++seq}`,
  items: [
    { product_id: store.products.leite, quantity: 2 },
    { product_id: store.products.queijo, weight: 0.4 },
  ],
  fulfilment: 'delivery',
  address: ORDER_ADDRESS,
  ...over,
});

/** An order put straight in a status. */
async function orderAt(status: OrderStatus, over: Record<string, unknown> = {}): Promise<Full> {
  const res = await post('/api/order', intake(over));
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  await t.db.order.update({ where: { id: res.body.order.id }, data: { status } });
  return (await get(`/api/order/full-order/${res.body.order.id}`)).body as Full;
}
const itemOf = (o: Full, sku: string) => o.items.find((i) => i.sku === sku)!;
const LEITE = 'CART-LEITE-TREM-1L';
const QUEIJO = 'CART-QUEIJO-QUIX-KG';

const pauseAll = () => pausePromotions(t);

beforeAll(async () => {
  ({ t, admin, bomPreco, atacado, store } = await ordersTestBed('Loja da separação'));
});
afterEach(pauseAll);
afterAll(() => t?.close());

describe('POST /api/order/items/{id} (picking)', () => {
  it('weighed items change the amount, added items at the offer’s price, and the totals add up to the cent', async () => {
    const o = await orderAt('picking');
    const res = await post(`/api/order/items/${o.order.id}`, {
      items: [
        { item_id: itemOf(o, LEITE).id, status: 'picked' },
        { item_id: itemOf(o, QUEIJO).id, status: 'picked', weight: 0.437 },
      ],
      add: [{ product_id: store.products.feijao, quantity: 1 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body as Full;
    expect(after.message).toMatch(/Separação do pedido \d+ registrada/);
    // 0.437 kg at R$ 49,90/kg = R$ 21,8063 → R$ 21,81.
    expect(itemOf(after, QUEIJO)).toMatchObject({ pick_status: 'picked', picked_weight: 0.437, sub_total: 21.81, total: 21.81, picked_at: expect.any(String) });
    expect(itemOf(after, LEITE)).toMatchObject({ pick_status: 'picked', picked_quantity: 2, sub_total: 9.98 });
    expect(itemOf(after, 'CART-FEIJAO-XOR-1KG')).toMatchObject({ pick_status: 'picked', quantity: 1, unit_price: 8.99, sub_total: 8.99 });
    expect(after.order).toMatchObject({ sub_total: 40.78, total: 40.78, version: o.order.version + 1 });
    expectAddsUp(after);
    const user = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.admin }, select: { id: true } });
    const rows = await t.db.orderItem.findMany({ where: { orderId: o.order.id } });
    expect(rows.every((r) => r.pickedById === user.id)).toBe(true);
    expect(after.events.at(-1)).toMatchObject({ from_status: 'picking', to_status: 'picking', actor: { user_id: user.id } });
    expect(after.events.at(-1)!.note).toMatch(/2 separado\(s\).*1 incluído/);
  });

  it('substitutes at their own price, missing items leave the total, then a manual discount: to the cent', async () => {
    const o = await orderAt('picking');
    const res = await post(`/api/order/items/${o.order.id}`, {
      items: [
        { item_id: itemOf(o, LEITE).id, status: 'substituted', substitute: { product_id: store.products.arroz1, accepted: true } },
        { item_id: itemOf(o, QUEIJO).id, status: 'missing' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body as Full;
    // Two packs of rice at R$ 6,50 instead of two of milk.
    expect(itemOf(after, LEITE)).toMatchObject({
      pick_status: 'substituted',
      picked_quantity: 2,
      sub_total: 13,
      substitute: { product_id: store.products.arroz1, sku: 'CART-ARROZ-ZUMB-1KG', name: expect.stringContaining('Arroz'), unit_price: 6.5 },
    });
    expect(itemOf(after, QUEIJO)).toMatchObject({ pick_status: 'missing', sub_total: 0, total: 0 });
    expect(after.order).toMatchObject({ sub_total: 13, total: 13 });
    expectAddsUp(after);

    const byPercent = await put('/api/order/discount', { order_id: o.order.id, percent: 10, reason: 'Atraso na entrega' });
    expect(byPercent.status, JSON.stringify(byPercent.body)).toBe(200);
    expect(byPercent.body.order).toMatchObject({ manual_discount: 1.3, total: 11.7 });
    expectAddsUp(byPercent.body as Full);
    const byAmount = await put('/api/order/discount', { order_id: o.order.id, amount: 2.55, reason: 'Cortesia' });
    expect(byAmount.body.order).toMatchObject({ manual_discount: 2.55, total: 10.45 });
    expect((byAmount.body as Full).events.at(-1)!.note).toBe('Desconto manual de R$ 2,55: Cortesia');
    const tooHigh = await put('/api/order/discount', { order_id: o.order.id, amount: 13.01, reason: 'Demais' });
    expectEnvelope(tooHigh, 422, 'ORDER_DISCOUNT_TOO_HIGH');
    expect(tooHigh.body.error.details[0].field).toBe('amount');
    expect(tooHigh.body.error.message).toBe('O desconto passa do total dos itens (R$ 13,00).');
    expect((await put('/api/order/discount', { order_id: o.order.id, amount: 13, reason: 'Tudo' })).body.order.total).toBe(0);
  });

  it('re-evaluates the promotions on the picked lines, as the intake does', async () => {
    const promo = await post('/api/promotion', {
      name: `Promoção separação ${++seq}`,
      promotion_type: 'discount',
      start_promotion: iso(-1),
      end_promotion: iso(10),
      benefits: { type: 'percent', value: 10 },
      trigger: { kind: 'quantity', quantity: 1 },
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const o = await orderAt('picking');
    expect(o.order.discount).toBeGreaterThan(0);
    const res = await post(`/api/order/items/${o.order.id}`, { items: [{ item_id: itemOf(o, QUEIJO).id, status: 'picked', weight: 0.5 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body as Full;
    expect(itemOf(after, QUEIJO).sub_total).toBe(24.95);
    expect(after.order.discount).toBeGreaterThan(o.order.discount);
    expectAddsUp(after);
  });

  it('refuses an order not in picking (409), foreign items, unaccepted or unknown substitutes (422), bad input (400)', async () => {
    const created = await orderAt('paid');
    const refused = await post(`/api/order/items/${created.order.id}`, { items: [{ item_id: created.items[0]!.id, status: 'picked' }] });
    expectEnvelope(refused, 409, 'ORDER_NOT_PICKING');
    expect(refused.body.error.message).toBe('O pedido não está em separação: os itens só mudam enquanto ele é separado.');

    const o = await orderAt('picking');
    const foreign = await post(`/api/order/items/${o.order.id}`, { items: [{ item_id: created.items[0]!.id, status: 'picked' }] });
    expectEnvelope(foreign, 422, 'ORDER_ITEMS_UNKNOWN');
    expect(foreign.body.error.details[0].field).toBe('items.0.item_id');
    const unaccepted = await post(`/api/order/items/${o.order.id}`, {
      items: [{ item_id: itemOf(o, LEITE).id, status: 'substituted', substitute: { product_id: store.products.arroz1, accepted: false } }],
    });
    expectEnvelope(unaccepted, 422, 'ORDER_SUBSTITUTE_NOT_ACCEPTED');
    expect(unaccepted.body.error.details[0].field).toBe('items.0.substitute.accepted');
    const noOffer = await post(`/api/order/items/${o.order.id}`, {
      items: [{ item_id: itemOf(o, LEITE).id, status: 'substituted', substitute: { product_id: store.otherStoreProduct, accepted: true } }],
    });
    expectEnvelope(noOffer, 422, 'ORDER_PRODUCTS_UNKNOWN');
    expect(noOffer.body.error.details[0].field).toBe('items.0.substitute.product_id');
    const weighed = await post(`/api/order/items/${o.order.id}`, { items: [{ item_id: itemOf(o, LEITE).id, status: 'picked', weight: 1 }] });
    expectEnvelope(weighed, 422, 'ORDER_PRODUCT_NOT_WEIGHED');
    expect(weighed.body.error.details[0].field).toBe('items.0.weight');
    const already = await post(`/api/order/items/${o.order.id}`, { add: [{ product_id: store.products.leite }] });
    expectEnvelope(already, 422, 'ORDER_PRODUCT_ALREADY');
    const operator = await post(`/api/order/items/${o.order.id}`, { items: [{ item_id: itemOf(o, LEITE).id, status: 'picked' }], operator_id: 99_999_999 });
    expectEnvelope(operator, 422, 'ORDER_OPERATOR_UNKNOWN');

    const noSubstitute = await post(`/api/order/items/${o.order.id}`, { items: [{ item_id: itemOf(o, LEITE).id, status: 'substituted' }] });
    expectEnvelope(noSubstitute, 400, 'VALIDATION_ERROR');
    expect(noSubstitute.body.error.details[0].field).toBe('items.0.substitute');
    const nothing = await post(`/api/order/items/${o.order.id}`, {});
    expect(nothing.body.error.details[0].field).toBe('items');
    const missingAmount = await post(`/api/order/items/${o.order.id}`, { items: [{ item_id: itemOf(o, LEITE).id, status: 'missing', quantity: 1 }] });
    expect(missingAmount.body.error.details[0].field).toBe('items.0.quantity');

    const unchanged = (await get(`/api/order/full-order/${o.order.id}`)).body as Full;
    expect(unchanged.order.version).toBe(o.order.version);
    expect(unchanged.items.every((i) => i.pick_status === 'pending')).toBe(true);
  });

  // Parallel requests race only on a server with several connections: embedded PGlite runs them one
  // after another, each a picking of its own.
  it.runIf(process.env.DATABASE_URL)('N parallel identical pickings: one effect, one event, the others 409', async () => {
    const o = await orderAt('picking');
    const body = { items: [{ item_id: itemOf(o, QUEIJO).id, status: 'picked', weight: 0.45 }] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`/api/order/items/${o.order.id}`, body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectEnvelope(a, 409, 'ORDER_CHANGED');
    expect(await t.db.orderEvent.count({ where: { orderId: o.order.id } })).toBe(o.events.length + 1);
    expect(((await get(`/api/order/full-order/${o.order.id}`)).body as Full).order.version).toBe(o.order.version + 1);
  });
});

describe('POST /api/picking/restart/{id}', () => {
  it('takes a picked order back to picking with every item pending and the ordered totals', async () => {
    const o = await orderAt('picking');
    await post(`/api/order/items/${o.order.id}`, {
      items: [
        { item_id: itemOf(o, LEITE).id, status: 'substituted', substitute: { sku: 'CART-ARROZ-ZUMB-1KG', accepted: true, quantity: 1 } },
        { item_id: itemOf(o, QUEIJO).id, status: 'picked', weight: 0.41 },
      ],
    });
    expect((await post(`/api/picking/status/${o.order.id}`, { status: 'picked' })).status).toBe(200);
    const res = await post(`/api/picking/restart/${o.order.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body as Full;
    expect(after.message).toMatch(/voltou para a separação/);
    expect(after.order).toMatchObject({ status: 'picking', sub_total: 29.94, total: 29.94 });
    expect(after.items.every((i) => i.pick_status === 'pending' && i.substitute === null && i.picked_at === null && i.picked_weight === null)).toBe(true);
    expect(after.events.at(-1)).toMatchObject({ from_status: 'picked', to_status: 'picking' });
    expectAddsUp(after);

    const again = await post(`/api/picking/restart/${o.order.id}`);
    expectEnvelope(again, 409, 'ORDER_RESTART_NOT_ALLOWED');
    expect(again.body.error.message).toBe('Só um pedido separado ou pronto volta para a separação (este está "Em separação").');
  });

  it('from ready too; N parallel restarts: one effect', async () => {
    const o = await orderAt('ready');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`/api/picking/restart/${o.order.id}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await t.db.orderEvent.count({ where: { orderId: o.order.id, toStatus: 'picking' } })).toBe(1);
    expectEnvelope(await post(`/api/picking/restart/${(await orderAt('out_for_delivery')).order.id}`), 409, 'ORDER_RESTART_NOT_ALLOWED');
  });
});

describe('PUT /api/order/discount', () => {
  it('refuses an order that left the store (409) and bad input naming the field (400); parallel identical discounts: one effect', async () => {
    const gone = await orderAt('delivered');
    expectEnvelope(await put('/api/order/discount', { order_id: gone.order.id, amount: 1, reason: 'Cortesia' }), 409, 'ORDER_DISCOUNT_CLOSED');
    const o = await orderAt('created');
    const both = await put('/api/order/discount', { order_id: o.order.id, amount: 1, percent: 5, reason: 'Cortesia' });
    expectEnvelope(both, 400, 'VALIDATION_ERROR');
    expect(both.body.error.details[0].field).toBe('amount');
    const noReason = await put('/api/order/discount', { order_id: o.order.id, amount: 1 });
    expect(noReason.body.error.details[0].field).toBe('reason');
    const fraction = await put('/api/order/discount', { order_id: o.order.id, amount: 1.234, reason: 'Cortesia' });
    expect(fraction.body.error.details[0].field).toBe('amount');
    const percent = await put('/api/order/discount', { order_id: o.order.id, percent: 101, reason: 'Cortesia' });
    expect(percent.body.error.details[0].field).toBe('percent');

    const answers = await Promise.all(Array.from({ length: 6 }, () => put('/api/order/discount', { order_id: o.order.id, amount: 3.33, reason: 'Cortesia' })));
    expect(answers.every((a) => a.status === 200), JSON.stringify(answers.map((a) => a.body))).toBe(true);
    expect(answers.every((a) => a.body.order.total === 26.61)).toBe(true);
    expect(await t.db.orderEvent.count({ where: { orderId: o.order.id } })).toBe(2);
  });
});

describe('PUT /api/payment-hub/fraud-analyze/{orderId}/status', () => {
  it('sets the fraud status, which gates picking; recorded once in the timeline', async () => {
    const o = await orderAt('paid');
    const pending = await put(`/api/payment-hub/fraud-analyze/${o.order.id}/status`, { status: 'pending' });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.order.fraud_status).toBe('pending');
    expect(pending.body.next_statuses).not.toContain('picking');
    expectEnvelope(await post(`/api/picking/status/${o.order.id}`, { status: 'picking' }), 409, 'ORDER_FRAUD_PENDING');

    const answers = await Promise.all(Array.from({ length: 6 }, () => put(`/api/payment-hub/fraud-analyze/${o.order.id}/status`, { status: 'approved' })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const approved = (await get(`/api/order/full-order/${o.order.id}`)).body as Full;
    expect(approved.order.fraud_status).toBe('approved');
    expect(approved.events.filter((e) => e.note === 'Análise de fraude aprovada.')).toHaveLength(1);
    expect((await post(`/api/picking/status/${o.order.id}`, { status: 'picking' })).status).toBe(200);

    const denied = await orderAt('paid');
    await put(`/api/payment-hub/fraud-analyze/${denied.order.id}/status`, { status: 'denied' });
    expectEnvelope(await post(`/api/picking/status/${denied.order.id}`, { status: 'picking' }), 409, 'ORDER_FRAUD_DENIED');

    expectEnvelope(await put(`/api/payment-hub/fraud-analyze/${(await orderAt('canceled')).order.id}/status`, { status: 'approved' }), 409, 'ORDER_FRAUD_CLOSED');
    const bad = await put(`/api/payment-hub/fraud-analyze/${o.order.id}/status`, { status: 'maybe' });
    expectEnvelope(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.error.details[0].field).toBe('status');
  });
});

describe('POST /api/order/address/{id}', () => {
  it('moves the delivery to an address a region serves, with its fee and the totals; 422 when none serves it; 409 once it left', async () => {
    const [lng, lat, half] = [-46.1, -23.6, 0.01];
    const region = await post('/api/location/region/', {
      location_id: store.locationId,
      name: `Região separação ${++seq}`,
      geometry: { type: 'Polygon', coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]] },
      delivery_fee: 8.45,
      min_order_value: 0,
      estimated_delivery_minutes: 45,
      active: true,
    });
    expect(region.status, JSON.stringify(region.body)).toBe(201);
    const o = await orderAt('paid');
    await put('/api/order/discount', { order_id: o.order.id, amount: 0.94, reason: 'Cortesia' });
    const moved = await post(`/api/order/address/${o.order.id}`, { ...ORDER_ADDRESS, street: 'Rua Augusta', number: '500', latitude: lat, longitude: lng });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = moved.body as Full;
    expect(after.order).toMatchObject({ region_id: region.body.region.id, delivery_fee: 8.45, manual_discount: 0.94, total: 37.45 });
    expect(after.order.address).toMatchObject({ street: 'Rua Augusta', number: '500' });
    expect(after.events.at(-1)!.note).toMatch(/Endereço de entrega alterado: Rua Augusta, 500/);
    expectAddsUp(after);

    const nowhere = await post(`/api/order/address/${o.order.id}`, { ...ORDER_ADDRESS, latitude: lat + 2, longitude: lng });
    expectEnvelope(nowhere, 422, 'ORDER_REGION_NONE');
    expect(nowhere.body.error.details[0].field).toBe('latitude');
    const left = await orderAt('out_for_delivery');
    expectEnvelope(await post(`/api/order/address/${left.order.id}`, { ...ORDER_ADDRESS, latitude: lat, longitude: lng }), 409, 'ORDER_ADDRESS_LOCKED');
    const pickup = await orderAt('paid', { fulfilment: 'pickup', address: undefined });
    expectEnvelope(await post(`/api/order/address/${pickup.order.id}`, { ...ORDER_ADDRESS, latitude: lat, longitude: lng }), 409, 'ORDER_NOT_FOR_DELIVERY');
    const bad = await post(`/api/order/address/${o.order.id}`, { ...ORDER_ADDRESS, state: 'XX' });
    expectEnvelope(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.error.details[0].field).toBe('state');
  });
});

describe('another account', () => {
  it('gets 404 on every operation and changes nothing', async () => {
    const o = await orderAt('picking');
    const id = o.order.id;
    expectEnvelope(await post(`/api/order/items/${id}`, { items: [{ item_id: o.items[0]!.id, status: 'missing' }] }, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await post(`/api/picking/restart/${id}`, undefined, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await put('/api/order/discount', { order_id: id, amount: 1, reason: 'Cortesia' }, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await put(`/api/payment-hub/fraud-analyze/${id}/status`, { status: 'denied' }, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await post(`/api/order/address/${id}`, ORDER_ADDRESS, atacado), 404, 'ORDER_NOT_FOUND');
    const after = (await get(`/api/order/full-order/${id}`)).body as Full;
    expect(after.order.version).toBe(o.order.version);
    expect(await t.db.order.count({ where: { id, accountId: bomPreco } })).toBe(1);
  });
});

describe('the board hears of each change', () => {
  it('tells order_changed for picking, restart, discount, fraud; a manual discount never stays above the items', async () => {
    const heard: Array<{ id: number; from_status: string | null; status: string; version: number }> = [];
    const service = createOrdersService({
      repo: createOrdersRepo(t.db),
      catalog: { offersFor: async () => [] },
      pricing: {
        evaluate: async () => ({ items: [], applied: [], rejected_coupon: null }) as never,
        redeem: async () => { throw new Error('unused'); },
        release: async () => ({}) as never,
      },
      slots: { book: async () => { throw new Error('unused'); }, release: async () => { throw new Error('unused'); } },
      regions: { search: async () => ({ point: null, data: [] }) },
      scope: async () => null,
      notify: (_accountId, change) => heard.push(change),
    });
    const caller = { accountId: bomPreco, userId: 1 };
    const o = await orderAt('picking');
    await service.discount(caller, { order_id: o.order.id, amount: 25, reason: 'Cortesia' });
    const picked = await service.pickItems(caller, o.order.id, { items: [{ item_id: itemOf(o, QUEIJO).id, status: 'missing' }], add: [] }, 'pt-BR');
    // Only the milk is left (R$ 9,98): the discount comes down to it.
    expect(picked.order.order).toMatchObject({ sub_total: 9.98, manual_discount: 9.98, total: 0 });
    await t.db.order.update({ where: { id: o.order.id }, data: { status: 'picked' } });
    await service.restart(caller, o.order.id, 'pt-BR');
    await service.fraud(caller, o.order.id, 'approved');
    await service.fraud(caller, o.order.id, 'approved');
    expect(heard.map((c) => [c.id, c.from_status, c.status, c.version])).toEqual([
      [o.order.id, 'picking', 'picking', o.order.version + 1],
      [o.order.id, 'picking', 'picking', o.order.version + 2],
      [o.order.id, 'picked', 'picking', o.order.version + 3],
      [o.order.id, 'picking', 'picking', o.order.version + 4],
    ]);
  });
});
