import '../../../test/signed-in';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { defaultPeriod } from '../../../shared/ui/period';
import type { components } from '../../../shared/api/schema';
import type { Promotion } from '../api';

const coupon: Promotion = {
  id: 2,
  name: 'Cupom de boas-vindas 10%',
  description: null,
  promotion_type: 'coupon',
  code: 'BEMVINDO10',
  start_promotion: '2026-10-23T03:00:00.000Z',
  end_promotion: '2027-01-22T02:59:59.999Z',
  active: true,
  disabled_at: null,
  status: 'active',
  benefits: { type: 'percent', value: 10 },
  trigger: { kind: 'total', offers_ids: [], min_value: 50 },
  limits: { total: 1000, per_customer: 1 },
  uses_count: 152,
  location_ids: [],
  customers: [],
  selected_offers: [],
  priority: 0,
  exclusive: false,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

type Metrics = components['schemas']['PromotionMetrics'];

const metrics = (totals: Metrics['totals'], per_day: Metrics['per_day']): Handler => (request) => {
  const query = new URL(request.url).searchParams;
  return json({ promotion_id: 2, start_date: query.get('start_date') ?? '', end_date: query.get('end_date') ?? '', totals, per_day } satisfies Metrics);
};

const routes = (metricsHandler: Handler) => ({
  ...SHELL_ROUTES,
  'GET /api/promotion/2': () => json(coupon),
  'GET /api/promotion/2/metrics': metricsHandler,
});

// Intl puts a no-break space after "R$".
const cardTexts = () => screen.getAllByTestId('promotion-metric-card').map((card) => card.textContent?.replace(/\u00a0/g, ' '));

describe('promotion view, "Desempenho"', { timeout: 20_000 }, () => {
  it('asks for the last 30 São Paulo days and shows the totals and the charts', async () => {
    const fetchMock = mockApi(
      routes(
        metrics({ uses: 152, customers: 150, discount: 2576.08, revenue: 25760.11, released: 1 }, [
          { date: '2026-11-21', uses: 100, customers: 99, discount: 1500.5, revenue: 15000 },
          { date: '2026-11-22', uses: 52, customers: 51, discount: 1075.58, revenue: 10760.11 },
        ]),
      ),
    );
    renderApp('/promotional/view/2');

    const section = await screen.findByRole('region', { name: 'Desempenho' });
    expect(await within(section).findAllByTestId('promotion-metric-card')).toHaveLength(5);
    expect(cardTexts()).toEqual([
      'Usos152',
      'Clientes distintos150',
      'Desconto concedidoR$ 2.576,08',
      'Receita dos pedidosR$ 25.760,11',
      'Usos liberados por cancelamento1',
    ]);
    expect(within(section).getByTestId('promotion-uses-chart')).toHaveTextContent('Usos por dia');
    expect(within(section).getByTestId('promotion-money-chart')).toHaveTextContent('Desconto e receita por dia');
    expect(screen.queryByText('Nenhum uso no período')).not.toBeInTheDocument();

    const asked = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/api/promotion/2/metrics')!;
    const period = defaultPeriod();
    expect(asked.searchParams.get('start_date')).toBe(period.start_date);
    expect(asked.searchParams.get('end_date')).toBe(period.end_date);
  });

  it('says "Nenhum uso no período" when the period has no uses', async () => {
    mockApi(routes(metrics({ uses: 0, customers: 0, discount: 0, revenue: 0, released: 0 }, [])));
    renderApp('/promotional/view/2');

    expect(await screen.findByText('Nenhum uso no período')).toBeInTheDocument();
    expect(screen.queryByTestId('promotion-metric-card')).not.toBeInTheDocument();
    expect(screen.queryByTestId('promotion-uses-chart')).not.toBeInTheDocument();
  });

  it('a failed load reads "Erro: {message}" and retries', async () => {
    let fail = true;
    const ok = metrics({ uses: 3, customers: 3, discount: 30, revenue: 300, released: 0 }, [{ date: '2026-11-22', uses: 3, customers: 3, discount: 30, revenue: 300 }]);
    mockApi(routes((request) => (fail ? apiError(403, 'FORBIDDEN', 'Sem permissão.') : ok(request))));
    renderApp('/promotional/view/2');

    expect(await screen.findByText('Erro: Sem permissão.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findAllByTestId('promotion-metric-card')).toHaveLength(5);
    expect(screen.queryByText('Erro: Sem permissão.')).not.toBeInTheDocument();
  });
});
