import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DeliveryDashboardPage } from './delivery-dashboard-page';
import { DeliveryDashboardSearch } from './dashboard-search';
import { DASHBOARD, EMPTY_DASHBOARD } from './delivery-fixtures';
import { renderWithMantine } from '../../test/render';
import { apiError, json, mockApi, SESSION } from '../../test/api-mock';
import { clearSession, setSession } from '../../shared/session/session';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const STORES = [{ id: 2, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true }];
const SEARCH = { from: '2026-11-24', to: '2026-11-25' };

function renderPage(dashboard: () => Response) {
  setSession(SESSION);
  const fetch = mockApi({ 'GET /api/delivery-hub/dashboard': dashboard, 'GET /api/location/minified': () => json({ data: STORES }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <DeliveryDashboardPage search={SEARCH} onSearchChange={vi.fn()} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('delivery dashboard', () => {
  it('shows the period’s cards, the chart and the tables by region and courier, in Portuguese', async () => {
    const fetch = renderPage(() => json(DASHBOARD));
    expect(await screen.findAllByTestId('delivery-kpi')).toHaveLength(6);
    const cards = screen.getAllByTestId('delivery-kpi').map((c) => c.textContent);
    expect(cards).toEqual([
      'Entregas solicitadas12',
      'Entregues9',
      'No prazo da janela87,5%',
      'Tempo médio de entrega42,5 min',
      'Falharam ou devolvidas2',
      'Canceladas1',
    ]);
    expect(screen.getByTestId('delivery-chart')).toHaveTextContent('Entregas por dia');
    const regions = within(screen.getByTestId('delivery-regions')).getAllByRole('row');
    expect(regions[1]).toHaveTextContent('Pinheiros');
    expect(regions[1]).toHaveTextContent('83,3%');
    expect(regions[2]).toHaveTextContent('Sem região');
    const couriers = within(screen.getByTestId('delivery-couriers')).getAllByRole('row');
    expect(couriers[1]).toHaveTextContent('Juliana Ferreira');
    expect(couriers[1]).toHaveTextContent('Moto');
    expect(couriers[2]).toHaveTextContent('49,5 min');
    const url = new URL((fetch.mock.calls.find(([r]) => (r as Request).url.includes('/dashboard'))![0] as Request).url);
    expect(Object.fromEntries(url.searchParams)).toEqual(SEARCH);
  });

  it('says so when the period has no delivery', async () => {
    renderPage(() => json(EMPTY_DASHBOARD));
    expect(await screen.findByTestId('delivery-dashboard-empty')).toHaveTextContent('Nenhuma entrega no período');
    expect(screen.queryByTestId('delivery-chart')).toBeNull();
  });

  it('shows the server’s error with a retry', async () => {
    renderPage(() => apiError(404, 'LOCATION_NOT_FOUND', 'Loja não encontrada.'));
    expect(await screen.findByTestId('delivery-dashboard-error')).toHaveTextContent('Erro: Loja não encontrada.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('the dashboard’s URL state', () => {
  it('keeps a valid period and store, and falls back to the last 30 days otherwise', () => {
    expect(DeliveryDashboardSearch.parse({ from: '2026-11-01', to: '2026-11-25', location_id: '2' })).toEqual({ from: '2026-11-01', to: '2026-11-25', location_id: 2 });
    const fallback = DeliveryDashboardSearch.parse({ from: '2026-11-25', to: '2026-11-01', location_id: 'x' });
    expect(fallback.location_id).toBeUndefined();
    expect(fallback.from < fallback.to).toBe(true);
  });
});
