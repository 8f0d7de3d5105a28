import '../../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { agreement } from './fixtures.test-data';

const page = (data: unknown[], total = data.length) => json({ data, meta: { page: 1, quantity: 20, total, total_pages: Math.max(1, Math.ceil(total / 20)) } });
const counterparts = () => json({ data: [{ id: 3, name: 'Café Aurora', side: 'brand', locations: [], products: [] }] });

describe('trade agreement list', { timeout: 20_000 }, () => {
  it('shows each agreement with the other party, period, investment and status', async () => {
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/trade/counterparts': counterparts,
      'GET /api/trade': () => page([agreement(), agreement({ id: 8, title: 'Degustação de sábado', kind: 'tasting', status: 'running', investment: 800 })]),
    });
    renderApp('/trade/list/');

    expect(await screen.findByRole('heading', { name: 'Trade marketing' }, { timeout: 15_000 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('trade-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Ponta de gôndola Café Aurora' })).toHaveAttribute('href', '/trade/view/7');
    expect(first.getByText('Ponta de gôndola')).toBeInTheDocument();
    // The session is the retailer: the other party is the brand.
    expect(first.getAllByText('Café Aurora').length).toBeGreaterThan(0);
    expect(first.getByText('01/12/2026 – 15/12/2026')).toBeInTheDocument();
    expect(first.getByText('R$ 2.500,75')).toBeInTheDocument();
    expect(first.getByText('Proposto')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Em andamento')).toBeInTheDocument();
    expect(screen.getByText('2 acordos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Novo acordo/ })).toHaveAttribute('href', '/trade/create');
  });

  it('filters by status in the URL and asks the API for it', async () => {
    const fetchMock = mockApi({ ...SHELL_ROUTES, 'GET /api/trade/counterparts': counterparts, 'GET /api/trade': () => page([agreement()]) });
    const { router } = renderApp('/trade/list/');
    await screen.findAllByTestId('trade-row');
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Em andamento' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'running' }));
    await waitFor(() => {
      const asked = fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === '/api/trade');
      expect(asked.at(-1)!.searchParams.get('status')).toBe('running');
    });
  });

  it('says when there is nothing yet, and when the filters leave nothing', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/trade/counterparts': counterparts, 'GET /api/trade': () => page([]) });
    renderApp('/trade/list/');
    expect(await screen.findByText('Nenhum acordo de trade')).toBeInTheDocument();
    expect(screen.getByText('Crie um acordo com uma indústria ou varejista vinculado a esta conta.')).toBeInTheDocument();
  });

  it('shows the API error with a retry', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/trade/counterparts': counterparts, 'GET /api/trade': () => apiError(400, 'BAD', 'Falha ao carregar os acordos.') });
    renderApp('/trade/list/');
    expect(await screen.findByText('Erro: Falha ao carregar os acordos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tentar novamente/ })).toBeInTheDocument();
  });
});
