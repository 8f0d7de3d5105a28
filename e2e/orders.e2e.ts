import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

interface FullOrder {
  order: { id: number; number: number; status: string };
  next_statuses: string[];
}

describe('orders: list, detail with moves and timeline, board', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const customerName = `Joana Pedidos ${stamp}`;
  let token = '';
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };
  let customerId = 0;
  let walked: FullOrder;
  let raced: FullOrder;
  let canceled: FullOrder;
  let dragged: FullOrder;
  let day: FullOrder;

  async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  }

  /** Both widths of a screen: 1366 px, then 1024 px (the mobile layout's edge), back to 1366. */
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
      items: [
        { sku: `leite-${stamp}`, quantity: 3 },
        { sku: `queijo-${stamp}`, weight: 0.4 },
      ],
      fulfilment: 'delivery',
      address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' },
    });

  const events = () => page.getByTestId('order-event').count();
  const column = (status: string) => page.locator(`[data-testid="board-column"][data-status="${status}"]`);
  const inColumn = (status: string, orderId: number) => column(status).locator(`[data-order-id="${orderId}"]`).count();
  const boardCard = (orderId: number) => page.locator(`[data-testid="board-card"][data-order-id="${orderId}"]`);

  /** Drags the order's card on the board to the column of `to` (the mouse stays down until `whileDragging` is done) and confirms. */
  async function drag(orderId: number, to: string, whileDragging: () => Promise<void> = async () => {}) {
    await boardCard(orderId).hover();
    await page.mouse.down();
    const target = await column(to).boundingBox();
    await page.mouse.move(target!.x + target!.width / 2, target!.y + 60, { steps: 8 });
    await whileDragging();
    await page.mouse.up();
    const dialog = page.getByRole('dialog');
    const text = await dialog.innerText();
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => inColumn(to, orderId)).toBe(1);
    return text;
  }

  /** Moves the order's card through its menu to the column labelled `label`, and confirms. */
  async function menuMove(orderId: number, number: number, label: string, to: string) {
    await boardCard(orderId).getByRole('button', { name: `Mover o pedido #${number}` }).click();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mover', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => inColumn(to, orderId)).toBe(1);
  }

  /** Clicks "Mover para {label}" and confirms it in the modal. */
  async function move(label: string) {
    await page.getByTestId('order-actions').getByRole('button', { name: `Mover para ${label}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    token = await apiToken(base, 'admin@varejo.test');
    const created = await call('POST', '/api/location', {
      name: `Loja Pedidos ${stamp}`,
      cnpj: '11222333000181',
      phone: '+551130001000',
      address: { zip_code: '05422-000', street: 'Rua dos Pinheiros', number: '900', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP' },
      latitude: -23.566,
      longitude: -46.684,
    });
    store = (created.location ?? created) as { id: number; name: string };
    const product = (sku: string, name: string, price: number, extra: Record<string, unknown> = {}) => ({
      sku: `${sku}-${stamp}`, name, categories: ['Laticínios'], price, stock: 100, store: String(store.id), store_stock: 40, store_available: true, ...extra,
    });
    const items = [
      product('leite', 'Leite Integral Campo Alto 1L', 5.49),
      product('queijo', 'Queijo Minas Frescal', 49.9, { unit_measurement: 'kg', weight_per_unit: 0.5 }),
      // The substitute the customer accepts when the whole milk is missing.
      product('desnatado', `Leite Desnatado Campo Alto ${stamp}`, 5.79),
    ];
    const started = (await call('POST', '/api/integration/products', { items })).import as { id: number };
    for (let i = 0; ; i++) {
      const answer = await call('GET', `/api/product/import/${started.id}`);
      const { status } = (answer.import ?? answer) as { status: string };
      if (status === 'done') break;
      if (status === 'failed' || i > 120) throw new Error(`product import ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const customer = await call<{ customer: { id: number } }>('POST', '/api/customer/', { name: customerName, phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` });
    customerId = customer.customer.id;
    walked = await intake(`VTEX-A-${stamp}`);
    raced = await intake(`VTEX-B-${stamp}`);
    canceled = await intake(`VTEX-C-${stamp}`);
    dragged = await intake(`VTEX-D-${stamp}`);
    await call('POST', `/api/picking/status/${dragged.order.id}`, { status: 'paid' });
    day = await intake(`VTEX-E-${stamp}`);

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('lists the orders and finds one by store, channel, status and number, all in the URL', async () => {
    await page.goto(`${base}/orders/list`);
    await page.getByRole('heading', { level: 2, name: 'Pedidos' }).waitFor();
    await page.getByTestId('order-row').first().waitFor();
    await pictures('orders-list');

    await choose(page, field(page, 'Loja'), store.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    // Five orders of the store; four still created (the fourth, for the board drag, is paid).
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(5);
    await choose(page, field(page, 'Canal'), 'VTEX');
    await choose(page, field(page, 'Status'), 'Criado');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('created');
    expect(new URL(page.url()).searchParams.get('channel')).toBe('vtex');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(4);
    // 3 × 5,49 + 0,4 kg × 49,90
    expect(await page.getByTestId('order-row').first().innerText()).toContain('R$');

    await field(page, 'Número').fill(String(walked.order.number));
    await expect.poll(() => new URL(page.url()).searchParams.get('number')).toBe(String(walked.order.number));
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    const row = page.getByTestId('order-row').first();
    expect(await row.innerText()).toContain(customerName);
    expect(await row.innerText()).toContain('Criado');
    await pictures('orders-list-filtered');

    await field(page, 'Número').fill('999999999');
    await page.getByText('Nenhum pedido encontrado.').waitFor();
    await pictures('orders-list-empty');
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('opens the order from the list and walks it paid → picking → picked, the timeline growing', async () => {
    await page.goto(`${base}/orders/list?number=${walked.order.number}`);
    await page.getByTestId('order-row').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/order/${walked.order.id}`);
    await page.getByTestId('order-timeline').waitFor();
    expect(await page.getByTestId('order-item').count()).toBe(2);
    expect(await page.getByTestId('order-customer').innerText()).toBe(customerName);
    expect(await events()).toBe(1);
    await pictures('order-detail');

    await page.getByTestId('order-actions').getByRole('button', { name: 'Mover para Pago', exact: true }).click();
    await pictures('order-move-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Mover', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(events).toBe(2);
    await move('Em separação');
    await expect.poll(events).toBe(3);
    await move('Separado');
    await expect.poll(events).toBe(4);
    expect(await page.getByTestId('order-timeline').innerText()).toContain('Em separação → Separado');
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('picked');
    await pictures('order-detail-picked');
  });

  it('refetches on the socket when someone else moves the order, and shows a refused move in the server words', async () => {
    await page.goto(`${base}/order/${raced.order.id}`);
    await page.getByTestId('order-timeline').waitFor();
    await page.getByTestId('order-actions').getByRole('button', { name: 'Mover para Pago', exact: true }).click();
    // Meanwhile another person moves it: the page hears order_changed and reloads it.
    await call('POST', `/api/picking/status/${raced.order.id}`, { status: 'paid' });
    await expect.poll(events, { timeout: 15_000 }).toBe(2);
    await page.getByRole('dialog').getByRole('button', { name: 'Mover', exact: true }).click();
    const error = page.getByTestId('order-error');
    await error.waitFor();
    expect((await error.innerText()).length).toBeGreaterThan(5);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar', exact: true }).click();
    await pictures('order-refused');
  });

  it('cancels another order after confirming', async () => {
    await page.goto(`${base}/order/${canceled.order.id}`);
    await page.getByTestId('order-timeline').waitFor();
    await page.getByTestId('order-actions').getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(events).toBe(2);
    expect(await page.getByTestId('order-timeline').innerText()).toContain('Criado → Cancelado');
    expect(await page.getByTestId('order-actions').count()).toBe(0);
    await pictures('order-canceled');
  });

  it('shows the board by status, live, and moves a card through its menu', async () => {
    await page.goto(`${base}/orders/board`);
    await page.getByTestId('orders-board').waitFor();
    await expect.poll(() => boardCard(walked.order.id).count()).toBe(1);
    expect(await inColumn('picked', walked.order.id)).toBe(1);
    await pictures('orders-board');
    await menuMove(walked.order.id, walked.order.number, 'Pronto', 'ready');
    // Live: an order moved elsewhere lands in its new column without a reload.
    await call('POST', `/api/picking/status/${raced.order.id}`, { status: 'picking' });
    await expect.poll(() => page.locator('[data-testid="board-column"][data-status="picking"]').locator(`[data-order-id="${raced.order.id}"]`).count(), { timeout: 15_000 }).toBe(1);
  });

  it('drags a card on the board to the next column, after confirming', async () => {
    await page.goto(`${base}/orders/board`);
    await page.getByTestId('orders-board').waitFor();
    await expect.poll(() => inColumn('paid', dragged.order.id)).toBe(1);
    // Mid-drag: the columns the order may go to are highlighted (from the API's next statuses), the rest dimmed.
    const asked = await drag(dragged.order.id, 'picking', async () => {
      await expect.poll(() => column('delivered').getAttribute('data-drop')).toBe('blocked');
      expect(await column('picking').getAttribute('data-drop')).toBe('allowed');
      await page.screenshot({ path: `${import.meta.dirname}/screenshots/orders-board-dragging-desktop.png`, animations: 'disabled' });
    });
    expect(asked).toContain('O pedido passa de “Pago” para “Em separação”');
    expect(await inColumn('paid', dragged.order.id)).toBe(0);
    await pictures('orders-board-after-drag');
  });

  it('picks the items on the order page: one substituted by an accepted alternative, one weighed', async () => {
    await page.goto(`${base}/order/${dragged.order.id}`);
    await page.getByTestId('order-timeline').waitFor();
    const before = await page.getByTestId('order-total').innerText();
    await page.getByRole('button', { name: 'Separar itens' }).click();
    const panel = page.getByRole('dialog', { name: `Separação do pedido #${dragged.order.number}` });
    await panel.waitFor();
    const [milk, cheese] = [panel.getByTestId('picking-line').nth(0), panel.getByTestId('picking-line').nth(1)];
    expect(await milk.innerText()).toContain('Leite Integral Campo Alto 1L');

    await milk.getByRole('button', { name: 'Substituir…' }).click();
    await milk.getByRole('textbox', { name: 'Produto substituto' }).fill(`desnatado ${stamp}`);
    await milk.getByRole('button', { name: `Escolher: Leite Desnatado Campo Alto ${stamp}` }).click();
    await milk.getByRole('checkbox', { name: 'Cliente aceitou a substituição' }).check();
    await cheese.getByRole('button', { name: 'Separado' }).click();
    await cheese.getByRole('textbox', { name: 'Peso (kg): Queijo Minas Frescal' }).fill('0,45');
    await dismissToasts(page);
    await screenshot(page, 'order-picking-panel-desktop');
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(300);
    await screenshot(page, 'order-picking-panel-1024');
    await page.setViewportSize({ width: 1366, height: 860 });

    await panel.getByRole('button', { name: 'Registrar separação' }).click();
    const confirm = page.getByRole('dialog', { name: `Registrar a separação do pedido #${dragged.order.number}` });
    expect(await confirm.innerText()).toContain('1 separado(s), 1 substituído(s), 0 em falta e 0 incluído(s)');
    await confirm.getByRole('button', { name: 'Registrar', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => milk.innerText()).toContain(`Substituído por Leite Desnatado Campo Alto ${stamp}`);
    await panel.getByRole('button', { name: 'Fechar' }).click();
    await panel.waitFor({ state: 'detached' });
    const lines = page.getByTestId('order-item');
    expect(await lines.nth(0).innerText()).toContain('Substituído');
    expect(await lines.nth(1).innerText()).toContain('Separado: 0,45 kg');
    // 0,45 kg instead of 0,4 kg and 5,79 instead of 5,49: the answer's totals replace the old ones.
    await expect.poll(() => page.getByTestId('order-total').innerText()).not.toBe(before);
    expect(await page.getByTestId('order-timeline').innerText()).toContain('1 substituído(s)');
    await pictures('order-picked-items');
  });

  it('runs an order’s day: paid by card on its page, through the board to delivered with a substitution (its difference charged), then partly refunded', async () => {
    await page.goto(`${base}/order/${day.order.id}`);
    const card = page.getByTestId('order-payment-card');
    await card.getByRole('button', { name: 'Cobrar' }).click();
    const charge = page.getByRole('dialog', { name: `Cobrar o pedido #${day.order.number}` });
    const method = charge.getByRole('textbox', { name: 'Forma de pagamento', exact: true }).or(charge.getByRole('combobox', { name: 'Forma de pagamento', exact: true })).first();
    // Debit: the account's credit card asks a minimum order this one does not reach.
    await choose(page, method, 'Cartão de débito');
    await charge.getByTestId('charge-test-cards').getByRole('button', { name: '4111111111111111' }).click();
    await charge.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('JOANA PEDIDOS');
    await charge.getByRole('textbox', { name: 'CVV' }).fill('123');
    await charge.getByRole('button', { name: 'Continuar' }).click();
    await charge.getByTestId('charge-confirm').getByRole('button', { name: 'Cobrar', exact: true }).click();
    await expect.poll(async () => ((await charge.count()) ? await charge.innerText() : 'closed')).toBe('closed');
    // The simulator confirms by webhook a moment later: the card and the order follow by themselves.
    await expect.poll(() => page.locator('[data-status]').first().getAttribute('data-status'), { timeout: 20_000 }).toBe('paid');
    await expect.poll(() => card.getByTestId('payment-transaction').first().getAttribute('data-tx-status'), { timeout: 20_000 }).toBe('captured');

    await page.goto(`${base}/orders/board`);
    await page.getByTestId('orders-board').waitFor();
    await expect.poll(() => inColumn('paid', day.order.id)).toBe(1);
    await drag(day.order.id, 'picking');
    // The store picks it: the milk is missing and the customer accepts the skimmed one; the cheese weighs 0,42 kg.
    const full = await call<{ items: Array<{ id: number; sku: string }> }>('GET', `/api/order/full-order/${day.order.id}`);
    const itemOf = (sku: string) => full.items.find((i) => i.sku === `${sku}-${stamp}`)!.id;
    await call('POST', `/api/order/items/${day.order.id}`, {
      items: [
        { item_id: itemOf('leite'), status: 'substituted', substitute: { sku: `desnatado-${stamp}`, accepted: true } },
        { item_id: itemOf('queijo'), status: 'picked', weight: 0.42 },
      ],
    });
    // The cheese weighed more and the substitute costs more: the payment card shows what is owed, and the difference is charged there.
    await page.goto(`${base}/order/${day.order.id}`);
    const owed = card.getByTestId('payment-owed');
    await owed.waitFor();
    expect((await owed.innerText()).replace(/\u00a0/g, ' ')).toMatch(/faltam R\$ \d+,\d{2} a cobrar/);
    await pictures('order-payment-owed');
    await card.getByRole('button', { name: 'Cobrar diferença' }).click();
    const difference = page.getByRole('dialog', { name: `Cobrar a diferença do pedido #${day.order.number}` });
    const differenceMethod = difference
      .getByRole('textbox', { name: 'Forma de pagamento', exact: true })
      .or(difference.getByRole('combobox', { name: 'Forma de pagamento', exact: true }))
      .first();
    await choose(page, differenceMethod, 'Cartão de débito');
    await difference.getByTestId('charge-test-cards').getByRole('button', { name: '4111111111111111' }).click();
    await difference.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('JOANA PEDIDOS');
    await difference.getByRole('textbox', { name: 'CVV' }).fill('123');
    await difference.getByRole('button', { name: 'Continuar' }).click();
    expect(await difference.getByTestId('charge-confirm').innerText()).toContain('Cobrar a diferença de');
    await difference.getByTestId('charge-confirm').getByRole('button', { name: 'Cobrar', exact: true }).click();
    await expect.poll(async () => ((await difference.count()) ? await difference.innerText() : 'closed')).toBe('closed');
    // Captured by the simulator's webhook: nothing is owed any more, and the order never left picking.
    await owed.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await card.getByTestId('payment-transaction').count()).toBe(2);
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('picking');
    await expect.poll(() => page.getByTestId('order-timeline').innerText()).toContain('Diferença paga: Cartão de débito');
    await page.goto(`${base}/orders/board`);
    await page.getByTestId('orders-board').waitFor();
    await menuMove(day.order.id, day.order.number, 'Separado', 'picked');
    await menuMove(day.order.id, day.order.number, 'Pronto', 'ready');
    await menuMove(day.order.id, day.order.number, 'Saiu para entrega', 'out_for_delivery');
    await menuMove(day.order.id, day.order.number, 'Entregue', 'delivered');

    await page.goto(`${base}/order/${day.order.id}`);
    await card.getByRole('button', { name: 'Reembolsar' }).click();
    const refund = page.getByRole('dialog', { name: `Reembolsar o pedido #${day.order.number}` });
    await refund.getByRole('textbox', { name: 'Valor do reembolso' }).fill('5,00');
    await refund.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Queijo com peso menor que o pedido');
    await refund.getByRole('button', { name: 'Continuar' }).click();
    await refund.getByTestId('refund-confirm').getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await refund.waitFor({ state: 'detached' });
    await card.getByTestId('payment-card-message').waitFor();
    await expect.poll(async () => (await card.getByTestId('payment-refund').allInnerTexts()).join(' ').replace(/\u00a0/g, ' ')).toContain('R$ 5,00');
    // A partial refund changes no status: the order stays delivered, with its substitution on record.
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('delivered');
    expect(await page.getByTestId('order-item').nth(0).innerText()).toContain('Substituído');
    await pictures('order-day-refunded');
  });
});
