import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_SIGNATURE_HEADER, type OrderStatus } from '@backoffice/contracts';
import { createTestApp, DEMO, bearer, clearOfBusinessMidnight, expectEnvelope as envelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { placeOrder } from '../../../test/fixtures/orders.ts';
import { businessDate, startOfBusinessDay } from '../../lib/business-day.ts';
import { signDeliveryUpdate } from './delivery-signing.ts';

interface Delivery {
  id: number;
  order_id: number;
  reference: string;
  status: string;
  active: boolean;
  courier: { name: string; vehicle: string } | null;
  fee: number;
  distance_km: number;
  slot_end: string | null;
  on_time: boolean | null;
  requested_at: string;
  delivered_at: string | null;
  failure_reason: string | null;
  cancel_reason: string | null;
  events: Array<{ status: string; note: string | null; occurred_at: string }>;
}
interface OrderEvent {
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: { kind: string };
}

let t: TestApp;
let admin: string;
let atacado: string;
let store: CartStore;
const MIN = 60_000;

const post = (path: string, body: unknown, token = admin) => t.http.post(path).set(bearer(token)).send(body as object);
const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));

function expectEnvelope(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return envelope(res.body, code);
}

/** A delivery order at the test's store walked through the state machine to `to` (ready by default). */
async function orderAt(path: OrderStatus[] = ['paid', 'picking', 'picked', 'ready'], over: Record<string, unknown> = {}, app = t, token = admin, s = store) {
  const created = await placeOrder(app, token, s, { items: [{ product_id: s.products.leite, quantity: 2 }], ...over });
  const id = created.order.id;
  for (const status of path) {
    const moved = await app.http.post(`/api/picking/status/${id}`).set(bearer(token)).send({ status });
    if (moved.status !== 200) throw new Error(`move to ${status}: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
  return id;
}

async function requestCourier(orderId: number, app = t, token = admin): Promise<Delivery> {
  const res = await app.http.post('/api/delivery-hub/create').set(bearer(token)).send({ order_id: orderId, simulate: 'delivered' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.delivery as Delivery;
}

/** The courier's update, signed as the simulator signs it. */
function webhook(body: Record<string, unknown>, signature?: string) {
  return t.http
    .post('/api/delivery-hub/webhooks/simulator')
    .set({ [DELIVERY_SIGNATURE_HEADER]: signature ?? signDeliveryUpdate(t.config.deliveryHub.webhookSecret, body) })
    .send(body);
}
const COURIER = { name: 'Carlos Eduardo Souza', vehicle: 'Moto' };
const update = (d: Delivery, step: string, status: string, extra: Record<string, unknown> = {}, at = new Date()) => ({
  event_id: `${d.reference}:${step}`,
  reference: d.reference,
  status,
  occurred_at: at.toISOString(),
  ...extra,
});
async function step(d: Delivery, status: 'courier_assigned' | 'picked_up' | 'delivered' | 'failed' | 'returned', extra: Record<string, unknown> = {}, at = new Date()) {
  const res = await webhook(update(d, status, status, status === 'courier_assigned' ? { courier: COURIER, ...extra } : extra, at));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { duplicate: boolean; status: string };
}

const orderOf = async (id: number, app = t, token = admin) =>
  (await app.http.get(`/api/order/full-order/${id}`).set(bearer(token))).body as { order: { status: OrderStatus }; events: OrderEvent[] };
const deliveriesOf = async (orderId: number) => (await get(`/api/delivery-hub/delivery-orders?order_id=${orderId}`)).body.data as Delivery[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  const atacadoId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
  atacado = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacadoId })).body.newToken;
  store = await createCartStore(t, admin, 'Loja das entregas');
}, 60_000);
afterAll(() => t?.close());

describe('POST /api/delivery-hub/create and the courier’s updates', () => {
  it('requests a courier for a ready order; picked up moves it out for delivery, delivered delivers it', async () => {
    const orderId = await orderAt();
    const d = await requestCourier(orderId);
    expect(d).toMatchObject({ order_id: orderId, status: 'requested', active: true, courier: null, events: [{ status: 'requested' }] });
    expect(d.reference).toMatch(/^SIM-/);
    expect(d.fee).toBeGreaterThan(6.9);
    expect(d.distance_km).toBeGreaterThan(0);

    expect(await step(d, 'courier_assigned')).toEqual({ received: true, duplicate: false, status: 'courier_assigned' });
    expect((await orderOf(orderId)).order.status).toBe('ready');
    await step(d, 'picked_up');
    expect((await orderOf(orderId)).order.status).toBe('out_for_delivery');
    await step(d, 'delivered');

    const o = await orderOf(orderId);
    expect(o.order.status).toBe('delivered');
    expect(o.events.slice(-2)).toMatchObject([
      { from_status: 'ready', to_status: 'out_for_delivery', actor: { kind: 'delivery' } },
      { from_status: 'out_for_delivery', to_status: 'delivered', actor: { kind: 'delivery' } },
    ]);
    const [read] = await deliveriesOf(orderId);
    expect(read).toMatchObject({ id: d.id, status: 'delivered', active: false, courier: COURIER, on_time: null });
    expect(read!.events.map((e) => e.status)).toEqual(['requested', 'courier_assigned', 'picked_up', 'delivered']);
    expect(read!.events[1]!.note).toContain('Carlos Eduardo Souza');
  });

  it('a picked order gets its courier too, and is made ready on the way out', async () => {
    const orderId = await orderAt(['paid', 'picking', 'picked']);
    const d = await requestCourier(orderId);
    await step(d, 'courier_assigned');
    await step(d, 'picked_up');
    const o = await orderOf(orderId);
    expect(o.order.status).toBe('out_for_delivery');
    expect(o.events.slice(-2).map((e) => e.to_status)).toEqual(['ready', 'out_for_delivery']);
  });

  it('a failed delivery, or one brought back, puts the order back to ready with the reason', async () => {
    for (const outcome of ['failed', 'returned'] as const) {
      const orderId = await orderAt();
      const d = await requestCourier(orderId);
      await step(d, 'courier_assigned');
      await step(d, 'picked_up');
      await step(d, outcome, { reason: 'Cliente ausente no endereço' });
      const o = await orderOf(orderId);
      expect(o.order.status).toBe('ready');
      expect(o.events.at(-1)).toMatchObject({ from_status: 'out_for_delivery', to_status: 'ready', actor: { kind: 'delivery' } });
      const [read] = await deliveriesOf(orderId);
      expect(read).toMatchObject({ status: outcome, active: false, failure_reason: 'Cliente ausente no endereço' });
      // A new courier can be requested for the order, ready again.
      expect((await requestCourier(orderId)).status).toBe('requested');
    }
  });

  it('a replayed update has one effect: one event, one order move, counted once', async () => {
    const orderId = await orderAt();
    const d = await requestCourier(orderId);
    await step(d, 'courier_assigned');
    const body = update(d, 'p', 'picked_up');
    const first = await webhook(body);
    const again = await Promise.all([webhook(body), webhook(body)]);
    expect(first.body).toEqual({ received: true, duplicate: false, status: 'picked_up' });
    for (const res of again) expect(res.body).toEqual({ received: true, duplicate: true, status: 'picked_up' });
    const o = await orderOf(orderId);
    expect(o.events.filter((e) => e.to_status === 'out_for_delivery')).toHaveLength(1);
    const [read] = await deliveriesOf(orderId);
    expect(read!.events.filter((e) => e.status === 'picked_up')).toHaveLength(1);
    expect(await t.db.deliveryWebhookEvent.count({ where: { provider: 'simulator', eventId: body.event_id } })).toBe(1);
    // An update that comes late (assigned again after the pickup) is recorded, not applied.
    expect(await step(d, 'courier_assigned', { courier: { name: 'Outro', vehicle: 'Carro' } }, new Date())).toMatchObject({ duplicate: true });
    const late = await webhook(update(d, 'late', 'courier_assigned', { courier: { name: 'Outro', vehicle: 'Carro' } }));
    expect(late.body).toEqual({ received: true, duplicate: false, status: 'picked_up' });
    expect((await deliveriesOf(orderId))[0]!.courier).toEqual(COURIER);
  });

  it('refuses a pickup order, an order not ready, and a second courier while one is under way (409, in Portuguese)', async () => {
    const pickup = await orderAt(undefined, { fulfilment: 'pickup', address: undefined });
    const e1 = expectEnvelope(await post('/api/delivery-hub/create', { order_id: pickup }), 409, 'DELIVERY_ORDER_PICKUP');
    expect(e1.message).toMatch(/é para retirada na loja/);

    const paid = await orderAt(['paid']);
    const e2 = expectEnvelope(await post('/api/delivery-hub/create', { order_id: paid }), 409, 'DELIVERY_ORDER_NOT_READY');
    expect(e2.message).toContain('"Pago"');

    const ready = await orderAt();
    await requestCourier(ready);
    const e3 = expectEnvelope(await post('/api/delivery-hub/create', { order_id: ready }), 409, 'DELIVERY_ALREADY_ACTIVE');
    expect(e3.message).toMatch(/já tem uma entrega em andamento \("Entregador solicitado"\)/);
    expect(await deliveriesOf(ready)).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)('of concurrent requests for one order, one courier is requested', async () => {
    const orderId = await orderAt();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/delivery-hub/create', { order_id: orderId })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await deliveriesOf(orderId)).toHaveLength(1);
  });
});

describe('POST /api/delivery-hub/cancel', () => {
  it('cancels by delivery or by order; a delivered one, or one canceled already, is a 409', async () => {
    const a = await orderAt();
    const da = await requestCourier(a);
    const res = await post('/api/delivery-hub/cancel', { delivery_id: da.id, reason: 'Cliente vai retirar na loja' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^Entrega do pedido \d+ cancelada\.$/);
    expect(res.body.delivery).toMatchObject({ status: 'canceled', active: false, cancel_reason: 'Cliente vai retirar na loja' });
    expectEnvelope(await post('/api/delivery-hub/cancel', { delivery_id: da.id, reason: 'De novo' }), 409, 'DELIVERY_NOT_ACTIVE');

    const b = await orderAt();
    const db = await requestCourier(b);
    await step(db, 'courier_assigned');
    await step(db, 'picked_up');
    const byOrder = await post('/api/delivery-hub/cancel', { order_id: b, reason: 'Endereço errado' });
    expect(byOrder.body.delivery).toMatchObject({ id: db.id, status: 'canceled' });
    // The courier was out with it: the order is back at the store, ready.
    expect((await orderOf(b)).order.status).toBe('ready');
    // The simulator's later updates change nothing.
    expect(await step(db, 'delivered')).toMatchObject({ duplicate: false, status: 'canceled' });
    expect((await orderOf(b)).order.status).toBe('ready');

    const c = await orderAt();
    const dc = await requestCourier(c);
    await step(dc, 'courier_assigned');
    await step(dc, 'picked_up');
    await step(dc, 'delivered');
    const e = expectEnvelope(await post('/api/delivery-hub/cancel', { order_id: c, reason: 'Tarde demais' }), 409, 'DELIVERY_ALREADY_DELIVERED');
    expect(e.message).toMatch(/já foi concluída/);
  });

  it('an order canceled while a courier is on the way cancels the delivery', async () => {
    const orderId = await orderAt();
    const d = await requestCourier(orderId);
    await step(d, 'courier_assigned');
    expect((await t.http.post(`/api/order/cancel/${orderId}`).set(bearer(admin))).status).toBe(200);
    const [read] = await deliveriesOf(orderId);
    expect(read).toMatchObject({ status: 'canceled', cancel_reason: 'Pedido cancelado' });
  });
});

describe('another account and bad input', () => {
  it('another account’s order or delivery is a 404 on every route', async () => {
    const orderId = await orderAt();
    const d = await requestCourier(orderId);
    expectEnvelope(await post('/api/delivery-hub/create', { order_id: orderId }, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await get(`/api/delivery-hub/delivery-orders?order_id=${orderId}`, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await post('/api/delivery-hub/cancel', { delivery_id: d.id, reason: 'Não é meu' }, atacado), 404, 'DELIVERY_NOT_FOUND');
    expectEnvelope(await post('/api/delivery-hub/cancel', { order_id: orderId, reason: 'Não é meu' }, atacado), 404, 'ORDER_NOT_FOUND');
    expectEnvelope(await get(`/api/delivery-hub/dashboard?location_id=${store.locationId}`, atacado), 404, 'LOCATION_NOT_FOUND');
    expect((await deliveriesOf(orderId))[0]!.status).toBe('requested');
  });

  it('bad input is a 400 naming the field, in Portuguese', async () => {
    const named = (res: { status: number; body: unknown }, field: string) => {
      const e = expectEnvelope(res, 400, 'VALIDATION_ERROR');
      expect(e.details!.map((d) => d.field)).toContain(field);
      return e;
    };
    named(await post('/api/delivery-hub/create', { order_id: 'um' }), 'order_id');
    named(await post('/api/delivery-hub/create', { order_id: 1, simulate: 'perdido' }), 'simulate');
    const both = named(await post('/api/delivery-hub/cancel', { reason: 'Sem pedido' }), 'delivery_id');
    expect(both.details![0]!.message).toBe('Informe a entrega (delivery_id) ou o pedido (order_id), um dos dois.');
    named(await post('/api/delivery-hub/cancel', { delivery_id: 1, reason: '' }), 'reason');
    named(await get('/api/delivery-hub/delivery-orders'), 'order_id');
    named(await get('/api/delivery-hub/dashboard?from=2026-03-10&to=2026-03-01'), 'to');
    const body = { event_id: 'e-1', reference: 'SIM-X', status: 'delivered', occurred_at: new Date().toISOString() };
    named(await webhook(body, 'md5=abc'), DELIVERY_SIGNATURE_HEADER);
    named(await webhook({ ...body, status: 'teleported' }), 'status');
  });

  it('a webhook with another signature is a 401, one of an unknown delivery a 404, and neither records anything', async () => {
    const orderId = await orderAt();
    const d = await requestCourier(orderId);
    const body = update(d, 'forged', 'picked_up');
    const forged = await webhook(body, signDeliveryUpdate('outro-segredo-qualquer-123', body));
    expectEnvelope(forged, 401, 'DELIVERY_SIGNATURE_INVALID');
    expectEnvelope(await webhook({ ...body, reference: 'SIM-NAOEXISTE' }), 404, 'DELIVERY_REFERENCE_UNKNOWN');
    expect(await t.db.deliveryWebhookEvent.count({ where: { eventId: body.event_id } })).toBe(0);
    expect((await orderOf(orderId)).order.status).toBe('ready');
  });
});

describe('GET /api/delivery-hub/dashboard', () => {
  it('counts per day, on time against the window, by region and courier, from the rollup, to the unit', { timeout: 60_000 }, async () => {
    await clearOfBusinessMidnight();
    const s = await createCartStore(t, admin, 'Loja do painel de entregas');
    const accountId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
    const region = await t.db.deliveryRegion.create({
      data: { accountId, locationId: s.locationId, name: 'Centro expandido', geometry: {}, west: 0, south: 0, east: 0, north: 0 },
    });
    // Tomorrow from 08:00 to 12:00 (São Paulo).
    const tomorrow = businessDate(new Date(Date.now() + 86_400_000));
    const slot = await t.db.slot.create({ data: { accountId, locationId: s.locationId, mode: 'delivery', weekday: 1, startMinute: 480, endMinute: 720, capacity: 10 } });
    const slotEnd = new Date(startOfBusinessDay(tomorrow).getTime() + 720 * MIN);
    const order = async (windowed: boolean, inRegion: boolean) => {
      const id = await orderAt(undefined, {}, t, admin, s);
      await t.db.order.update({ where: { id }, data: { ...(windowed ? { slotId: slot.id, slotDate: tomorrow } : {}), ...(inRegion ? { regionId: region.id } : {}) } });
      return requestCourier(id);
    };
    const deliverAt = async (d: Delivery, courier: typeof COURIER, at: Date) => {
      await step(d, 'courier_assigned', { courier });
      await step(d, 'picked_up');
      await step(d, 'delivered', {}, at);
    };
    const ana = { name: 'Ana Lima', vehicle: 'Bicicleta' };
    const bruno = { name: 'Bruno Dias', vehicle: 'Carro' };

    const onTime = await order(true, true);
    expect(onTime.slot_end).toBe(slotEnd.toISOString());
    await deliverAt(onTime, ana, new Date(slotEnd.getTime() - 10 * MIN));
    const late = await order(true, true);
    await deliverAt(late, ana, new Date(slotEnd.getTime() + 30 * MIN));
    const noWindow = await order(false, true);
    const noWindowAt = new Date(Date.parse(noWindow.requested_at) + 42 * MIN);
    await deliverAt(noWindow, bruno, noWindowAt);
    const failed = await order(false, false);
    await step(failed, 'courier_assigned', { courier: bruno });
    await step(failed, 'picked_up');
    await step(failed, 'returned', { reason: 'Endereço não localizado' });
    const canceled = await order(false, false);
    await post('/api/delivery-hub/cancel', { delivery_id: canceled.id, reason: 'Cliente desistiu' });

    const seconds = (d: Delivery, at: Date) => Math.round((at.getTime() - Date.parse(d.requested_at)) / 1000);
    const anaSeconds = seconds(onTime, new Date(slotEnd.getTime() - 10 * MIN)) + seconds(late, new Date(slotEnd.getTime() + 30 * MIN));
    const minutes = (total: number, n: number) => Math.round((total / n / 60) * 10) / 10;
    const today = businessDate(new Date());

    const res = await get(`/api/delivery-hub/dashboard?from=${today}&to=${today}&location_id=${s.locationId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const totals = { deliveries: 5, delivered: 3, on_time: 1, with_window: 2, on_time_rate: 0.5, failed: 1, canceled: 1, average_minutes: minutes(anaSeconds + 42 * 60, 3) };
    expect(res.body).toMatchObject({ from: today, to: today, location_id: s.locationId, totals, per_day: [{ date: today, ...totals }] });
    expect(res.body.regions).toEqual([
      { region_id: region.id, name: 'Centro expandido', deliveries: 3, delivered: 3, on_time: 1, with_window: 2, on_time_rate: 0.5, failed: 0, canceled: 0, average_minutes: totals.average_minutes },
      { region_id: null, name: 'Sem região', deliveries: 2, delivered: 0, on_time: 0, with_window: 0, on_time_rate: null, failed: 1, canceled: 1, average_minutes: null },
    ]);
    expect(res.body.couriers).toEqual([
      { name: 'Ana Lima', vehicle: 'Bicicleta', deliveries: 2, delivered: 2, on_time: 1, with_window: 2, on_time_rate: 0.5, failed: 0, canceled: 0, average_minutes: minutes(anaSeconds, 2) },
      { name: 'Bruno Dias', vehicle: 'Carro', deliveries: 2, delivered: 1, on_time: 0, with_window: 0, on_time_rate: null, failed: 1, canceled: 0, average_minutes: 42 },
    ]);

    // The rollup, not a scan: its rows for the store add up to the same figures.
    const rows = await t.db.deliveryDailyStat.findMany({ where: { accountId, locationId: s.locationId } });
    expect(rows.reduce((n, r) => n + r.deliveries, 0)).toBe(5);
    expect(rows.reduce((n, r) => n + r.onTime, 0)).toBe(1);

    // The whole account over a month includes the store's; another store alone has none of them.
    const all = await get('/api/delivery-hub/dashboard');
    expect(all.status).toBe(200);
    expect(all.body.per_day).toHaveLength(30);
    expect(all.body.totals.deliveries).toBeGreaterThanOrEqual(5);
    const other = await get(`/api/delivery-hub/dashboard?from=${today}&to=${today}&location_id=${store.locationId}`);
    expect(other.body.couriers.map((c: { name: string }) => c.name)).not.toContain('Ana Lima');
  });
});

describe('the simulator on the job queue', () => {
  let auto: TestApp;
  let token: string;
  let autoStore: CartStore;
  beforeAll(async () => {
    auto = await createTestApp({
      deliveryHub: { webhookSecret: 'segredo-dos-testes-do-simulador', simulator: { delaysMs: { assign: 0, pickup: 0, finish: 0 }, failureRate: 0 } },
    });
    token = await auto.login(DEMO.admin);
    autoStore = await createCartStore(auto, token, 'Loja do simulador');
  }, 60_000);
  afterAll(() => auto?.close());

  it('plays a delivery out: a courier assigned, picked up, delivered; the order follows', async () => {
    const orderId = await orderAt(undefined, {}, auto, token, autoStore);
    const res = await auto.http.post('/api/delivery-hub/create').set(bearer(token)).send({ order_id: orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await auto.drainJobs();
    const o = await orderOf(orderId, auto, token);
    expect(o.order.status).toBe('delivered');
    expect(o.events.slice(-2).map((e) => [e.to_status, e.actor.kind])).toEqual([
      ['out_for_delivery', 'delivery'],
      ['delivered', 'delivery'],
    ]);
    const [d] = (await auto.http.get(`/api/delivery-hub/delivery-orders?order_id=${orderId}`).set(bearer(token))).body.data as Delivery[];
    expect(d!.events.map((e) => e.status)).toEqual(['requested', 'courier_assigned', 'picked_up', 'delivered']);
    expect(d!.courier?.name).toBeTruthy();
    expect(await auto.db.deliveryWebhookEvent.count({ where: { deliveryId: d!.id } })).toBe(3);
  });

  it('a failed outcome brings the order back to ready', async () => {
    const orderId = await orderAt(undefined, {}, auto, token, autoStore);
    await auto.http.post('/api/delivery-hub/create').set(bearer(token)).send({ order_id: orderId, simulate: 'failed' });
    await auto.drainJobs();
    expect((await orderOf(orderId, auto, token)).order.status).toBe('ready');
    const [d] = (await auto.http.get(`/api/delivery-hub/delivery-orders?order_id=${orderId}`).set(bearer(token))).body.data as Delivery[];
    expect(d).toMatchObject({ status: 'failed', failure_reason: 'Cliente ausente no endereço após três tentativas de contato' });
  });
});

describe('the demo seed', () => {
  it('gives the seeded delivered and out-for-delivery orders their courier, counted in the rollup, once', async () => {
    const { deliveryHubSeed } = await import('./delivery-hub.seed.ts');
    const accountId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
    const delivered = await orderAt();
    const out = await orderAt();
    const readyAt = new Date(Date.now() - 90 * MIN);
    await t.db.order.update({ where: { id: delivered }, data: { status: 'delivered', readyAt, dispatchedAt: new Date(readyAt.getTime() + 20 * MIN), completedAt: new Date(readyAt.getTime() + 50 * MIN) } });
    await t.db.order.update({ where: { id: out }, data: { status: 'out_for_delivery', readyAt } });
    const ctx = { accountIds: new Map([['supermercado-bom-preco', accountId]]) };
    await deliveryHubSeed.seed(t.db, ctx);
    await deliveryHubSeed.seed(t.db, ctx);
    const [d1] = await deliveriesOf(delivered);
    expect(d1).toMatchObject({ status: 'delivered', delivered_at: new Date(readyAt.getTime() + 50 * MIN).toISOString() });
    expect(d1!.events.map((e) => e.status)).toEqual(['requested', 'courier_assigned', 'picked_up', 'delivered']);
    expect(await deliveriesOf(out)).toMatchObject([{ status: 'picked_up', active: true }]);
    const day = businessDate(readyAt);
    const dash = await get(`/api/delivery-hub/dashboard?from=${day}&to=${day}&location_id=${store.locationId}`);
    expect(dash.body.couriers.map((c: { name: string }) => c.name)).toContain(d1!.courier!.name);
  });
});
