import '../../test/signed-in';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderWithMantine } from '../../test/render';
import { SHELL_ROUTES, apiError, json, mockApi, SESSION, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { clearSession, setSession } from '../../shared/session/session';
import { AttendancePage } from '../chats/attendance-page';
import { CustomersPage } from './customers-page';
import {
  BY_BRAND,
  BY_CATEGORY,
  BY_PRODUCT,
  COHORTS,
  CUSTOMERS_PER_DAY,
  CUSTOMERS_SUMMARY,
  FREQUENCY,
  RFM,
  SELLOUT_EMPTY_SUMMARY,
  SELLOUT_PER_DAY,
  SELLOUT_SUMMARY,
} from './grocery-fixtures';
import type { GrocerySearch } from './grocery-search';
import { formatCohort } from './customers-panels';
import { SelloutPage } from './sellout-page';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  clearSession();
});

const STORES = [
  { id: 2, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true },
  { id: 3, name: 'Bom Preço Moema', city: 'São Paulo', state: 'SP', active: true },
  { id: 4, name: 'Bom Preço Antigo', city: null, state: null, active: false },
];
const SELLOUT = '/metabase/analytics-grocery';
const CUSTOMERS = '/metabase/customers-grocery';
const PERIOD = { from: '2026-03-04', to: '2026-03-10', compare: 'previous_period' } as const;
const SEARCH: GrocerySearch = { ...PERIOD, location_id: 2 };

type Body = { queries: string[] } & Record<string, unknown>;
/** A dashboard's answer per card asked for (one card per request). */
const byCard =
  (answers: Record<string, Handler>): Handler =>
  async (request) => {
    const body = (await request.clone().json()) as Body;
    const handler = answers[body.queries[0]!];
    return handler ? handler(request) : apiError(422, 'VALIDATION', 'Cartão desconhecido.');
  };
const SELLOUT_CARDS: Record<string, Handler> = {
  summary: () => json(SELLOUT_SUMMARY),
  per_day: () => json(SELLOUT_PER_DAY),
  by_category: () => json(BY_CATEGORY),
  by_brand: () => json(BY_BRAND),
  by_product: () => json(BY_PRODUCT),
};
const CUSTOMER_CARDS: Record<string, Handler> = {
  summary: () => json(CUSTOMERS_SUMMARY),
  per_day: () => json(CUSTOMERS_PER_DAY),
  frequency: () => json(FREQUENCY),
  rfm: () => json(RFM),
  cohorts: () => json(COHORTS),
};
const routes = (sellout: Record<string, Handler> = {}, customers: Record<string, Handler> = {}): Record<string, Handler> => ({
  [`POST ${SELLOUT}`]: byCard({ ...SELLOUT_CARDS, ...sellout }),
  [`POST ${CUSTOMERS}`]: byCard({ ...CUSTOMER_CARDS, ...customers }),
  'GET /api/location/minified': () => json({ data: STORES }),
});

const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ');
const kpis = () => screen.getAllByTestId('grocery-kpi').map(text);
const rows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').map(text);

function renderWith(ui: (onSearchChange: (s: GrocerySearch) => void) => ReactElement, answers: Record<string, Handler>) {
  setSession(SESSION);
  const fetch = mockApi(answers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSearchChange = vi.fn();
  renderWithMantine(<QueryClientProvider client={client}>{ui(onSearchChange)}</QueryClientProvider>);
  return { fetch, onSearchChange };
}
const renderSellout = (search: GrocerySearch = SEARCH, answers = routes()) => renderWith((on) => <SelloutPage search={search} onSearchChange={on} />, answers);
const renderCustomers = (search: GrocerySearch = SEARCH, answers = routes()) => renderWith((on) => <CustomersPage search={search} onSearchChange={on} />, answers);

const requests = (fetch: ReturnType<typeof mockApi>, path: string) =>
  fetch.mock.calls.map(([r]) => r as Request).filter((r) => new URL(r.url).pathname === path);
const bodies = (fetch: ReturnType<typeof mockApi>, path: string) => Promise.all(requests(fetch, path).map((r) => r.clone().json() as Promise<Body>));

/** jsdom has no object URLs: the saved files are the anchors the page clicks. */
async function withSavedFiles(run: (saved: HTMLAnchorElement[]) => Promise<void>) {
  const saved: HTMLAnchorElement[] = [];
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL: () => 'blob:grocery', revokeObjectURL: () => undefined });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this);
  });
  try {
    await run(saved);
  } finally {
    Object.assign(URL, original);
    click.mockRestore();
  }
}
const file = (name: string, type = 'text/csv') => () => new Response('\uFEFFa;b\n', { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });

describe('grocery dashboards: the supermarket first', { timeout: 20_000 }, () => {
  it('without a store, the sell-out page asks for one and asks the API for nothing else', async () => {
    const { fetch, onSearchChange } = renderSellout(PERIOD);
    const chooser = await screen.findByTestId('grocery-store-chooser');
    expect(chooser).toHaveTextContent('Escolha o supermercado');
    expect(screen.getByRole('heading', { level: 2, name: 'Sell-out do supermercado' })).toBeInTheDocument();
    const options = await screen.findAllByTestId('grocery-store-option');
    // Active stores first, by name; an inactive one says so.
    expect(options.map(text)).toEqual(['Bom Preço CentroSão Paulo – SP', 'Bom Preço MoemaSão Paulo – SP', 'Bom Preço AntigoSem cidade cadastradaInativa']);
    expect(screen.queryByTestId('grocery-kpi')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver o painel de Bom Preço Moema' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...PERIOD, location_id: 3 });
    expect(requests(fetch, SELLOUT)).toHaveLength(0);
  });

  it('the customers page picks the store in its search box too', async () => {
    const { onSearchChange } = renderCustomers({ ...PERIOD, compare: 'none', channel: 'vtex' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Supermercado' }));
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Centro' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...PERIOD, compare: 'none', channel: 'vtex', location_id: 2 });
  });

  it('says so when the account has no store, and shows the stores’ error with a retry', async () => {
    renderSellout(PERIOD, { ...routes(), 'GET /api/location/minified': () => json({ data: [] }) });
    expect(await screen.findByTestId('grocery-stores-none')).toHaveTextContent('Nenhuma loja cadastrada nesta conta.');
    document.body.innerHTML = '';
    renderSellout(PERIOD, { ...routes(), 'GET /api/location/minified': () => apiError(500, 'INTERNAL', 'Não foi possível ler as lojas.') });
    const error = await screen.findByTestId('grocery-stores-error');
    expect(error).toHaveTextContent('Não foi possível ler as lojas.');
    expect(within(error).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('grocery sell-out', { timeout: 20_000 }, () => {
  it('shows the six cards with their change, and the Metabase link in a new tab', async () => {
    const { fetch } = renderSellout();
    expect(await screen.findAllByTestId('grocery-kpi')).toHaveLength(6);
    expect(kpis()).toEqual([
      'VendasR$ 1.234,50▲ 12,2% vs período anterior',
      'Unidades48,5— vs período anterior',
      'Pedidos20▼ 33,3% vs período anterior',
      'Ticket médioR$ 61,73▲ 68,3% vs período anterior',
      'Preço médioR$ 25,45= 0% vs período anterior',
      'Margem brutaR$ 300,25▲ 7,2% vs período anteriorMargem % 28,1% · ▲ 2,7 p.p.',
    ]);
    expect(screen.getAllByTestId('sales-change').map((c) => c.dataset.trend)).toEqual(['up', 'none', 'down', 'up', 'flat', 'up']);
    expect(screen.getByTestId('grocery-period')).toHaveTextContent('Período: 04/03/2026 a 10/03/2026 · comparado com o período anterior, 25/02/2026 a 03/03/2026');
    const link = screen.getByRole('link', { name: 'Abrir no Metabase' });
    expect(link).toHaveAttribute('href', SELLOUT_SUMMARY.embed_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    await screen.findByTestId('grocery-by-product-table');
    // One card a request, each with the screen's filters.
    const sent = await bodies(fetch, SELLOUT);
    expect(sent.map((b) => b.queries[0]).sort()).toEqual(['by_brand', 'by_category', 'by_product', 'per_day', 'summary']);
    for (const b of sent) expect(b).toEqual({ location_id: 2, from: '2026-03-04', to: '2026-03-10', compare: 'previous_period', queries: [b.queries[0]] });
  });

  it('draws sales per day and lists the categories, brands and products with share, margin and change', async () => {
    const { fetch } = renderSellout({ ...SEARCH, channel: 'rappi' });
    expect(await screen.findByTestId('grocery-sellout-per-day')).toHaveTextContent('Vendas por dia');
    await screen.findByTestId('grocery-by-category-table');
    expect(rows('grocery-by-category-table')).toEqual([
      'CategoriaVendasMargemParticipaçãoVariação',
      'MerceariaR$ 700,00R$ 180,5056,7%▲ 16,7%',
      'AçougueR$ 292,50—23,7%▼ 25%',
      'Sem categoriaR$ 242,00R$ 20,0019,6%—',
    ]);
    await screen.findByTestId('grocery-by-brand-table');
    expect(rows('grocery-by-brand-table')[1]).toBe('Vale VerdeR$ 334,80R$ 80,3527,1%▲ 20%');
    await screen.findByTestId('grocery-by-product-table');
    const products = rows('grocery-by-product-table');
    expect(products[0]).toBe('ProdutoUnidadesVendasMargemParticipaçãoVariação');
    expect(products[1]).toBe('Arroz Branco Vale Verde 5kgarroz-5kg · Vale Verde · Mercearia12R$ 334,80R$ 80,3527,1%▲ 20%');
    expect(products[2]).toBe('Picanha Bovinapicanha-kg · Açougue3,25R$ 292,50—23,7%▼ 25%');
    expect(products[3]).toBe('Produto excluídoProduto excluído do catálogo1R$ 9,90—0,8%—');
    expect((await bodies(fetch, SELLOUT)).every((b) => b.channel === 'rappi')).toBe(true);
  });

  it('without a comparison: no change lines, no change column', async () => {
    const none = { ...SELLOUT_SUMMARY, compare: 'none' as const, previous: null, embed_url: null };
    renderSellout({ ...SEARCH, compare: 'none' }, routes({ summary: () => json(none), by_category: () => json({ ...BY_CATEGORY, compare: 'none', previous: null }) }));
    await screen.findAllByTestId('grocery-kpi');
    expect(kpis()[0]).toBe('VendasR$ 1.234,50');
    expect(kpis()[5]).toBe('Margem brutaR$ 300,25Margem % 28,1%');
    expect(screen.queryAllByTestId('sales-change')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Abrir no Metabase' })).toBeNull();
    expect(screen.getByTestId('grocery-period')).toHaveTextContent(/^Período: 04\/03\/2026 a 10\/03\/2026$/);
    await screen.findByTestId('grocery-by-category-table');
    expect(rows('grocery-by-category-table')[0]).toBe('CategoriaVendasMargemParticipação');
  });

  it('a new comparison or store goes to onSearchChange, keeping the other filters', async () => {
    const { onSearchChange } = renderSellout({ ...SEARCH, channel: 'vtex' });
    await screen.findAllByTestId('grocery-kpi');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Comparar com' }));
    await user.click(await screen.findByRole('option', { name: 'Mesmo período do ano anterior' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, channel: 'vtex', compare: 'previous_year' });
    await user.click(screen.getByRole('combobox', { name: 'Loja' }));
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Moema' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, channel: 'vtex', location_id: 3 });
  });

  it('shows the loading state, then the empty state when the period has no sale', async () => {
    let answer!: (r: Response) => void;
    renderSellout(SEARCH, routes({ summary: () => new Promise<Response>((r) => (answer = r)) }));
    expect(await screen.findByTestId('order-dashboard-loading')).toBeInTheDocument();
    answer(json(SELLOUT_EMPTY_SUMMARY));
    expect(await screen.findByTestId('order-dashboard-empty')).toHaveTextContent('Nenhuma venda no período');
    expect(kpis()[5]).toBe('Margem brutaR$ 0,00— vs período anteriorMargem % 0% · —');
    expect(screen.queryByTestId('grocery-by-category')).toBeNull();
  });

  it('shows the page error in the server’s words', async () => {
    renderSellout(SEARCH, routes({ summary: () => apiError(404, 'NOT_FOUND', 'Loja não encontrada.') }));
    expect(await screen.findByTestId('order-dashboard-error')).toHaveTextContent('Erro: Loja não encontrada.');
  });

  it('each panel has its own skeleton, empty state and error with a retry', async () => {
    let failing = true;
    let answerDays!: (r: Response) => void;
    renderSellout(
      SEARCH,
      routes({
        per_day: () => new Promise<Response>((r) => (answerDays = r)),
        by_brand: () => (failing ? apiError(500, 'INTERNAL', 'Não foi possível ler as marcas.') : json(BY_BRAND)),
        by_product: () => json({ ...BY_PRODUCT, cards: { by_product: [] } }),
      }),
    );
    expect(await screen.findByTestId('grocery-sellout-per-day-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('grocery-by-product-empty')).toHaveTextContent('Nenhuma venda no período');
    const error = await screen.findByTestId('grocery-by-brand-error');
    expect(error).toHaveTextContent('Erro: Não foi possível ler as marcas.');
    expect(await screen.findByTestId('grocery-by-category-table')).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('grocery-by-brand-table')).toHaveTextContent('Vale Verde');
    answerDays(json({ ...SELLOUT_PER_DAY, cards: { per_day: SELLOUT_PER_DAY.cards.per_day!.map((d) => ({ ...d, sales: 0, units: 0, previous_sales: 0 })) } }));
    expect(await screen.findByTestId('grocery-sellout-per-day-empty')).toHaveTextContent('Nenhuma venda no período');
  });

  it('downloads a card as CSV or XLSX with the screen’s filters, under the server’s file name', async () => {
    const { fetch } = renderSellout(SEARCH, { ...routes(), [`POST ${SELLOUT}/export`]: file('sell-out-categorias.csv') });
    await withSavedFiles(async (clicked) => {
      await screen.findByTestId('grocery-by-category-table');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Baixar vendas por categoria' }));
      await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('sell-out-categorias.csv');
      expect((await bodies(fetch, `${SELLOUT}/export`))[0]).toEqual({
        body: { location_id: 2, from: '2026-03-04', to: '2026-03-10', compare: 'previous_period', queries: ['by_category'] },
        card: 'by_category',
        format: 'csv',
      });
      await user.click(screen.getByTestId('grocery-download-per_day'));
      await user.click(await screen.findByRole('menuitem', { name: /XLSX/ }));
      await waitFor(() => expect(clicked).toHaveLength(2));
      expect((await bodies(fetch, `${SELLOUT}/export`))[1]).toMatchObject({ card: 'per_day', format: 'xlsx' });
    });
  });
});

describe('grocery customers', { timeout: 20_000 }, () => {
  it('shows the six cards with their change', async () => {
    const { fetch } = renderCustomers();
    expect(await screen.findAllByTestId('grocery-kpi')).toHaveLength(6);
    expect(kpis()).toEqual([
      'Clientes15▲ 25% vs período anterior',
      'Novos5= 0% vs período anterior',
      'Recorrentes10▲ 42,9% vs período anterior',
      'Pedidos21▼ 12,5% vs período anterior',
      'Frequência (pedidos por cliente)1,4▼ 30% vs período anterior',
      'Ticket médioR$ 88,20— vs período anterior',
    ]);
    await screen.findByTestId('grocery-cohorts-table');
    const sent = await bodies(fetch, CUSTOMERS);
    expect(sent.map((b) => b.queries[0]).sort()).toEqual(['cohorts', 'frequency', 'per_day', 'rfm', 'summary']);
  });

  it('lists the RFM segments in Portuguese, in the contract’s order, with a bar each', async () => {
    renderCustomers();
    await screen.findByTestId('grocery-rfm-table');
    expect(rows('grocery-rfm-table')).toEqual([
      'SegmentoClientesParticipaçãoCompras (365 dias)Recência médiaPedidos/cliente',
      'Campeões820%R$ 3.200,406,2 dias9,5',
      'Fiéis615%R$ 1.500,0020 dias6',
      'Promissores410%R$ 400,0012 dias2',
      'Novos512,5%R$ 300,008 dias1',
      'Precisam de atenção37,5%R$ 350,0060 dias3',
      'Em risco615%R$ 900,00110 dias5',
      'Hibernando410%R$ 160,00150 dias1,5',
      'Perdidos410%R$ 210,00240,5 dias1',
    ]);
    expect(screen.getByTestId('grocery-rfm-chart')).toBeInTheDocument();
    expect(screen.getByTestId('grocery-frequency')).toHaveTextContent('Frequência de compra');
    expect(screen.getByTestId('grocery-customers-per-day')).toHaveTextContent('Clientes novos e recorrentes por dia');
  });

  it('draws the cohorts as a heat map: month rows, month-offset columns, the share as the cell’s strength', async () => {
    renderCustomers();
    await screen.findByTestId('grocery-cohorts-table');
    expect(rows('grocery-cohorts-table')).toEqual([
      'CoorteClientesMeses depois do primeiro pedido',
      '012',
      'jan/202610100%40%30%',
      'fev/20268100%25%',
      'mar/20260',
    ]);
    const cells = [...screen.getByTestId('grocery-cohorts-table').querySelectorAll<HTMLElement>('td[data-share]')];
    expect(cells.map((c) => c.dataset.share)).toEqual(['1', '0.4', '0.3', '1', '0.25']);
    expect(cells[1]!.style.background).toContain('40%');
    expect(formatCohort('2025-12')).toBe('dez/2025');
  });

  it('each panel says when it has nothing, and shows its own error', async () => {
    renderCustomers(
      SEARCH,
      routes({}, {
        per_day: () => json({ ...CUSTOMERS_PER_DAY, cards: { per_day: CUSTOMERS_PER_DAY.cards.per_day!.map((d) => ({ ...d, customers: 0, new_customers: 0, returning_customers: 0, orders: 0 })) } }),
        frequency: () => json({ ...FREQUENCY, cards: { frequency: [] } }),
        rfm: () => apiError(500, 'INTERNAL', 'Não foi possível calcular os segmentos.'),
        cohorts: () => json({ ...COHORTS, cards: { cohorts: [] } }),
      }),
    );
    expect(await screen.findByTestId('grocery-customers-per-day-empty')).toHaveTextContent('Nenhum cliente comprou no período');
    expect(await screen.findByTestId('grocery-frequency-empty')).toHaveTextContent('Nenhum cliente comprou no período');
    expect(await screen.findByTestId('grocery-rfm-error')).toHaveTextContent('Erro: Não foi possível calcular os segmentos.');
    expect(await screen.findByTestId('grocery-cohorts-empty')).toHaveTextContent('Nenhum cliente novo nos 12 meses até o fim do período');
  });

  it('downloads the RFM segments as XLSX', async () => {
    const { fetch } = renderCustomers(SEARCH, { ...routes(), [`POST ${CUSTOMERS}/export`]: file('clientes-rfm.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') });
    await withSavedFiles(async (clicked) => {
      await screen.findByTestId('grocery-rfm-table');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Baixar segmentos RFM' }));
      await user.click(await screen.findByRole('menuitem', { name: /XLSX/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('clientes-rfm.xlsx');
      expect((await bodies(fetch, `${CUSTOMERS}/export`))[0]).toEqual({ body: { ...SEARCH, queries: ['rfm'] }, card: 'rfm', format: 'xlsx' });
    });
  });

  it('a failed download says so, in the server’s words, and the button is usable again', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
    try {
      renderCustomers(SEARCH, { ...routes(), [`POST ${CUSTOMERS}/export`]: () => apiError(422, 'VALIDATION', 'O período passa de 366 dias.') });
      await screen.findByTestId('grocery-cohorts-table');
      const user = userEvent.setup();
      await user.click(screen.getByTestId('grocery-download-cohorts'));
      await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
      await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'O período passa de 366 dias.' })));
      await waitFor(() => expect(screen.getByTestId('grocery-download-cohorts')).toBeEnabled());
    } finally {
      show.mockRestore();
    }
  });
});

describe('attendance report download', { timeout: 20_000 }, () => {
  it('downloads the report by attendant with the screen’s dates and store', async () => {
    const report = {
      start: '2026-03-01',
      finish: '2026-03-10',
      attendants: [
        { user_id: 7, name: 'Pedro Santos', assigned: 4, transferred_in: 0, transferred_out: 1, closed: 3, messages_sent: 20, first_response: { median: 2, p90: 5, count: 4 }, resolution: { median: 30, p90: 60, count: 3 } },
      ],
    };
    setSession(SESSION);
    const fetch = mockApi({ 'GET /api/chats/attendance': () => json(report), 'GET /api/location/minified': () => json({ data: STORES }), 'POST /metabase/attendance/export': file('atendimento.csv') });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithMantine(
      <QueryClientProvider client={client}>
        <AttendancePage search={{ start: '2026-03-01', finish: '2026-03-10', location_id: 2 }} onSearchChange={vi.fn()} />
      </QueryClientProvider>,
    );
    await withSavedFiles(async (clicked) => {
      await screen.findByTestId('attendance-table');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Baixar relatório de atendimento por atendente' }));
      await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('atendimento.csv');
      expect((await bodies(fetch, '/metabase/attendance/export'))[0]).toEqual({
        body: { start: '2026-03-01', finish: '2026-03-10', location_id: 2, queries: ['per_attendant'] },
        card: 'per_attendant',
        format: 'csv',
      });
    });
  });
});

describe('grocery dashboards (routes)', { timeout: 30_000 }, () => {
  it('/analytics/sellout/ asks for the supermarket, and the choice goes to the URL and the API', async () => {
    const fetch = mockApi({ ...SHELL_ROUTES, ...routes() });
    const { router } = renderApp('/analytics/sellout/?from=2026-03-04&to=2026-03-10');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sell-out do supermercado' })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ver o painel de Bom Preço Centro' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ location_id: 2, from: '2026-03-04', to: '2026-03-10' }));
    await screen.findAllByTestId('grocery-kpi');
    expect((await bodies(fetch, SELLOUT)).find((b) => b.queries[0] === 'summary')).toEqual({ ...SEARCH, queries: ['summary'] });
  });

  it('/analytics/customers reads the store and filters from the URL; a bad comparison is the previous period', async () => {
    const fetch = mockApi({ ...SHELL_ROUTES, ...routes() });
    renderApp('/analytics/customers?location_id=2&from=2026-03-04&to=2026-03-10&compare=bogus');
    expect(await screen.findByRole('heading', { level: 2, name: 'Clientes do supermercado' })).toBeInTheDocument();
    await screen.findAllByTestId('grocery-kpi');
    expect((await bodies(fetch, CUSTOMERS)).find((b) => b.queries[0] === 'summary')).toEqual({ ...SEARCH, queries: ['summary'] });
  });
});
