import '../../test/signed-in';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { KPI_DRILLS } from '@backoffice/contracts';
import { renderWithMantine } from '../../test/render';
import { SESSION, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { clearSession, setSession, type Session } from '../../shared/session/session';
import { ConsumersPage } from './consumers-page';
import { CONSUMERS, KPI_DRILL_CATEGORY, KPI_DRILL_RETAILER, KPI_DRILL_STORE, KPI_TREE, SELLOUT, SELLOUT_EMPTY, STOCK } from './industry-fixtures';
import { coverageLevel, formatDays } from './format';
import { IndustrySearch, KpiSearch, URL_DRILLS } from './industry-search';
import { KpiPage } from './kpi-page';
import { SelloutPage } from './sellout-page';
import { StockPage } from './stock-page';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

// Shaped like the seed's industry account and its manager.
const INDUSTRY: Session = {
  ...SESSION,
  user: { ...SESSION.user, id: 3, name: 'Marina Costa', email: 'gestor@marca.test' },
  account: { ...SESSION.account, id: 3, name: 'Café Aurora', type: 'industry', retail_media_role: 'advertiser', currency_cents: true },
};
const SEARCH: IndustrySearch = { from: '2026-03-01', to: '2026-03-30', compare: 'previous_period' };

type Answer = { cards: Record<string, unknown> };
/** A dashboard route answering the cards asked (`queries`) from a full answer. */
const dashboard =
  (full: Answer | ((body: Record<string, unknown>) => Answer)): Handler =>
  async (request) => {
    const body = (await request.clone().json()) as { queries: string[] };
    const answer = typeof full === 'function' ? full(body) : full;
    return json({ ...answer, cards: Object.fromEntries(body.queries.map((q) => [q, answer.cards[q]])) });
  };
const DRILLS: Record<string, Answer> = { retailer: KPI_DRILL_RETAILER, store: KPI_DRILL_STORE, category: KPI_DRILL_CATEGORY };
const ANSWERS: Record<string, Handler> = {
  'POST /metabase/kpi': dashboard((body) => (body.queries as string[]).includes('drill') ? DRILLS[String(body.drill ?? 'retailer')]! : KPI_TREE),
  'POST /metabase/analytics': dashboard(SELLOUT),
  'POST /metabase/stocks': dashboard(STOCK),
  'POST /metabase/customers': dashboard(CONSUMERS),
};

const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ') ?? '';
const kpis = () => screen.getAllByTestId('industry-kpi').map(text);
const rows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').map(text);
type Fetch = ReturnType<typeof mockApi>;
const bodies = async (fetch: Fetch, path: string) =>
  Promise.all(fetch.mock.calls.map(([r]) => r as Request).filter((r) => new URL(r.url).pathname === path).map((r) => r.clone().json() as Promise<Record<string, unknown>>));
const bodyFor = async (fetch: Fetch, path: string, card: string) => (await bodies(fetch, path)).filter((b) => (b.queries as string[]).join() === card).at(-1);

function renderPage(page: (onSearchChange: (s: IndustrySearch) => void) => ReactElement, answers: Record<string, Handler> = {}) {
  setSession(INDUSTRY);
  const fetch = mockApi({ ...ANSWERS, ...answers });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSearchChange = vi.fn();
  renderWithMantine(<QueryClientProvider client={client}>{page(onSearchChange)}</QueryClientProvider>);
  return { fetch, onSearchChange };
}

/** jsdom has no object URLs: the saved file is the anchor the page clicks. */
async function withDownloads(run: (clicked: HTMLAnchorElement[]) => Promise<void>) {
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => 'blob:industria';
  URL.revokeObjectURL = () => undefined;
  const clicked: HTMLAnchorElement[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  try {
    await run(clicked);
  } finally {
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  }
}

describe('/kpi: the KPI tree and its drill-down', { timeout: 20_000 }, () => {
  const search: KpiSearch = { ...SEARCH, drill: 'retailer' };

  it('draws the tree with each node’s change and the drill-down by retailer, asking each card on its own', async () => {
    const { fetch } = renderPage((onSearchChange) => <KpiPage search={search} onSearchChange={onSearchChange} />);
    expect(await screen.findByRole('heading', { name: 'Árvore de KPIs' })).toBeInTheDocument();
    await screen.findByTestId('kpi-tree');
    expect(screen.getAllByTestId('kpi-node')).toHaveLength(6);
    expect(screen.getAllByTestId('kpi-operator').map(text)).toEqual(['×', '×', '×']);
    expect(screen.getByTestId('kpi-tree-panel')).toHaveTextContent(
      'Valor de sell-out = Unidades × Preço médio; Unidades = Clientes compradores × Frequência × Unidades por compra. Comparado com 30/01/2026 a 28/02/2026',
    );
    await screen.findByTestId('kpi-drill-table');
    expect(rows('kpi-drill-table')).toEqual([
      'VarejistaValor de sell-outUnidadesPreço médioClientes compradoresFrequênciaUnidades por compraVariaçãoAções',
      'Supermercado Bom PreçoR$ 2.451,40140R$ 17,51171,475,6▲ 16,7%',
    ]);
    expect(await bodyFor(fetch, '/metabase/kpi', 'tree')).toEqual({ from: '2026-03-01', to: '2026-03-30', compare: 'previous_period', queries: ['tree'] });
    expect(await bodyFor(fetch, '/metabase/kpi', 'drill')).toEqual({ from: '2026-03-01', to: '2026-03-30', compare: 'previous_period', drill: 'retailer', queries: ['drill'] });
    expect(screen.queryByTestId('industry-metabase')).toBeNull();
  });

  it('switches the drill-down dimension, keeping the filters', async () => {
    const { onSearchChange } = renderPage((change) => <KpiPage search={{ ...search, category: 'Mercearia' }} onSearchChange={change} />);
    await screen.findByTestId('kpi-drill-table');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Loja' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...search, category: 'Mercearia', drill: 'store' });
  });

  it('by store: a store under 5 buyers reads "< 5", and its filter narrows the page to it (with its retailer), opening by category', async () => {
    const { onSearchChange } = renderPage((change) => <KpiPage search={{ ...search, drill: 'store' }} onSearchChange={change} />);
    await screen.findByTestId('kpi-drill-table');
    await waitFor(() => expect(rows('kpi-drill-table')[2]).toBe('Bom Preço Jardins · Supermercado Bom PreçoR$ 351,2020R$ 17,56< 5——▲ 17,1%'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filtrar por Bom Preço Centro · Supermercado Bom Preço' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, retailer_id: 1, location_id: 2, drill: 'category' });
    // A bare store id: its retailer comes from the filters' choices (the sell-out by store).
    await user.click(await screen.findByRole('button', { name: 'Filtrar por Bom Preço Jardins · Supermercado Bom Preço' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, retailer_id: 1, location_id: 3, drill: 'category' });
  });

  it('by category: no customers’ columns (the API has none there)', async () => {
    renderPage((change) => <KpiPage search={{ ...search, drill: 'category' }} onSearchChange={change} />);
    await screen.findByTestId('kpi-drill-table');
    expect(rows('kpi-drill-table')[0]).toBe('CategoriaValor de sell-outUnidadesPreço médioVariaçãoAções');
  });

  it('downloads the drill-down with its dimension and the filters', async () => {
    const { fetch } = renderPage((change) => <KpiPage search={{ ...search, retailer_id: 1, drill: 'store' }} onSearchChange={change} />, {
      'POST /metabase/kpi/export': () => new Response('\uFEFFLoja;Valor\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="kpi-lojas.csv"' } }),
    });
    await withDownloads(async (clicked) => {
      await screen.findByTestId('kpi-drill-table');
      const user = userEvent.setup();
      await user.click(screen.getByTestId('industry-download-drill'));
      await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('kpi-lojas.csv');
      expect((await bodies(fetch, '/metabase/kpi/export')).at(-1)).toEqual({
        body: { from: '2026-03-01', to: '2026-03-30', compare: 'previous_period', retailer_id: 1, drill: 'store', queries: ['drill'] },
        card: 'drill',
        format: 'csv',
      });
    });
  });

  it('says so when the brand sold nothing, and shows the page error in the server’s words', async () => {
    renderPage((change) => <KpiPage search={search} onSearchChange={change} />, {
      'POST /metabase/kpi': dashboard({ ...KPI_TREE, cards: { tree: KPI_TREE.cards.tree!.map((n) => ({ ...n, value: 0, previous: 0, change: null })) } }),
    });
    expect(await screen.findByTestId('order-dashboard-empty')).toHaveTextContent('Nenhuma venda das suas marcas no período');
    expect(screen.queryByTestId('kpi-tree')).toBeNull();
    document.body.innerHTML = '';
    renderPage((change) => <KpiPage search={search} onSearchChange={change} />, { 'POST /metabase/kpi': () => apiError(403, 'FORBIDDEN', 'Sem permissão para este módulo.') });
    expect(await screen.findByTestId('industry-error')).toHaveTextContent('Erro: Sem permissão para este módulo.');
  });
});

describe('/sell-out', { timeout: 20_000 }, () => {
  it('shows the six cards with their change, the days against the comparison and the four rankings', async () => {
    const { fetch } = renderPage((change) => <SelloutPage search={SEARCH} onSearchChange={change} />);
    await screen.findAllByTestId('industry-kpi');
    expect(kpis()).toEqual([
      'VendasR$ 2.451,40▲ 16,7% vs período anterior',
      'Unidades140▲ 12% vs período anterior',
      'Preço médioR$ 17,51▲ 4,2% vs período anterior',
      'Varejistas com venda1',
      'Lojas com venda2',
      'Produtos vendidos3',
    ]);
    expect(await screen.findByTestId('sellout-per-day')).toHaveTextContent('Vendas por dia');
    await screen.findByTestId('sellout-by-product-table');
    expect(rows('sellout-by-retailer-table')).toEqual(['VarejistaUnidadesVendasParticipaçãoVariação', 'Supermercado Bom Preço140R$ 2.451,40100%▲ 16,7%']);
    expect(rows('sellout-by-store-table')[2]).toBe('Bom Preço JardinsSupermercado Bom Preço20R$ 351,2014,3%▲ 17,1%');
    expect(rows('sellout-by-category-table')[1]).toBe('Mercearia140R$ 2.451,40100%▲ 16,7%');
    expect(rows('sellout-by-product-table')[2]).toBe(
      'Café Aurora Cápsulas Espresso 10 unidadescafe-aurora-capsulas-10un · Café Aurora · Mercearia · Supermercado Bom Preço50R$ 750,4030,6%▼ 5%',
    );
    const asked = (await bodies(fetch, '/metabase/analytics')).map((b) => (b.queries as string[]).join());
    expect(asked).toEqual(expect.arrayContaining(['summary', 'per_day', 'by_retailer', 'by_store', 'by_category', 'by_product', 'by_retailer,by_store,by_category,by_product']));
  });

  it('filters by retailer, store (bringing its retailer), category and product; a new retailer clears the store', async () => {
    const { onSearchChange } = renderPage((change) => <SelloutPage search={{ ...SEARCH, retailer_id: 1, location_id: 2, product_id: 11 }} onSearchChange={change} />);
    await screen.findAllByTestId('industry-kpi');
    const user = userEvent.setup();
    const store = screen.getByRole('combobox', { name: 'Loja' });
    await waitFor(() => expect(store).toHaveValue('Bom Preço Centro'));
    await user.click(store);
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Jardins' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, retailer_id: 1, location_id: 3, product_id: 11 });
    await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await user.click(await screen.findByRole('option', { name: 'Mercearia' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, retailer_id: 1, location_id: 2, product_id: 11, category: 'Mercearia' });
    await user.click(screen.getByTestId('industry-clear-filters'));
    expect(onSearchChange).toHaveBeenLastCalledWith(SEARCH);
  });

  it('a store chosen without a retailer brings its retailer; the comparison goes to the URL state', async () => {
    const { onSearchChange } = renderPage((change) => <SelloutPage search={SEARCH} onSearchChange={change} />);
    await screen.findAllByTestId('industry-kpi');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Loja' }));
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Centro' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, retailer_id: 1, location_id: 2 });
    await user.click(screen.getByRole('combobox', { name: 'Comparar com' }));
    await user.click(await screen.findByRole('option', { name: 'Sem comparação' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ ...SEARCH, compare: 'none' });
  });

  it('links to Metabase when the account has it, and says so when nothing sold', async () => {
    renderPage((change) => <SelloutPage search={SEARCH} onSearchChange={change} />, {
      'POST /metabase/analytics': dashboard({ ...SELLOUT_EMPTY, embed_url: 'https://metabase.example/embed/dashboard/abc' } as Answer),
    });
    expect(await screen.findByTestId('order-dashboard-empty')).toHaveTextContent('Nenhuma venda das suas marcas no período');
    const link = screen.getByRole('link', { name: 'Abrir no Metabase' });
    expect(link).toHaveAttribute('href', 'https://metabase.example/embed/dashboard/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('sellout-per-day')).toBeNull();
  });

  it('each panel has its own loading, empty and error states, and its retry', async () => {
    let failing = true;
    let answerDays!: (r: Response) => void;
    const full = dashboard(SELLOUT);
    renderPage((change) => <SelloutPage search={SEARCH} onSearchChange={change} />, {
      'POST /metabase/analytics': async (request) => {
        const { queries } = (await request.clone().json()) as { queries: string[] };
        if (queries.join() === 'per_day') return new Promise<Response>((r) => (answerDays = r));
        if (queries.join() === 'by_store' && failing) return apiError(500, 'INTERNAL', 'Não foi possível ler o sell-out.');
        if (queries.join() === 'by_category') return json({ ...SELLOUT, cards: { by_category: [] } });
        return full(request);
      },
    });
    expect(await screen.findByTestId('sellout-per-day-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('sellout-by-category-empty')).toHaveTextContent('Nenhuma venda das suas marcas no período');
    const error = await screen.findByTestId('sellout-by-store-error');
    expect(error).toHaveTextContent('Erro: Não foi possível ler o sell-out.');
    failing = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('sellout-by-store-table')).toHaveTextContent('Bom Preço Centro');
    answerDays(json({ ...SELLOUT, cards: { per_day: [] } }));
    expect(await screen.findByTestId('sellout-per-day-empty')).toBeInTheDocument();
  });

  it('downloads a ranking as XLSX with the filters, under the server’s file name', async () => {
    const { fetch } = renderPage((change) => <SelloutPage search={{ ...SEARCH, retailer_id: 1, category: 'Mercearia' }} onSearchChange={change} />, {
      'POST /metabase/analytics/export': () =>
        new Response('xlsx', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="sell-out-produtos.xlsx"' } }),
    });
    await withDownloads(async (clicked) => {
      await screen.findByTestId('sellout-by-product-table');
      const user = userEvent.setup();
      await user.click(screen.getByTestId('industry-download-by_product'));
      await user.click(await screen.findByRole('menuitem', { name: /XLSX/ }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('sell-out-produtos.xlsx');
      expect((await bodies(fetch, '/metabase/analytics/export')).at(-1)).toEqual({
        body: { from: '2026-03-01', to: '2026-03-30', compare: 'previous_period', retailer_id: 1, category: 'Mercearia', queries: ['by_product'] },
        card: 'by_product',
        format: 'xlsx',
      });
    });
  });
});

describe('/stock', { timeout: 20_000 }, () => {
  it('shows stock, items out of stock, their share, coverage and ruptures, with coverage coloured by days', async () => {
    renderPage((change) => <StockPage search={SEARCH} onSearchChange={change} />);
    await screen.findAllByTestId('industry-kpi');
    expect(kpis()).toEqual([
      'Estoque310Unidades nas lojas agora',
      'Sem estoque1De 8 itens (produto × loja) com oferta',
      '% sem estoque12,5%Dos itens com oferta',
      'Cobertura6,6 diasBaixa: menos de 7 dias',
      'Rupturas4▲ 100% vs período anterior',
    ]);
    expect(await screen.findByTestId('stock-per-day')).toHaveTextContent('Estoque por dia');
    expect(screen.getByTestId('stock-ruptures-per-day')).toHaveTextContent('Sem estoque e rupturas por dia');
    await screen.findByTestId('stock-by-product-table');
    expect(rows('stock-by-store-table')).toEqual([
      'LojaEstoqueSem estoqueVenda média/diaCoberturaRupturas',
      'Bom Preço CentroSupermercado Bom Preço2900 de 4473 dias1',
      'Bom Preço JardinsSupermercado Bom Preço201 de 482,5 dias3',
    ]);
    const levels = within(screen.getByTestId('stock-by-store-table')).getAllByTestId('coverage').map((b) => b.dataset.level);
    expect(levels).toEqual(['ok', 'critical']);
    expect(rows('stock-by-product-table')[2]).toBe('Café Aurora Extraforte 500gcafe-aurora-extraforte-500g · Supermercado Bom Preço02 de 20Sem vendas2');
    expect(within(screen.getByTestId('stock-by-retailer-table')).getByTestId('coverage').dataset.level).toBe('low');
  });
});

describe('/customers (consumers)', { timeout: 20_000 }, () => {
  it('explains the hidden counts, and shows "< 5" with why wherever fewer than 5 customers are behind a number', async () => {
    renderPage((change) => <ConsumersPage search={SEARCH} onSearchChange={change} />);
    expect(await screen.findByTestId('privacy-note')).toHaveTextContent('contagens de menos de 5 clientes aparecem como “< 5”');
    await screen.findAllByTestId('industry-kpi');
    expect(kpis()).toEqual([
      'Compradores17▲ 13,3% vs período anterior',
      'Novos compradores< 5— vs período anterior',
      'Recorrentes6▲ 20% vs período anterior',
      'Ocasiões de compra25▲ 19,1% vs período anterior',
      'Frequência1,47▲ 5% vs período anterior',
      'Unidades por compra5,6▼ 5,9% vs período anterior',
    ]);
    const user = userEvent.setup();
    await user.hover(screen.getAllByTestId('industry-kpi')[1]!);
    expect(await screen.findByText('Oculto para proteger a privacidade dos clientes (menos de 5)')).toBeInTheDocument();

    await screen.findByTestId('consumers-segments-table');
    // In the segments' order, whatever the API's.
    expect(rows('consumers-segments-table')).toEqual([
      'SegmentoCompradoresParticipaçãoVendas',
      'Compra única1 ocasião de compra952,9%R$ 810,50',
      'Ocasional2 a 3 ocasiões635,3%R$ 1.020,00',
      'Regular4 a 11 ocasiões< 5——',
      'Fiel12 ocasiões ou mais< 5——',
    ]);
    expect(await screen.findByTestId('consumers-frequency-hidden')).toHaveTextContent('Sem barra: 3 ocasiões, 4 a 5, 6 ou mais (menos de 5 compradores');
    await screen.findByTestId('consumers-by-retailer-table');
    expect(rows('consumers-by-retailer-table')).toEqual(['VarejistaCompradoresOcasiões de compraUnidadesVendas', 'Supermercado Bom Preço1725140R$ 2.451,40']);
    expect(screen.getByTestId('consumers-per-day')).toHaveTextContent('Compradores e ocasiões de compra por dia');
    expect(await screen.findByTestId('consumers-per-day-hidden')).toHaveTextContent('1 dia com menos de 5 compradores fica sem ponto na linha, para proteger a privacidade.');
  });

  it('without a comparison: each card says what it counts', async () => {
    const none = { ...CONSUMERS, compare: 'none', previous: null } as const;
    renderPage((change) => <ConsumersPage search={{ ...SEARCH, compare: 'none' }} onSearchChange={change} />, { 'POST /metabase/customers': dashboard(none) });
    await screen.findAllByTestId('industry-kpi');
    expect(kpis()[3]).toBe('Ocasiões de compra25Cliente × dia com compra das marcas');
  });
});

describe('/customers (consumers) of a small store', { timeout: 20_000 }, () => {
  it('every day and every frequency under 5 buyers: said so instead of an empty line or chart', async () => {
    const small = {
      ...CONSUMERS,
      cards: {
        ...CONSUMERS.cards,
        per_day: CONSUMERS.cards.per_day!.map((d) => ({ ...d, buying_customers: null })),
        frequency: CONSUMERS.cards.frequency!.map((f) => ({ ...f, buying_customers: null })),
      },
    };
    renderPage((change) => <ConsumersPage search={{ ...SEARCH, retailer_id: 1, location_id: 3 }} onSearchChange={change} />, { 'POST /metabase/customers': dashboard(small) });
    expect(await screen.findByTestId('consumers-per-day-hidden')).toHaveTextContent('Nenhum dia teve 5 compradores ou mais: por privacidade, só as ocasiões de compra aparecem por dia.');
    expect(await screen.findByTestId('consumers-frequency-all-hidden')).toHaveTextContent('Faixas ocultas neste recorte para proteger a privacidade: alguma tem menos de 5 compradores');
  });
});

describe('industry dashboards (routes)', { timeout: 30_000 }, () => {
  it('/customers of an industry account is its consumers dashboard, with the filters of the URL', async () => {
    localStorage.clear();
    setSession(INDUSTRY);
    const fetch = mockApi({ ...SHELL_ROUTES, ...ANSWERS });
    renderApp('/customers?from=2026-03-01&to=2026-03-30&compare=bogus&location_id=2');
    expect(await screen.findByRole('heading', { name: 'Consumidores' })).toBeInTheDocument();
    // A bad comparison is the previous period; a store without its retailer is dropped.
    await waitFor(async () => expect(await bodyFor(fetch, '/metabase/customers', 'summary')).toEqual({ from: '2026-03-01', to: '2026-03-30', compare: 'previous_period', queries: ['summary'] }));
  });

  it('/customers of a grocery account goes to its customers list', async () => {
    setSession(SESSION);
    mockApi({ ...SHELL_ROUTES, 'GET /api/customer/': () => json({ data: [], meta: { page: 1, quantity: 20, total: 0, total_pages: 0 } }) });
    const { router } = renderApp('/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/list'));
  });

  it('/kpi reads the drill and the filters from the URL, and a new dimension goes to the URL and the API', async () => {
    setSession(INDUSTRY);
    const fetch = mockApi({ ...SHELL_ROUTES, ...ANSWERS });
    const { router } = renderApp('/kpi?from=2026-03-01&to=2026-03-30&drill=store&retailer_id=1');
    expect(await screen.findByRole('heading', { name: 'Árvore de KPIs' })).toBeInTheDocument();
    await screen.findByTestId('kpi-drill-table');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Categoria' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ drill: 'category', retailer_id: 1 }));
    await waitFor(async () => expect(await bodyFor(fetch, '/metabase/kpi', 'drill')).toMatchObject({ drill: 'category', retailer_id: 1 }));
  });
});

describe('coverage in days', () => {
  it('reads as days, whole from 10 up, capped at a year, and is red under 3 days, yellow under 7', () => {
    expect([2.46, 1, 12.4, 11753.2, null].map(formatDays)).toEqual(['2,5 dias', '1 dia', '12 dias', '> 365 dias', '—']);
    expect([2.9, 3, 6.9, 7, null].map(coverageLevel)).toEqual(['critical', 'low', 'low', 'ok', 'unknown']);
  });
});

describe('industry dashboards URL state', () => {
  it('keeps valid filters, falls back for bad ones, drops a store without its retailer', () => {
    expect(IndustrySearch.parse({ from: '2026-03-01', to: '2026-03-10', compare: 'previous_year', retailer_id: '1', location_id: '2', category: ' Mercearia ', product_id: '11' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      compare: 'previous_year',
      retailer_id: 1,
      location_id: 2,
      category: 'Mercearia',
      product_id: 11,
    });
    const bad = IndustrySearch.parse({ from: '2026-03-10', to: '2026-03-01', compare: 'last_week', location_id: '2', product_id: 'x', category: '' });
    expect(bad.to >= bad.from).toBe(true);
    expect(bad).toEqual({ from: bad.from, to: bad.to, compare: 'previous_period' });
    expect(KpiSearch.parse({ drill: 'brand' }).drill).toBe('retailer');
    expect(KpiSearch.parse({ drill: 'product' }).drill).toBe('product');
    // Spelled out for the URL check (so the analytics contracts stay out of the start-up JavaScript): the contract's list.
    expect(URL_DRILLS).toEqual(KPI_DRILLS);
  });
});
