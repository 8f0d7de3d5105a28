import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';
import { addDays } from './schedule';

const STORE = { id: 4, name: 'Bom Preço Moema', city: 'São Paulo', state: 'SP', active: true };
const SLOT = { id: 11, location_id: 4, region_id: null, mode: 'delivery', weekday: 1, start: '08:00', end: '10:00', capacity: 8, cutoff_minutes: 60, prior_notice_minutes: 120, active: true, created_at: '2026-11-01T12:00:00.000Z' };
const weekly = (windows: unknown[]) => ({
  location_id: 4,
  region_id: null,
  mode: 'delivery',
  timezone: 'America/Sao_Paulo',
  weekdays: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, windows: windows.filter((w) => (w as { weekday: number }).weekday === weekday) })),
});
const today = todayInSaoPaulo();
const dates = { location_id: 4, region_id: null, mode: 'delivery', timezone: 'America/Sao_Paulo', from: today, to: addDays(today, 13), windows: [], days_without_work: [] };

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /api/location/minified': () => json({ data: [STORE] }),
  'GET /api/location/region/4': () => json({ data: [] }),
  'GET /logistic/slots/weekly': () => json(weekly([SLOT])),
  'GET /logistic/slots/dates': () => json(dates),
  'GET /logistic/slots/without-work': () => json({ data: [] }),
  ...extra,
});

describe('slots page states', { timeout: 30_000 }, () => {
  it('shows the weekly grid’s load error with the server’s message, and the grid after a retry', async () => {
    let fail = true;
    mockApi(routes({ 'GET /logistic/slots/weekly': () => (fail ? apiError(503, 'UNAVAILABLE', 'Serviço indisponível no momento.') : json(weekly([SLOT]))) }));
    renderApp('/logistic/slots/delivery/4/');
    const section = await screen.findByTestId('slots-weekly');
    expect(await within(section).findByText('Serviço indisponível no momento.')).toBeInTheDocument();
    // The other sections still load on their own.
    expect(await screen.findAllByTestId('preview-day')).toHaveLength(14);
    expect(await screen.findByText('Nenhum dia sem expediente marcado.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByText('08:00–10:00')).toBeInTheDocument();
    expect(within(screen.getByTestId('slots-day-1')).getByText('Antecedência: 2 h')).toBeInTheDocument();
  });

  it('says when a store has no windows yet, and hides the changes from a role that only reads', async () => {
    mockApi(routes({ 'GET /logistic/slots/weekly': () => json(weekly([])), 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]) }));
    renderApp('/logistic/slots/delivery/4/');
    expect(await screen.findByText('Nenhuma janela cadastrada')).toBeInTheDocument();
    expect(screen.getByText('Esta loja ainda não tem janelas.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar janela' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar dia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar janela/ })).not.toBeInTheDocument();
    expect(await screen.findAllByText('Sem janelas neste dia')).toHaveLength(14);
  });

  it('treats a store that is not the account’s as not found', async () => {
    mockApi(routes());
    renderApp('/logistic/slots/delivery/99/');
    expect(await screen.findByText('Janelas não encontradas')).toBeInTheDocument();
  });

  it('refuses a region on pickup, where windows belong to the store', async () => {
    mockApi(routes());
    renderApp('/logistic/slots/pickup/4/7');
    expect(await screen.findByText('Janelas não encontradas')).toBeInTheDocument();
  });

  it('mutes an inactive window, edits a window from the grid and shows the saved capacity', async () => {
    const inactive = { ...SLOT, id: 12, weekday: 3, start: '14:00', end: '16:00', active: false };
    let current = [SLOT, inactive];
    const sent: unknown[] = [];
    mockApi(
      routes({
        'GET /logistic/slots/weekly': () => json(weekly(current)),
        'PUT /logistic/slots/11': async (request) => {
          const body = (await request.json()) as Record<string, unknown>;
          sent.push(body);
          current = [{ ...SLOT, ...body }, inactive];
          return json(current[0]);
        },
      }),
    );
    renderApp('/logistic/slots/delivery/4/');
    const user = userEvent.setup();
    const muted = await within(await screen.findByTestId('slots-day-3')).findByTestId('slot-block');
    expect(muted).toHaveAttribute('data-active', 'false');
    expect(within(muted).getByText('Inativa')).toBeInTheDocument();
    expect(within(screen.getByTestId('slots-day-1')).getByTestId('slot-block')).toHaveAttribute('data-active', 'true');
    // Only the active window's capacity counts in the week's total.
    expect(screen.getByText('2 janelas · 8 pedidos/semana')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar janela: Segunda-feira, 08:00 às 10:00' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Capacidade/)).toHaveValue('8');
    await user.clear(within(dialog).getByLabelText(/^Capacidade/));
    await user.type(within(dialog).getByLabelText(/^Capacidade/), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ start: '08:00', end: '10:00', capacity: 15, cutoff_minutes: 60, prior_notice_minutes: 120, active: true }]);
    expect(await within(screen.getByTestId('slots-day-1')).findByText('15 pedidos')).toBeInTheDocument();
  });

  it('shows a refused edit’s message in the modal', async () => {
    const message = 'Não é possível reduzir a capacidade para 1: a janela já tem 3 reservas em 07/12/2026.';
    mockApi(routes({ 'PUT /logistic/slots/11': () => apiError(409, 'SLOT_CAPACITY_BELOW_BOOKED', message) }));
    renderApp('/logistic/slots/delivery/4/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar janela: Segunda-feira, 08:00 às 10:00' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText(/^Capacidade/));
    await user.type(within(dialog).getByLabelText(/^Capacidade/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByTestId('slot-edit-error')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
