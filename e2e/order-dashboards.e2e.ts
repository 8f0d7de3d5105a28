import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, field, launch, pictures } from './browser.ts';
import { apiCaller, apiToken, newPage, signIn } from './session.ts';

interface Created {
  order: { id: number; number: number };
  items: Array<{ id: number; sku: string }>;
}

/** A valid CPF from 9 digits (the operators' contract checks the two check digits). */
function cpf(base: string) {
  const digits = base.split('').map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((a, d, i) => a + d * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

describe('orders dashboards: sales, picking, conversion and rupture', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  let token = '';
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };
  let customerId = 0;

  const call = apiCaller(base, () => token);


  const intake = (channel: string, items: Array<Record<string, unknown>>, fulfilment = 'delivery') =>
    call<Created>('POST', '/api/order', {
      customer_id: customerId,
      location_id: store.id,
      channel,
      external_id: `DASH-${channel}-${stamp}-${Math.random().toString(36).slice(2, 8)}`,
      items,
      fulfilment,
      ...(fulfilment === 'delivery' ? { address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' } } : {}),
    });
  const move = (id: number, status: string) => call('POST', `/api/picking/status/${id}`, { status });

  /** Paid, picked by `operator` (the lines of `missing` not found), picked and ready. */
  async function pickThrough(o: Created, operator: number, missing: string[] = []) {
    await move(o.order.id, 'paid');
    await move(o.order.id, 'picking');
    await call('POST', `/api/order/items/${o.order.id}`, {
      operator_id: operator,
      items: o.items.map((i) => ({ item_id: i.id, status: missing.some((m) => i.sku.startsWith(m)) ? 'missing' : 'picked' })),
    });
    await move(o.order.id, 'picked');
    await move(o.order.id, 'ready');
  }

  beforeAll(async () => {
    token = await apiToken(base, 'admin@varejo.test');
    const created = await call('POST', '/api/location', {
      name: `Loja Painéis ${stamp}`,
      cnpj: '11222333000181',
      phone: '+551130001000',
      address: { zip_code: '05422-000', street: 'Rua dos Pinheiros', number: '900', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP' },
      latitude: -23.566,
      longitude: -46.684,
    });
    store = (created.location ?? created) as { id: number; name: string };
    const product = (sku: string, name: string, categories: string[], price: number) => ({
      sku: `${sku}-${stamp}`, name, categories, price, stock: 100, store: String(store.id), store_stock: 40, store_available: true,
    });
    const items = [
      product('leite', `Leite Integral Campo Alto 1L ${stamp}`, ['Frios e Laticínios', 'Leite'], 5.49),
      product('arroz', `Arroz Branco Vale Verde 5kg ${stamp}`, ['Mercearia', 'Arroz'], 27.9),
      product('feijao', `Feijão Carioca Vale Verde 1kg ${stamp}`, ['Mercearia', 'Feijão'], 8.99),
      product('cafe', `Café Torrado Serra Azul 500g ${stamp}`, ['Mercearia', 'Café'], 18.9),
    ];
    const started = (await call('POST', '/api/integration/products', { items })).import as { id: number };
    for (let i = 0; ; i++) {
      const answer = await call('GET', `/api/product/import/${started.id}`);
      const { status } = (answer.import ?? answer) as { status: string };
      if (status === 'done') break;
      if (status === 'failed' || i > 120) throw new Error(`product import ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const customer = await call<{ customer: { id: number } }>('POST', '/api/customer/', {
      name: `Marina Painéis ${stamp}`,
      phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    });
    customerId = customer.customer.id;
    const operator = async (name: string) => {
      const body = {
        name,
        cpf: cpf(String(100_000_000 + Math.floor(Math.random() * 800_000_000))),
        phone: '(11) 98765-4321',
        email: 'separacao@bompreco.test',
        role: 'picker',
        location_ids: [store.id],
        active: true,
      };
      return ((await call('POST', '/api/operator', body)).operator as { id: number }).id;
    };
    const carla = await operator(`Carla Separadora ${stamp}`);
    const diego = await operator(`Diego Separador ${stamp}`);

    const sku = (s: string) => `${s}-${stamp}`;
    const basket = [{ sku: sku('leite'), quantity: 2 }, { sku: sku('arroz'), quantity: 1 }, { sku: sku('feijao'), quantity: 2 }, { sku: sku('cafe'), quantity: 1 }];
    const a = await intake('vtex', basket);
    const b = await intake('whatsapp', basket.slice(0, 3), 'pickup');
    const c = await intake('rappi', basket.slice(1));
    const d = await intake('magento', basket.slice(0, 2));
    const e = await intake('vtex', [{ sku: sku('cafe'), quantity: 3 }]);
    await pickThrough(a, carla, [sku('feijao')]);
    await pickThrough(b, diego);
    await pickThrough(c, carla, [sku('cafe')]);
    await move(d.order.id, 'paid');
    await move(e.order.id, 'canceled');

    // A cart approved and turned into a paid order; another left in review.
    const cart = await call<{ id: number }>('POST', '/api/shopping-cart/generate', { customer_id: customerId, location_id: store.id, list: `leite integral campo alto ${stamp} x2` });
    await call('POST', '/api/shopping-cart/generate', { customer_id: customerId, location_id: store.id, list: `café torrado serra azul ${stamp}` });
    await call('PUT', `/api/shopping-cart/${cart.id}/status`, { statusType: 'approved' });
    const fromCart = await call<Created>('POST', '/api/order', { shopping_cart_id: cart.id, address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' } });
    await move(fromCart.order.id, 'paid');

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  const kpis = () => page.getByTestId('order-dashboard-kpi').allInnerTexts();
  const drawn = async (charts: string[]) => {
    await page.getByTestId('order-dashboard').waitFor();
    for (const chart of charts) await expect.poll(() => page.locator(`[data-testid=${chart}] .recharts-surface`).count()).toBeGreaterThan(0);
  };

  it('orders dashboard: opens from the menu, GMV, orders and ticket of the store, by store and channel', async () => {
    await page.getByTestId('sidebar-menu').getByText('Pedidos', { exact: true }).first().click();
    await page.getByTestId('sidebar-menu').getByRole('link', { name: 'Dashboard de pedidos', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders/orders-dashboard/');
    await choose(page, field(page, 'Loja'), store.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    await drawn(['orders-gmv-chart', 'orders-count-chart']);
    // Five orders of the store today: one canceled; the cart's order is the sixth.
    await expect.poll(async () => (await kpis()).join('\n')).toMatch(/Pedidos\s+5/);
    expect((await kpis()).join('\n')).toMatch(/Cancelados\s+1 · R\$\s?56,70/);
    expect(await page.getByTestId('orders-stores-table').innerText()).toContain(store.name);
    const channels = await page.getByTestId('orders-channels-table').innerText();
    for (const label of ['VTEX', 'WhatsApp', 'Rappi', 'E-commerce Magento', 'Carrinho de compras']) expect(channels).toContain(label);
    await pictures(page, 'orders-dashboard');
  });

  it('picking dashboard: time to pick, items per hour per operator, by mode in the path', async () => {
    await page.goto(`${base}/orders/picking-dashboard/?location_id=${store.id}`);
    await drawn(['picking-time-chart']);
    // No window was booked: the deadline chart says so instead of empty axes.
    expect(await page.getByTestId('picking-late-chart-empty').innerText()).toContain('Nenhum pedido com janela agendada no período.');
    await expect.poll(async () => (await kpis()).join('\n')).toMatch(/Pedidos separados\s+3/);
    const operators = await page.getByTestId('picking-operators-table').innerText();
    expect(operators).toContain(`Carla Separadora ${stamp}`);
    expect(operators).toContain(`Diego Separador ${stamp}`);
    await pictures(page, 'picking-dashboard');

    await page.getByTestId('picking-mode').getByText('Retirada', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders/picking-dashboard/pickup/');
    expect(new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    await page.getByRole('heading', { level: 2, name: 'Dashboard de separação · Retiradas' }).waitFor();
    await expect.poll(async () => (await kpis()).join('\n')).toMatch(/Pedidos separados\s+1/);
    await expect.poll(() => page.getByTestId('picking-operators-table').innerText()).not.toContain('Carla');
    await pictures(page, 'picking-dashboard-pickup');
  });

  it('conversion dashboard: the carts funnel and the orders of each channel', async () => {
    await page.goto(`${base}/orders/conversion-dashboard/?location_id=${store.id}`);
    await drawn(['conversion-funnel', 'conversion-days-chart']);
    await expect.poll(async () => (await kpis()).join('\n')).toMatch(/Carrinhos criados\s+2/);
    expect((await kpis()).join('\n')).toMatch(/Viraram pedido\s+1/);
    const channels = await page.getByTestId('conversion-channels-table').innerText();
    expect(channels).toMatch(/Carrinho de compras\s+1\s+1/);
    await pictures(page, 'conversion-dashboard');
  });

  it('rupture dashboard: missing lines by product, category and store', async () => {
    await page.goto(`${base}/orders/rupture-dashboard/?location_id=${store.id}`);
    await drawn(['rupture-chart']);
    // 4 + 3 + 3 lines picked; the beans of the first and the coffee of the third missing.
    await expect.poll(async () => (await kpis()).join('\n')).toMatch(/Linhas separadas\s+10/);
    expect((await kpis()).join('\n')).toMatch(/Taxa de ruptura\s+20%/);
    const products = await page.getByTestId('rupture-products-table').innerText();
    expect(products).toContain(`Feijão Carioca Vale Verde 1kg ${stamp}`);
    expect(products).toContain(`Café Torrado Serra Azul 500g ${stamp}`);
    expect(await page.getByTestId('rupture-categories-table').innerText()).toMatch(/Mercearia/);
    await pictures(page, 'rupture-dashboard');
  });

  it('shows the empty state for a period without orders, and the error for a store not the account’s', async () => {
    await page.goto(`${base}/orders/rupture-dashboard/?from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('order-dashboard-empty').waitFor();
    expect(await page.getByTestId('order-dashboard-empty').innerText()).toContain('Nenhuma linha separada no período');
    await page.goto(`${base}/orders/orders-dashboard/?location_id=987654`);
    const error = page.getByTestId('order-dashboard-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('Erro: Loja não encontrada.');
  });
});
