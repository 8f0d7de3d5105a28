import '../../test/signed-in';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderWithMantine } from '../../test/render';
import { SHELL_ROUTES, apiError, json, mockApi, SESSION, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { clearSession, setSession } from '../../shared/session/session';
import { SalesDashboardPage } from './sales-dashboard-page';
import { CARDS, CARDS_NO_COMPARE, CUSTOMERS, EMPTY_CARDS, GMV_DAYS, MARGIN_DAYS, PRODUCTS } from './sales-fixtures';
import { SalesSearch } from './sales-search';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const STORES = [{ id: 2, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true }];
const SEARCH: SalesSearch = { from: '2026-03-09', to: '2026-03-10', compare: 'previous_period' };
const API = '/api/data-service/dashboard';
const ANSWERS: Record<string, Handler> = {
  [`GET ${API}/cards`]: () => json(CARDS),
  [`GET ${API}/gmv-per-day`]: () => json(GMV_DAYS),
  [`GET ${API}/margin-per-day`]: () => json(MARGIN_DAYS),
  [`GET ${API}/top-products`]: () => json(PRODUCTS),
  [`GET ${API}/top-customers`]: () => json(CUSTOMERS),
  'GET /api/location/minified': () => json({ data: STORES }),
};
const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ');
const kpis = () => screen.getAllByTestId('order-dashboard-kpi').map(text);
const rows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').map(text);

function renderPage(answers: Record<string, Handler> = {}, search: SalesSearch = SEARCH) {
  setSession(SESSION);
  const fetch = mockApi({ ...ANSWERS, ...answers });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSearchChange = vi.fn();
  renderWithMantine(
    <QueryClientProvider client={client}>
      <SalesDashboardPage search={search} onSearchChange={onSearchChange} />
    </QueryClientProvider>,
  );
  return { fetch, onSearchChange };
}

const requests = (fetch: ReturnType<typeof mockApi>, path: string) =>
  fetch.mock.calls.map(([r]) => r as Request).filter((r) => new URL(r.url).pathname === path);
const lastQuery = (fetch: ReturnType<typeof mockApi>, path: string) => Object.fromEntries(new URL(requests(fetch, path).at(-1)!.url).searchParams);

describe('sales dashboard', { timeout: 20_000 }, () => {
  it('shows the seven cards in pt-BR with their change against the previous period, and the costed share', async () => {
    const { fetch } = renderPage();
    expect(await screen.findAllByTestId('order-dashboard-kpi')).toHaveLength(7);
    expect(kpis()).toEqual([
      'GMVR$ 1.234,50▲ 12,2% vs período anterior',
      'Pedidos20▼ 33,3% vs período anterior',
      'Ticket médioR$ 61,73▲ 68,3% vs período anterior',
      'Clientes15= 0% vs período anterior',
      'Unidades48,5— vs período anterior',
      'Margem brutaR$ 300,25▲ 7,2% vs período anterior',
      'Margem %28,1%▲ 2,7 p.p. vs período anterior',
    ]);
    const trends = screen.getAllByTestId('sales-change').map((c) => c.dataset.trend);
    expect(trends).toEqual(['up', 'down', 'up', 'flat', 'none', 'up', 'up']);
    expect(screen.getByTestId('sales-costed-share')).toHaveTextContent('Margem calculada sobre 87% das vendas (itens com custo cadastrado).');
    expect(lastQuery(fetch, `${API}/cards`)).toEqual({ from: '2026-03-09', to: '2026-03-10', compare: 'previous_period' });
  });

  it('draws GMV and margin per day, and lists the top products and customers', async () => {
    const { fetch } = renderPage({}, { ...SEARCH, location_id: 2, channel: 'vtex' });
    expect(await screen.findByTestId('sales-gmv-chart')).toHaveTextContent('GMV por dia');
    expect(await screen.findByTestId('sales-margin-chart')).toHaveTextContent('Margem bruta por dia');
    await screen.findByTestId('sales-products-table');
    const products = rows('sales-products-table');
    expect(products[0]).toBe('ProdutoUnidadesVendasMargemParticipaçãoVariação');
    expect(products[1]).toBe('Arroz Branco Vale Verde 5kgarroz-5kg · Vale Verde · Mercearia12R$ 334,80R$ 80,3528,4%▲ 20%');
    expect(products[2]).toBe('Picanha Bovinapicanha-kg · Açougue3,25R$ 292,50—24,8%▼ 25%');
    expect(products[3]).toContain('Produto excluído');
    expect(products[3]).toContain('—');
    const customers = await screen.findByTestId('sales-customers-table').then(() => rows('sales-customers-table'));
    expect(customers[0]).toBe('ClientePedidosComprasTicket médioÚltimo pedidoPeríodo anterior');
    expect(customers[1]).toBe('Marina Oliveira3R$ 412,70R$ 137,5710/03/2026R$ 120,00');
    expect(customers[2]).toBe('João Pedro Lima1R$ 89,90R$ 89,9009/03/2026R$ 0,00');
    const filters = { from: '2026-03-09', to: '2026-03-10', compare: 'previous_period', location_id: '2', channel: 'vtex' };
    for (const part of ['cards', 'gmv-per-day', 'margin-per-day', 'top-products', 'top-customers']) expect(lastQuery(fetch, `${API}/${part}`)).toEqual(filters);
  });

  it('without a comparison: no change lines, no change or previous columns', async () => {
    renderPage({ [`GET ${API}/cards`]: () => json(CARDS_NO_COMPARE), [`GET ${API}/top-customers`]: () => json({ ...CUSTOMERS, compare: 'none', previous: null }) }, { ...SEARCH, compare: 'none' });
    await screen.findAllByTestId('order-dashboard-kpi');
    expect(kpis()[0]).toBe('GMVR$ 1.234,50');
    expect(screen.queryAllByTestId('sales-change')).toHaveLength(0);
    await screen.findByTestId('sales-customers-table');
    expect(rows('sales-customers-table')[0]).toBe('ClientePedidosComprasTicket médioÚltimo pedido');
  });

  it('a new comparison and a new store go to onSearchChange, keeping the other filters', async () => {
    const { onSearchChange } = renderPage({}, { ...SEARCH, channel: 'rappi' });
    await screen.findAllByTestId('order-dashboard-kpi');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Comparar com' }));
    await user.click(await screen.findByRole('option', { name: 'Mesmo período do ano anterior' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, channel: 'rappi', compare: 'previous_year' });
    await user.click(screen.getByRole('combobox', { name: 'Loja' }));
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Centro' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, channel: 'rappi', location_id: 2 });
  });

  it('shows the loading state first, then the empty state when the period has no sale', async () => {
    let answer!: (r: Response) => void;
    renderPage({ [`GET ${API}/cards`]: () => new Promise<Response>((r) => (answer = r)) });
    expect(await screen.findByTestId('order-dashboard-loading')).toHaveTextContent('Carregando');
    answer(json(EMPTY_CARDS));
    expect(await screen.findByTestId('order-dashboard-empty')).toHaveTextContent('Nenhuma venda no período');
    // Nothing sold before either: no change, not "= 0 p.p.".
    expect(kpis()[6]).toBe('Margem %0%— vs período anterior');
    expect(screen.queryByTestId('sales-gmv-chart')).toBeNull();
    expect(screen.queryByTestId('sales-products')).toBeNull();
  });

  it('shows the page error in the server words', async () => {
    renderPage({ [`GET ${API}/cards`]: () => apiError(404, 'NOT_FOUND', 'Loja não encontrada.') });
    expect(await screen.findByTestId('order-dashboard-error')).toHaveTextContent('Erro: Loja não encontrada.');
  });

  it('each panel has its own loading, empty and error state, and its retry', async () => {
    let failing = true;
    let answerMargin!: (r: Response) => void;
    renderPage({
      [`GET ${API}/margin-per-day`]: () => new Promise<Response>((r) => (answerMargin = r)),
      [`GET ${API}/top-products`]: () => (failing ? apiError(500, 'INTERNAL', 'Não foi possível ler as vendas.') : json(PRODUCTS)),
      [`GET ${API}/top-customers`]: () => json({ ...CUSTOMERS, customers: [] }),
    });
    expect(await screen.findByTestId('sales-margin-chart-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('sales-customers-empty')).toHaveTextContent('Nenhuma venda no período');
    const error = await screen.findByTestId('sales-products-error');
    expect(error).toHaveTextContent('Erro: Não foi possível ler as vendas.');
    expect(screen.getByTestId('sales-gmv-chart')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('sales-products-table')).toHaveTextContent('Arroz Branco Vale Verde 5kg');
    answerMargin(json({ ...MARGIN_DAYS, days: MARGIN_DAYS.days.map((d) => ({ ...d, items_value: 0, costed_value: 0, cost: 0, margin: 0, margin_rate: null })) }));
    expect(await screen.findByTestId('sales-margin-chart-empty')).toHaveTextContent('Nenhuma venda no período');
  });

  it('downloads a table with the screen filters, the report and the format, under the server file name', async () => {
    const { fetch } = renderPage({
      [`GET ${API}/export`]: () =>
        new Response('\uFEFFSKU;Produto\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="produtos-mais-vendidos-2026-03-09-2026-03-10.csv"' } }),
    }, { ...SEARCH, location_id: 2 });
    // jsdom has no object URLs: the saved file is the anchor the page clicks.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:vendas';
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      await screen.findByTestId('sales-products-table');
      const user = userEvent.setup();
      await user.click(screen.getByTestId('sales-download-products'));
      await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(lastQuery(fetch, `${API}/export`)).toEqual({ from: '2026-03-09', to: '2026-03-10', compare: 'previous_period', location_id: '2', report: 'products', format: 'csv' });
      expect(clicked[0]!.download).toBe('produtos-mais-vendidos-2026-03-09-2026-03-10.csv');

      await user.click(screen.getByTestId('sales-download-days'));
      await user.click(await screen.findByRole('menuitem', { name: /XLSX/ }));
      await waitFor(() => expect(clicked).toHaveLength(2));
      expect(lastQuery(fetch, `${API}/export`)).toMatchObject({ report: 'days', format: 'xlsx' });
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });
});

describe('sales dashboard (route)', { timeout: 30_000 }, () => {
  it('/analytics/sales reads the filters from the URL, and a new comparison goes to the URL and the API', async () => {
    const fetch = mockApi({ ...SHELL_ROUTES, ...ANSWERS });
    const { router } = renderApp('/analytics/sales?from=2026-03-09&to=2026-03-10&compare=bogus&channel=vtex');
    expect(await screen.findByRole('heading', { name: 'Painel de vendas' })).toBeInTheDocument();
    await screen.findAllByTestId('order-dashboard-kpi');
    expect(lastQuery(fetch, `${API}/cards`)).toEqual({ from: '2026-03-09', to: '2026-03-10', compare: 'previous_period', channel: 'vtex' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Comparar com' }));
    await user.click(await screen.findByRole('option', { name: 'Sem comparação' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ compare: 'none', channel: 'vtex', from: '2026-03-09' }));
    await waitFor(() => expect(lastQuery(fetch, `${API}/top-products`)).toMatchObject({ compare: 'none', channel: 'vtex' }));
  });
});

describe('sales dashboard URL state', () => {
  it('keeps a valid comparison and falls back to the previous period for a bad one', () => {
    expect(SalesSearch.parse({ from: '2026-03-01', to: '2026-03-10', location_id: '2', compare: 'previous_year' })).toEqual({ from: '2026-03-01', to: '2026-03-10', location_id: 2, compare: 'previous_year' });
    expect(SalesSearch.parse({ from: '2026-03-01', to: '2026-03-10', compare: 'last_week' }).compare).toBe('previous_period');
    const reversed = SalesSearch.parse({ from: '2026-03-10', to: '2026-03-01', channel: 'fax' });
    expect(reversed.to >= reversed.from).toBe(true);
    expect(reversed).not.toHaveProperty('channel');
  });
});
