import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import type { Wallet, WalletTransaction } from './api';

const AURORA = { id: 2, name: 'Café Aurora', account_logo: null };
const BOM_PRECO = { id: 1, name: 'Supermercado Bom Preço', account_logo: null };

const wallet = (balance = 5000): Wallet => ({ id: 3, balance, advertiser: AURORA, publisher: BOM_PRECO, updated_at: '2026-11-23T17:05:00.000Z' });
const ownWallet: Wallet = { id: 4, balance: 120.5, advertiser: BOM_PRECO, publisher: { id: 5, name: 'Rede Parceira', account_logo: null }, updated_at: '2026-11-20T12:00:00.000Z' };

const movement = (id: number, patch: Partial<WalletTransaction>): WalletTransaction => ({
  id,
  created_at: '2026-11-23T17:05:00.000Z',
  amount: 100,
  transaction_type: 'credit',
  transaction_subtype: 'recharge',
  user_name: 'Ana Paula Souza',
  user_email: 'admin@varejo.test',
  note: 'Recarga inicial',
  balanceAfter: 5000,
  ...patch,
});

const MOVEMENTS = [
  movement(12, {}),
  movement(11, { created_at: '2026-11-22T10:00:00.000Z', amount: -0.4, transaction_type: 'debit', transaction_subtype: 'cpm', user_name: null, user_email: null, note: 'Impressões de banners', balanceAfter: 4900 }),
  movement(10, { created_at: '2026-11-21T10:00:00.000Z', amount: -1.25, transaction_type: 'debit', transaction_subtype: 'cpc', user_name: null, user_email: null, note: null, balanceAfter: 4900.4 }),
];

const page = <T,>(data: T[], quantity = 50) => json({ data, meta: { page: 1, quantity, total: data.length, total_pages: 1 } });

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /api/wallet': () => page([wallet(), ownWallet]),
  'GET /api/wallet/3': () => json(wallet()),
  'GET /api/wallet/3/transactions': () => page(MOVEMENTS),
  ...extra,
});

const asRole = (role: 'admin' | 'manager' | 'operator') => ({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role }]) });

describe('wallet list (spec §2, §3)', { timeout: 20_000 }, () => {
  it('lists 50 a page by name, with the counterpart account as rmid on the links', async () => {
    const fetchMock = mockApi(routes());
    renderApp('/retail-media/wallets');

    const rows = await screen.findAllByTestId('wallet-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('R$ 5.000,00')).toBeInTheDocument();
    // Bom Preço (account 1) sees Café Aurora's wallet on its site: the counterpart is the advertiser.
    expect(within(rows[0]!).getByRole('link', { name: 'Movimentações da carteira de Café Aurora em Supermercado Bom Preço' })).toHaveAttribute('href', '/retail-media/wallet/3/movimentations?rmid=2');
    expect(within(rows[0]!).getByRole('link', { name: 'Recarregar a carteira de Café Aurora em Supermercado Bom Preço' })).toHaveAttribute('href', '/retail-media/wallet/3/recharge?rmid=2');
    // Its own wallet on another publisher: the counterpart is that publisher.
    expect(within(rows[1]!).getByRole('link', { name: /Movimentações/ })).toHaveAttribute('href', '/retail-media/wallet/4/movimentations?rmid=5');

    const listCall = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/api/wallet')!;
    expect(listCall.searchParams.get('quantity')).toBe('50');
    expect(listCall.searchParams.get('page')).toBe('1');
  });

  it('searches by name through the URL', async () => {
    const fetchMock = mockApi(routes());
    const { router } = renderApp('/retail-media/wallets');
    await screen.findAllByTestId('wallet-row');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Buscar' }), 'aurora{enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'aurora' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).searchParams.get('name') === 'aurora')).toBe(true));
  });

  it('offers "Recarregar" only to admins and managers', async () => {
    mockApi(routes(asRole('operator')));
    renderApp('/retail-media/wallets');
    const rows = await screen.findAllByTestId('wallet-row');
    expect(within(rows[0]!).getByRole('link', { name: /Movimentações/ })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('link', { name: /Recarregar/ })).not.toBeInTheDocument();
  });

  it('shows the empty state and "Erro: {message}" with a retry', async () => {
    mockApi(routes({ 'GET /api/wallet': () => page([]) }));
    const first = renderApp('/retail-media/wallets');
    expect(await screen.findByText('Nenhuma carteira encontrada')).toBeInTheDocument();
    first.view.unmount();

    mockApi(routes({ 'GET /api/wallet': () => apiError(500, 'INTERNAL', 'Falha no servidor.') }));
    renderApp('/retail-media/wallets');
    expect(await screen.findByText('Erro: Falha no servidor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('wallet movements (spec §2)', { timeout: 20_000 }, () => {
  it('shows the wallet, and each movement with its date, signed value, pt-BR type, "name {email}" and note', async () => {
    mockApi(routes());
    renderApp('/retail-media/wallet/3/movimentations?rmid=2');

    expect(await screen.findByRole('heading', { name: 'Movimentações da carteira' })).toBeInTheDocument();
    expect(within(screen.getByTestId('wallet-summary')).getByText('Café Aurora')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('R$ 5.000,00');

    const rows = await screen.findAllByTestId('movement-row');
    expect(rows).toHaveLength(3);
    const [recharge, cpm, cpc] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(recharge).getByText('23/11/2026 14:05')).toBeInTheDocument();
    expect(within(recharge).getByTestId('movement-amount')).toHaveTextContent('+R$ 100,00');
    expect(within(recharge).getAllByText('Crédito · Recarga').length).toBeGreaterThan(0);
    expect(within(recharge).getByTestId('movement-user')).toHaveTextContent('Ana Paula Souza {admin@varejo.test}');
    expect(within(recharge).getByText('Recarga inicial')).toBeInTheDocument();

    expect(within(cpm).getByTestId('movement-amount')).toHaveTextContent('−R$ 0,40');
    expect(within(cpm).getAllByText('Débito · Impressões (CPM)').length).toBeGreaterThan(0);
    expect(within(cpm).getByTestId('movement-user')).toHaveTextContent('Sistema');
    expect(within(cpc).getAllByText('Débito · Cliques (CPC)').length).toBeGreaterThan(0);
    expect(within(cpc).getByText('R$ 4.900,40')).toBeInTheDocument();

    expect(screen.getByTestId('wallet-balance-chart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recarregar' })).toHaveAttribute('href', '/retail-media/wallet/3/recharge?rmid=2');
  });

  it('says in Portuguese that the movements could not be loaded, with the server message', async () => {
    mockApi(routes({ 'GET /api/wallet/3/transactions': () => apiError(503, 'UNAVAILABLE', 'Serviço indisponível.') }));
    renderApp('/retail-media/wallet/3/movimentations?rmid=2');
    expect(await screen.findByText('Não foi possível carregar as movimentações da carteira.')).toBeInTheDocument();
    expect(screen.getByText('Erro: Serviço indisponível.')).toBeInTheDocument();
  });

  it('shows the not-found page for a wallet the account cannot see', async () => {
    mockApi(routes({ 'GET /api/wallet/9': () => apiError(404, 'WALLET_NOT_FOUND', 'Carteira não encontrada.') }));
    renderApp('/retail-media/wallet/9/movimentations');
    expect(await screen.findByRole('heading', { name: 'Carteira não encontrada' })).toBeInTheDocument();
  });
});

describe('wallet recharge (spec §2, idempotency)', { timeout: 30_000 }, () => {
  const rechargeCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/wallet/3/recharge');

  it('refuses a missing, zero or too large amount without calling the API', async () => {
    const fetchMock = mockApi(routes());
    renderApp('/retail-media/wallet/3/recharge?rmid=2');
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Valor da recarga/ });
    const submit = screen.getByRole('button', { name: 'Recarregar' });

    await user.click(submit);
    expect(await screen.findByText('Informe o valor da recarga.')).toBeInTheDocument();

    await user.type(amount, '0');
    await user.click(submit);
    expect(await screen.findByText('O valor deve ser maior que zero.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '1000000,01');
    await user.click(submit);
    expect(await screen.findByText('O valor máximo de uma recarga é R$ 1.000.000,00.')).toBeInTheDocument();
    expect(rechargeCalls(fetchMock)).toHaveLength(0);
  });

  it('sends an Idempotency-Key, reuses it when the same recharge is retried, and goes to the movements after', async () => {
    const answers = [apiError(503, 'UNAVAILABLE', 'Serviço indisponível, tente novamente.')];
    const credited = movement(13, { amount: 150.5, balanceAfter: 5150.5, note: 'Black Friday' });
    let balance = 5000;
    const fetchMock = mockApi(
      routes({
        'POST /api/wallet/3/recharge': () => {
          const failure = answers.shift();
          if (failure) return failure;
          balance = 5150.5;
          return json({ transaction: credited, wallet: wallet(balance) }, 201);
        },
        'GET /api/wallet/3': () => json(wallet(balance)),
        'GET /api/wallet/3/transactions': () => page(balance > 5000 ? [credited, ...MOVEMENTS] : MOVEMENTS),
      }),
    );
    const toast = vi.spyOn(notifications, 'show');
    const { router } = renderApp('/retail-media/wallet/3/recharge?rmid=2');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: /Valor da recarga/ }), '150,5');
    await user.type(screen.getByRole('textbox', { name: 'Observação' }), 'Black Friday');
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    expect(await screen.findByText('Serviço indisponível, tente novamente.')).toBeInTheDocument();

    // The same submission again: the same key, so the API credits at most once.
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/retail-media/wallet/3/movimentations'));
    expect(router.state.location.search).toEqual({ rmid: 2 });

    const calls = rechargeCalls(fetchMock);
    expect(calls).toHaveLength(2);
    const keys = calls.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await calls[1]!.clone().json()).toEqual({ amount: 150.5, note: 'Black Friday' });

    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Recarga realizada com sucesso' }));
    expect(await screen.findByText('Black Friday')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('R$ 5.150,50');
  });

  it('uses a new key when the amount changes after a failure', async () => {
    const fetchMock = mockApi(routes({ 'POST /api/wallet/3/recharge': () => apiError(503, 'UNAVAILABLE', 'Serviço indisponível.') }));
    renderApp('/retail-media/wallet/3/recharge?rmid=2');
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Valor da recarga/ });
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    await screen.findByText('Serviço indisponível.');
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(rechargeCalls(fetchMock)).toHaveLength(2));
    const [first, second] = rechargeCalls(fetchMock).map((r) => r.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });
});
