import '../../test/signed-in';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client';
import { theme } from '../../shared/ui/theme';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { SETTLE_POLL_MS, settleInterval, type PaymentTransaction } from './api';
import { REFUSED, balance, transaction } from './financial-fixtures';
import { OrderPaymentCard, type PaymentCardOrder } from './order-payment-card';

const ORDER: PaymentCardOrder = { id: 42, number: 1007, status: 'paid', total: 36.43, pays_in_person: false };
const TXS = '/api/payment-hub/transactions';
const REFUND = '/api/payment-hub/payment/refund/42';
const CHARGE = '/api/payment-hub/payment/42';

function renderCard(order: PaymentCardOrder, routes: Record<string, Handler>) {
  const fetchMock = mockApi({ ...SHELL_ROUTES, ...routes });
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <OrderPaymentCard order={order} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { fetchMock, invalidate, queryClient };
}

const requests = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === method && new URL(r.url).pathname === path);

const refunded = (tx: PaymentTransaction, amount: number) =>
  transaction({
    ...tx,
    refunded_amount: amount,
    refundable_amount: Math.round((tx.captured_amount - amount) * 100) / 100,
    refunds: [{ id: 5, transaction_id: tx.id, amount, reason: 'Item em falta', status: 'succeeded', status_label: 'Reembolsado', provider_reference: 'sim_rf_5', automatic: false, kind: 'manual', created_at: '2026-11-21T15:00:00.000Z' }],
  });

describe('OrderPaymentCard', { timeout: 30_000 }, () => {
  it('lists the transactions with status, method, card, amounts and refunds, and explains a refusal', async () => {
    const { fetchMock } = renderCard(ORDER, {
      [`GET ${TXS}`]: () => json({ data: [refunded(transaction(), 10), REFUSED], balance: balance() }),
      'GET /api/payment-hub/transaction/8/verify-refusal': () =>
        json({ transaction_id: 8, order_id: 42, method: 'credit_card', code: 'insufficient_funds', reason: 'Saldo ou limite insuficiente.', advice: 'Peça outro cartão ou outra forma de pagamento.', can_retry: true, refused_at: '2026-11-21T12:58:00.000Z' }),
    });
    const items = await screen.findAllByTestId('payment-transaction');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Pago');
    expect(items[0]).toHaveTextContent('Cartão de crédito');
    expect(items[0]).toHaveTextContent('Visa •••• 1111');
    expect(items[0]).toHaveTextContent('R$ 36,43');
    expect(within(items[0]!).getByTestId('payment-refund')).toHaveTextContent('R$ 10,00');
    expect(within(items[0]!).getByTestId('payment-refund')).toHaveTextContent('Item em falta');
    expect(screen.getByTestId('payment-refundable')).toHaveTextContent('R$ 26,43');
    expect(items[1]).toHaveTextContent('Recusado');
    expect(requests(fetchMock, 'GET', TXS)[0]!.url).toContain('order_id=42');

    await userEvent.setup().click(within(items[1]!).getByRole('button', { name: 'Por que foi recusado?' }));
    const answer = await screen.findByTestId('refusal-answer');
    expect(answer).toHaveTextContent('insufficient_funds');
    expect(answer).toHaveTextContent('Saldo ou limite insuficiente.');
    expect(answer).toHaveTextContent('Peça outro cartão ou outra forma de pagamento.');
  });

  it('refunds part of the amount with an Idempotency-Key, shows a 422 in the server words, retries with the same key, then refreshes the order', async () => {
    let captured = transaction();
    let refuse = true;
    const sent: Array<{ key: string | null; body: unknown }> = [];
    const { fetchMock, invalidate } = renderCard(ORDER, {
      [`GET ${TXS}`]: () => json({ data: [captured], balance: balance() }),
      [`PUT ${REFUND}`]: async (request) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        if (refuse) return apiError(422, 'REFUND_ABOVE_REFUNDABLE', 'O valor de R$ 10,00 passa do reembolsável deste pagamento.');
        captured = refunded(captured, 10);
        return json({ message: 'Reembolso de R$ 10,00 realizado.', refund: captured.refunds[0], transaction: captured, order: { id: 42, number: 1007, status: 'paid' } }, 201);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: /Valor do reembolso/ });
    expect(amount).toHaveValue('R$ 36,43');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Item em falta');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByTestId('refund-confirm')).toHaveTextContent('Reembolsar R$ 10,00 do pedido #1007? Restarão R$ 26,43 reembolsáveis.');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(await within(dialog).findByTestId('refund-error')).toHaveTextContent('O valor de R$ 10,00 passa do reembolsável deste pagamento.');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[0]!.body).toEqual({ amount: 10, reason: 'Item em falta' });
    expect(screen.getByTestId('payment-card-message')).toHaveTextContent('Reembolso de R$ 10,00 realizado.');
    expect(await screen.findByTestId('payment-refund')).toHaveTextContent('R$ 10,00');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 1, 'orders', 'detail', 42] });
    expect(requests(fetchMock, 'GET', TXS).length).toBeGreaterThanOrEqual(2);
  });

  it('each new confirmation of a refund sends a fresh key', async () => {
    let captured = transaction({ amount: 100, captured_amount: 100, refundable_amount: 100 });
    const keys: Array<string | null> = [];
    renderCard(ORDER, {
      [`GET ${TXS}`]: () => json({ data: [captured], balance: balance() }),
      [`PUT ${REFUND}`]: (request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        captured = refunded(captured, 10 * keys.length);
        return json({ message: 'Reembolso realizado.', refund: captured.refunds[0], transaction: captured, order: { id: 42, number: 1007, status: 'paid' } }, 201);
      },
    });
    const user = userEvent.setup();
    for (let i = 0; i < 2; i++) {
      await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
      const dialog = await screen.findByRole('dialog');
      const amount = within(dialog).getByRole('textbox', { name: /Valor do reembolso/ });
      await user.clear(amount);
      await user.type(amount, '10');
      await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Reembolsar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('charges an unpaid order by Pix after confirming and shows the server message; a 409 is shown in its words', async () => {
    let pending: PaymentTransaction[] = [];
    let conflict = true;
    const bodies: unknown[] = [];
    const { invalidate } = renderCard(
      { ...ORDER, status: 'created' },
      {
        [`GET ${TXS}`]: () => json({ data: pending, balance: balance() }),
        [`POST ${CHARGE}`]: async (request) => {
          bodies.push(await request.json());
          if (conflict) return apiError(409, 'PAYMENT_ALREADY_PENDING', 'Já existe um pagamento em andamento para este pedido.');
          const tx = transaction({ method: 'pix', method_label: 'Pix', status: 'pending', status_label: 'Aguardando confirmação', captured_amount: 0, refundable_amount: 0, card: null, pix_copy_paste: '00020126580014br.gov.bcb.pix' });
          pending = [tx];
          return json({ message: 'Cobrança criada: aguardando o pagamento.', transaction: tx, order: { id: 42, number: 1007, status: 'payment_pending' } }, 201);
        },
      },
    );
    expect(await screen.findByTestId('payment-card-empty')).toHaveTextContent('Nenhuma cobrança feita para este pedido.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cobrar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByTestId('charge-confirm')).toHaveTextContent('Cobrar R$ 36,43 do pedido #1007 (Pix)? Confirma?');
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    expect(await within(dialog).findByTestId('charge-error')).toHaveTextContent('Já existe um pagamento em andamento para este pedido.');

    conflict = false;
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByTestId('payment-card-message')).toHaveTextContent('Cobrança criada: aguardando o pagamento.');
    expect(bodies).toEqual([{ method: 'pix', installments: 1 }, { method: 'pix', installments: 1 }]);
    expect(await screen.findByTestId('payment-transaction')).toHaveTextContent('00020126580014br.gov.bcb.pix');
    expect(screen.getByTestId('payment-waiting')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 1, 'orders', 'detail', 42] });
  });

  it('shows what picking added to the total and charges the difference after confirming; what it took off, as going back on its own', async () => {
    let owed = 4.37;
    const bodies: unknown[] = [];
    renderCard(
      { ...ORDER, status: 'picked', total: 40.8 },
      {
        [`GET ${TXS}`]: () => json({ data: [transaction()], balance: balance({ order_total: 40.8, owed }) }),
        [`POST ${CHARGE}`]: async (request) => {
          bodies.push(await request.json());
          owed = 0;
          const tx = transaction({ id: 10, amount: 4.37, captured_amount: 4.37, refundable_amount: 4.37 });
          return json({ message: 'Cobrança da diferença de R$ 4,37 do pedido 1007 criada: Pago.', transaction: tx, order: { id: 42, number: 1007, status: 'picked' } }, 201);
        },
      },
    );
    expect(await screen.findByTestId('payment-owed')).toHaveTextContent('O total final passou do que foi cobrado: faltam R$ 4,37 a cobrar.');
    expect(screen.queryByRole('button', { name: 'Cobrar' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cobrar diferença' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrar a diferença do pedido #1007' });
    expect(dialog).toHaveTextContent('Diferença a cobrar: R$ 4,37');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByTestId('charge-confirm')).toHaveTextContent('Cobrar a diferença de R$ 4,37 do pedido #1007 (Pix)? Confirma?');
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    expect(await screen.findByTestId('payment-card-message')).toHaveTextContent('Cobrança da diferença de R$ 4,37 do pedido 1007 criada: Pago.');
    expect(bodies).toEqual([{ method: 'pix', installments: 1 }]);
    await waitFor(() => expect(screen.queryByTestId('payment-owed')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Cobrar diferença' })).toBeNull();
  });

  it('tells a charge above the final total goes back when the order leaves the store, and marks the adjustment refund', async () => {
    const adjustment = transaction({
      refunded_amount: 1.2,
      refundable_amount: 35.23,
      refunds: [{ id: 6, transaction_id: 9, amount: 1.2, reason: 'ajuste ao total final do pedido, R$ 35,23', status: 'succeeded', status_label: 'Reembolsado', provider_reference: 'sim_rf_6', automatic: true, kind: 'adjustment', created_at: '2026-11-21T16:00:00.000Z' }],
    });
    renderCard({ ...ORDER, status: 'ready', total: 35.23 }, { [`GET ${TXS}`]: () => json({ data: [transaction()], balance: balance({ order_total: 35.23, over: 1.2 }) }) });
    expect(await screen.findByTestId('payment-over')).toHaveTextContent('Foi cobrado R$ 1,20 a mais que o total final: a diferença volta ao cliente automaticamente quando o pedido sair da loja.');
    expect(screen.queryByRole('button', { name: 'Cobrar diferença' })).toBeNull();
    cleanup();
    renderCard({ ...ORDER, status: 'out_for_delivery', total: 35.23 }, { [`GET ${TXS}`]: () => json({ data: [adjustment], balance: balance({ order_total: 35.23, adjusted: 1.2 }) }) });
    expect(await screen.findByTestId('payment-refund')).toHaveTextContent('Ajuste ao total final');
    expect(screen.queryByTestId('payment-over')).toBeNull();
  });

  it('asks for the card, hints the simulator test cards and sends the card with the installments', async () => {
    const bodies: unknown[] = [];
    renderCard(
      { ...ORDER, status: 'payment_pending' },
      {
        [`GET ${TXS}`]: () => json({ data: [REFUSED], balance: balance() }),
        [`POST ${CHARGE}`]: async (request) => {
          bodies.push(await request.json());
          return apiError(422, 'INSTALLMENTS_ABOVE_MAX', 'Esta loja aceita no máximo 6 parcelas.');
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cobrar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Forma de pagamento' }));
    await user.click(await screen.findByRole('option', { name: 'Cartão de crédito' }));
    expect(within(dialog).getByTestId('charge-test-cards')).toHaveTextContent('4000000000009995');
    await user.click(within(dialog).getByRole('button', { name: '4111111111111111' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    // The contracts' schema checks the form before anything is sent.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Nome impresso/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByRole('textbox', { name: /CVV/ })).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Nome impresso/ }), 'MARIA A SILVA');
    await user.type(within(dialog).getByRole('textbox', { name: /CVV/ }), '123');
    await user.click(within(dialog).getByRole('combobox', { name: 'Parcelas' }));
    await user.click(await screen.findByRole('option', { name: /^12x/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByTestId('charge-confirm')).toHaveTextContent('Cartão de crédito · cartão final 1111 · em 12x');
    await user.click(within(dialog).getByRole('button', { name: 'Cobrar' }));
    expect(await within(dialog).findByTestId('charge-error')).toHaveTextContent('Esta loja aceita no máximo 6 parcelas.');
    expect(bodies[0]).toMatchObject({ method: 'credit_card', installments: 12, card: { number: '4111111111111111', holder_name: 'MARIA A SILVA', cvv: '123', expiry_month: 12 } });
  });

  it('asks again every few seconds while a payment is unsettled, and stops once settled', () => {
    expect(settleInterval([transaction({ status: 'pending' })])).toBe(SETTLE_POLL_MS);
    expect(settleInterval([transaction({ status: 'authorized' })])).toBe(SETTLE_POLL_MS);
    expect(settleInterval([transaction(), REFUSED])).toBe(false);
    expect(settleInterval(undefined)).toBe(false);
  });

  it('when a watched payment settles (the webhook captured it), the order is asked for again', async () => {
    let tx = transaction({ method: 'pix', method_label: 'Pix', status: 'pending', status_label: 'Aguardando confirmação', captured_amount: 0, refundable_amount: 0, card: null, pix_copy_paste: '000201' });
    const { invalidate, queryClient } = renderCard({ ...ORDER, status: 'payment_pending' }, { [`GET ${TXS}`]: () => json({ data: [tx], balance: balance() }) });
    expect(await screen.findByTestId('payment-waiting')).toBeInTheDocument();
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['account', 1, 'orders', 'detail', 42] });
    tx = transaction({ method: 'pix', method_label: 'Pix', card: null });
    // What the poll does every few seconds, asked for at once.
    await queryClient.refetchQueries({ queryKey: ['account', 1, 'financial', 'order', 42] });
    await waitFor(() => expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', 1, 'orders', 'detail', 42] });
  });

  it('hides the charge for an order paid in person and shows a load error in the server words', async () => {
    renderCard({ ...ORDER, status: 'created', pays_in_person: true }, { [`GET ${TXS}`]: () => apiError(404, 'ORDER_NOT_FOUND', 'Pedido não encontrado.') });
    expect(await screen.findByTestId('payment-card-error')).toHaveTextContent('Pedido não encontrado.');
    expect(screen.queryByRole('button', { name: 'Cobrar' })).not.toBeInTheDocument();
  });
});
