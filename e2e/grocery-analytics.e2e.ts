import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCaller, apiToken, newPage, signIn } from './session.ts';
import { choose, field, launch, pictures } from './browser.ts';

type Figure = { value: number; previous: number | null; change: number | null };
interface Sellout {
  embed_url: string | null;
  cards: {
    summary?: Record<'sales' | 'units' | 'orders' | 'average_ticket' | 'average_price' | 'margin' | 'margin_rate', Figure>;
    by_category?: Array<{ category: string; sales: number }>;
    by_brand?: Array<{ brand: string; sales: number }>;
    by_product?: Array<{ name: string; sales: number }>;
  };
}
interface Customers {
  embed_url: string | null;
  cards: {
    summary?: Record<'customers' | 'new_customers' | 'returning_customers' | 'orders' | 'frequency' | 'average_ticket', Figure>;
    rfm?: Array<{ segment: string; customers: number }>;
    cohorts?: Array<{ cohort: string; customers: number; retention: number[] }>;
  };
}
type Store = { id: number; name: string; active: boolean };

const spDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const money = (v: number) => plain(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v));
const int = (v: number) => new Intl.NumberFormat('pt-BR').format(v);
const SEGMENTS = ['Campeões', 'Fiéis', 'Promissores', 'Novos', 'Precisam de atenção', 'Em risco', 'Hibernando', 'Perdidos'];

describe('grocery dashboards: the supermarket first, then its sell-out and its customers', () => {
  const base = inject('baseUrl');
  // The screens' default period: the last 30 São Paulo days against the 30 before.
  const to = spDay(new Date());
  const from = spDay(new Date(Date.now() - 29 * 86_400_000));
  let token = '';
  let browser: Browser;
  let page: Page;
  let stores: Store[] = [];
  let store: Store;

  const call = apiCaller(base, () => token);
  // The cards' lines (label, value, change), one under the other.
  const kpis = async () => (await page.getByTestId('grocery-kpi').allInnerTexts()).map((card) => plain(card).replace(/\n+/g, '\n')).join('\n');
  /** The dashboard is on screen, and each of these panels has drawn its chart. */
  const drawn = async (...panels: string[]) => {
    await page.getByTestId('order-dashboard').waitFor();
    for (const panel of panels) await expect.poll(() => page.locator(`[data-testid=${panel}] svg.recharts-surface`).count()).toBeGreaterThan(0);
  };
  const firstRow = async (table: string) => plain(await page.locator(`[data-testid=${table}] tbody tr`).first().innerText());
  /** Downloads a card from its menu: the file's name and its lines (a CSV) or bytes (an XLSX). */
  const download = async (testId: string, format: 'CSV' | 'XLSX') => {
    await page.getByTestId(testId).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: new RegExp(format) }).click()]);
    const bytes = readFileSync((await file.path())!);
    return { name: file.suggestedFilename(), bytes, lines: bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean) };
  };

  /** Picks the store in the chooser's search box (the chooser goes away with the choice). */
  const pickStore = async () => {
    await field(page, 'Supermercado').click();
    await page.getByRole('option', { name: store.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
  };

  beforeAll(async () => {
    token = await apiToken(base, 'admin@varejo.test');
    stores = (await call<{ data: Store[] }>('GET', '/api/location/minified')).data;
    // A seeded store with orders in the last 30 days (the seed spreads ~240 orders over 60 days).
    store = stores.find((s) => s.name === 'Bom Preço Pinheiros') ?? stores.find((s) => s.active)!;
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('sell-out opens from the menu under Analytics and asks for the supermarket first', async () => {
    await page.getByTestId('sidebar-menu').getByText('Analytics', { exact: true }).first().click();
    await page.getByTestId('sidebar-menu').getByRole('link', { name: 'Sell-out', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/analytics\/sellout\/?$/);
    await page.getByRole('heading', { level: 2, name: 'Sell-out do supermercado' }).waitFor();
    const chooser = page.getByTestId('grocery-store-chooser');
    await chooser.waitFor();
    expect(await chooser.innerText()).toContain('Escolha o supermercado');
    // No dashboard before a store is chosen.
    expect(await page.getByTestId('grocery-kpi').count()).toBe(0);
    if (stores.length <= 12) {
      await expect.poll(() => page.getByTestId('grocery-store-option').count()).toBe(stores.length);
      expect(await page.getByTestId('grocery-store-option').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining(store.name)]));
    }
    await pictures(page, 'grocery-sellout-chooser');
  });

  it('choosing a store puts it in the URL and shows its sell-out: cards, days, categories, brands and products', async () => {
    await pickStore();
    await drawn('grocery-sellout-per-day');
    await page.getByTestId('grocery-by-product-table').waitFor();
    await page.getByTestId('grocery-by-category-table').waitFor();
    await page.getByTestId('grocery-by-brand-table').waitFor();

    const body = { location_id: store.id, from, to, compare: 'previous_period' };
    const api = await call<Sellout>('POST', '/metabase/analytics-grocery', { ...body, queries: ['summary', 'by_category', 'by_brand', 'by_product'] });
    const s = api.cards.summary!;
    expect(s.orders.value).toBeGreaterThan(0);
    const cards = await kpis();
    expect(cards).toContain(`Vendas\n${money(s.sales.value)}\n`);
    expect(cards).toContain(`Pedidos\n${int(s.orders.value)}\n`);
    expect(cards).toContain(`Ticket médio\n${money(s.average_ticket.value)}\n`);
    expect(cards).toContain(`Preço médio\n${money(s.average_price.value)}\n`);
    expect(cards).toContain(`Margem bruta\n${money(s.margin.value)}\n`);
    // The seeded months of orders: each card compares with the previous 30 days.
    expect(await page.getByTestId('sales-change').count()).toBe(6);
    expect(cards).toMatch(/[▲▼=—] ?[\d.,]*%? ?vs período anterior/);
    const br = (day: string) => day.split('-').reverse().join('/');
    expect(await page.getByTestId('grocery-period').innerText()).toMatch(new RegExp(`^Período: ${br(from)} a ${br(to)} · comparado com o período anterior, \\d{2}/\\d{2}/\\d{4} a \\d{2}/\\d{2}/\\d{4}$`));
    // No Metabase on the test server: no link.
    expect(api.embed_url).toBeNull();
    expect(await page.getByTestId('grocery-metabase').count()).toBe(0);

    expect(await firstRow('grocery-by-category-table')).toContain(api.cards.by_category![0]!.category);
    expect(await firstRow('grocery-by-category-table')).toContain(money(api.cards.by_category![0]!.sales));
    expect(await firstRow('grocery-by-brand-table')).toContain(api.cards.by_brand![0]!.brand);
    expect(await firstRow('grocery-by-product-table')).toContain(api.cards.by_product![0]!.name);
    expect(await page.locator('[data-testid=grocery-by-product-table] th').allInnerTexts()).toEqual(['Produto', 'Unidades', 'Vendas', 'Margem', 'Participação', 'Variação']);
    await pictures(page, 'grocery-sellout');
  });

  it('downloads the categories as CSV and the products as XLSX, with the screen’s filters', async () => {
    const csv = await download('grocery-download-by_category', 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.lines[0]).toMatch(/^Categoria;/);
    const api = await call<Sellout>('POST', '/metabase/analytics-grocery', { location_id: store.id, from, to, queries: ['by_category'] });
    expect(csv.lines).toHaveLength(api.cards.by_category!.length + 1);
    const xlsx = await download('grocery-download-by_product', 'XLSX');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    // A zip (an Office Open XML workbook).
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('switches the comparison in the URL: none hides the change lines and columns', async () => {
    await choose(page, field(page, 'Comparar com'), 'Sem comparação');
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('none');
    expect(new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    await expect.poll(() => page.getByTestId('sales-change').count()).toBe(0);
    expect(await page.getByTestId('grocery-period').innerText()).not.toContain('comparado');
    await expect.poll(() => page.locator('[data-testid=grocery-by-category-table] th').allInnerTexts()).toEqual(['Categoria', 'Vendas', 'Margem', 'Participação']);
  });

  it('says so for a period without sales', async () => {
    await page.goto(`${base}/analytics/sellout/?location_id=${store.id}&from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('order-dashboard-empty').waitFor();
    expect(await page.getByTestId('order-dashboard-empty').innerText()).toContain('Nenhuma venda no período');
    expect(await kpis()).toContain('Pedidos\n0\n');
  });

  it('customers: asks for the store, then shows new and returning customers, frequency, RFM segments and cohorts', async () => {
    await page.goto(`${base}/analytics/sellout/`);
    await page.locator('[data-testid=sidebar-menu] [data-menu-key=analytics-customers]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/analytics/customers');
    await page.getByRole('heading', { level: 2, name: 'Clientes do supermercado' }).waitFor();
    await page.getByTestId('grocery-store-chooser').waitFor();
    if (stores.length > 12) await pickStore();
    else {
      await page.getByRole('button', { name: `Ver o painel de ${store.name}` }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('location_id')).toBe(String(store.id));
    }
    await drawn('grocery-customers-per-day', 'grocery-frequency', 'grocery-rfm');
    await page.getByTestId('grocery-rfm-table').waitFor();
    await page.getByTestId('grocery-cohorts-table').waitFor();

    const api = await call<Customers>('POST', '/metabase/customers-grocery', { location_id: store.id, from, to, queries: ['summary', 'rfm', 'cohorts'] });
    const s = api.cards.summary!;
    const cards = await kpis();
    expect(cards).toContain(`Clientes\n${int(s.customers.value)}\n`);
    expect(cards).toContain(`Novos\n${int(s.new_customers.value)}\n`);
    expect(cards).toContain(`Recorrentes\n${int(s.returning_customers.value)}\n`);
    expect(cards).toContain(`Pedidos\n${int(s.orders.value)}\n`);
    expect(cards).toContain(`Ticket médio\n${money(s.average_ticket.value)}\n`);
    expect(s.new_customers.value + s.returning_customers.value).toBe(s.customers.value);

    // The segments in Portuguese, in the contract's order; no English label on the page.
    const segments = await page.locator('[data-testid=grocery-rfm-table] tbody tr td:first-child').allInnerTexts();
    expect(segments.map((x) => x.trim())).toEqual(SEGMENTS);
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b(champions|loyal|promising|need_attention|at_risk|hibernating|lost)\b/);
    // Cohorts: one row a month, the shares as the cells' strength.
    expect(await page.locator('[data-testid=grocery-cohorts-table] tbody tr').count()).toBe(api.cards.cohorts!.length);
    const shares = await page.locator('[data-testid=grocery-cohorts-table] td[data-share]').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-share'))));
    expect(shares).toEqual(api.cards.cohorts!.filter((c) => c.customers > 0).flatMap((c) => c.retention));
    await pictures(page, 'grocery-customers');
  });

  it('downloads the RFM segments as CSV', async () => {
    const csv = await download('grocery-download-rfm', 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.lines).toHaveLength(SEGMENTS.length + 1);
  });

  it('a period without customers: every panel says so', async () => {
    await page.goto(`${base}/analytics/customers?location_id=${store.id}&from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('grocery-customers-per-day-empty').waitFor();
    await page.getByTestId('grocery-frequency-empty').waitFor();
    await page.getByTestId('grocery-rfm-empty').waitFor();
    await page.getByTestId('grocery-cohorts-empty').waitFor();
    expect(await kpis()).toContain('Clientes\n0\n');
    await pictures(page, 'grocery-customers-empty');
  });

  it('the attendance report downloads its table by attendant', async () => {
    await page.goto(`${base}/chats/attendance`);
    await page.getByTestId('attendance-row').first().waitFor();
    const csv = await download('attendance-download', 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.lines[0]).toContain('Nome');
    expect(csv.lines.length).toBeGreaterThan(1);
    await pictures(page, 'grocery-attendance-download');
  });
});
