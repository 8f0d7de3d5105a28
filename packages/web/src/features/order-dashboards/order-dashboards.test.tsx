import '../../test/signed-in';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderWithMantine } from '../../test/render';
import { ACCESS_MODULES, SHELL_ROUTES, apiError, json, mockApi, SESSION, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { clearSession, setSession } from '../../shared/session/session';
import { ConversionDashboardPage } from './conversion-dashboard-page';
import { DashboardSearch } from './dashboard-search';
import { CONVERSION, EMPTY_ORDERS, ORDERS, PICKING, RUPTURE } from './dashboard-fixtures';
import { OrdersDashboardPage } from './orders-dashboard-page';
import { RuptureDashboardPage } from './rupture-dashboard-page';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const STORES = [{ id: 2, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true }];
const SEARCH = { from: '2026-03-09', to: '2026-03-10' };
const kpis = () => screen.getAllByTestId('order-dashboard-kpi').map((c) => c.textContent?.replace(/\u00a0/g, ' '));

function renderPage(path: string, answer: Handler, page: (onSearchChange: () => void) => React.ReactNode) {
  setSession(SESSION);
  const fetch = mockApi({ [`GET ${path}`]: answer, 'GET /api/location/minified': () => json({ data: STORES }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSearchChange = vi.fn();
  renderWithMantine(<QueryClientProvider client={client}>{page(onSearchChange)}</QueryClientProvider>);
  return { fetch, onSearchChange };
}

const lastQuery = (fetch: ReturnType<typeof mockApi>, part: string) =>
  Object.fromEntries(new URL((fetch.mock.calls.filter(([r]) => (r as Request).url.includes(part)).at(-1)![0] as Request).url).searchParams);

describe('orders dashboard', { timeout: 20_000 }, () => {
  it('shows GMV, orders, ticket and cancellations, the charts per day and the tables by store and channel', async () => {
    const { fetch } = renderPage('/api/data-service/orders-dashboard', () => json(ORDERS), (on) => <OrdersDashboardPage search={{ ...SEARCH, channel: 'vtex' }} onSearchChange={on} />);
    expect(await screen.findAllByTestId('order-dashboard-kpi')).toHaveLength(4);
    expect(kpis()).toEqual(['GMVR$ 49,90', 'Pedidos3', 'Ticket médioR$ 16,63', 'Cancelados1 · R$ 4,99']);
    expect(screen.getByTestId('orders-gmv-chart')).toHaveTextContent('GMV por dia');
    expect(screen.getByTestId('orders-count-chart')).toHaveTextContent('Pedidos e ticket médio por dia');
    const stores = within(screen.getByTestId('orders-stores-table')).getAllByRole('row');
    expect(stores[1]).toHaveTextContent('Bom Preço Centro');
    expect(stores[1]).toHaveTextContent('R$ 34,93');
    expect(stores[1]).toHaveTextContent('70%');
    const channels = within(screen.getByTestId('orders-channels-table')).getAllByRole('row');
    expect(channels[1]).toHaveTextContent('VTEX');
    expect(channels[2]).toHaveTextContent('WhatsApp');
    expect(lastQuery(fetch, 'orders-dashboard')).toEqual({ ...SEARCH, channel: 'vtex' });
  });

  it('says so when the period has no order, and shows the error in the server words', async () => {
    renderPage('/api/data-service/orders-dashboard', () => json(EMPTY_ORDERS), (on) => <OrdersDashboardPage search={SEARCH} onSearchChange={on} />);
    expect(await screen.findByTestId('order-dashboard-empty')).toHaveTextContent('Nenhum pedido no período');
    expect(screen.queryByTestId('orders-gmv-chart')).toBeNull();
    clearSession();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    renderPage('/api/data-service/orders-dashboard', () => apiError(400, 'VALIDATION_ERROR', 'O período pode ter no máximo 366 dias.'), (on) => (
      <OrdersDashboardPage search={SEARCH} onSearchChange={on} />
    ));
    expect(await screen.findByTestId('order-dashboard-error')).toHaveTextContent('Erro: O período pode ter no máximo 366 dias.');
  });

  it('shows the loading state first, and a new channel goes to the URL', async () => {
    let answer!: (r: Response) => void;
    const { onSearchChange } = renderPage('/api/data-service/orders-dashboard', () => new Promise<Response>((r) => (answer = r)), (on) => (
      <OrdersDashboardPage search={SEARCH} onSearchChange={on} />
    ));
    expect(await screen.findByTestId('order-dashboard-loading')).toHaveTextContent('Carregando');
    answer(json(ORDERS));
    await screen.findAllByTestId('order-dashboard-kpi');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Canal' }));
    await user.click(await screen.findByRole('option', { name: 'Rappi' }));
    expect(onSearchChange).toHaveBeenCalledWith({ ...SEARCH, channel: 'rappi' });
  });
});

describe('conversion and rupture dashboards', { timeout: 20_000 }, () => {
  it('shows the carts funnel and each channel’s payment rate', async () => {
    renderPage('/api/data-service/conversion-dashboard', () => json(CONVERSION), (on) => <ConversionDashboardPage search={SEARCH} onSearchChange={on} />);
    expect(await screen.findAllByTestId('order-dashboard-kpi')).toHaveLength(4);
    expect(kpis()).toEqual(['Carrinhos criados5', 'Viraram pedido1', 'Pedidos pagos1', 'Conversão20%']);
    expect(screen.getByTestId('conversion-funnel')).toHaveTextContent('Funil de carrinhos');
    const rows = within(screen.getByTestId('conversion-channels-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Rappi');
    expect(rows[1]).toHaveTextContent('50%');
    expect(rows[2]).toHaveTextContent('Carrinho de compras');
  });

  it('shows the missing lines by product, category and store', async () => {
    renderPage('/api/data-service/rupture-dashboard', () => json(RUPTURE), (on) => <RuptureDashboardPage search={SEARCH} onSearchChange={on} />);
    expect(await screen.findAllByTestId('order-dashboard-kpi')).toHaveLength(4);
    expect(kpis()).toEqual(['Linhas separadas5', 'Linhas em falta1', 'Taxa de ruptura20%', 'Valor em faltaR$ 8,99']);
    const products = within(screen.getByTestId('rupture-products-table')).getAllByRole('row');
    expect(products[1]).toHaveTextContent('Feijão Carioca Grão Bom 1kg');
    expect(products[1]).toHaveTextContent('feijao-carioca-1kg · Mercearia');
    expect(products[1]).toHaveTextContent('100%');
    const categories = within(screen.getByTestId('rupture-categories-table')).getAllByRole('row');
    expect(categories[1]).toHaveTextContent('Mercearia');
    expect(categories[1]).toHaveTextContent('33,3%');
    expect(within(screen.getByTestId('rupture-stores-table')).getAllByRole('row')[1]).toHaveTextContent('Bom Preço Centro');
  });
});

describe('picking dashboard (routes)', { timeout: 30_000 }, () => {
  const modules = [...ACCESS_MODULES.filter((m) => m.key !== 'orders'), { id: 2, key: 'orders', name: 'Pedidos', submodules: [{ id: 203, key: 'orders.dashboards', name: 'Dashboards de pedidos' }] }];

  it('/orders/picking-dashboard/delivery asks for deliveries, shows operators and late orders, and switches mode in the path', async () => {
    const fetch = mockApi({
      ...SHELL_ROUTES,
      'GET /api/access-module': () => json({ modules }),
      'GET /api/location/minified': () => json({ data: STORES }),
      'GET /api/data-service/picking-dashboard': () => json(PICKING),
    });
    const { router } = renderApp('/orders/picking-dashboard/delivery?from=2026-03-10&to=2026-03-10');
    expect(await screen.findByText('Dashboard de separação · Entregas')).toBeInTheDocument();
    await screen.findAllByTestId('order-dashboard-kpi');
    expect(kpis()).toEqual([
      'Pedidos separados2',
      'Tempo médio22,5 min',
      'Itens por hora6,7',
      'Linhas em falta1 de 5',
      'Pedidos com janela3',
      'Prontos no prazo1',
      'Atrasados2',
      'Taxa de atraso66,7%',
    ]);
    expect(lastQuery(fetch, 'picking-dashboard')).toEqual({ from: '2026-03-10', to: '2026-03-10', fulfilment: 'delivery' });
    const operators = within(screen.getByTestId('picking-operators-table')).getAllByRole('row');
    expect(operators[1]).toHaveTextContent('Ana Separadora');
    expect(operators[1]).toHaveTextContent('6,9');
    const late = within(screen.getByTestId('picking-late-table')).getAllByRole('row');
    expect(late[1]).toHaveTextContent('#1007');
    expect(late[1]).toHaveTextContent('30 min');
    expect(late[2]).toHaveTextContent('Ainda não pronto');

    await userEvent.setup().click(within(screen.getByTestId('picking-mode')).getByText('Retirada'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/picking-dashboard/pickup/'));
    await waitFor(() => expect(lastQuery(fetch, 'picking-dashboard')).toMatchObject({ fulfilment: 'pickup' }));
  });

  it('a mode other than delivery or pickup is not found', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/access-module': () => json({ modules }) });
    renderApp('/orders/picking-dashboard/drone');
    expect(await screen.findByText('Modalidade não encontrada')).toBeInTheDocument();
  });
});

describe('dashboards URL state', () => {
  it('keeps a valid period, store and channel, and falls back for a reversed or over-long period', () => {
    expect(DashboardSearch.parse({ from: '2026-03-01', to: '2026-03-10', location_id: '2', channel: 'vtex' })).toEqual({ from: '2026-03-01', to: '2026-03-10', location_id: 2, channel: 'vtex' });
    const reversed = DashboardSearch.parse({ from: '2026-03-10', to: '2026-03-01', channel: 'fax' });
    expect(reversed.to >= reversed.from).toBe(true);
    expect(reversed.channel).toBeUndefined();
    const long = DashboardSearch.parse({ from: '2024-01-01', to: '2026-03-10' });
    expect(long.from).not.toBe('2024-01-01');
  });
});
