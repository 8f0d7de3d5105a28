import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

const PATH = '/shopping-carts/metrics/cart-abandonment';

describe('cart abandonment screen', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };

  /** Calls the API as the demo admin; throws unless it answers 2xx. */
  async function call(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  }

  beforeAll(async () => {
    // Two carts built from a shopping list today, at the account's first store: the period has carts to show.
    const token = await apiToken(base, 'admin@varejo.test');
    store = ((await call(token, 'GET', '/api/location/minified')).data as Array<{ id: number; name: string }>)[0]!;
    const created = await call(token, 'POST', '/api/customer/', { name: `Cliente Abandono ${Date.now().toString(36)}` });
    const customerId = (created.customer as { id: number }).id;
    for (const list of ['2kg de arroz\nfeijão carioca 1kg\n6 ovos', 'leite integral 1L x3\ncafé 500g'])
      await call(token, 'POST', '/api/shopping-cart/generate', { customer_id: customerId, location_id: store.id, list });

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  const main = () => page.locator('main');
  const cards = () => page.getByTestId('cart-metric-card');

  /** The page once its cards, both charts and the store table have drawn. */
  async function drawn(p: Page) {
    await expect.poll(() => p.getByTestId('cart-metric-card').count()).toBe(7);
    await expect.poll(() => p.locator('[data-testid=cart-funnel-chart] .recharts-surface').count()).toBeGreaterThan(0);
    await expect.poll(() => p.locator('[data-testid=cart-value-chart] .recharts-area').count()).toBe(1);
    await expect.poll(() => p.locator('[data-testid=cart-metrics-stores] tbody tr').count()).toBeGreaterThan(0);
  }

  it('opens from the menu with the last 30 days: funnel cards, the charts and the stores', async () => {
    await page.getByTestId('sidebar-menu').getByText('Carrinhos', { exact: true }).first().click();
    await page.getByTestId('sidebar-menu').getByRole('link', { name: 'Abandono de carrinho', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(PATH);
    await drawn(page);
    expect(await main().getByRole('heading', { level: 2 }).textContent()).toBe('Abandono de carrinho');
    const labels = await cards().allInnerTexts();
    expect(Number(/Carrinhos criados\s+(\d+)/.exec(labels.join('\n'))?.[1])).toBeGreaterThanOrEqual(2);
    for (const label of ['Links enviados', 'Abertos pelo cliente', 'Convertidos', 'Abandonados', 'Taxa de abandono', 'Valor deixado em carrinhos abandonados'])
      expect(labels.join('\n')).toContain(label);
    expect(await page.getByTestId('cart-funnel-chart').innerText()).toContain('Abertos x convertidos por dia');
    expect(await page.getByTestId('cart-metrics-stores').innerText()).toContain(store.name);
    // The period picker shows the default period: 30 days up to today.
    expect(await page.getByTestId('cart-metrics-period').innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    await dismissToasts(page);
    await screenshot(page, 'cart-abandonment-desktop');
  });

  it('keeps the store filter in the URL and reads it back on reload', async () => {
    await page.getByRole('textbox', { name: 'Loja', exact: true }).or(page.getByRole('combobox', { name: 'Loja', exact: true })).first().click();
    await page.getByRole('option', { name: store.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    // The previous numbers stay (dimmed) until the store's arrive.
    await expect.poll(() => page.locator('[data-testid=cart-metrics-stores] tbody tr').count()).toBe(1);
    await drawn(page);
    await page.reload();
    await drawn(page);
    expect(await page.getByRole('textbox', { name: 'Loja', exact: true }).or(page.getByRole('combobox', { name: 'Loja', exact: true })).first().inputValue()).toBe(store.name);
  });

  it('shows the empty state for a period without carts', async () => {
    await page.goto(`${base}${PATH}?from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('cart-metrics-empty').waitFor();
    expect(await page.getByTestId('cart-metrics-empty').innerText()).toContain('Nenhum carrinho criado no período.');
    expect(await page.getByTestId('cart-metrics-period').innerText()).toContain('01/01/2021 – 31/01/2021');
    expect(await page.getByTestId('cart-funnel-chart').count()).toBe(0);
    await screenshot(page, 'cart-abandonment-empty');
  });

  it("shows the server's error for a store that is not the account's, with a retry", async () => {
    await page.goto(`${base}${PATH}?location_id=987654`);
    const error = page.getByTestId('cart-metrics-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('Erro: Loja não encontrada.');
    expect(await error.getByRole('button', { name: 'Tentar novamente' }).count()).toBe(1);
  });

  it('fits 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', PATH);
    await drawn(narrow);
    // No horizontal scroll on the page itself (the store table scrolls inside its card).
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await dismissToasts(narrow);
    await screenshot(narrow, 'cart-abandonment-1024');
    await narrow.context().close();
  });
});
