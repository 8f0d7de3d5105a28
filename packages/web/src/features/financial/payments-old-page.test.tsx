import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION, SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { REFUSED, transactionRow } from './financial-fixtures';

const STORES = { 'GET /api/location/minified': () => json({ data: [{ id: 3, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true }] }) };
const LIST = '/api/data-service/order-payments/transactions';
const CSV = '/api/data-service/order-payments/transactions.csv';
const CUSTOM = 'period=custom&from=2026-11-20&to=2026-11-22';
const { refunds: _refunds, ...refused } = REFUSED;
const ROWS = [transactionRow({ refunded_amount: 10, refundable_amount: 26.43, refunds_count: 1 }), { ...refused, refunds_count: 0, order_id: 41, order_number: 1006 }];
const page = (data = ROWS) => json({ data, meta: { page: 1, quantity: 50, total: data.length, total_pages: data.length ? 1 : 0 } });

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.map(([r]) => r).filter((r) => new URL(r.url).pathname === path);
const params = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('/financial/payments_old', { timeout: 30_000 }, () => {
  it('sends the URL filters, sort and page and shows one row per transaction, with status badges and links to the order', async () => {
    const fetchMock = mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${LIST}`]: () => page() });
    renderApp(`/financial/payments_old?${CUSTOM}&location_id=3&status=captured&order_number=1007&tx_sort=amount&tx_dir=asc`);
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Pedido #1007');
    expect(rows[0]).toHaveTextContent('Visa •••• 1111');
    expect(rows[0]).toHaveTextContent('Pago');
    expect(rows[0]).toHaveTextContent('R$ 36,43');
    expect(rows[0]).toHaveTextContent('1 reembolso');
    expect(within(rows[0]!).getByRole('link', { name: 'Pedido #1007' })).toHaveAttribute('href', '/order/42');
    expect(rows[1]).toHaveTextContent('Recusado');
    expect(rows[1]).toHaveTextContent('Saldo ou limite insuficiente.');
    expect(within(rows[1]!).getByRole('link', { name: 'Pedido #1006' })).toHaveAttribute('href', '/order/41');
    expect(screen.getByText('2 transações')).toBeInTheDocument();
    expect(params(calls(fetchMock, LIST)[0]!)).toEqual({
      from: '2026-11-20', to: '2026-11-22', location_id: '3', status: 'captured', order_number: '1007', page: '1', quantity: '50', order_by: 'amount', order_direction: 'asc',
    });
  });

  it('sorting by date flips the order in the URL and asks again', async () => {
    const fetchMock = mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${LIST}`]: () => page() });
    const { router } = renderApp(`/financial/payments_old?${CUSTOM}`);
    await screen.findAllByTestId('transaction-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Data' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tx_dir: 'asc' }));
    await waitFor(() => expect(params(calls(fetchMock, LIST).at(-1)!)).toMatchObject({ order_by: 'created_at', order_direction: 'asc' }));
  });

  it('"Exportar CSV" downloads the export with the same filters and the session token, under the server file name', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      ...STORES,
      [`GET ${LIST}`]: () => page(),
      [`GET ${CSV}`]: () => new Response('\uFEFFPedido;Valor\n1007;36,43\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="transacoes-2026-11-20-a-2026-11-22.csv"' } }),
    });
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:transacoes';
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      renderApp(`/financial/payments_old?${CUSTOM}&method=pix&status=pending`);
      await screen.findAllByTestId('transaction-row');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      const request = calls(fetchMock, CSV)[0]!;
      expect(params(request)).toEqual({ from: '2026-11-20', to: '2026-11-22', method: 'pix', status: 'pending' });
      expect(request.headers.get('authorization')).toBe(`Bearer ${SESSION.token}`);
      expect(clicked[0]!.download).toBe('transacoes-2026-11-20-a-2026-11-22.csv');
      expect(clicked[0]!.href).toBe('blob:transacoes');
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('shows the empty states and the load error', async () => {
    let answer = () => page([]);
    mockApi({ ...SHELL_ROUTES, ...STORES, [`GET ${LIST}`]: () => answer() });
    const first = renderApp(`/financial/payments_old?${CUSTOM}`);
    expect(await screen.findByText('Nenhuma transação no período.')).toBeInTheDocument();
    first.view.unmount();

    const second = renderApp(`/financial/payments_old?${CUSTOM}&order_number=5`);
    expect(await screen.findByText('Nenhuma transação encontrada.')).toBeInTheDocument();
    second.view.unmount();

    answer = () => apiError(500, 'INTERNAL', 'Erro interno do servidor.');
    renderApp(`/financial/payments_old?${CUSTOM}`);
    expect(await screen.findByTestId('transactions-error')).toHaveTextContent('Erro interno do servidor.');
  });
});
