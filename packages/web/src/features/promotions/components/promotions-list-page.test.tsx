import '../../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PromotionStatus } from '@backoffice/contracts';
import { ACCOUNT_INFO, SHELL_ROUTES, json, mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { renderWithMantine } from '../../../test/render';
import type { Promotion } from '../api';
import { STATUS_ACTIONS, STATUS_COLORS } from '../status';
import { PromotionStatusBadge } from './promotion-status-badge';

const STATUSES: PromotionStatus[] = ['scheduled', 'active', 'paused', 'finished', 'canceled'];

const promotion = (id: number, status: PromotionStatus): Promotion => ({
  id,
  name: `Promoção ${status}`,
  description: null,
  promotion_type: 'discount',
  code: null,
  start_promotion: '2026-12-01T03:00:00.000Z',
  end_promotion: '2026-12-08T02:59:59.000Z',
  active: status !== 'paused' && status !== 'canceled',
  disabled_at: null,
  status,
  benefits: { type: 'percent', value: 15 },
  trigger: { kind: 'total', offers_ids: [], min_value: 80 },
  limits: { total: null, per_customer: null },
  uses_count: 0,
  location_ids: [],
  customers: [],
  selected_offers: [],
  priority: 0,
  exclusive: false,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
});

const page = STATUSES.map((s, i) => promotion(i + 1, s));
const listRoute = () => json({ data: page, meta: { page: 1, quantity: 20, total: page.length, total_pages: 1 } });

const LABELS: Record<PromotionStatus, string> = { scheduled: 'Agendada', active: 'Ativa', paused: 'Pausada', finished: 'Finalizada', canceled: 'Cancelada' };
const ACTION_LABELS = { pause: 'Pausar', reactivate: 'Reativar', finish: 'Finalizar', cancel: 'Cancelar promoção' } as const;

async function openMenu(status: PromotionStatus) {
  fireEvent.click(await screen.findByRole('button', { name: `Ações da promoção: Promoção ${status}` }));
  const menu = await screen.findByRole('menu');
  return within(menu).getAllByRole('menuitem').map((item) => item.textContent);
}

describe('status badge', () => {
  it.each(STATUSES)('%s shows its Portuguese label in its colour', (status) => {
    renderWithMantine(<PromotionStatusBadge status={status} />);
    const badge = screen.getByText(LABELS[status]).closest('[data-status]')!;
    expect(badge.getAttribute('data-status')).toBe(status);
    expect(badge.outerHTML).toContain(`--badge-color: var(--mantine-color-${STATUS_COLORS[status]}`);
  });
});

describe('promotion list (spec §2, §4)', { timeout: 20_000 }, () => {
  it('describes each row and offers a writer only the actions its status allows', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/promotion': listRoute });
    renderApp('/promotional/list/');

    expect(await screen.findByRole('heading', { name: 'Promoções' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('promotion-row')).toHaveLength(5);
    expect(screen.getAllByText('15% de desconto acima de R$ 80,00')).toHaveLength(5);
    expect(screen.getByRole('link', { name: /Criar promoção/ })).toHaveAttribute('href', '/promotional/create');

    for (const status of STATUSES) {
      const items = await openMenu(status);
      const expected = ['Visualizar', 'Editar', 'Duplicar', ...STATUS_ACTIONS[status].map((a) => ACTION_LABELS[a]), 'Excluir'];
      expect(items, status).toEqual(expected);
      fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
  });

  it('pauses after confirmation, then refreshes the list', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      'GET /api/promotion': listRoute,
      'POST /api/promotion/2/actions/pause': () => json({ message: 'Promoção pausada com sucesso.', promotion: promotion(2, 'paused') }),
    });
    renderApp('/promotional/list/');
    await openMenu('active');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pausar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Pausar "Promoção active"\?/)).toBeInTheDocument();
    const listCalls = () => fetchMock.mock.calls.filter(([r]) => r.method === 'GET' && new URL(r.url).pathname === '/api/promotion').length;
    const before = listCalls();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => r.method === 'POST' && r.url.endsWith('/api/promotion/2/actions/pause'))).toBe(true));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('hides every write action from an operator', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]), 'GET /api/promotion': listRoute });
    renderApp('/promotional/list/');
    expect(await screen.findAllByTestId('promotion-row')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: /Criar promoção/ })).not.toBeInTheDocument();
    expect(await openMenu('active')).toEqual(['Visualizar']);
  });

  it('shows "Erro: {message}" with a retry when the list fails', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/promotion': () => json({ error: { code: 'X', message: 'Falha no servidor.' } }, 400) });
    renderApp('/promotional/list/');
    expect(await screen.findByText('Erro: Falha no servidor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
