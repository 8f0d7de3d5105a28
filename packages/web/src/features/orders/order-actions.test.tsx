import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { fullOrder } from './order-fixtures';

describe('order page actions', { timeout: 30_000 }, () => {
  it('applies a manual discount in reais after confirming, and shows the new total', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'PUT /api/order/discount': async (request) => {
        sent.push(await request.json());
        return json({ ...fullOrder({ manual_discount: 5, total: 31.43, version: 3 }), message: 'Desconto aplicado' });
      },
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desconto' }));
    const form = await screen.findByRole('dialog', { name: 'Desconto manual do pedido #1007' });
    await user.type(within(form).getByRole('textbox', { name: /Desconto em reais/ }), '5');
    await user.type(within(form).getByRole('textbox', { name: /Motivo/ }), 'Embalagem amassada');
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desconto manual do pedido #1007' });
    expect(dialog).toHaveTextContent('Aplicar desconto de R$ 5,00 ao pedido? Motivo: Embalagem amassada');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar desconto' }));
    await waitFor(() => expect(sent).toEqual([{ order_id: 42, amount: 5, reason: 'Embalagem amassada' }]));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('R$ 31,43'));
  });

  it('approves a pending fraud analysis after confirming', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder({ fraud_status: 'pending' }, ['canceled'])),
      'PUT /api/payment-hub/fraud-analyze/42/status': async (request) => {
        sent.push(await request.json());
        return json({ ...fullOrder({ fraud_status: 'approved' }), message: 'Análise registrada' });
      },
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aprovar análise' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'approved' }]));
    await waitFor(() => expect(screen.queryByTestId('fraud-pending')).toBeNull());
    expect(screen.getByRole('button', { name: 'Mover para Em separação' })).toBeInTheDocument();
  });

  it('restarts picking of a picked order after confirming; a refusal (409) shows the server words', async () => {
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder({ status: 'picked' }, ['ready', 'picking', 'canceled'])),
      'POST /api/picking/restart/42': () => apiError(409, 'ORDER_RESTART_NOT_ALLOWED', 'A separação não pode ser reiniciada com o pedido em Pronto.'),
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reiniciar separação' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('todos os itens voltam a pendentes');
    await user.click(within(dialog).getByRole('button', { name: 'Reiniciar' }));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('A separação não pode ser reiniciada com o pedido em Pronto.');
  });

  it('changes the delivery address after confirming; an address no region serves (422) shows the server words', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder()),
      'POST /api/order/address/42': async (request) => {
        sent.push(await request.json());
        return apiError(422, 'ORDER_REGION_NONE', 'Nenhuma região de entrega da loja atende este endereço.');
      },
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Alterar endereço' }));
    const form = await screen.findByRole('dialog', { name: 'Endereço de entrega do pedido #1007' });
    const number = within(form).getByRole('textbox', { name: /Número/ });
    await user.clear(number);
    await user.type(number, '2000');
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endereço de entrega do pedido #1007' });
    expect(dialog).toHaveTextContent('Entregar em Avenida Paulista, 2000 — São Paulo/SP?');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar endereço' }));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('Nenhuma região de entrega da loja atende este endereço.');
    expect(sent).toEqual([{ zip_code: '01310-100', street: 'Avenida Paulista', number: '2000', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }]);
  });
});
