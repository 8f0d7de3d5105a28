import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { choose, field, launch, pictures } from './browser.ts';
import { apiCaller, apiToken, newPage, signIn } from './session.ts';

interface Created {
  order: { id: number; total: number };
}
interface Cards {
  cards: Record<'gmv' | 'orders' | 'customers' | 'units' | 'margin' | 'margin_rate' | 'costed_share', { value: number }>;
}

const spDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const money = (v: number) => plain(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v));
const percent = (v: number) => new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(v);

describe('sales dashboard: cards, days, top products and customers against a comparison', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const to = spDay(new Date());
  const from = spDay(new Date(Date.now() - 6 * 86_400_000));
  let token = '';
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };
  let gmv = 0;

  const call = apiCaller(base, () => token);


  // A card's lines (label, value, change) one under the other, without the paragraphs' blank lines.
  const kpis = async () => plain((await page.getByTestId('order-dashboard-kpi').allInnerTexts()).join('\n')).replace(/\n+/g, '\n');
  const drawn = async (charts: string[]) => {
    await page.getByTestId('order-dashboard').waitFor();
    for (const chart of charts) await expect.poll(() => page.locator(`[data-testid=${chart}] .recharts-surface`).count()).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    token = await apiToken(base, 'admin@varejo.test');
    const created = await call('POST', '/api/location', {
      name: `Loja Vendas ${stamp}`,
      cnpj: '11222333000181',
      phone: '+551130002000',
      address: { zip_code: '04538-132', street: 'Avenida Brigadeiro Faria Lima', number: '3000', neighborhood: 'Itaim Bibi', city: 'São Paulo', state: 'SP' },
      latitude: -23.586,
      longitude: -46.682,
    });
    store = (created.location ?? created) as { id: number; name: string };
    // Offers at the new store for two seeded products (name and price as seeded, so the catalog
    // does not change; their seeded cost stays), and a new product without a cost.
    const offer = { store: String(store.id), store_stock: 50, store_available: true };
    const items = [
      { sku: 'leite-integral-1l', name: 'Leite Integral Serra Verde 1L', price: 5.49, ...offer },
      { sku: 'arroz-tipo1-5kg', name: 'Arroz Branco Tipo 1 Grão Bom 5kg', price: 27.9, ...offer },
      { sku: `pao-frances-${stamp}`, name: `Pão Francês Padaria ${stamp}`, brand: 'Padaria da Casa', categories: ['Padaria'], price: 9.9, stock: 100, ...offer },
    ];
    const started = (await call('POST', '/api/integration/products', { items })).import as { id: number };
    for (let i = 0; ; i++) {
      const answer = await call('GET', `/api/product/import/${started.id}`);
      const { status } = (answer.import ?? answer) as { status: string };
      if (status === 'done') break;
      if (status === 'failed' || i > 120) throw new Error(`product import ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const customer = async (name: string) =>
      (await call<{ customer: { id: number } }>('POST', '/api/customer/', { name, phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` })).customer.id;
    const marina = await customer(`Marina Vendas ${stamp}`);
    const otavio = await customer(`Otávio Vendas ${stamp}`);
    const order = (customer_id: number, channel: string, lines: Array<{ sku: string; quantity: number }>) =>
      call<Created>('POST', '/api/order', { customer_id, location_id: store.id, channel, external_id: `SALES-${stamp}-${Math.random().toString(36).slice(2, 8)}`, items: lines, fulfilment: 'pickup' });

    const a = await order(marina, 'vtex', [{ sku: 'leite-integral-1l', quantity: 4 }, { sku: 'arroz-tipo1-5kg', quantity: 2 }, { sku: `pao-frances-${stamp}`, quantity: 1 }]);
    const b = await order(otavio, 'whatsapp', [{ sku: 'arroz-tipo1-5kg', quantity: 3 }]);
    const canceled = await order(otavio, 'rappi', [{ sku: 'leite-integral-1l', quantity: 10 }]);
    await call('POST', `/api/picking/status/${a.order.id}`, { status: 'paid' });
    await call('POST', `/api/picking/status/${canceled.order.id}`, { status: 'canceled' });
    gmv = Math.round((a.order.total + b.order.total) * 100) / 100;

    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('opens from the menu under Analytics, with the last 30 days of the account against the 30 before', async () => {
    await page.getByTestId('sidebar-menu').getByText('Analytics', { exact: true }).first().click();
    await page.getByTestId('sidebar-menu').getByRole('link', { name: 'Painel de vendas', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/analytics\/sales\/?$/);
    await page.getByRole('heading', { level: 2, name: 'Painel de vendas' }).waitFor();
    await drawn(['sales-gmv-chart', 'sales-margin-chart']);
    await page.getByTestId('sales-products-table').waitFor();
    await page.getByTestId('sales-customers-table').waitFor();
    // The seeded months of orders: every card compares with the previous 30 days.
    expect(await page.getByTestId('sales-change').count()).toBe(7);
    expect(await kpis()).toMatch(/[▲▼=] [\d.,]+(%| p\.p\.) vs período anterior/);
    await pictures(page, 'sales-dashboard');
  });

  it('the store’s week: the orders made today, the margin of the items with a cost, products and customers', async () => {
    await page.goto(`${base}/analytics/sales?from=${from}&to=${to}&location_id=${store.id}`);
    await drawn(['sales-gmv-chart', 'sales-margin-chart']);
    const api = await call<Cards>('GET', `/api/data-service/dashboard/cards?from=${from}&to=${to}&location_id=${store.id}`);
    // Two sales today (the canceled order is no sale), by two customers; 4 + 2 + 1 + 3 units.
    await expect.poll(kpis).toContain(`GMV\n${money(gmv)}`);
    const cards = await kpis();
    expect(cards).toMatch(/Pedidos\n2\n— vs período anterior/);
    expect(cards).toMatch(/Clientes\n2\n/);
    expect(cards).toMatch(/Unidades\n10\n/);
    expect(api.cards.margin.value).toBeGreaterThan(0);
    expect(cards).toContain(`Margem bruta\n${money(api.cards.margin.value)}`);
    expect(cards).toContain(`Margem %\n${percent(api.cards.margin_rate.value)}`);
    // The bread has no cost: the margin is over the milk and the rice only.
    expect(api.cards.costed_share.value).toBeLessThan(1);
    expect(await page.getByTestId('sales-costed-share').innerText()).toBe(`Margem calculada sobre ${percent(api.cards.costed_share.value)} das vendas (itens com custo cadastrado).`);

    const products = plain(await page.getByTestId('sales-products-table').innerText());
    expect(products).toMatch(/Arroz Branco Tipo 1 Grão Bom 5kg\s+arroz-tipo1-5kg · Grão Bom · Mercearia\s+5\s+R\$ 139,50/);
    expect(products).toContain(`Pão Francês Padaria ${stamp}`);
    const customers = plain(await page.getByTestId('sales-customers-table').innerText());
    expect(customers).toContain(`Marina Vendas ${stamp}`);
    expect(customers).toMatch(new RegExp(`Otávio Vendas ${stamp}\\s+1\\s+R\\$ 83,70\\s+R\\$ 83,70\\s+\\d{2}/\\d{2}/\\d{4}\\s+R\\$ 0,00`));
    await pictures(page, 'sales-dashboard-store');
  });

  it('switches the comparison in the URL: a year before, then none', async () => {
    await choose(page, field(page, 'Comparar com'), 'Mesmo período do ano anterior');
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('previous_year');
    await expect.poll(kpis).toMatch(/Pedidos\n2\n— vs ano anterior/);
    expect(new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    await choose(page, field(page, 'Comparar com'), 'Sem comparação');
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('none');
    await expect.poll(() => page.getByTestId('sales-change').count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid=sales-customers-table] th').allInnerTexts()).toEqual(['Cliente', 'Pedidos', 'Compras', 'Ticket médio', 'Último pedido']);
  });

  it('downloads the top products as CSV with the screen’s filters', async () => {
    await page.getByTestId('sales-download-products').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()]);
    expect(download.suggestedFilename()).toBe(`produtos-mais-vendidos-${from}-${to}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('SKU;Produto;Marca;Categoria;Unidades;Vendas (R$);Margem (R$);Participação (%);Vendas no período anterior (R$);Variação (%)');
    // The store's three products only.
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.startsWith('arroz-tipo1-5kg;'))).toBe(true);
  });

  it('says so for a period without sales', async () => {
    await page.goto(`${base}/analytics/sales?from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('order-dashboard-empty').waitFor();
    expect(await page.getByTestId('order-dashboard-empty').innerText()).toContain('Nenhuma venda no período');
    await pictures(page, 'sales-dashboard-empty');
  });
});
