import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_INFO, SESSION, SHELL_ROUTES, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../shared/session/session';
import type { Audience } from './api';

const BOM_PRECO = { id: 1, name: 'Supermercado Bom Preço' };

const audience = (id: number, patch: Partial<Audience> = {}): Audience => ({
  id,
  name: `Audiência ${id}`,
  description: 'Clientes que compram café toda semana',
  status: 'awaiting_approval',
  price: null,
  price_type: null,
  estimated_audience: 12500,
  reach_range: 35,
  billing_type: 'up_front',
  visibility: 'global',
  advertiser_ids: [],
  advertisers: [],
  publisher: BOM_PRECO,
  created_by_account: { id: 2, name: 'Café Aurora' },
  rules: [{ attribute: 'gender', operator: 'eq', value: 'female' }],
  note: null,
  created_at: '2026-11-20T12:00:00.000Z',
  reviewed_at: null,
  permissions: { can_review: true, can_edit: true, can_delete: true },
  ...patch,
});

const AWAITING = audience(1, { name: 'Amantes de café' });
const APPROVED = audience(2, { name: 'Compradores de fim de semana', status: 'approved', price: 250, price_type: 'fixed', reviewed_at: '2026-11-21T12:00:00.000Z' });
const FREE = audience(3, { name: 'Todos os clientes', status: 'approved', price: 0, price_type: 'free' });

const page = (data: Audience[]) => json({ data, meta: { page: 1, quantity: 12, total: data.length, total_pages: 1 } });
const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /audience': () => page([AWAITING, APPROVED, FREE]),
  'GET /audience/attributes': () => json([]),
  ...extra,
});
const patches = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'PATCH' && new URL(r.url).pathname === path);
const cardOf = async (name: string) => (await screen.findByText(name)).closest('[data-testid="audience-card"]') as HTMLElement;

afterEach(() => setSession(SESSION));

describe('audience list (spec §2)', { timeout: 30_000 }, () => {
  it('keeps the status filter in ?status=, clearable, and asks the API with it', async () => {
    const fetchMock = mockApi(routes());
    const { router } = renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    const select = await screen.findByPlaceholderText('Filtrar por status');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Aguardando aprovação' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'awaiting_approval' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).searchParams.get('status') === 'awaiting_approval')).toBe(true));

    // Mantine keeps the clear button out of the accessibility tree (Backspace clears from the keyboard).
    await user.click(screen.getByLabelText('Limpar filtro de status'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('reads the status from the URL, and the select is searchable', async () => {
    mockApi(routes());
    renderApp('/retail-media/audiences?status=approved');
    const select = await screen.findByPlaceholderText('Filtrar por status');
    await waitFor(() => expect(select).toHaveValue('Aprovada'));
    const user = userEvent.setup();
    await user.clear(select);
    await user.type(select, 'reprov');
    expect(await screen.findByRole('option', { name: 'Reprovada' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Aprovada' })).not.toBeInTheDocument();
  });

  it('shows each card with cost, reach, status; the name opens the audience in a new tab', async () => {
    mockApi(routes());
    renderApp('/retail-media/audiences');
    const awaiting = await cardOf('Amantes de café');
    const link = within(awaiting).getByRole('link', { name: /Amantes de café/ });
    expect(link).toHaveAttribute('href', '/retail-media/audiences/view/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(awaiting).getByTestId('audience-reach')).toHaveTextContent('12.500 clientes · 35%');
    expect(within(awaiting).getByText('Aguardando aprovação — revise esta audiência')).toBeInTheDocument();

    expect(within(await cardOf('Compradores de fim de semana')).getByTestId('audience-cost')).toHaveTextContent('R$ 250,00');
    expect(within(await cardOf('Todos os clientes')).getByTestId('audience-cost')).toHaveTextContent('Gratuita');
  });

  it('offers "Editar preço" on approved audiences to admins only', async () => {
    mockApi(routes());
    const first = renderApp('/retail-media/audiences');
    expect(within(await cardOf('Compradores de fim de semana')).getByRole('button', { name: /Editar preço/ })).toBeInTheDocument();
    first.view.unmount();

    mockApi(routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'manager' }]) }));
    renderApp('/retail-media/audiences');
    const card = await cardOf('Compradores de fim de semana');
    expect(within(card).queryByRole('button', { name: /Editar preço/ })).not.toBeInTheDocument();
  });

  it('warns an advertiser that the publisher sets the price, with no review actions', async () => {
    const proposal = audience(4, { name: 'Proposta da marca', permissions: { can_review: false, can_edit: true, can_delete: true } });
    mockApi(routes({ 'GET /audience': () => page([proposal]) }));
    renderApp('/retail-media/audiences');
    const card = await cardOf('Proposta da marca');
    expect(within(card).getByTestId('audience-price-warning')).toHaveTextContent('O preço da audiência é definido por ele na aprovação.');
    expect(within(card).queryByRole('button', { name: /Aprovar/ })).not.toBeInTheDocument();
    expect(within(card).queryByText('Aguardando aprovação — revise esta audiência')).not.toBeInTheDocument();
  });

  it('shows "Erro: {message}" when the list fails and an empty state when there is none', async () => {
    mockApi(routes({ 'GET /audience': () => json({ error: { code: 'X', message: 'Falha no servidor.' } }, 500) }));
    const first = renderApp('/retail-media/audiences');
    expect(await screen.findByText('Erro: Falha no servidor.')).toBeInTheDocument();
    first.view.unmount();
    mockApi(routes({ 'GET /audience': () => page([]) }));
    renderApp('/retail-media/audiences');
    expect(await screen.findByText('Nenhuma audiência encontrada')).toBeInTheDocument();
  });
});

describe('audience review (spec §4, §5, §8)', { timeout: 30_000 }, () => {
  const approved = (price: number | null) => json({ ...AWAITING, status: 'approved', price, price_type: price ? 'fixed' : 'free' });

  it('blocks a fixed price without a value (toast and inline error), then sends it with billing up front', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const fetchMock = mockApi(routes({ 'PATCH /audience/actions/approve/1': () => approved(250) }));
    renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Amantes de café')).getByRole('button', { name: 'Aprovar: Amantes de café' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('Pagamento antecipado')).toBeDisabled();
    await user.click(within(dialog).getByText('Preço fixo'));
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));

    expect(await within(dialog).findByText('Informe o preço da audiência.')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Erro', message: 'Informe o preço da audiência.' }));
    expect(patches(fetchMock, '/audience/actions/approve/1')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Preço/ }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(patches(fetchMock, '/audience/actions/approve/1')).toHaveLength(1));
    expect(await patches(fetchMock, '/audience/actions/approve/1')[0]!.clone().json()).toEqual({ price_type: 'fixed', price: 250, billing_type: 'up_front' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Audiência aprovada com sucesso' })));
  });

  it('approves as free without a price', async () => {
    const fetchMock = mockApi(routes({ 'PATCH /audience/actions/approve/1': () => approved(null) }));
    renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Amantes de café')).getByRole('button', { name: 'Aprovar: Amantes de café' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(patches(fetchMock, '/audience/actions/approve/1')).toHaveLength(1));
    expect(await patches(fetchMock, '/audience/actions/approve/1')[0]!.clone().json()).toEqual({ price_type: 'free', billing_type: 'up_front' });
  });

  it('sends the price in cents when the account uses a cents currency', async () => {
    setSession({ ...SESSION, account: { ...SESSION.account, currency_cents: true } });
    const fetchMock = mockApi(routes({ 'PATCH /audience/actions/approve/1': () => approved(250) }));
    renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Amantes de café')).getByRole('button', { name: 'Aprovar: Amantes de café' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Preço fixo'));
    await user.type(within(dialog).getByRole('textbox', { name: /Preço/ }), '250,75');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(patches(fetchMock, '/audience/actions/approve/1')).toHaveLength(1));
    expect(await patches(fetchMock, '/audience/actions/approve/1')[0]!.clone().json()).toEqual({ price_type: 'fixed', price: 25075, billing_type: 'up_front' });
  });

  it('requires a note to reject, then sends it', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const fetchMock = mockApi(routes({ 'PATCH /audience/actions/reject/1': () => json({ ...AWAITING, status: 'rejected', note: 'Regras amplas demais' }) }));
    renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Amantes de café')).getByRole('button', { name: 'Reprovar: Amantes de café' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(await within(dialog).findByText('Escreva uma observação para continuar.')).toBeInTheDocument();
    expect(patches(fetchMock, '/audience/actions/reject/1')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo da reprovação/ }), 'Regras amplas demais');
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(patches(fetchMock, '/audience/actions/reject/1')).toHaveLength(1));
    expect(await patches(fetchMock, '/audience/actions/reject/1')[0]!.clone().json()).toEqual({ note: 'Regras amplas demais' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Audiência reprovada com sucesso' })));
  });

  it('shows the API message as an error toast when approval fails', async () => {
    const toast = vi.spyOn(notifications, 'show');
    mockApi(routes({ 'PATCH /audience/actions/approve/1': () => json({ error: { code: 'AUDIENCE_REVIEW_FORBIDDEN', message: 'Você não pode revisar esta audiência.' } }, 403) }));
    renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Amantes de café')).getByRole('button', { name: 'Aprovar: Amantes de café' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Você não pode revisar esta audiência.' })));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('audience view page (spec §2)', { timeout: 20_000 }, () => {
  it('shows every field and the rules in Portuguese', async () => {
    mockApi(
      routes({
        'GET /audience/1': () => json({ ...AWAITING, rules: [...AWAITING.rules, { attribute: 'average_ticket', operator: 'between', value: [50, 200] }] }),
        'GET /audience/attributes': () =>
          json([
            { key: 'gender', label: 'Gênero', type: 'enum', operators: ['eq'], options: [{ value: 'female', label: 'Feminino' }] },
            { key: 'average_ticket', label: 'Ticket médio (R$)', type: 'number', operators: ['between'] },
          ]),
      }),
    );
    renderApp('/retail-media/audiences/view/1');
    expect(await screen.findByRole('heading', { name: 'Amantes de café' })).toBeInTheDocument();
    const rules = screen.getByTestId('audience-rules');
    expect(await within(rules).findByText('Gênero: Feminino')).toBeInTheDocument();
    expect(within(rules).getByText('Ticket médio (R$): entre 50 e 200')).toBeInTheDocument();
    expect(screen.getByText('Pagamento antecipado')).toBeInTheDocument();
    expect(screen.getByText('Café Aurora')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprovar: Amantes de café' })).toBeInTheDocument();
  });
});
