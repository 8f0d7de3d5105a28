import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
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
});
