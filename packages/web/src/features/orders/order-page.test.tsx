import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { ORDER_CARD, fullOrder } from './order-fixtures';

const PICKING_EVENT = { id: 3, from_status: 'paid', to_status: 'picking', actor: { kind: 'user', user_id: 1, name: 'Ana Gerente' }, note: 'Separar cedo', created_at: '2026-11-20T13:10:00.000Z' } as const;

describe('order page', { timeout: 30_000 }, () => {
  it('shows the header, the lines, the totals and the timeline in Portuguese', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/order/full-order/42': () => json(fullOrder()) });
    renderApp('/order/42');
    expect(await screen.findByRole('heading', { name: 'Pedido #1007' })).toBeInTheDocument();
    const header = screen.getByTestId('order-header');
    expect(header).toHaveTextContent('Maria Aparecida Silva');
    expect(header).toHaveTextContent('Bom Preço Centro');
    expect(header).toHaveTextContent('VTEX');
    expect(header).toHaveTextContent('Entrega');
    const items = screen.getAllByTestId('order-item');
    expect(items[0]).toHaveTextContent('3 un');
    expect(items[1]).toHaveTextContent('0,4 kg');
    expect(items[1]).toHaveTextContent('A separar');
    expect(screen.getByTestId('order-total')).toHaveTextContent('R$ 36,43');
    const timeline = screen.getByTestId('order-timeline');
    expect(within(timeline).getByText('Pedido recebido · Criado')).toBeInTheDocument();
    expect(within(timeline).getByText('Criado → Pago')).toBeInTheDocument();
    expect(within(timeline).getByText(/^Sistema · /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mover para Em separação' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toBeInTheDocument();
  });

  it('warns that moving a delivered order to refunded gives the payments back', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/order/full-order/42': () => json(fullOrder({ status: 'delivered' }, ['refunded'])) });
    renderApp('/order/42');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mover para Reembolsado' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('o que resta dos pagamentos online volta ao cliente');
  });

  it('moves after confirming, with the note, and shows a refused move (409) in the server words', async () => {
    let refuse = false;
    const sent: unknown[] = [];
    const moved = fullOrder({ status: 'picking' }, ['picked', 'canceled']);
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'POST /api/picking/status/42': async (request) => {
        sent.push(await request.json());
        if (refuse) return apiError(409, 'ORDER_TRANSITION_NOT_ALLOWED', 'O pedido não pode ir de Em separação para Separado.');
        return json({ ...moved, events: [...moved.events, PICKING_EVENT], message: 'Pedido movido para Em separação' });
      },
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mover para Em separação' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('O pedido passa de “Pago” para “Em separação”. Confirma?');
    await user.type(within(dialog).getByRole('textbox'), 'Separar cedo');
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('Pago → Em separação')).toBeInTheDocument();
    expect(screen.getByText('Separar cedo')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'picking', note: 'Separar cedo' }]);

    refuse = true;
    await user.click(await screen.findByRole('button', { name: 'Mover para Separado' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('O pedido não pode ir de Em separação para Separado.');
  });

  it('cancels after confirming', async () => {
    let canceled = false;
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'POST /api/order/cancel/42': () => {
        canceled = true;
        return json({ ...fullOrder({ status: 'canceled' }, []), message: 'Pedido cancelado' });
      },
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    await waitFor(() => expect(canceled).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull());
  });

  it('shows the server message when the order cannot be loaded', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/order/full-order/43': () => apiError(404, 'ORDER_NOT_FOUND', 'Pedido não encontrado.') });
    renderApp('/order/43');
    expect(await screen.findByText('Pedido não encontrado.')).toBeInTheDocument();
  });
});

describe('orders list', { timeout: 30_000 }, () => {
  it('sends the URL filters, sort and page size to the API and shows the rows with labels', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      'GET /search/orders': () => json({ data: [ORDER_CARD], meta: { page: 1, quantity: 50, total: 1, total_pages: 1 } }),
      'GET /api/location/minified': () => json({ data: [{ id: 3, name: 'Bom Preço Centro' }] }),
      'GET /search/customers': () => json({ data: [], meta: { page: 1, quantity: 20, total: 0, total_pages: 0 } }),
    });
    renderApp('/orders/list?status=paid&channel=vtex&order_sort=total&order_dir=asc');
    const row = await screen.findByTestId('order-row');
    expect(row).toHaveTextContent('Pedido #1007');
    expect(row).toHaveTextContent('Maria Aparecida Silva');
    expect(row).toHaveTextContent('Pago');
    expect(row).toHaveTextContent('R$ 36,43');
    const call = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/search/orders');
    expect(Object.fromEntries(call!.searchParams)).toMatchObject({ status: 'paid', channel: 'vtex', order_by: 'total', order_direction: 'asc', quantity: '50', page: '1' });
  });

  it('shows the empty state for a search without results', async () => {
    mockApi({
      ...SHELL_ROUTES,
      'GET /search/orders': () => json({ data: [], meta: { page: 1, quantity: 50, total: 0, total_pages: 0 } }),
      'GET /api/location/minified': () => json({ data: [] }),
      'GET /search/customers': () => json({ data: [], meta: { page: 1, quantity: 20, total: 0, total_pages: 0 } }),
    });
    renderApp('/orders/list?number=5');
    expect(await screen.findByText('Nenhum pedido encontrado.')).toBeInTheDocument();
  });
});
