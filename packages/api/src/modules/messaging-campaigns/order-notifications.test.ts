import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEMPLATE_EVENTS, type NotificationTemplateEvent, type OrderStatus } from '@backoffice/contracts';
import { bearer, type TestApp } from '../../../test/helpers.ts';
import { ordersTestBed, placeOrder } from '../../../test/fixtures/orders.ts';
import type { CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { createOrderNotificationsRepo } from './order-notifications.repo.ts';
import { createOrderNotifications, fillNotification, formatReais } from './order-notifications.ts';

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let store: CartStore;
let customer: { id: number; name: string; phone: string };

/** Bom Preço's templates: the event first, then every placeholder. */
const messageOf = (event: string) => `[${event}] Olá, {{nome}}! Pedido {{pedido}} da {{loja}}: {{total}}. {{outro}}`;
const templates = new Map<NotificationTemplateEvent, number>();

const api = (token = admin) => ({
  get: (path: string, query: Record<string, string> = {}) => t.http.get(path).query(query).set(bearer(token)),
  post: (path: string, body?: unknown) => t.http.post(path).set(bearer(token)).send(body as object),
  put: (path: string, body: unknown) => t.http.put(path).set(bearer(token)).send(body as object),
  del: (path: string) => t.http.delete(path).set(bearer(token)),
});

/** Replaces the account's notification templates by one for each of these events. */
async function setTemplates(token: string, events: readonly NotificationTemplateEvent[], message: (event: string) => string) {
  for (const existing of (await api(token).get('/api/notification/templates')).body.data as Array<{ id: number }>) {
    expect((await api(token).del(`/api/notification/templates/${existing.id}`)).status).toBe(200);
  }
  const ids = new Map<NotificationTemplateEvent, number>();
  for (const event of events) {
    const res = await api(token).post('/api/notification/templates', { event, name: `Aviso ${event}`, message: message(event), active: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.set(event, res.body.id);
  }
  return ids;
}

async function move(orderId: number, status: OrderStatus) {
  const res = await api().post(`/api/picking/status/${orderId}`, { status });
  expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(200);
}

/** The order's notifications once every job ran, oldest first. */
async function notificationsOf(orderId: number) {
  await t.drainJobs();
  return t.db.outboundMessage.findMany({
    where: { subjectType: 'order_notification', subjectId: orderId },
    orderBy: { id: 'asc' },
    select: { id: true, accountId: true, to: true, body: true, content: true, customerId: true, dedupKey: true, status: true, sentAt: true, providerMessageId: true },
  });
}

/** What a filled message reads, the total as Intl's currency (its no-break space as a space). */
function expected(event: string, order: { number: number; total: number }) {
  const total = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(order.total).replace(/\s/g, ' ');
  return `[${event}] Olá, ${customer.name.split(' ')[0]}! Pedido ${order.number} da ${store.locationName}: ${total}. {{outro}}`;
}

beforeAll(async () => {
  ({ t, admin, atacado, store, bomPreco } = await ordersTestBed('Loja Notificações Centro'));
  // Transactional messages: the customer never accepted marketing messages.
  const row = await t.db.customer.update({ where: { id: store.customerId }, data: { optIn: false }, select: { id: true, name: true, phone: true, accountId: true } });
  expect(row.accountId).toBe(bomPreco);
  customer = { id: row.id, name: row.name, phone: row.phone! };
  const mine = await setTemplates(admin, NOTIFICATION_TEMPLATE_EVENTS, messageOf);
  for (const [event, id] of mine) templates.set(event, id);
  // Another account with a template for every event: never used for Bom Preço's orders.
  await setTemplates(atacado, NOTIFICATION_TEMPLATE_EVENTS, (event) => `ATACADO ${event} {{nome}}`);
  // The embedded database (PGlite) is migrated and seeded per file: slow on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('placeholders', () => {
  it('fills {{nome}}, {{pedido}}, {{loja}} and {{total}} (R$ with thousands), leaving other braces as written', () => {
    const order = { id: 1, number: 1007, totalCents: 123456n, location: { name: 'Loja Centro' }, customer: { id: 2, name: '  Ana Maria Souza', phone: '+5511900000000' } };
    expect(fillNotification('{{nome}}, o pedido {{pedido}} da {{loja}} ({{total}}) {{Nome}} {{ total }}; {{nome}}!', order)).toBe(
      'Ana, o pedido 1007 da Loja Centro (R$ 1.234,56) {{Nome}} {{ total }}; Ana!',
    );
    expect(formatReais(5n)).toBe('R$ 0,05');
    expect(formatReais(100_000_000)).toBe('R$ 1.000.000,00');
  });
});

describe('order notifications', () => {
  it('sends one WhatsApp message for each status a delivery order reaches that names an event, placeholders filled', async () => {
    // 25 kg of cheese: a total past R$ 1.000 shows the thousands separator.
    const { order } = await placeOrder(t, admin, store, { items: [{ product_id: store.products.queijo, quantity: 1, weight: 25 }] });
    expect(order.total).toBeGreaterThan(1000);
    for (const status of ['paid', 'picking', 'picked', 'ready', 'out_for_delivery', 'delivered'] as const) await move(order.id, status);
    const sent = await notificationsOf(order.id);
    const events = ['order_paid', 'order_picking', 'order_ready', 'order_out_for_delivery', 'order_delivered'];
    expect(sent.map((m) => m.dedupKey)).toEqual(events.map((e) => `order_notification:${order.id}:${e}`));
    for (const [i, m] of sent.entries()) {
      const body = expected(events[i]!, order);
      expect(m).toMatchObject({ to: customer.phone, body, content: { kind: 'text', text: body }, customerId: customer.id });
      // Handed to the provider (the simulator may have delivered it since).
      expect(m.sentAt).not.toBeNull();
      expect(m.body).not.toContain('ATACADO');
    }
    expect(sent[0]!.body).toContain('R$ 1.');
  });

  it('sends awaiting_pickup for a pickup order (picked_up sends nothing), and canceled for a canceled one', async () => {
    const { order } = await placeOrder(t, admin, store, { fulfilment: 'pickup', address: undefined });
    for (const status of ['paid', 'picking', 'picked', 'ready', 'awaiting_pickup', 'picked_up'] as const) await move(order.id, status);
    const sent = await notificationsOf(order.id);
    expect(sent.map((m) => m.dedupKey.split(':')[2])).toEqual(['order_paid', 'order_picking', 'order_ready', 'order_awaiting_pickup']);
    expect(sent.at(-1)!.body).toBe(expected('order_awaiting_pickup', order));

    const { order: other } = await placeOrder(t, admin, store);
    expect((await notificationsOf(other.id))).toEqual([]);
    const canceled = await api().post(`/api/order/cancel/${other.id}`);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const [message, ...rest] = await notificationsOf(other.id);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ body: expected('order_canceled', other), dedupKey: `order_notification:${other.id}:order_canceled` });
    expect(message!.sentAt).not.toBeNull();
  });

  it('sends nothing for an inactive template, a deleted one, or one only another account has', async () => {
    const paid = templates.get('order_paid')!;
    const off = await api().put('/api/notification/templates', { id: paid, event: 'order_paid', name: 'Aviso order_paid', message: messageOf('order_paid'), active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await api().del(`/api/notification/templates/${templates.get('order_picking')!}`)).status).toBe(200);
    templates.delete('order_picking');
    try {
      const { order } = await placeOrder(t, admin, store);
      await move(order.id, 'paid');
      await move(order.id, 'picking');
      // Atacado's active order_picking template is not Bom Preço's: nothing.
      expect(await t.db.notificationTemplate.count({ where: { event: 'order_picking', active: true, account: { slug: 'bom-preco-atacado' } } })).toBe(1);
      expect(await notificationsOf(order.id)).toEqual([]);
      await move(order.id, 'picked');
      await move(order.id, 'ready');
      expect((await notificationsOf(order.id)).map((m) => m.dedupKey)).toEqual([`order_notification:${order.id}:order_ready`]);
    } finally {
      await api().put('/api/notification/templates', { id: paid, event: 'order_paid', name: 'Aviso order_paid', message: messageOf('order_paid'), active: true });
      const again = await api().post('/api/notification/templates', { event: 'order_picking', name: 'Aviso order_picking', message: messageOf('order_picking'), active: true });
      templates.set('order_picking', again.body.id);
    }
  });

  it('sends an order and event once: a status reached again, or its job run again, sends nothing more', async () => {
    const { order } = await placeOrder(t, admin, store);
    for (const status of ['paid', 'picking', 'picked', 'ready'] as const) await move(order.id, status);
    const first = await notificationsOf(order.id);
    expect(first.map((m) => m.dedupKey.split(':')[2])).toEqual(['order_paid', 'order_picking', 'order_ready']);
    // Picking restarts: picking and ready are reached a second time.
    for (const status of ['picking', 'picked', 'ready'] as const) await move(order.id, status);
    // The send job itself replayed (a new job id, as after the queue forgot the first).
    await t.app.queue.add('order-notifications.send', { accountId: first[0]!.accountId, orderId: order.id, event: 'order_ready' });
    // The same messages, each handed to the provider once (its first send and provider id kept).
    const pick = (rows: typeof first) => rows.map((m) => ({ id: m.id, dedupKey: m.dedupKey, sentAt: m.sentAt, providerMessageId: m.providerMessageId }));
    expect(pick(await notificationsOf(order.id))).toEqual(pick(first));
  });

  it('sends nothing, and fails nothing, when the customer has no phone', async () => {
    const { order } = await placeOrder(t, admin, store, { customer_id: store.noPhoneCustomerId });
    await move(order.id, 'paid');
    await move(order.id, 'picking');
    expect(await notificationsOf(order.id)).toEqual([]);
    expect(await t.db.outboundMessage.count({ where: { customerId: store.noPhoneCustomerId } })).toBe(0);
    // The job's own run: it answers without an error (no retry, nothing logged).
    const sender = createOrderNotifications({ repo: createOrderNotificationsRepo(t.db), messaging: t.app.messaging, queue: t.app.queue, log: t.app.log });
    await expect(sender.send({ accountId: bomPreco, orderId: order.id, event: 'order_paid' })).resolves.toBeUndefined();
  });
});
