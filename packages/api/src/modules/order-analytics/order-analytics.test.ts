import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_DASHBOARD_MAX_DAYS } from '@backoffice/contracts';
import { businessDate } from '../../lib/business-day.ts';
import { createTestApp, DEMO, bearer, clearOfBusinessMidnight, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ORDER_ADDRESS } from '../../../test/fixtures/orders.ts';
import { randomCpf } from '../../../test/fixtures/operators.ts';

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let seq = 0;

const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));
const post = (path: string, body?: unknown) => t.http.post(path).set(bearer(admin)).send((body ?? {}) as object);
const at = (iso: string) => new Date(iso);

interface Line {
  id: number;
  sku: string;
}

async function createOrder(store: CartStore, over: Record<string, unknown>, items: Array<Record<string, unknown>>) {
  const res = await post('/api/order', {
    customer_id: store.customerId,
    location_id: store.locationId,
    channel: 'vtex',
    external_id: `ANALYTICS-${Date.now()}-${++seq}`,
    items,
    fulfilment: 'delivery',
    address: ORDER_ADDRESS,
    ...over,
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.order.id as number, total: res.body.order.total as number, items: res.body.items as Line[] };
}

async function move(id: number, status: string) {
  const res = await post(`/api/picking/status/${id}`, { status });
  if (res.status !== 200) throw new Error(`move ${status}: ${res.status} ${JSON.stringify(res.body)}`);
}

async function pick(id: number, body: Record<string, unknown>) {
  const res = await post(`/api/order/items/${id}`, body);
  if (res.status !== 200) throw new Error(`pick: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The account's rollups, without the rows left at zero (the rebuild writes none of those). */
async function rollups(accountId: number) {
  const q = (sql: string) => t.db.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, accountId);
  const norm = (rows: Array<Record<string, unknown>>) =>
    rows
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v)])))
      .filter((r) => Object.entries(r).some(([k, v]) => /orders|lines|cents|seconds/.test(k) && Number(v) !== 0));
  return {
    daily: norm(await q('SELECT * FROM order_daily_stats WHERE account_id = $1 ORDER BY day, location_id, channel, status_group')),
    items: norm(await q('SELECT * FROM order_item_daily_stats WHERE account_id = $1 ORDER BY day, location_id, product_id')),
    picking: norm(await q('SELECT * FROM order_picking_stats WHERE account_id = $1 ORDER BY day, location_id, fulfilment, operator_id')),
    facts: norm(await q('SELECT * FROM order_pick_facts WHERE account_id = $1 ORDER BY order_id, operator_id')),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  const atacadoId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
  atacado = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacadoId })).body.newToken;
  // Promotions would change the totals: these tests count the cents of the offers.
  await t.db.promotion.updateMany({ where: { active: true }, data: { active: false, disabledAt: new Date() } });
});
afterAll(() => t?.close());

describe('orders dashboard (GMV, orders, average ticket)', () => {
  let a: CartStore;
  let b: CartStore;
  let canceled: number;

  beforeAll(async () => {
    a = await createCartStore(t, admin, 'Loja Painel Vendas A');
    b = await createCartStore(t, admin, 'Loja Painel Vendas B');
    // 23:59 of 9 March in São Paulo (02:59 UTC on the 10th) and its midnight.
    const o1 = await createOrder(a, {}, [{ product_id: a.products.leite, quantity: 2 }, { product_id: a.products.queijo, weight: 0.4 }]);
    const o2 = await createOrder(a, { channel: 'whatsapp' }, [{ product_id: a.products.leite, quantity: 1 }]);
    const o3 = await createOrder(b, {}, [{ product_id: b.products.leite, quantity: 3 }]);
    await t.db.order.update({ where: { id: o1.id }, data: { createdAt: at('2026-03-10T02:59:59.999Z') } });
    await t.db.order.update({ where: { id: o2.id }, data: { createdAt: at('2026-03-10T03:00:00.000Z') } });
    await t.db.order.update({ where: { id: o3.id }, data: { createdAt: at('2026-03-10T14:00:00.000Z') } });
    expect([o1.total, o2.total, o3.total]).toEqual([29.94, 4.99, 14.97]);
    canceled = o2.id;
  });

  const dashboard = async (query: string, token = admin) => {
    const res = await get(`/api/data-service/orders-dashboard?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('adds up GMV, orders and the average ticket per São Paulo day, store and channel', async () => {
    const stores = `location_id=${a.locationId}`;
    const d = await dashboard(`from=2026-03-09&to=2026-03-10&${stores}`);
    expect(d.per_day).toEqual([
      { date: '2026-03-09', gmv: 29.94, orders: 1, average_ticket: 29.94, canceled_orders: 0 },
      { date: '2026-03-10', gmv: 4.99, orders: 1, average_ticket: 4.99, canceled_orders: 0 },
    ]);
    expect(d.totals).toEqual({ gmv: 34.93, orders: 2, average_ticket: 17.47, canceled_orders: 0, paid_orders: 0, canceled_value: 0 });
    expect(d.channels).toEqual([
      { channel: 'vtex', gmv: 29.94, orders: 1, average_ticket: 29.94, canceled_orders: 0 },
      { channel: 'whatsapp', gmv: 4.99, orders: 1, average_ticket: 4.99, canceled_orders: 0 },
    ]);

    // Both stores: by store, from the largest GMV.
    const both = await dashboard('from=2026-03-10&to=2026-03-10');
    expect(both.stores).toEqual([
      { location_id: b.locationId, name: b.locationName, gmv: 14.97, orders: 1, average_ticket: 14.97, canceled_orders: 0 },
      { location_id: a.locationId, name: a.locationName, gmv: 4.99, orders: 1, average_ticket: 4.99, canceled_orders: 0 },
    ]);
    expect(both.totals).toMatchObject({ gmv: 19.96, orders: 2, average_ticket: 9.98 });
    const vtex = await dashboard('from=2026-03-09&to=2026-03-10&channel=vtex');
    expect(vtex.totals).toMatchObject({ gmv: 44.91, orders: 2, average_ticket: 22.46 });
  });

  it('takes a canceled order out of GMV (and a payment is counted)', async () => {
    await move(canceled, 'canceled');
    const d = await dashboard(`from=2026-03-10&to=2026-03-10&location_id=${a.locationId}`);
    expect(d.totals).toEqual({ gmv: 0, orders: 0, average_ticket: 0, canceled_orders: 1, paid_orders: 0, canceled_value: 4.99 });
    expect(d.per_day).toEqual([{ date: '2026-03-10', gmv: 0, orders: 0, average_ticket: 0, canceled_orders: 1 }]);
    const other = (await t.db.order.findFirstOrThrow({ where: { locationId: b.locationId } })).id;
    await move(other, 'paid');
    const paid = await dashboard(`from=2026-03-10&to=2026-03-10&location_id=${b.locationId}`);
    expect(paid.totals).toMatchObject({ gmv: 14.97, orders: 1, paid_orders: 1 });
  });

  it('shows another account its own zeros, and 404 for a store it does not have', async () => {
    const d = await dashboard('from=2026-03-09&to=2026-03-10', atacado);
    expect(d.totals).toEqual({ gmv: 0, orders: 0, average_ticket: 0, canceled_orders: 0, paid_orders: 0, canceled_value: 0 });
    expect(d.stores).toEqual([]);
    for (const path of ['orders', 'picking', 'conversion', 'rupture']) {
      const res = await get(`/api/data-service/${path}-dashboard?location_id=${a.locationId}`, atacado);
      expect(res.status, path).toBe(404);
      expectEnvelope(res.body, 'LOCATION_NOT_FOUND');
    }
  });
});

describe('picking and rupture dashboards', () => {
  let p: CartStore;
  let ana: number;
  let bruno: number;

  beforeAll(async () => {
    p = await createCartStore(t, admin, 'Loja Painel Separação');
    const op = (name: string) => t.db.operator.create({ data: { accountId: bomPreco, name, cpf: randomCpf(), role: 'picker' }, select: { id: true } });
    ana = (await op('Ana Separadora')).id;
    bruno = (await op('Bruno Separador')).id;
    // Windows: delivery from 08:00 and pickup from 14:00 (São Paulo) on 10 March.
    const slot = (mode: string, start: number) =>
      t.db.slot.create({ data: { accountId: bomPreco, locationId: p.locationId, mode, weekday: 2, startMinute: start, endMinute: start + 120, capacity: 10 }, select: { id: true } });
    const delivery = (await slot('delivery', 8 * 60)).id;
    const pickup = (await slot('pickup', 14 * 60)).id;

    // X: delivery, three lines: Ana picks two, Bruno finds the beans missing; 30 minutes, ready 20 minutes before 08:00.
    const x = await createOrder(p, {}, [
      { product_id: p.products.leite, quantity: 2 },
      { product_id: p.products.queijo, weight: 0.4 },
      { product_id: p.products.feijao, quantity: 1 },
    ]);
    // Y: pickup, two lines, Ana; 15 minutes, ready at 14:30 (half an hour after the window opened).
    const y = await createOrder(p, { fulfilment: 'pickup', address: undefined }, [
      { product_id: p.products.leite, quantity: 1 },
      { product_id: p.products.arroz1, quantity: 1 },
    ]);
    // Z: delivery, still not ready though its window opened.
    const z = await createOrder(p, {}, [{ product_id: p.products.leite, quantity: 1 }]);
    const line = (o: { items: Line[] }, sku: string) => o.items.find((i) => i.sku === sku)!.id;

    for (const o of [x, y, z]) await move(o.id, 'paid');
    for (const o of [x, y]) await move(o.id, 'picking');
    await pick(x.id, { operator_id: ana, items: [{ item_id: line(x, 'CART-LEITE-TREM-1L'), status: 'picked' }, { item_id: line(x, 'CART-QUEIJO-QUIX-KG'), status: 'picked', weight: 0.45 }] });
    await pick(x.id, { operator_id: bruno, items: [{ item_id: line(x, 'CART-FEIJAO-XOR-1KG'), status: 'missing' }] });
    await pick(y.id, { operator_id: ana, items: y.items.map((i) => ({ item_id: i.id, status: 'picked' })) });
    for (const o of [x, y]) {
      await move(o.id, 'picked');
      await move(o.id, 'ready');
    }
    // The times of the day under test, written straight to the rows (the triggers recount).
    const set = (id: number, slotId: number, times: Record<string, string | null>) =>
      t.db.order.update({
        where: { id },
        data: {
          slotId,
          slotDate: '2026-03-10',
          ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, v === null ? null : at(v)])),
        },
      });
    await set(x.id, delivery, { pickingStartedAt: '2026-03-10T10:00:00Z', pickedAt: '2026-03-10T10:30:00Z', readyAt: '2026-03-10T10:40:00Z' });
    await set(y.id, pickup, { pickingStartedAt: '2026-03-10T15:00:00Z', pickedAt: '2026-03-10T15:15:00Z', readyAt: '2026-03-10T17:30:00Z' });
    await set(z.id, delivery, {});
    await t.db.orderItem.updateMany({ where: { orderId: { in: [x.id, y.id] } }, data: { pickedAt: at('2026-03-10T12:00:00Z') } });
  });

  const period = () => `from=2026-03-10&to=2026-03-10&location_id=${p.locationId}`;

  it('measures time to pick, items per hour per operator and late orders', async () => {
    const res = await get(`/api/data-service/picking-dashboard?${period()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals).toEqual({
      picked_orders: 2,
      average_pick_minutes: 22.5,
      lines: 5,
      missing_lines: 1,
      items_per_hour: 6.7, // 5 lines in 45 minutes
      due_orders: 3,
      on_time_orders: 1,
      late_orders: 1,
      waiting_late_orders: 1,
      late_rate: 0.6667,
    });
    expect(res.body.per_day).toEqual([{ date: '2026-03-10', picked_orders: 2, average_pick_minutes: 22.5, due_orders: 3, on_time_orders: 1, late_orders: 1 }]);
    // Ana: two of X's three lines (20 of its 30 minutes) and Y's two (15 minutes); Bruno: one line, 10 minutes.
    expect(res.body.operators).toEqual([
      { operator_id: ana, name: 'Ana Separadora', lines: 4, missing_lines: 0, substituted_lines: 0, picking_hours: 0.58, items_per_hour: 6.9 },
      { operator_id: bruno, name: 'Bruno Separador', lines: 1, missing_lines: 1, substituted_lines: 0, picking_hours: 0.17, items_per_hour: 6 },
    ]);
    expect(res.body.late).toHaveLength(2);
    const y = res.body.late.find((l: { ready_at: string | null }) => l.ready_at !== null);
    expect(y).toMatchObject({ fulfilment: 'pickup', status: 'ready', window_start: '2026-03-10T17:00:00.000Z', ready_at: '2026-03-10T17:30:00.000Z', minutes_late: 30 });
    expect(res.body.late.find((l: { ready_at: string | null }) => l.ready_at === null)).toMatchObject({ fulfilment: 'delivery', status: 'paid', window_start: '2026-03-10T11:00:00.000Z' });

    const pickup = await get(`/api/data-service/picking-dashboard?${period()}&fulfilment=pickup`);
    expect(pickup.body.totals).toMatchObject({ picked_orders: 1, average_pick_minutes: 15, lines: 2, due_orders: 1, late_orders: 1, waiting_late_orders: 0, late_rate: 1 });
    expect(pickup.body.operators).toEqual([{ operator_id: ana, name: 'Ana Separadora', lines: 2, missing_lines: 0, substituted_lines: 0, picking_hours: 0.25, items_per_hour: 8 }]);
  });

  it('counts missing lines by product, category and store (rupture = missing ÷ picked lines)', async () => {
    const res = await get(`/api/data-service/rupture-dashboard?${period()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals).toEqual({ picked_lines: 5, missing_lines: 1, substituted_lines: 0, rupture_rate: 0.2, missing_value: 8.99 });
    expect(res.body.per_day).toEqual([{ date: '2026-03-10', picked_lines: 5, missing_lines: 1, rupture_rate: 0.2, missing_value: 8.99 }]);
    expect(res.body.products).toEqual([
      { product_id: p.products.feijao, sku: 'CART-FEIJAO-XOR-1KG', name: 'Feijão Xorumbá Carioca 1kg', category: 'Testes de carrinho', picked_lines: 1, missing_lines: 1, rupture_rate: 1, missing_value: 8.99 },
    ]);
    expect(res.body.categories).toEqual([{ category: 'Testes de carrinho', picked_lines: 5, missing_lines: 1, rupture_rate: 0.2, missing_value: 8.99 }]);
    expect(res.body.stores).toEqual([{ location_id: p.locationId, name: p.locationName, picked_lines: 5, missing_lines: 1, rupture_rate: 0.2, missing_value: 8.99 }]);
  });

  it('another account sees its own zeros', async () => {
    const pick = await get('/api/data-service/picking-dashboard?from=2026-03-10&to=2026-03-10', atacado);
    expect(pick.body.totals).toMatchObject({ picked_orders: 0, due_orders: 0, waiting_late_orders: 0, average_pick_minutes: null, items_per_hour: null });
    expect(pick.body.operators).toEqual([]);
    expect(pick.body.late).toEqual([]);
    const rupture = await get('/api/data-service/rupture-dashboard?from=2026-03-10&to=2026-03-10', atacado);
    expect(rupture.body.totals).toEqual({ picked_lines: 0, missing_lines: 0, substituted_lines: 0, rupture_rate: 0, missing_value: 0 });
    expect(rupture.body.products).toEqual([]);
  });

  it('a restart of picking takes the order’s picking out until it is picked again', async () => {
    const x = await t.db.order.findFirstOrThrow({ where: { locationId: p.locationId, fulfilment: 'delivery', pickedAt: { not: null } }, select: { id: true } });
    expect((await post(`/api/picking/restart/${x.id}`)).status).toBe(200);
    const res = await get(`/api/data-service/picking-dashboard?${period()}`);
    expect(res.body.totals).toMatchObject({ picked_orders: 1, lines: 2, average_pick_minutes: 15 });
    const rupture = await get(`/api/data-service/rupture-dashboard?${period()}`);
    expect(rupture.body.totals).toMatchObject({ picked_lines: 2, missing_lines: 0 });
  });
});

describe('conversion dashboard (carts → orders, by channel)', () => {
  it('counts carts created, approved, sent, opened, ordered and paid, and orders per channel', async () => {
    await clearOfBusinessMidnight();
    const c = await createCartStore(t, admin, 'Loja Painel Conversão');
    const cart = async () => {
      const res = await post('/api/shopping-cart/generate', { customer_id: c.customerId, location_id: c.locationId, list: 'leite integral tremelique 1L x2' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const status = (id: number, statusType: string) => t.http.put(`/api/shopping-cart/${id}/status`).set(bearer(admin)).send({ statusType });
    await cart(); // stays in review
    expect((await status(await cart(), 'approved')).status).toBe(200);
    const sent = await cart();
    await t.db.shoppingCart.update({ where: { id: sent }, data: { status: 'link_sent', linkSentAt: new Date() } });
    const opened = await cart();
    await t.db.shoppingCart.update({ where: { id: opened }, data: { status: 'opened', linkSentAt: new Date(), openedAt: new Date() } });
    const ordered = await cart();
    expect((await status(ordered, 'approved')).status).toBe(200);
    const order = await post('/api/order', { shopping_cart_id: ordered, address: ORDER_ADDRESS });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await move(order.body.order.id, 'paid');
    const direct = await createOrder(c, { channel: 'rappi' }, [{ product_id: c.products.leite, quantity: 1 }]);
    expect(direct.id).toBeGreaterThan(0);

    const today = businessDate(new Date());
    const res = await get(`/api/data-service/conversion-dashboard?from=${today}&to=${today}&location_id=${c.locationId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.carts).toEqual({ created: 5, approved: 4, link_sent: 2, opened: 1, ordered: 1, paid: 1 });
    const byChannel = Object.fromEntries(res.body.channels.map((r: { channel: string }) => [r.channel, r]));
    expect(byChannel.shopping_cart).toEqual({ channel: 'shopping_cart', orders: 1, paid_orders: 1, completed_orders: 0, canceled_orders: 0, payment_rate: 1 });
    expect(byChannel.rappi).toEqual({ channel: 'rappi', orders: 1, paid_orders: 0, completed_orders: 0, canceled_orders: 0, payment_rate: 0 });
    expect(byChannel.vtex).toMatchObject({ orders: 0, payment_rate: 0 });
    expect(res.body.per_day).toEqual([{ date: today, carts_created: 5, carts_ordered: 1, orders: 2, paid_orders: 1 }]);

    const other = await get(`/api/data-service/conversion-dashboard?from=${today}&to=${today}`, atacado);
    expect(other.body.carts).toEqual({ created: 0, approved: 0, link_sent: 0, opened: 0, ordered: 0, paid: 0 });
  });
});

describe('rollups', () => {
  it('order_stats_rebuild gives back exactly what the triggers kept', async () => {
    const kept = await rollups(bomPreco);
    expect(kept.daily.length).toBeGreaterThan(0);
    expect(kept.picking.length).toBeGreaterThan(0);
    expect(kept.items.length).toBeGreaterThan(0);
    // As a bulk loader leaves them: emptied, then rebuilt.
    for (const table of ['order_daily_stats', 'order_item_daily_stats', 'order_picking_stats', 'order_pick_facts']) {
      await t.db.$executeRawUnsafe(`DELETE FROM ${table} WHERE account_id = $1`, bomPreco);
    }
    await t.db.$executeRawUnsafe('SELECT order_stats_rebuild($1)', bomPreco);
    expect(await rollups(bomPreco)).toEqual(kept);
  });

  it('follow raw SQL writes and deletes', async () => {
    const before = await rollups(bomPreco);
    const order = await t.db.order.findFirstOrThrow({ where: { accountId: bomPreco, status: 'created' }, select: { id: true } });
    await t.db.$executeRawUnsafe('UPDATE orders SET total_cents = total_cents + 100 WHERE id = $1', order.id);
    await t.db.$executeRawUnsafe('DELETE FROM orders WHERE id = $1', order.id);
    const after = await rollups(bomPreco);
    await t.db.$executeRawUnsafe('SELECT order_stats_rebuild($1)', bomPreco);
    expect(await rollups(bomPreco)).toEqual(after);
    expect(after).not.toEqual(before);
  });
});

describe('bad input', () => {
  it('400 naming the field for a period over the maximum or ending before it starts', async () => {
    for (const path of ['orders', 'picking', 'conversion', 'rupture']) {
      const long = await get(`/api/data-service/${path}-dashboard?from=2025-01-01&to=2026-03-10`);
      expect(long.status, path).toBe(400);
      const e = expectEnvelope(long.body, 'VALIDATION_ERROR');
      expect(e.details).toEqual([expect.objectContaining({ field: 'to', message: `O período pode ter no máximo ${ORDER_DASHBOARD_MAX_DAYS} dias.` })]);
      const reversed = await get(`/api/data-service/${path}-dashboard?from=2026-03-10&to=2026-03-09`);
      expect(reversed.status, path).toBe(400);
      expect(expectEnvelope(reversed.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('to');
    }
    const mode = await get('/api/data-service/picking-dashboard?fulfilment=drone');
    expect(mode.status).toBe(400);
    expect(expectEnvelope(mode.body).details?.[0]?.field).toBe('fulfilment');
  });

  it('defaults to the last 30 São Paulo days', async () => {
    const res = await get('/api/data-service/orders-dashboard');
    expect(res.status).toBe(200);
    expect(res.body.per_day).toHaveLength(30);
    expect(res.body.to).toBe(businessDate(new Date()));
  });
});
