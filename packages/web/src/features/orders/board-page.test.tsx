import '../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@backoffice/contracts';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { ORDER_CARD, fullOrder } from './order-fixtures';

const board = () => ({
  columns: ORDER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_LABELS[status], count: status === 'paid' ? 1 : 0, orders: status === 'paid' ? [ORDER_CARD] : [] })),
});

describe('orders board', { timeout: 30_000 }, () => {
  it('shows a column per status with its count, and moves a card to a status the order allows; a refusal shows the server words', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...SHELL_ROUTES,
      'GET /search/orders-by-status': () => json(board()),
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'POST /api/picking/status/42': async (request) => {
        sent.push(await request.json());
        return apiError(409, 'ORDER_FRAUD_PENDING', 'A separação espera a análise antifraude.');
      },
    });
    renderApp('/orders/board');
    const paid = await screen.findByText('Pago', { selector: 'p' });
    const column = paid.closest('[data-testid="board-column"]') as HTMLElement;
    expect(within(column).getByTestId('board-count')).toHaveTextContent('1');
    expect(within(column).getByText('Pedido #1007')).toBeInTheDocument();
    expect(screen.getAllByTestId('board-column')).toHaveLength(ORDER_STATUSES.length);
    const user = userEvent.setup();
    await user.click(within(column).getByRole('button', { name: 'Mover o pedido #1007' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Em separação' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('A separação espera a análise antifraude.');
    await waitFor(() => expect(sent).toEqual([{ status: 'picking' }]));
  });

  it('drags a card onto a column the order may go to (highlighted, the others dimmed), confirms, and shows a refused move (409) in the server words', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...SHELL_ROUTES,
      'GET /search/orders-by-status': () => json(board()),
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'POST /api/picking/status/42': async (request) => {
        sent.push(await request.json());
        return apiError(409, 'ORDER_FRAUD_PENDING', 'A separação espera a análise antifraude.');
      },
    });
    renderApp('/orders/board');
    const card = (await screen.findByText('Pedido #1007')).closest('[data-testid="board-card"]') as HTMLElement;
    const column = (status: string) => screen.getAllByTestId('board-column').find((c) => c.dataset.status === status)!;
    const dataTransfer = { setData: () => undefined, getData: () => '42', effectAllowed: 'all', dropEffect: 'none' };
    fireEvent.dragStart(card, { dataTransfer });
    // The allowed statuses come from the API's full order: picking and canceled.
    await waitFor(() => expect(column('delivered')).toHaveAttribute('data-drop', 'blocked'));
    expect(column('picking')).toHaveAttribute('data-drop', 'allowed');
    expect(column('canceled')).toHaveAttribute('data-drop', 'allowed');
    expect(column('paid')).toHaveAttribute('data-drop', 'own');
    fireEvent.dragOver(column('picking'), { dataTransfer });
    fireEvent.drop(column('picking'), { dataTransfer });
    fireEvent.dragEnd(card, { dataTransfer });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('O pedido passa de “Pago” para “Em separação”. Confirma?');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('A separação espera a análise antifraude.');
    expect(sent).toEqual([{ status: 'picking' }]);
    expect(column('picking')).toHaveAttribute('data-drop', 'idle');
  });

  it('does not take a drop on a column the order may not go to', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...SHELL_ROUTES,
      'GET /search/orders-by-status': () => json(board()),
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'POST /api/picking/status/42': async (request) => {
        sent.push(await request.json());
        return json({});
      },
    });
    renderApp('/orders/board');
    const card = (await screen.findByText('Pedido #1007')).closest('[data-testid="board-card"]') as HTMLElement;
    const delivered = () => screen.getAllByTestId('board-column').find((c) => c.dataset.status === 'delivered')!;
    fireEvent.dragStart(card, { dataTransfer: { setData: () => undefined } });
    await waitFor(() => expect(delivered()).toHaveAttribute('data-drop', 'blocked'));
    fireEvent.drop(delivered(), {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);
  });
});
