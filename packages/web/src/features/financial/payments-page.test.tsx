import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { BY_LOCATION, EMPTY_BY_LOCATION } from './financial-fixtures';
import { resolvePeriod } from './search';

const STORES = { 'GET /api/location/minified': () => json({ data: [{ id: 3, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true }] }) };
const PATH = '/api/data-service/order-payments/by-location';
const CUSTOM = 'period=custom&from=2026-11-20&to=2026-11-22';

const queries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === PATH).map((u) => Object.fromEntries(u.searchParams));

describe('/financial/payments', { timeout: 30_000 }, () => {
  it('asks for the URL period, store and method and shows the KPIs, the chart and the table with its totals in reais', async () => {
    const fetchMock = mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${PATH}`]: () => json(BY_LOCATION) });
    renderApp(`/financial/payments?${CUSTOM}&location_id=3&method=credit_card`);
    expect(await screen.findByTestId('financial-kpi-received')).toHaveTextContent('R$ 1.250,50');
    expect(screen.getByTestId('financial-kpi-received')).toHaveTextContent('12 pagamentos');
    expect(screen.getByTestId('financial-kpi-refunded')).toHaveTextContent('R$ 80,25');
    expect(screen.getByTestId('financial-kpi-refunded')).toHaveTextContent('2 reembolsos');
    expect(screen.getByTestId('financial-kpi-pending')).toHaveTextContent('R$ 310,00');
    expect(screen.getByTestId('financial-kpi-pending')).toHaveTextContent('3 cobranças aguardando');
    expect(screen.getByTestId('financial-kpi-net')).toHaveTextContent('R$ 1.170,25');
    expect(screen.getByTestId('financial-chart')).toHaveTextContent('Pagamentos por dia');
    const rows = screen.getAllByTestId('financial-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Cartão de crédito');
    expect(rows[0]).toHaveTextContent('R$ 900,50');
    expect(rows[1]).toHaveTextContent('Pix');
    const totals = screen.getByTestId('financial-totals-row');
    expect(totals).toHaveTextContent('Total');
    expect(totals).toHaveTextContent('R$ 1.250,50');
    expect(totals).toHaveTextContent('R$ 1.170,25');
    expect(screen.getByTestId('financial-period-line')).toHaveTextContent('20/11/2026 a 22/11/2026');
    expect(queries(fetchMock)[0]).toEqual({ from: '2026-11-20', to: '2026-11-22', location_id: '3', method: 'credit_card', per_day: 'true' });
  });

  it('a preset changes the period in the URL and asks again', async () => {
    const fetchMock = mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${PATH}`]: () => json(BY_LOCATION) });
    const { router } = renderApp(`/financial/payments?${CUSTOM}`);
    await screen.findByTestId('financial-kpi-received');
    await userEvent.setup().click(within(screen.getByTestId('financial-filters')).getByText('7 dias'));
    await waitFor(() => expect(router.state.location.search).toEqual({ period: '7d' }));
    const week = resolvePeriod({ period: '7d' });
    await waitFor(() => expect(queries(fetchMock).at(-1)).toMatchObject({ from: week.from, to: week.to }));
  });

  it('shows the empty state for a period without payments (no chart, no table)', async () => {
    mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${PATH}`]: () => json(EMPTY_BY_LOCATION) });
    renderApp(`/financial/payments?${CUSTOM}`);
    expect(await screen.findByTestId('financial-empty')).toHaveTextContent('Nenhum pagamento no período.');
    expect(screen.getByTestId('financial-kpi-received')).toHaveTextContent('R$ 0,00');
    expect(screen.queryByTestId('financial-chart')).not.toBeInTheDocument();
    expect(screen.queryByTestId('financial-table')).not.toBeInTheDocument();
  });

  it('shows the server message when the report fails, and retries', async () => {
    let fail = true;
    mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${PATH}`]: () => (fail ? apiError(404, 'NOT_FOUND', 'Módulo financeiro não disponível.') : json(BY_LOCATION)) });
    renderApp(`/financial/payments?${CUSTOM}`);
    expect(await screen.findByTestId('financial-error')).toHaveTextContent('Erro: Módulo financeiro não disponível.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('financial-kpi-received')).toHaveTextContent('R$ 1.250,50');
  });
});
