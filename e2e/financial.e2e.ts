import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

interface FullOrder {
  order: { id: number; number: number; status: string; total: number };
}
interface Transaction {
  id: number;
  status: string;
  captured_amount: number;
  refundable_amount: number;
}

describe('financial: payments by store and method, per-transaction list and CSV, the order payment card', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const storeName = `Loja Financeiro ${stamp}`;
  let token = '';
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };
  let customerId = 0;
  let paid: FullOrder;
  let pix: FullOrder;
  let refused: FullOrder;

  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  }

  /** Both widths of a screen: 1366 px, then 1024 px, back to 1366. */
  async function pictures(name: string) {
    await dismissToasts(page);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-1024`);
    await page.setViewportSize({ width: 1366, height: 860 });
  }

  const intake = (externalId: string) =>
    call<FullOrder>('POST', '/api/order', {
      customer_id: customerId,
      location_id: store.id,
      channel: 'vtex',
      external_id: externalId,
      items: [{ sku: `arroz-${stamp}`, quantity: 4 }],
      fulfilment: 'delivery',
      address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' },
    });

  const card = (number: string) => ({ number, holder_name: 'MARIA A SILVA', expiry_month: 12, expiry_year: new Date().getFullYear() + 2, cvv: '123' });
  const transactions = (orderId: number) => call<{ data: Transaction[] }>('GET', `/api/payment-hub/transactions?order_id=${orderId}`).then((r) => r.data);

  beforeAll(async () => {
    token = await apiToken(base, 'admin@varejo.test');
    const created = await call('POST', '/api/location', {
      name: storeName,
      cnpj: '11222333000181',
      phone: '+551130001000',
      address: { zip_code: '05422-000', street: 'Rua dos Pinheiros', number: '900', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP' },
      latitude: -23.566,
      longitude: -46.684,
    });
    store = (created.location ?? created) as { id: number; name: string };
    const items = [{ sku: `arroz-${stamp}`, name: 'Arroz Tipo 1 Campo Alto 5kg', categories: ['Mercearia'], price: 27.9, stock: 100, store: String(store.id), store_stock: 40, store_available: true }];
    const started = (await call('POST', '/api/integration/products', { items })).import as { id: number };
    for (let i = 0; ; i++) {
      const answer = await call('GET', `/api/product/import/${started.id}`);
      const { status } = (answer.import ?? answer) as { status: string };
      if (status === 'done') break;
      if (status === 'failed' || i > 120) throw new Error(`product import ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const customer = await call<{ customer: { id: number } }>('POST', '/api/customer/', { name: `Carla Financeiro ${stamp}`, phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
    customerId = customer.customer.id;

    // One paid by the simulator's approving card, then partly refunded; one paid by Pix; one refused card.
    paid = await intake(`FIN-A-${stamp}`);
    pix = await intake(`FIN-B-${stamp}`);
    refused = await intake(`FIN-C-${stamp}`);
    await call('POST', `/api/payment-hub/payment/${paid.order.id}`, { method: 'credit_card', card: card('4111111111111111'), installments: 1 });
    await call('POST', `/api/payment-hub/payment/${pix.order.id}`, { method: 'pix', installments: 1 });
    await call('POST', `/api/payment-hub/payment/${refused.order.id}`, { method: 'credit_card', card: card('4000000000009995'), installments: 1 });
    // The simulator's webhook captures the approved card and the Pix a moment later.
    for (const order of [paid, pix]) {
      for (let i = 0; (await transactions(order.order.id))[0]?.status !== 'captured'; i++) {
        if (i > 60) throw new Error(`the simulator did not capture order ${order.order.number}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await call('PUT', `/api/payment-hub/payment/refund/${paid.order.id}`, { amount: 10, reason: 'Item em falta' }, { 'Idempotency-Key': randomUUID() });

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('/financial/payments shows the store’s received, refunded and pending money, a chart per day and the table with totals', async () => {
    await page.goto(`${base}/financial/payments?location_id=${store.id}`);
    await page.getByRole('heading', { level: 2, name: 'Pagamentos' }).waitFor();
    const received = page.getByTestId('financial-kpi-received');
    await received.waitFor();
    const total = paid.order.total + pix.order.total;
    const brl = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v).replace(/\u00a0/g, ' ');
    const text = async (testId: string) => (await page.getByTestId(testId).innerText()).replace(/\u00a0/g, ' ');
    await expect.poll(() => text('financial-kpi-received')).toContain(brl(total));
    expect(await text('financial-kpi-refunded')).toContain('R$ 10,00');
    expect(await text('financial-kpi-received')).toContain('2 pagamentos');
    expect(await text('financial-kpi-pending')).toContain('R$ 0,00');
    expect(await text('financial-kpi-net')).toContain(brl(total - 10));
    // Days without money draw zero-height (hidden) bars: count them, then the page is drawn.
    await expect.poll(() => page.getByTestId('financial-chart').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('financial-row').count()).toBe(2);
    expect(await text('financial-totals-row')).toContain(brl(total));
    await pictures('financial-payments');

    await page.getByTestId('financial-period').getByText('Hoje').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('today');
    await expect.poll(() => text('financial-kpi-received')).toContain(brl(total));
  });

  it('/financial/payments_old lists the transactions, links each to its order and exports the CSV with the same filters', async () => {
    await page.goto(`${base}/financial/payments_old?location_id=${store.id}`);
    await page.getByTestId('transaction-row').first().waitFor();
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(3);
    const all = await page.getByTestId('transactions-table').innerText();
    expect(all).toContain(`Pedido #${paid.order.number}`);
    expect(all).toContain('Recusado');
    expect(all).toContain('Pix');
    expect(all).toContain('Saldo ou limite insuficiente');
    await pictures('financial-payments-old');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(String(paid.order.number));
    expect(csv).toContain(String(refused.order.number));

    await choose(page, field(page, 'Status'), 'Recusado');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('refused');
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(1);
    expect(await page.getByTestId('transaction-row').innerText()).toContain(`Pedido #${refused.order.number}`);
    // Clearing the filters clears the store too: the account's every transaction of the period (the seed's among them).
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(null);
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBeGreaterThanOrEqual(3);
    await page.goto(`${base}/financial/payments_old?location_id=${store.id}`);
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(3);

    await page.getByRole('link', { name: `Pedido #${paid.order.number}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/order/${paid.order.id}`);
  });

  it('the order page shows the payment card when it is plugged in', async () => {
    await page.goto(`${base}/order/${paid.order.id}`);
    await page.getByTestId('order-timeline').waitFor();
    const cardPlugged = (await page.getByTestId('order-payment-card').count()) > 0;
    // The coordinator plugs the card into the order page; until then there is nothing to picture.
    if (!cardPlugged) return;
    await page.getByTestId('payment-transaction').first().waitFor();
    await expect.poll(async () => (await page.getByTestId('order-payment-card').innerText()).replace(/\u00a0/g, ' ')).toContain('R$ 10,00');
    await pictures('financial-order-payment-card');
  });
});
