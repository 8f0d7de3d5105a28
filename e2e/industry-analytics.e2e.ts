import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { choose, field, launch, pictures } from './browser.ts';
import { apiCaller, apiToken, newPage, signIn } from './session.ts';

type Node = { key: string; value: number | null };
interface Tree {
  cards: { tree: Node[] };
}
interface Sellout {
  cards: {
    summary: { sales: { value: number }; units: { value: number } };
    by_retailer: Array<{ retailer_id: number; retailer: string }>;
    by_store: Array<{ retailer_id: number; location_id: number; store: string }>;
  };
}
interface Stock {
  cards: { summary: { stock_units: number; tracked: number; out_of_stock: number } };
}
interface Consumers {
  cards: {
    summary: { buying_customers: { value: number | null }; purchases: { value: number } };
    per_day: Array<{ buying_customers: number | null }>;
  };
}

const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const money = (v: number) => plain(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v));
const int = (v: number) => new Intl.NumberFormat('pt-BR').format(v);

describe('industry dashboards: KPI tree, sell-out, stock and consumers of Café Aurora', () => {
  const base = inject('baseUrl');
  let token = '';
  let browser: Browser;
  let page: Page;
  const call = apiCaller(base, () => token);

  const kpis = async () => plain((await page.getByTestId('industry-kpi').allInnerTexts()).join('\n')).replace(/\n+/g, '\n');
  const drawn = async (charts: string[]) => {
    await page.getByTestId('industry-dashboard').waitFor();
    for (const chart of charts) await expect.poll(() => page.locator(`[data-testid=${chart}] .recharts-surface`).count()).toBeGreaterThan(0);
  };
  const fromMenu = async (label: string, path: string, heading: string) => {
    await page.getByTestId('sidebar-menu').getByRole('link', { name: label, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${path}/?$`));
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  };

  beforeAll(async () => {
    token = await apiToken(base, 'gestor@marca.test');
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'gestor@marca.test', '/login');
  });
  afterAll(() => browser?.close());

  it('/kpi: the tree of connected cards (value = units × price; units = buyers × frequency × units per purchase) and its drill-down', async () => {
    await fromMenu('Árvore de KPIs', '/kpi', 'Árvore de KPIs');
    await page.getByTestId('kpi-tree').waitFor();
    const api = await call<Tree>('POST', '/metabase/kpi', { queries: ['tree'] });
    const root = api.cards.tree.find((n) => n.key === 'sell_out_value')!;
    expect(root.value).toBeGreaterThan(0);
    expect(await page.getByTestId('kpi-node').count()).toBe(6);
    expect(await page.getByTestId('kpi-operator').allInnerTexts()).toEqual(['×', '×', '×']);
    expect(plain(await page.locator('[data-testid=kpi-node][data-key=sell_out_value]').innerText())).toContain(money(root.value!));
    // Each card compares with the previous 30 days.
    expect(await page.locator('[data-testid=kpi-node] [data-testid=kpi-node-previous]').count()).toBe(6);
    expect(await page.getByRole('group', { name: 'Unidades = Clientes compradores × Frequência × Unidades por compra' }).count()).toBe(1);

    const drill = page.getByTestId('kpi-drill-table');
    await drill.waitFor();
    expect(plain(await drill.innerText())).toContain('Supermercado Bom Preço');
    await pictures(page, 'industry-kpi');

    // By store: the stores with fewer than 5 buyers read "< 5".
    await page.getByTestId('kpi-drill-switch').getByText('Loja', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('drill')).toBe('store');
    await expect.poll(async () => plain(await drill.locator('th').first().innerText())).toBe('Loja');
    await expect.poll(() => drill.locator('tbody tr').count()).toBeGreaterThan(0);
    await pictures(page, 'industry-kpi-store');
  });

  it('/kpi: a row’s filter narrows the page to it and opens the next dimension', async () => {
    await page.goto(`${base}/kpi`);
    const drill = page.getByTestId('kpi-drill-table');
    await drill.waitFor();
    await drill.getByRole('button', { name: 'Filtrar por Supermercado Bom Preço' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('drill')).toBe('store');
    expect(Number(new URL(page.url()).searchParams.get('retailer_id'))).toBeGreaterThan(0);
    await expect.poll(() => field(page, 'Varejista').inputValue()).toBe('Supermercado Bom Preço');
    await expect.poll(async () => plain(await drill.locator('th').first().innerText())).toBe('Loja');
  });

  it('/sell-out: cards, sales per day against the comparison, and the rankings; a ranking downloads as CSV', async () => {
    await page.goto(`${base}/kpi`);
    await fromMenu('Sell-out', '/sell-out', 'Sell-out');
    await drawn(['sellout-per-day']);
    const api = await call<Sellout>('POST', '/metabase/analytics', { queries: ['summary'] });
    await expect.poll(kpis).toContain(`Vendas\n${money(api.cards.summary.sales.value)}`);
    expect(await kpis()).toMatch(/[▲▼=—].* vs período anterior/);
    for (const table of ['sellout-by-retailer-table', 'sellout-by-category-table', 'sellout-by-store-table', 'sellout-by-product-table']) await page.getByTestId(table).waitFor();
    expect(plain(await page.getByTestId('sellout-by-product-table').innerText())).toContain('Café Aurora');
    await pictures(page, 'industry-sell-out');

    await page.getByTestId('industry-download-by_product').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => /Café Aurora/.test(l))).toBe(true);
  });

  it('/sell-out: narrowed to a store of the retailer, and compared with the year before', async () => {
    const api = await call<Sellout>('POST', '/metabase/analytics', { queries: ['by_store'] });
    const store = api.cards.by_store[0]!;
    await choose(page, field(page, 'Loja'), store.store);
    await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(String(store.location_id));
    expect(new URL(page.url()).searchParams.get('retailer_id')).toBe(String(store.retailer_id));
    await choose(page, field(page, 'Comparar com'), 'Mesmo período do ano anterior');
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('previous_year');
    await expect.poll(kpis).toMatch(/vs ano anterior/);
    await expect.poll(async () => (await page.getByTestId('sellout-by-store-table').locator('tbody tr').allInnerTexts()).length).toBe(1);
    await pictures(page, 'industry-sell-out-store');
  });

  it('/stock: stock, items out of stock, coverage in days coloured by level, ruptures, per day and by retailer, store and product', async () => {
    await fromMenu('Estoque', '/stock', 'Estoque');
    await drawn(['stock-per-day', 'stock-ruptures-per-day']);
    const api = await call<Stock>('POST', '/metabase/stocks', { queries: ['summary'] });
    await expect.poll(kpis).toContain(`Estoque\n${int(api.cards.summary.stock_units)}`);
    expect(await kpis()).toContain(`Sem estoque\n${int(api.cards.summary.out_of_stock)}\nDe ${int(api.cards.summary.tracked)} itens`);
    for (const table of ['stock-by-retailer-table', 'stock-by-store-table', 'stock-by-product-table']) await page.getByTestId(table).waitFor();
    const levels = await page.locator('[data-testid=stock-by-product-table] [data-testid=coverage]').evaluateAll((els) => els.map((e) => e.getAttribute('data-level')));
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((l) => ['critical', 'low', 'ok', 'unknown'].includes(l!))).toBe(true);
    await pictures(page, 'industry-stock');
  });

  it('/customers: the consumers’ counts and segments, counts under 5 shown as "< 5" with why', async () => {
    await fromMenu('Consumidores', '/customers', 'Consumidores');
    await drawn(['consumers-per-day', 'consumers-segments']);
    // The frequency buckets: a chart, or, when every bucket is hidden (under 5, or giving a hidden one
    // away beside the total), the sentence saying so.
    await expect
      .poll(async () => (await page.locator('[data-testid=consumers-frequency] .recharts-surface').count()) + (await page.getByTestId('consumers-frequency-all-hidden').count()))
      .toBeGreaterThan(0);
    expect(await page.getByTestId('privacy-note').innerText()).toContain('menos de 5 clientes aparecem como “< 5”');
    const api = await call<Consumers>('POST', '/metabase/customers', { queries: ['summary', 'per_day'] });
    const buyers = api.cards.summary.buying_customers.value;
    await expect.poll(kpis).toContain(`Compradores\n${buyers === null ? '< 5' : int(buyers)}`);
    expect(await kpis()).toContain(`Ocasiões de compra\n${int(api.cards.summary.purchases.value)}`);
    await page.getByTestId('consumers-segments-table').waitFor();
    expect(plain(await page.getByTestId('consumers-segments-table').innerText())).toMatch(/Compra única[\s\S]*Ocasional[\s\S]*Regular[\s\S]*Fiel/);
    await page.getByTestId('consumers-by-retailer-table').waitFor();
    // ~17 buyers over 60 days: some days and segments have fewer than 5.
    expect(api.cards.per_day.some((d) => d.buying_customers === null)).toBe(true);
    const hidden = page.getByTestId('hidden-count').first();
    if ((await page.getByTestId('hidden-count').count()) > 0) {
      await hidden.hover();
      await page.getByText('Oculto para proteger a privacidade dos clientes (menos de 5)').first().waitFor();
      await page.mouse.move(0, 0);
    }
    await pictures(page, 'industry-consumers');
  });

  it('/customers by store: the smaller numbers are hidden, on purpose', async () => {
    const api = await call<Sellout>('POST', '/metabase/analytics', { queries: ['by_store'] });
    const small = api.cards.by_store.at(-1)!;
    await page.goto(`${base}/customers?retailer_id=${small.retailer_id}&location_id=${small.location_id}`);
    await page.getByTestId('industry-dashboard').waitFor();
    await expect.poll(() => field(page, 'Loja').inputValue()).toBe(small.store);
    await pictures(page, 'industry-consumers-store');
  });

  it('says so for a period without sales', async () => {
    await page.goto(`${base}/sell-out?from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('order-dashboard-empty').waitFor();
    expect(await page.getByTestId('order-dashboard-empty').innerText()).toContain('Nenhuma venda das suas marcas no período');
    await pictures(page, 'industry-sell-out-empty');
  });
});
