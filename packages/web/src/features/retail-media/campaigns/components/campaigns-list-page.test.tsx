import '../../../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION, SHELL_ROUTES, apiError, json, mockApi } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';
import { setSession } from '../../../../shared/session/session';
import { COUNTS, listItem, page } from '../test-fixtures';

const ROWS = [listItem(1, 'active'), listItem(2, 'paused', { end_at: '2026-12-31' }), listItem(3, 'finished', { advertiser_id: 1, advertiser_name: 'Supermercado Bom Preço' })];

const ROUTES = {
  ...SHELL_ROUTES,
  'GET /campaign/v2': () => page(ROWS),
  'GET /campaign/count-by-status': () => json(COUNTS),
  'GET /campaign-tags': () => json([{ id: 5, name: 'Natal' }]),
  'GET /publishers': () => json([]),
  'GET /advertisers': () => json({ data: [], meta: { page: 1, quantity: 500, total: 0, total_pages: 0 } }),
};

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === '/campaign/v2');

describe('campaign list (spec §2)', { timeout: 30_000 }, () => {
  it('shows each campaign with its counterpart, status, period and metrics, the status counts and the create button', async () => {
    const fetchMock = mockApi(ROUTES);
    renderApp('/retail-media/campaigns');

    expect(await screen.findByRole('heading', { name: 'Campanhas' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('campaign-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Campanha 1' })).toHaveAttribute('href', '/retail-media/campaign/view/1');
    // Bom Preço sees the advertiser of campaigns on its inventory, and the publisher of its own.
    expect(within(rows[0]!).getByTestId('campaign-counterpart')).toHaveTextContent('Café Aurora');
    expect(within(rows[2]!).getByTestId('campaign-counterpart')).toHaveTextContent('Supermercado Bom Preço');
    expect(within(rows[0]!).getByText('Ativa')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pausada')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Encerrada')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Desde 01/12/2026 · Sempre ativa')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('01/12/2026 a 31/12/2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12.345')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2,60%')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('20,70x')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('campaign-compact-metrics')).toHaveTextContent('12.345 impr. · 321 cliques');

    const tabs = screen.getByTestId('campaign-status-tabs');
    expect(within(tabs).getAllByTestId('campaign-status-count').map((b) => b.textContent)).toEqual(['10', '3', '1', '2', '4', '0']);
    expect(screen.getByRole('link', { name: /Criar campanha/ })).toHaveAttribute('href', '/retail-media/campaign/create');
    expect(listCalls(fetchMock)[0]!.searchParams.get('quantity')).toBe('10');
  });

  it('keeps filters in the URL with the spec names, and any change goes back to page 1', async () => {
    const fetchMock = mockApi({ ...ROUTES, 'GET /campaign/v2': (r) => page(ROWS, Number(new URL(r.url).searchParams.get('page')), 30) });
    const { router } = renderApp('/retail-media/campaigns?page=3&order_by=clicks&order_direction=asc');
    await screen.findAllByTestId('campaign-row');
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('page')).toBe('3');

    fireEvent.click(screen.getByRole('radio', { name: /Pausada/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ campaign_status: 'paused', order_by: 'clicks', order_direction: 'asc' }));

    await router.navigate({ to: '/retail-media/campaigns', search: (prev) => ({ ...prev, page: 2 }) });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Tipo', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Banner' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ campaign_status: 'paused', ad_type: 'banner', order_by: 'clicks', order_direction: 'asc' }));

    await router.navigate({ to: '/retail-media/campaigns', search: (prev) => ({ ...prev, page: 2 }) });
    await user.click(screen.getByLabelText('Segmentação', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Categorias' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ campaign_targeting: 'category' }));
    expect(router.state.location.search).not.toHaveProperty('page');

    await waitFor(() => {
      const last = listCalls(fetchMock).at(-1)!.searchParams;
      expect(Object.fromEntries(last)).toMatchObject({ campaign_status: 'paused', ad_type: 'banner', campaign_targeting: 'category', page: '1', order_by: 'clicks' });
    });
  });

  it('searches tags 1000 ms after typing stops, and filters by the chosen tag_id', async () => {
    const fetchMock = mockApi(ROUTES);
    const { router } = renderApp('/retail-media/campaigns?page=2');
    await screen.findAllByTestId('campaign-row');
    const tagCalls = () => fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === '/campaign-tags' && u.searchParams.get('name') === 'nat');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tag', { selector: 'input' }), 'nat');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(tagCalls()).toHaveLength(0);
    await waitFor(() => expect(tagCalls()).toHaveLength(1), { timeout: 3000 });

    await user.click(await screen.findByRole('option', { name: 'Natal' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tag_id: 5 }));
  });

  it('sorts by a header: the first click descending, the next ascending', async () => {
    const fetchMock = mockApi(ROUTES);
    const { router } = renderApp('/retail-media/campaigns?page=2');
    await screen.findAllByTestId('campaign-row');
    expect(screen.getByRole('columnheader', { name: /Campanha/ })).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(screen.getByRole('button', { name: 'Impressões' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ order_by: 'impressions' }));
    expect(screen.getByRole('columnheader', { name: /Impressões/ })).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(screen.getByRole('button', { name: 'Impressões' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ order_by: 'impressions', order_direction: 'asc' }));
    await waitFor(() => expect(Object.fromEntries(listCalls(fetchMock).at(-1)!.searchParams)).toMatchObject({ order_by: 'impressions', order_direction: 'asc' }));
  });

  it('with nothing found says so and clears the filters', async () => {
    mockApi({ ...ROUTES, 'GET /campaign/v2': (r) => (new URL(r.url).searchParams.get('campaign_name') ? page([]) : page(ROWS)) });
    const { router } = renderApp('/retail-media/campaigns?campaign_name=inexistente&ad_type=banner');
    expect(await screen.findByText('Nenhuma campanha encontrada')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('campaigns-empty')).getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findAllByTestId('campaign-row')).toHaveLength(3);
  });

  it('shows "Erro: {message}" with a retry when the list fails', async () => {
    mockApi({ ...ROUTES, 'GET /campaign/v2': () => apiError(400, 'X', 'Falha no servidor.') });
    renderApp('/retail-media/campaigns');
    expect(await screen.findByText('Erro: Falha no servidor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('a publisher picks among its advertisers and creates no campaign', async () => {
    setSession({ ...SESSION, account: { ...SESSION.account, retail_media_role: 'publisher' } });
    try {
      const fetchMock = mockApi({
        ...ROUTES,
        'GET /advertisers': () => json({ data: [{ id: 2, name: 'Café Aurora', account_logo: null }], meta: { page: 1, quantity: 500, total: 1, total_pages: 1 } }),
      });
      const { router } = renderApp('/retail-media/campaigns');
      await screen.findAllByTestId('campaign-row');
      expect(screen.queryByRole('link', { name: /Criar campanha/ })).not.toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(screen.getByLabelText('Anunciante', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Café Aurora' }));
      await waitFor(() => expect(router.state.location.search).toEqual({ rmid: 2 }));
      const paths = fetchMock.mock.calls.map(([r]) => new URL(r.url).pathname);
      expect(paths).not.toContain('/publishers');
    } finally {
      setSession(SESSION);
    }
  });
});
