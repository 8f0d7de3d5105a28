import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, field, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

/** The list as a customer would type it: four lines the store has, one ambiguous, one out of stock. */
const LIST = ['5kg de arroz vale dourado', 'ovos granja sol', 'leite integral campo alto 1L x3', 'leite campo alto', 'café serra azul 500g', '1kg de banana prata'].join('\n');

describe('shopping carts: from a pasted list to a sent checkout link', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const customerName = `Maria Aparecida ${stamp}`;
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };
  let cartPath = '';
  let link = '';

  async function call(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
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

  beforeAll(async () => {
    // A store of its own with a known assortment (through the ERP integration API), so the lines
    // resolve the same way whatever else the demo catalog holds.
    const token = await apiToken(base, 'admin@varejo.test');
    const created = await call(token, 'POST', '/api/location', {
      name: `Bom Preço Vila Mariana ${stamp}`,
      cnpj: '11222333000181',
      phone: '+551130001000',
      address: { zip_code: '04101-000', street: 'Rua Domingos de Morais', number: '1500', neighborhood: 'Vila Mariana', city: 'São Paulo', state: 'SP' },
      latitude: -23.589,
      longitude: -46.634,
    });
    store = ((created.location ?? created) as { id: number; name: string });
    const product = (sku: string, name: string, categories: string[], price: number, extra: Record<string, unknown> = {}) => ({
      sku: `${sku}-${stamp}`, name, categories, price, stock: 100, store: String(store.id), store_stock: 40, store_available: true, ...extra,
    });
    const items = [
      product('arroz-vd-5kg', 'Arroz Branco Tipo 1 Vale Dourado 5kg', ['Mercearia', 'Arroz'], 27.9, { brand: 'Vale Dourado', size_pack: '5kg', image_url: '/brand/products/arroz-tipo1-5kg.svg' }),
      product('ovos-gs-12', 'Ovos Brancos Granja Sol 12 unidades', ['Mercearia', 'Ovos'], 12.9, { brand: 'Granja Sol', size_pack: '12 un' }),
      product('leite-int-ca', 'Leite Integral Campo Alto 1L', ['Laticínios', 'Leite'], 5.49, { brand: 'Campo Alto', size_pack: '1L', image_url: '/brand/products/leite-integral-1l.svg' }),
      product('leite-des-ca', 'Leite Desnatado Campo Alto 1L', ['Laticínios', 'Leite'], 5.69, { brand: 'Campo Alto', size_pack: '1L', image_url: '/brand/products/leite-desnatado-1l.svg' }),
      product('cafe-sa-500', 'Café Serra Azul Tradicional 500g', ['Mercearia', 'Café'], 18.9, { brand: 'Serra Azul', size_pack: '500g', store_stock: 0, store_available: false }),
      product('cafe-mv-500', 'Café Monte Verde Tradicional 500g', ['Mercearia', 'Café'], 17.5, { brand: 'Monte Verde', size_pack: '500g', image_url: '/brand/products/cafe-aurora-tradicional-500g.svg' }),
      product('banana-prata', 'Banana Prata', ['Hortifrúti', 'Frutas'], 6.99, { unit_measurement: 'kg', weight_per_unit: 0.5, image_url: '/brand/products/banana-prata-kg.svg' }),
    ];
    const started = (await call(token, 'POST', '/api/integration/products', { items })).import as { id: number };
    for (let i = 0; ; i++) {
      const answer = await call(token, 'GET', `/api/product/import/${started.id}`);
      const { status } = (answer.import ?? answer) as { status: string };
      if (status === 'done') break;
      if (status === 'failed' || i > 120) throw new Error(`product import ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('creates the customer on the customers screen', async () => {
    await page.goto(`${base}/customers/create`);
    await field(page, 'Nome').fill(customerName);
    await field(page, 'Celular').fill(`119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await page.getByText('Cliente criado com sucesso').first().waitFor();
  });

  it('lists carts with the status chips, search and store in the URL', async () => {
    await page.goto(`${base}/shopping-carts`);
    await page.getByRole('heading', { level: 2, name: 'Carrinhos' }).waitFor();
    await page.getByTestId('cart-row').first().or(page.getByText('Nenhum carrinho ainda.')).waitFor();
    await pictures('shopping-carts-list');
    await page.getByRole('group', { name: 'Status' }).getByText('Em revisão', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('in_review');
    await page.getByRole('group', { name: 'Status' }).getByText('Todos', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
  });

  it('starts a cart for the customer and resolves the pasted list live', async () => {
    await page.getByRole('button', { name: 'Novo carrinho' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Cliente').fill(customerName);
    await dialog.getByTestId('customer-option').filter({ hasText: customerName }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/shopping-carts\/generate\/\d+$/);
    await expect.poll(() => page.getByTestId('customer-header').innerText()).toContain(customerName);
    const storeSelect = field(page, 'Loja');
    await storeSelect.click();
    await page.getByRole('option', { name: store.name, exact: true }).click();
    await page.getByLabel('Lista de compras').fill(LIST);
    await expect.poll(() => page.getByTestId('preview-line').count(), { timeout: 20_000 }).toBe(6);
    const statuses = await page.getByTestId('preview-line').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses).toEqual(['confirmed', 'confirmed', 'confirmed', 'pending', 'stock_out', 'confirmed']);
    expect(await page.getByTestId('preview-summary').innerText()).toBe('4 confirmados · 1 pendente · 1 em falta');
    await pictures('shopping-carts-generate');
    await page.getByRole('button', { name: 'Gerar carrinho' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/shopping-carts\/review-bar\/\d+$/);
    cartPath = new URL(page.url()).pathname;
  });

  it('reviews the cart: resolves the pending line, replaces the missing one, approves and sends the link', async () => {
    const group = (status: string) => page.getByTestId(`group-${status}`);
    await expect.poll(() => group('confirmed').getByTestId('cart-item').count()).toBe(4);
    expect(await group('pending').getByTestId('cart-item').count()).toBe(1);
    expect(await group('stock_out').getByTestId('cart-item').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Aprovar carrinho' }).isDisabled()).toBe(true);
    await pictures('shopping-carts-review');

    await group('pending').getByRole('button', { name: 'Escolher: Leite Desnatado Campo Alto 1L' }).click();
    await group('pending').getByText('Nenhum item pendente.').waitFor();
    await group('stock_out').getByRole('button', { name: 'Trocar: Café Monte Verde Tradicional 500g' }).click();
    await group('stock_out').getByText('Nenhum item em falta.').waitFor();
    await expect.poll(() => group('confirmed').getByTestId('cart-item').count()).toBe(6);
    // 27,90 + 12,90 + 3 × 5,49 + 5,69 + 17,50 + 2 × 3,50 (1 kg of bananas at 6,99/kg)
    await expect.poll(async () => (await page.getByTestId('cart-total').innerText()).replace(/\s/g, ' ')).toBe('R$ 87,46');

    await page.getByRole('button', { name: 'Aprovar carrinho' }).click();
    await page.getByText('Carrinho aprovado com sucesso').first().waitFor();
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByTestId('send-link-sent').waitFor({ timeout: 30_000 });
    link = (await page.getByTestId('cart-link').getAttribute('href')) ?? '';
    expect(link).toMatch(/\/carrinho\/[\w.-]+$/);
    await pictures('shopping-carts-review-sent');
  });

  it('shows the cart read-only with its timeline', async () => {
    // From the list (a full load of /shopping-cart/{id} reaches the API's route of the same path).
    const id = cartPath.split('/').pop();
    await page.goto(`${base}/shopping-carts?query=${encodeURIComponent(customerName)}`);
    await page.getByTestId('cart-row').filter({ hasText: customerName }).getByRole('link', { name: customerName, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/shopping-cart/${id}`);
    await page.getByTestId('cart-timeline').waitFor();
    const reached = await page.locator('[data-testid=cart-timeline] [data-reached=true]').count();
    expect(reached).toBe(3);
    await pictures('shopping-cart-view');
  });

  it('opens the public page by the link, without signing in, and goes to the checkout', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const customer = await context.newPage();
    // The account's checkout lives elsewhere (not reachable here): answered by a stand-in page.
    await customer.route('https://loja.bompreco.varejo.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Checkout</h1>' }));
    await customer.goto(`${base}${new URL(link).pathname}`);
    await expect.poll(() => customer.getByTestId('public-cart-item').count()).toBe(6);
    expect(await customer.getByText('Supermercado Bom Preço').first().isVisible()).toBe(true);
    expect(await customer.getByText(/R\$\s87,46/).first().isVisible()).toBe(true);
    await screenshot(customer, 'public-cart-phone');
    for (const width of [1366, 1024]) {
      await customer.setViewportSize({ width, height: 860 });
      await screenshot(customer, `public-cart-${width === 1366 ? 'desktop' : '1024'}`);
    }
    await customer.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect.poll(() => customer.url()).toMatch(/^https:\/\/loja\.bompreco\.varejo\.test\/checkout\?cart=/);

    await customer.goto(`${base}/carrinho/nao-e-um-token-valido`);
    await customer.getByTestId('public-cart-not-found').waitFor();
    expect(await customer.getByText('Carrinho não encontrado').isVisible()).toBe(true);
    await screenshot(customer, 'public-cart-not-found');
    await context.close();
  });

  it('lists the cart as opened by the customer', async () => {
    await page.goto(`${base}/shopping-carts?query=${encodeURIComponent(customerName)}`);
    const row = page.getByTestId('cart-row').filter({ hasText: customerName });
    await expect.poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('opened');
    await pictures('shopping-carts-list-filtered');
  });
});
