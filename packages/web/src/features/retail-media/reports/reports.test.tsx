import '../../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { SELECT_ADVERTISER_MESSAGE } from '@backoffice/contracts';
import { SESSION, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../shared/session/session';
import {
  adRow,
  adsPage,
  advertiserState,
  advertisers,
  advertisersList,
  dailyConsolidation,
  hourOverview,
  opportunityCost,
  overview,
  publishersList,
  ZERO,
} from './test-fixtures';

const routes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  ...SHELL_ROUTES,
  'GET /publishers': publishersList,
  'GET /advertisers': advertisersList,
  'GET /report/overview': () => json(overview()),
  'GET /report/hour_overview': () => json(hourOverview()),
  'GET /report/advertisers': () => json(advertisers()),
  'GET /report/advertisers_state': () => json(advertiserState()),
  'GET /report/opportunity_cost': () => json(opportunityCost()),
  'GET /report/daily_consolidation': () => json(dailyConsolidation()),
  'GET /report/ads': () => adsPage([adRow(1), adRow(2)]),
  ...extra,
});

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.map(([r]) => r as Request).filter((r) => new URL(r.url).pathname === path);
const lastQuery = (fetchMock: ReturnType<typeof mockApi>, path: string) => Object.fromEntries(new URL(calls(fetchMock, path).at(-1)!.url).searchParams);

const PERIOD = 'start_date=2026-11-01&end_date=2026-11-22';
/** Text as a person reads it (pt-BR money has a no-break space after "R$"). */
const text = (e: Element | ChildNode | null | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ');
const selectInput = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('retail media reports', { timeout: 30_000 }, () => {
  it('overview: cards in pt-BR money and percent, daily charts, and tables by format and context with totals', async () => {
    const fetchMock = mockApi(routes());
    renderApp(`/retail-media/report/overview?${PERIOD}`);

    expect(await screen.findByRole('heading', { name: 'Relatórios' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('report-metric-card');
    expect(cards.map(text)).toEqual([
      'Impressões12.345',
      'Cliques321',
      'CTR2,60%',
      'InvestimentoR$ 98,70',
      'VendasR$ 1.234,56',
      'ROAS12,51x',
      'Conversões12',
      'CPAR$ 8,23',
    ]);
    expect(screen.getByTestId('report-traffic-chart')).toBeInTheDocument();
    expect(screen.getByTestId('report-money-chart')).toBeInTheDocument();

    const byType = screen.getByTestId('report-by-ad-type');
    expect(within(byType).getAllByTestId('report-row').map((r) => r.firstChild?.textContent)).toEqual(['Produto', 'Banner']);
    expect(within(within(byType).getByTestId('report-totals')).getByText('Total')).toBeInTheDocument();
    expect(within(within(byType).getByTestId('report-totals')).getByText('12.345')).toBeInTheDocument();
    const byContext = screen.getByTestId('report-by-context');
    expect(within(byContext).getAllByTestId('report-row').map((r) => r.firstChild?.textContent)).toEqual(['Busca', 'Página inicial']);

    expect(lastQuery(fetchMock, '/report/overview')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22' });
    expect(screen.getByRole('tab', { name: 'Visão geral' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the period, publisher and advertiser in the URL and sends them to the API; tabs keep them', async () => {
    const fetchMock = mockApi(routes());
    const { router } = renderApp(`/retail-media/report/overview?${PERIOD}`);
    await screen.findAllByTestId('report-metric-card');
    const user = userEvent.setup();

    // A quick period ends today.
    fireEvent.click(screen.getByRole('button', { name: '7 dias' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true'));
    const { start_date, end_date } = router.state.location.search as { start_date: string; end_date: string };
    expect(Date.parse(end_date) - Date.parse(start_date)).toBe(6 * 86_400_000);

    await user.click(selectInput('Anunciante'));
    await user.click(await screen.findByRole('option', { name: 'Café Aurora' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ advertiser_id: 2 }));

    // The account's own inventory and the publisher it advertises on.
    await user.click(selectInput('Publisher'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Supermercado Bom Preço', 'Rede Parceira Mídia']);
    await user.click(screen.getByRole('option', { name: 'Rede Parceira Mídia' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ start_date, end_date, advertiser_id: 2, publisher_id: 5 }));
    await waitFor(() => expect(lastQuery(fetchMock, '/report/overview')).toEqual({ start_date, end_date, advertiser_id: '2', publisher_id: '5' }));

    fireEvent.click(screen.getByRole('tab', { name: 'Por hora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/retail-media/report/hour_overview'));
    expect(router.state.location.search).toEqual({ start_date, end_date, advertiser_id: 2, publisher_id: 5 });
    await waitFor(() => expect(lastQuery(fetchMock, '/report/hour_overview')).toEqual({ start_date, end_date, advertiser_id: '2', publisher_id: '5' }));

    // Clearing the filters leaves only the period.
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ start_date, end_date }));
  });

  it('advertisers_state asks for an advertiser first, then shows its wallet and each campaign’s state', async () => {
    const fetchMock = mockApi(routes());
    const { router } = renderApp(`/retail-media/report/advertisers_state?${PERIOD}`);

    expect(await screen.findByText(SELECT_ADVERTISER_MESSAGE)).toBeInTheDocument();
    expect(SELECT_ADVERTISER_MESSAGE).toMatch(/^Selecione um anunciante/);
    expect(calls(fetchMock, '/report/advertisers_state')).toHaveLength(0);
    expect(screen.getByTestId('report-download')).toBeDisabled();

    const user = userEvent.setup();
    await user.click(selectInput('Anunciante'));
    await user.click(await screen.findByRole('option', { name: 'Café Aurora' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ advertiser_id: 2 }));

    expect(await screen.findByTestId('report-wallet-balance')).toHaveTextContent('R$ 4.321,09');
    expect(screen.queryByText(SELECT_ADVERTISER_MESSAGE)).not.toBeInTheDocument();
    expect(lastQuery(fetchMock, '/report/advertisers_state')).toMatchObject({ advertiser_id: '2' });
    const rows = screen.getAllByTestId('report-row');
    const row = (name: string) => rows.find((r) => r.textContent?.includes(name))!;
    expect(within(row('Tradicional')).getByText('No ar')).toBeInTheDocument();
    expect(within(row('Tradicional')).getByText('R$ 45,00 de R$ 100,00')).toBeInTheDocument();
    expect(within(row('Tradicional')).getByText('Sem limite')).toBeInTheDocument();
    expect(within(row('Black Friday')).getByText('Orçamento diário esgotado')).toBeInTheDocument();
    expect(within(row('Verão')).getByText('Pausada')).toBeInTheDocument();
    expect(within(row('Verão')).getByText('Campanha não está ativa')).toBeInTheDocument();
    expect(screen.getByTestId('report-download')).toBeEnabled();
  });

  it('advertisers: a row per advertiser with its wallet, sortable headers and the totals row', async () => {
    mockApi(routes());
    renderApp(`/retail-media/report/advertisers?${PERIOD}`);
    const names = async () => (await screen.findAllByTestId('report-row')).map((r) => r.firstChild?.textContent);

    expect(await names()).toEqual(['Café Aurora', 'Supermercado Bom Preço']);
    const table = screen.getByTestId('report-advertisers-table');
    // The wallet right after the name; "—" for an advertiser whose wallet this account does not see.
    expect(within(table).getAllByTestId('report-row').map((r) => text(r.children[1]))).toEqual(['R$ 4.321,09', '—']);
    expect(within(table).getByRole('columnheader', { name: /Investimento/ })).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(within(table).getByRole('button', { name: 'Investimento' }));
    expect(await names()).toEqual(['Supermercado Bom Preço', 'Café Aurora']);
    fireEvent.click(within(table).getByRole('button', { name: 'Anunciante' }));
    expect(await names()).toEqual(['Café Aurora', 'Supermercado Bom Preço']);

    const totals = within(table).getByTestId('report-totals');
    expect(within(totals).getByText('6')).toBeInTheDocument();
    expect(within(totals).getByText('R$ 98,70')).toBeInTheDocument();
  });

  it('hour_overview fills the 24 hours; opportunity_cost shows fill and potential revenue; daily_consolidation lists days', async () => {
    mockApi(routes());
    const { router } = renderApp(`/retail-media/report/hour_overview?${PERIOD}`);
    const hourRows = await screen.findAllByTestId('report-row');
    expect(hourRows).toHaveLength(24);
    expect(hourRows[9]).toHaveTextContent('09h');
    expect(hourRows[9]).toHaveTextContent('5.000');

    await router.navigate({ to: '/retail-media/report/opportunity_cost', search: (prev) => prev });
    const cards = await screen.findAllByTestId('report-metric-card');
    expect(cards.map(text)).toEqual([
      'Posições pedidas1.000',
      'Preenchidas800',
      'Vazias200',
      'Taxa de preenchimento80,00%',
      'Receita de mídiaR$ 160,00',
      'Receita potencialR$ 40,00',
    ]);
    expect(screen.getByTestId('report-fill-chart')).toBeInTheDocument();
    expect(within(screen.getByTestId('report-placements-table')).getAllByTestId('report-row')[0]).toHaveTextContent('search_top');

    await router.navigate({ to: '/retail-media/report/daily_consolidation', search: (prev) => prev });
    const days = await within(await screen.findByTestId('report-daily-table')).findAllByTestId('report-row');
    expect(days.map((r) => r.firstChild?.textContent)).toEqual(['22/11/2026', '21/11/2026']);
  });

  it('ads: 50 a page, sorted by the API from the headers, with the count', async () => {
    const fetchMock = mockApi(routes({ 'GET /report/ads': (r) => adsPage([adRow(1), adRow(2)], Number(new URL(r.url).searchParams.get('page')), 120) }));
    const { router } = renderApp(`/retail-media/report/ads?${PERIOD}&page=2`);
    expect(await screen.findAllByTestId('report-row')).toHaveLength(2);
    expect(screen.getByText('120 anúncios')).toBeInTheDocument();
    expect(lastQuery(fetchMock, '/report/ads')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22', page: '2', quantity: '50', order_by: 'total_spent', order_direction: 'desc' });

    fireEvent.click(screen.getByRole('button', { name: 'Cliques' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22', sort_by: 'clicks' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/report/ads')).toMatchObject({ page: '1', order_by: 'clicks', order_direction: 'desc' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cliques' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/report/ads')).toMatchObject({ order_by: 'clicks', order_direction: 'asc' }));
    // CPA is not an order the API takes.
    expect(screen.queryByRole('button', { name: 'CPA' })).not.toBeInTheDocument();
  });

  it('shows "Erro: {message}" with a retry, and an empty state for a quiet period', async () => {
    let fail = true;
    mockApi(routes({ 'GET /report/overview': () => (fail ? apiError(400, 'X', 'Período inválido.') : json(overview(ZERO))) }));
    renderApp(`/retail-media/report/overview?${PERIOD}`);
    expect(await screen.findByText('Erro: Período inválido.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum resultado no período')).toBeInTheDocument();
    expect(screen.queryByTestId('report-traffic-chart')).not.toBeInTheDocument();
  });

  it('downloads the report with the screen’s filters and the session token, under the server’s file name', async () => {
    const fetchMock = mockApi(
      routes({
        'GET /report/advertisers/download': () =>
          new Response('\uFEFFAnunciante;Impressões\n', { headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename*=UTF-8''anunciantes-2026-11-01-a-2026-11-22.csv` } }),
      }),
    );
    // jsdom has no object URLs: the saved file is the anchor the page clicks.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:relatorio';
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      renderApp(`/retail-media/report/advertisers?${PERIOD}&advertiser_id=2`);
      await screen.findAllByTestId('report-row');
      const user = userEvent.setup();
      await user.click(screen.getByTestId('report-download'));
      await user.click(await screen.findByRole('menuitem', { name: /CSV/ }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      const request = calls(fetchMock, '/report/advertisers/download')[0]!;
      expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22', advertiser_id: '2', format: 'csv' });
      expect(request.headers.get('authorization')).toBe(`Bearer ${SESSION.token}`);
      expect(clicked[0]!.download).toBe('anunciantes-2026-11-01-a-2026-11-22.csv');
      expect(clicked[0]!.href).toBe('blob:relatorio');
      expect(screen.getByTestId('report-download')).toBeEnabled();
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('a failed download says so in a toast and the button comes back', async () => {
    mockApi(routes({ 'GET /report/overview/download': () => apiError(500, 'INTERNAL', 'Erro interno.') }));
    const toast = vi.spyOn(notifications, 'show');
    renderApp(`/retail-media/report/overview?${PERIOD}`);
    await screen.findAllByTestId('report-metric-card');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('report-download'));
    await user.click(await screen.findByRole('menuitem', { name: /XLSX/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Erro', message: 'Erro interno.' })));
    expect(screen.getByTestId('report-download')).toBeEnabled();
  });

  it('an advertiser sees its own state without choosing, and no advertiser filter', async () => {
    setSession({ ...SESSION, account: { ...SESSION.account, id: 2, name: 'Café Aurora', retail_media_role: 'advertiser' } });
    try {
      const fetchMock = mockApi(routes());
      renderApp(`/retail-media/report/advertisers_state?${PERIOD}`);
      expect(await screen.findByTestId('report-wallet-balance')).toBeInTheDocument();
      expect(lastQuery(fetchMock, '/report/advertisers_state')).toMatchObject({ advertiser_id: '2' });
      expect(screen.queryByLabelText('Anunciante', { selector: 'input' })).not.toBeInTheDocument();
      expect(calls(fetchMock, '/advertisers')).toHaveLength(0);
      // Opportunity cost is about a publisher's inventory.
      expect(screen.queryByRole('tab', { name: 'Custo de oportunidade' })).not.toBeInTheDocument();
      expect(screen.getAllByRole('tab')).toHaveLength(6);
    } finally {
      setSession(SESSION);
    }
  });

  it('a network chooses among itself and its sub-publishers; /retail-media/report opens the overview', async () => {
    setSession({ ...SESSION, account: { ...SESSION.account, id: 4, name: 'Rede Parceira Mídia', retail_media_role: 'publisher', is_network: true } });
    try {
      const fetchMock = mockApi(
        routes({
          'GET /subpublishers': () => json({ data: [{ id: 9, name: 'Mercado Vizinho' }], meta: { page: 1, quantity: 500, total: 1, total_pages: 1 } }),
        }),
      );
      const { router } = renderApp(`/retail-media/report?${PERIOD}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/retail-media/report/overview'));
      expect(router.state.location.search).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22' });
      await screen.findAllByTestId('report-metric-card');

      const user = userEvent.setup();
      await user.click(selectInput('Publisher'));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Rede Parceira Mídia', 'Mercado Vizinho']);
      await user.click(screen.getByRole('option', { name: 'Mercado Vizinho' }));
      await waitFor(() => expect(lastQuery(fetchMock, '/report/overview')).toMatchObject({ publisher_id: '9' }));
      // Only the advertiser side asks for the publishers it advertises on.
      expect(calls(fetchMock, '/publishers')).toHaveLength(0);
      expect(screen.getByRole('tab', { name: 'Custo de oportunidade' })).toBeInTheDocument();
    } finally {
      setSession(SESSION);
    }
  });
});
