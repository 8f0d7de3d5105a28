import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { placeOrder } from '../../../test/fixtures/orders.ts';
import { confirmTransaction, signedSimulatorCall, simulatorEvent, SIMULATOR_WEBHOOK } from '../../../test/fixtures/payment-hub.ts';
import { paymentHubSeed } from './payment-hub.seed.ts';

/**
 * The payment hub through the real app with the simulator as provider: charges by test card, the
 * simulator's asynchronous webhooks (through the job queue), replays, refunds and their keys, the
 * automatic refund of a canceled paid order, and tenancy.
 */

const SECRET = 'test-simulator-secret-0123456789';
let t: TestApp;
let admin = '';
let atacado = '';
let store: CartStore;

const year = new Date().getUTCFullYear() + 2;
const card = (number: string, extra: Record<string, unknown> = {}) => ({ number, holder_name: 'Ana Souza', expiry_month: 11, expiry_year: year, cvv: '123', ...extra });

interface Tx {
  id: number;
  status: string;
  amount: number;
  captured_amount: number;
  refunded_amount: number;
  refundable_amount: number;
  card: { brand: string; last4: string } | null;
  refusal: { code: string; reason: string } | null;
  pix_copy_paste: string | null;
  boleto_line: string | null;
  refunds: Array<{ id: number; amount: number; reason: string | null; status: string; automatic: boolean; kind: string }>;
}

/** A new order of the test's store: 3 × arroz 5 kg and 2 × leite (above the credit card's R$ 50 minimum). */
const newOrder = async (extra: Record<string, unknown> = {}) =>
  (
    await placeOrder(t, admin, store, {
      items: [
        { product_id: store.products.arroz5, quantity: 3 },
        { product_id: store.products.leite, quantity: 2 },
      ],
      ...extra,
    })
  ).order;

const charge = (orderId: number, body: Record<string, unknown>, token = admin) => t.http.post(`/api/payment-hub/payment/${orderId}`).set(bearer(token)).send(body);
const transactions = async (orderId: number, token = admin) => {
  const res = await t.http.get('/api/payment-hub/transactions').query({ order_id: orderId }).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data as Tx[];
};
const orderStatus = async (orderId: number) => (await t.db.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } })).status;
const refund = (orderId: number, key: string | null, body: Record<string, unknown> = {}, token = admin) => {
  const req = t.http.put(`/api/payment-hub/payment/refund/${orderId}`).set(bearer(token));
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};
const move = (orderId: number, status: string) => t.http.post(`/api/picking/status/${orderId}`).set(bearer(admin)).send({ status });

/** An order paid by Pix and confirmed by the simulator's webhook. */
async function paidOrder() {
  const order = await newOrder();
  const res = await charge(order.id, { method: 'pix' });
  expect(res.status).toBe(201);
  await t.drainJobs();
  expect(await orderStatus(order.id)).toBe('paid');
  return { order, tx: res.body.transaction as Tx };
}

beforeAll(async () => {
  t = await createTestApp({ paymentHub: { provider: 'simulator', simulator: { secret: SECRET, confirmDelayMs: 0 }, mercadoPago: null } });
  admin = await t.login(DEMO.admin);
  const atacadoId = (await t.db.account.findFirstOrThrow({ where: { slug: 'bom-preco-atacado' }, select: { id: true } })).id;
  atacado = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacadoId })).body.newToken;
  store = await createCartStore(t, admin, 'Loja do hub de pagamentos');
}, 180_000);
afterAll(() => t?.close());

describe('charging an order with the simulator', () => {
  it('approves 4111…: authorized at once, the order waits; the webhook captures it and the order is paid', async () => {
    const order = await newOrder();
    const res = await charge(order.id, { method: 'credit_card', card: card('4111 1111 1111 1111'), installments: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order).toMatchObject({ id: order.id, status: 'payment_pending' });
    expect(res.body.transaction).toMatchObject({ status: 'authorized', method: 'credit_card', installments: 3, amount: order.total, captured_amount: 0, card: { brand: 'visa', last4: '1111' } });
    expect(res.body.message).toContain(`Cobrança do pedido ${order.number}`);
    // The card number is never stored: only its brand and last four digits.
    const row = await t.db.paymentTransaction.findUniqueOrThrow({ where: { id: res.body.transaction.id } });
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('4111111111111111');

    await t.drainJobs();
    const [tx] = await transactions(order.id);
    expect(tx).toMatchObject({ status: 'captured', captured_amount: order.total, refundable_amount: order.total, refunds: [] });
    expect(await orderStatus(order.id)).toBe('paid');
    const events = await t.db.paymentWebhookEvent.findMany({ where: { transactionId: tx!.id } });
    expect(events.map((e) => e.outcome)).toEqual(['processed']);
    // The timeline names the payment hub as the actor.
    const full = await t.http.get(`/api/order/full-order/${order.id}`).set(bearer(admin));
    expect(full.body.events.map((e: { to_status: string; actor: { kind: string } }) => [e.to_status, e.actor.kind])).toEqual(
      expect.arrayContaining([['payment_pending', 'payment'], ['paid', 'payment']]),
    );
  });

  it('refuses 4000…0002 (emissor) and 4000…9995 (saldo): the order stays waiting and a new attempt may pay it', async () => {
    const order = await newOrder();
    const declined = await charge(order.id, { method: 'credit_card', card: card('4000000000000002') });
    expect(declined.status).toBe(201);
    expect(declined.body.transaction).toMatchObject({ status: 'refused', refusal: { code: 'card_declined', reason: 'Cartão recusado pelo emissor.' } });
    expect(declined.body.message).toBe(`Pagamento do pedido ${order.number} recusado: Cartão recusado pelo emissor.`);
    expect(declined.body.order.status).toBe('payment_pending');

    const why = await t.http.get(`/api/payment-hub/transaction/${declined.body.transaction.id}/verify-refusal`).set(bearer(admin));
    expect(why.status).toBe(200);
    expect(why.body).toMatchObject({ transaction_id: declined.body.transaction.id, order_id: order.id, code: 'card_declined', reason: 'Cartão recusado pelo emissor.', can_retry: true });
    expect(why.body.advice).toMatch(/outro cartão/);

    const poor = await charge(order.id, { method: 'debit_card', card: card('4000000000009995') });
    expect(poor.body.transaction.refusal).toEqual({ code: 'insufficient_funds', reason: 'Saldo ou limite insuficiente.' });
    await t.drainJobs();
    expect(await orderStatus(order.id)).toBe('payment_pending');

    const ok = await charge(order.id, { method: 'pix' });
    expect(ok.status).toBe(201);
    expect(ok.body.transaction).toMatchObject({ status: 'pending', pix_copy_paste: expect.stringContaining('br.gov.bcb.pix') });
    await t.drainJobs();
    expect(await orderStatus(order.id)).toBe('paid');
    expect((await transactions(order.id)).map((x) => x.status)).toEqual(['captured', 'refused', 'refused']);
    // A paid order is not charged again (only what picking may add to its total); a canceled one not at all.
    expectEnvelope((await charge(order.id, { method: 'pix' })).body, 'PAYMENT_NOTHING_OWED');
    const canceled = await newOrder();
    expect((await t.http.post(`/api/order/cancel/${canceled.id}`).set(bearer(admin))).status).toBe(200);
    expectEnvelope((await charge(canceled.id, { method: 'pix' })).body, 'PAYMENT_ORDER_NOT_PAYABLE');
  });

  it('keeps 4000…0259 pending until the webhook captures it, and 4000…0119 until the webhook refuses it', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const pending = await charge(a.id, { method: 'credit_card', card: card('4000000000000259') });
    const risky = await charge(b.id, { method: 'credit_card', card: card('4000000000000119') });
    expect(pending.body.transaction.status).toBe('pending');
    expect(risky.body.transaction.status).toBe('pending');
    await t.drainJobs();
    expect((await transactions(a.id))[0]!.status).toBe('captured');
    expect(await orderStatus(a.id)).toBe('paid');
    const [refused] = await transactions(b.id);
    expect(refused).toMatchObject({ status: 'refused', refusal: { code: 'high_risk', reason: 'Pagamento recusado pela análise de risco.' } });
    expect(await orderStatus(b.id)).toBe('payment_pending');
  });

  it('refuses a method the store does not take (422 naming method); confirms a boleto asynchronously; verify-refusal answers 409 for a payment not refused', async () => {
    const order = await newOrder();
    // Boleto is off in Bom Preço's account defaults.
    const off = await charge(order.id, { method: 'boleto' });
    expect(off.status).toBe(422);
    expect(expectEnvelope(off.body, 'PAYMENT_METHOD_INACTIVE').details).toEqual([expect.objectContaining({ field: 'method' })]);
    await t.db.paymentMethodConfig.create({ data: { accountId: (await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).accountId, locationId: store.locationId, method: 'boleto', active: true } });
    const res = await charge(order.id, { method: 'boleto' });
    expect(res.body.transaction).toMatchObject({ status: 'pending', boleto_line: expect.stringMatching(/^\d{47}$/) });
    const why = await t.http.get(`/api/payment-hub/transaction/${res.body.transaction.id}/verify-refusal`).set(bearer(admin));
    expect(why.status).toBe(409);
    expectEnvelope(why.body, 'PAYMENT_NOT_REFUSED');
    await t.drainJobs();
    const [tx] = await transactions(order.id);
    expect(tx).toMatchObject({ status: 'captured', boleto_line: null });
  });

  it('applies the store’s configuration: installments above its maximum → 422 naming the field', async () => {
    const order = await newOrder();
    const tooMany = await charge(order.id, { method: 'credit_card', card: card('4111111111111111'), installments: 7 });
    expect(tooMany.status).toBe(422);
    expect(expectEnvelope(tooMany.body, 'PAYMENT_INSTALLMENTS_ABOVE_MAX').details).toEqual([expect.objectContaining({ field: 'installments' })]);
    expect(await orderStatus(order.id)).toBe('created');
    expect(await transactions(order.id)).toEqual([]);
  });

  it('does not charge an order paid in person', async () => {
    const order = await newOrder({ pays_in_person: true });
    const res = await charge(order.id, { method: 'pix' });
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'PAYMENT_ORDER_PAYS_IN_PERSON');
  });

  it('refuses bad input with 400 naming the field, in Portuguese', async () => {
    const order = await newOrder();
    const cases: Array<[Record<string, unknown>, string, RegExp?]> = [
      [{ method: 'cheque' }, 'method'],
      [{ method: 'cash' }, 'method', /na entrega ou retirada/],
      [{ method: 'credit_card' }, 'card', /dados do cartão/],
      [{ method: 'pix', card: card('4111111111111111') }, 'card'],
      [{ method: 'credit_card', card: card('4111111111111112') }, 'card.number', /Número de cartão inválido/],
      [{ method: 'credit_card', card: card('41111') }, 'card.number'],
      [{ method: 'credit_card', card: card('4111111111111111', { cvv: '12' }) }, 'card.cvv'],
      [{ method: 'credit_card', card: card('4111111111111111', { expiry_year: 2020 }) }, 'card.expiry_year', /vencido/],
      [{ method: 'credit_card', card: card('4111111111111111', { expiry_month: 13 }) }, 'card.expiry_month'],
      [{ method: 'debit_card', card: card('4111111111111111'), installments: 2 }, 'installments'],
      [{ method: 'pix', installments: 0 }, 'installments'],
      [{ method: 'pix', amount: 10 }, ''],
    ];
    for (const [body, field, text] of cases) {
      const res = await charge(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = expectEnvelope(res.body);
      if (field) expect(error.details!.map((d) => d.field), JSON.stringify(body)).toContain(field);
      if (text) expect(error.details!.map((d) => d.message).join(' ')).toMatch(text);
    }
    expect((await t.http.post('/api/payment-hub/payment/abc').set(bearer(admin)).send({ method: 'pix' })).status).toBe(400);
    expect(await transactions(order.id)).toEqual([]);
  });
});

describe('while the simulator’s confirmation waits (an app whose simulator confirms an hour later)', () => {
  let saved: { t: TestApp; admin: string; store: CartStore };
  beforeAll(async () => {
    saved = { t, admin, store };
    t = await createTestApp({ paymentHub: { provider: 'simulator', simulator: { secret: SECRET, confirmDelayMs: 3_600_000 }, mercadoPago: null } });
    admin = await t.login(DEMO.admin);
    store = await createCartStore(t, admin, 'Loja do hub com confirmação lenta');
  }, 180_000);
  afterAll(async () => {
    const slow = t;
    ({ t, admin, store } = saved);
    await slow.close();
  });

  it('keeps one live payment per order: a second charge while one waits is a 409', async () => {
    const order = await newOrder();
    expect((await charge(order.id, { method: 'pix' })).status).toBe(201);
    const again = await Promise.all([charge(order.id, { method: 'pix' }), charge(order.id, { method: 'credit_card', card: card('4111111111111111') })]);
    expect(again.map((r) => r.status)).toEqual([409, 409]);
    expectEnvelope(again[0]!.body, 'PAYMENT_IN_PROGRESS');
    expect(await transactions(order.id)).toHaveLength(1);
  });

  it('voids a payment still waiting when its order is canceled; a capture arriving after that is ignored', async () => {
    const waiting = await newOrder();
    const pix = await charge(waiting.id, { method: 'pix' });
    expect((await t.http.post(`/api/order/cancel/${waiting.id}`).set(bearer(admin))).status).toBe(200);
    expect((await transactions(waiting.id))[0]!.status).toBe('canceled');
    expect((await confirmTransaction(t, pix.body.transaction.id)).outcome).toBe('ignored');
    expect((await transactions(waiting.id))[0]).toMatchObject({ status: 'canceled', refunds: [] });
    expect(await orderStatus(waiting.id)).toBe('canceled');

    const authorized = await newOrder();
    const res = await charge(authorized.id, { method: 'credit_card', card: card('5555555555554444') });
    expect(res.body.transaction).toMatchObject({ status: 'authorized', card: { brand: 'mastercard', last4: '4444' } });
    await t.http.post(`/api/order/cancel/${authorized.id}`).set(bearer(admin));
    await confirmTransaction(t, res.body.transaction.id);
    expect((await transactions(authorized.id))[0]).toMatchObject({ status: 'canceled', refunds: [] });
  });
  it('applies a replayed event once, and refuses a missing or forged signature with 401 and no effect', async () => {
    const order = await newOrder();
    const res = await charge(order.id, { method: 'pix' });
    const tx = await t.db.paymentTransaction.findUniqueOrThrow({ where: { id: res.body.transaction.id } });
    const event = simulatorEvent(tx.providerReference!, 'captured', tx.amountCents);
    const { raw, headers } = signedSimulatorCall(t, event);

    const forged = await t.http.post(SIMULATOR_WEBHOOK).set({ ...headers, 'x-signature': headers['x-signature'].replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0')) }).send(raw);
    expect(forged.status).toBe(401);
    expectEnvelope(forged.body, 'PAYMENT_WEBHOOK_SIGNATURE');
    const unsigned = await t.http.post(SIMULATOR_WEBHOOK).set('content-type', 'application/json').send(raw);
    expect(unsigned.status).toBe(401);
    // A body changed after signing.
    const tampered = await t.http.post(SIMULATOR_WEBHOOK).set(headers).send(raw.replace(String(tx.amountCents), '1'));
    expect(tampered.status).toBe(401);
    expect(await t.db.paymentWebhookEvent.count({ where: { eventId: event.id } })).toBe(0);
    expect((await t.db.paymentTransaction.findUniqueOrThrow({ where: { id: tx.id } })).status).toBe('pending');

    const first = await t.http.post(SIMULATOR_WEBHOOK).set(headers).send(raw);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, outcome: 'processed' });
    const replays = await Promise.all([1, 2, 3].map(() => t.http.post(SIMULATOR_WEBHOOK).set(headers).send(raw)));
    expect(replays.map((r) => r.body.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await t.db.paymentWebhookEvent.count({ where: { eventId: event.id } })).toBe(1);
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, toStatus: 'paid' } })).toBe(1);
    // Another event about the same capture (the simulator's own, later) changes nothing more.
    expect((await confirmTransaction(t, tx.id)).outcome).toBe('ignored');
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, toStatus: 'paid' } })).toBe(1);
  });

  it('answers 200 ignored to an event it does not use, and 401 to an unconfigured provider', async () => {
    const { raw, headers } = signedSimulatorCall(t, { id: `evt_other_${Date.now()}`, type: 'account.updated', data: {} });
    const res = await t.http.post(SIMULATOR_WEBHOOK).set(headers).send(raw);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored');
    const unknownPayment = signedSimulatorCall(t, simulatorEvent('sim_nao_existe', 'captured', 100));
    expect((await t.http.post(SIMULATOR_WEBHOOK).set(unknownPayment.headers).send(unknownPayment.raw)).body.outcome).toBe('ignored');
    expect((await t.http.post('/api/payment-hub/webhooks/mercado_pago').set(headers).send(raw)).status).toBe(401);
    expect((await t.http.post('/api/payment-hub/webhooks/paypal').set(headers).send(raw)).status).toBe(400);
  });
  it('sums received, refunded and pending by store and method, per day, and lists and exports the transactions', async () => {
    const reportStore = await createCartStore(t, admin, 'Loja do relatório de pagamentos');
    const saved = store;
    store = reportStore;
    try {
      const paid = await newOrder();
      const paidCharge = await charge(paid.id, { method: 'pix' });
      await confirmTransaction(t, paidCharge.body.transaction.id);
      await refund(paid.id, 'relatorio-parcial-1', { amount: 4.5 });
      const waiting = await newOrder();
      await charge(waiting.id, { method: 'credit_card', card: card('4000000000000259') });
      const refused = await newOrder();
      await charge(refused.id, { method: 'credit_card', card: card('4000000000000002') });

      const res = await t.http.get('/api/data-service/order-payments/by-location').query({ location_id: reportStore.locationId }).set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.days).toHaveLength(30);
      const pix = res.body.rows.find((r: { method: string }) => r.method === 'pix');
      expect(pix).toMatchObject({ location_name: 'Loja do relatório de pagamentos', method_label: 'Pix', received: paid.total, received_count: 1, refunded: 4.5, refunded_count: 1, net: Math.round((paid.total - 4.5) * 100) / 100 });
      const cardRow = res.body.rows.find((r: { method: string }) => r.method === 'credit_card');
      expect(cardRow).toMatchObject({ pending: waiting.total, pending_count: 1, received: 0 });
      expect(res.body.totals).toMatchObject({ received: paid.total, refunded: 4.5, pending: waiting.total });
      const today = res.body.days.at(-1);
      expect(today).toMatchObject({ received: paid.total, refunded: 4.5, pending: waiting.total });

      const list = await t.http.get('/api/data-service/order-payments/transactions').query({ location_id: reportStore.locationId, quantity: 2 }).set(bearer(admin));
      expect(list.status).toBe(200);
      expect(list.body.meta).toMatchObject({ total: 3, total_pages: 2 });
      const refusedOnly = await t.http.get('/api/data-service/order-payments/transactions').query({ location_id: reportStore.locationId, status: 'refused' }).set(bearer(admin));
      expect(refusedOnly.body.data).toEqual([expect.objectContaining({ order_id: refused.id, status: 'refused', refunds_count: 0 })]);

      const csv = await t.http.get('/api/data-service/order-payments/transactions.csv').query({ location_id: reportStore.locationId }).set(bearer(admin));
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Data;Pedido;Loja;Forma de pagamento;Provedor;Referência;Status;Valor;Capturado;Reembolsado;Parcelas;Cartão;Recusa');
      expect(lines).toHaveLength(4);
      expect(lines.find((l) => l.includes('Recusado'))).toContain('Cartão recusado pelo emissor.');

      // Another account: 404 for the store, and nothing of Bom Preço in its own figures.
      expect((await t.http.get('/api/data-service/order-payments/by-location').query({ location_id: reportStore.locationId }).set(bearer(atacado))).status).toBe(404);
      const own = await t.http.get('/api/data-service/order-payments/by-location').set(bearer(atacado));
      expect(own.body.rows).toEqual([]);
      const bad = await t.http.get('/api/data-service/order-payments/by-location').query({ from: '2025-01-01', to: '2026-12-31' }).set(bearer(admin));
      expect(bad.status).toBe(400);
      expect(expectEnvelope(bad.body).details![0]!.field).toBe('from');
      expect(expectEnvelope((await t.http.get('/api/data-service/order-payments/by-location').query({ from: '2026-02-10', to: '2026-02-01' }).set(bearer(admin))).body).details![0]!.field).toBe('to');
    } finally {
      store = saved;
    }
  });
});

describe('refunds', () => {
  it('refuses a refund above what was captured (422 naming amount), then refunds partly and wholly', async () => {
    const { order } = await paidOrder();
    const above = await refund(order.id, 'reembolso-acima-1', { amount: order.total + 0.01 });
    expect(above.status).toBe(422);
    const error = expectEnvelope(above.body, 'PAYMENT_REFUND_ABOVE_CAPTURED');
    expect(error.details).toEqual([expect.objectContaining({ field: 'amount' })]);
    expect(error.message).toContain('R$');

    const partial = await refund(order.id, 'reembolso-parcial-1', { amount: 10, reason: 'Item em falta' });
    expect(partial.status).toBe(201);
    expect(partial.body.refund).toMatchObject({ amount: 10, reason: 'Item em falta', status: 'succeeded', automatic: false });
    expect(partial.body.transaction).toMatchObject({ refunded_amount: 10, refundable_amount: Math.round((order.total - 10) * 100) / 100 });
    expect(partial.body.order.status).toBe('paid');

    const rest = await refund(order.id, 'reembolso-total-1');
    expect(rest.status).toBe(201);
    expect(rest.body.refund.amount).toBe(Math.round((order.total - 10) * 100) / 100);
    expect(rest.body.transaction).toMatchObject({ refunded_amount: order.total, refundable_amount: 0 });
    expect(rest.body.transaction.refunds).toHaveLength(2);
    // A total refund of an order not yet delivered changes no status.
    expect(rest.body.order.status).toBe('paid');
    expectEnvelope((await refund(order.id, 'reembolso-mais-1', { amount: 0.01 })).body, 'PAYMENT_REFUND_ABOVE_CAPTURED');
  });

  it('ends a delivered order as refunded on a total refund; a partial one changes nothing', async () => {
    const { order } = await paidOrder();
    for (const s of ['picking', 'picked', 'ready', 'out_for_delivery', 'delivered']) expect((await move(order.id, s)).status).toBe(200);
    const partial = await refund(order.id, 'entregue-parcial-1', { amount: 5 });
    expect(partial.body.order.status).toBe('delivered');
    const total = await refund(order.id, 'entregue-total-1', {});
    expect(total.body.order.status).toBe('refunded');
    expect(await orderStatus(order.id)).toBe('refunded');
  });

  it('gives back what is left when a member moves a delivered order to refunded, once', async () => {
    const { order } = await paidOrder();
    for (const s of ['picking', 'picked', 'ready', 'out_for_delivery', 'delivered']) expect((await move(order.id, s)).status).toBe(200);
    expect((await refund(order.id, 'antes-de-mover-1', { amount: 3 })).status).toBe(201);
    expect((await move(order.id, 'refunded')).status).toBe(200);
    const [tx] = await transactions(order.id);
    expect(tx).toMatchObject({ refunded_amount: order.total, refundable_amount: 0 });
    expect(tx!.refunds.find((r) => r.automatic)).toMatchObject({ amount: Math.round((order.total - 3) * 100) / 100, reason: 'pedido reembolsado', kind: 'order_refunded' });
    expect(tx!.refunds).toHaveLength(2);
  });

  it('answers a replayed Idempotency-Key with the same refund (one effect), and 422 for the key with another body', async () => {
    const { order } = await paidOrder();
    const first = await refund(order.id, 'chave-repetida-1', { amount: 3, reason: 'Troco' });
    expect(first.status).toBe(201);
    const again = await refund(order.id, 'chave-repetida-1', { amount: 3, reason: 'Troco' });
    expect(again.status).toBe(200);
    expect(again.body.refund).toEqual(first.body.refund);
    expect(again.body.message).toBe(first.body.message);
    const other = await refund(order.id, 'chave-repetida-1', { amount: 4, reason: 'Troco' });
    expect(other.status).toBe(422);
    expect(expectEnvelope(other.body, 'PAYMENT_IDEMPOTENCY_KEY_REUSED').details![0]!.field).toBe('Idempotency-Key');
    expect((await transactions(order.id))[0]!.refunded_amount).toBe(3);

    const missing = await refund(order.id, null, { amount: 1 });
    expect(missing.status).toBe(400);
    expect(expectEnvelope(missing.body).details![0]!.field).toBe('Idempotency-Key');
    expect((await refund(order.id, 'curta', { amount: 1 })).status).toBe(400);
    expect(expectEnvelope((await refund(order.id, 'valor-negativo-1', { amount: -1 })).body).details![0]!.field).toBe('amount');
    expect(expectEnvelope((await refund(order.id, 'valor-centavos-1', { amount: 1.001 })).body).details![0]!.field).toBe('amount');
  });

  it.runIf(process.env.DATABASE_URL)('makes one refund of N parallel requests with the same key, and never refunds past the captured amount', async () => {
    const { order } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(order.id, 'paralelo-mesma-chave', { amount: 2 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.refund.id)).size).toBe(1);
    expect(await t.db.paymentRefund.count({ where: { transaction: { orderId: order.id } } })).toBe(1);

    // Different keys racing for the rest: together they never pass the captured amount.
    const left = order.total - 2;
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => refund(order.id, `paralelo-chave-${i}`, { amount: Math.round((left / 2) * 100) / 100 })));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(2);
    expect(racing.filter((r) => r.status === 422)).toHaveLength(4);
    const row = await t.db.paymentTransaction.findFirstOrThrow({ where: { orderId: order.id, status: 'captured' } });
    expect(row.refundedCents <= row.capturedCents).toBe(true);
  });

  it('answers 409 when nothing was captured', async () => {
    const order = await newOrder();
    const res = await refund(order.id, 'sem-captura-1', {});
    expect(res.status).toBe(409);
    expectEnvelope(res.body, 'PAYMENT_NOTHING_CAPTURED');
  });
});

describe('the final total after picking (weighed items, substitutions, missing items)', () => {
  interface Balance {
    order_total: number;
    charged: number;
    adjusted: number;
    refunded: number;
    owed: number;
    over: number;
  }
  const balance = async (orderId: number) => (await t.http.get('/api/payment-hub/transactions').query({ order_id: orderId }).set(bearer(admin))).body.balance as Balance;
  const cents = (reais: number) => Math.round(reais * 100);
  const brl = (reais: number) => reais.toFixed(2).replace('.', ',');
  /** The payment hub's notes on the order's timeline. */
  const hubNotes = async (orderId: number) =>
    ((await t.http.get(`/api/order/full-order/${orderId}`).set(bearer(admin))).body.events as Array<{ actor: { kind: string }; note: string | null }>)
      .filter((e) => e.actor.kind === 'payment')
      .map((e) => e.note);

  /** An order with 2 × leite and 0,5 kg of cheese, paid by Pix, in picking. */
  async function pickingOrder() {
    const order = await newOrder({
      items: [
        { product_id: store.products.leite, quantity: 2 },
        { product_id: store.products.queijo, quantity: 1, weight: 0.5 },
        { product_id: store.products.arroz5, quantity: 2 },
      ],
    });
    expect((await charge(order.id, { method: 'pix' })).status).toBe(201);
    await t.drainJobs();
    expect((await move(order.id, 'picking')).status).toBe(200);
    const full = (await t.http.get(`/api/order/full-order/${order.id}`).set(bearer(admin))).body as { items: Array<{ id: number; product_id: number }> };
    const line = (productId: number) => full.items.find((i) => i.product_id === productId)!.id;
    return { order, cheese: line(store.products.queijo), milk: line(store.products.leite), rice: line(store.products.arroz5) };
  }
  /** Registers the picking: the cheese weighed at `weight` kg, the rice picked, the milk picked or missing; answers the order's new total. */
  async function pick(o: Awaited<ReturnType<typeof pickingOrder>>, weight: number, milk: 'picked' | 'missing' = 'picked') {
    const res = await t.http
      .post(`/api/order/items/${o.order.id}`)
      .set(bearer(admin))
      .send({ items: [{ item_id: o.cheese, status: 'picked', weight }, { item_id: o.milk, status: milk }, { item_id: o.rice, status: 'picked' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.order.total as number;
  }

  it('charges what a heavier weighing added, once, and then nothing more', async () => {
    const picking = await pickingOrder();
    const { order } = picking;
    expect(await balance(order.id)).toMatchObject({ order_total: order.total, charged: order.total, owed: 0, over: 0 });
    const total = await pick(picking, 0.65);
    expect(total).toBeGreaterThan(order.total);
    const owed = await balance(order.id);
    expect(cents(owed.owed)).toBe(cents(total) - cents(order.total));

    const difference = await charge(order.id, { method: 'pix' });
    expect(difference.status, JSON.stringify(difference.body)).toBe(201);
    expect(difference.body.message).toContain('diferença');
    expect(cents(difference.body.transaction.amount)).toBe(cents(owed.owed));
    // Paid already: the order does not go back to waiting for a payment.
    expect(difference.body.order.status).toBe('picking');
    await t.drainJobs();
    expect(await orderStatus(order.id)).toBe('picking');
    expect(await balance(order.id)).toMatchObject({ charged: total, owed: 0, over: 0 });
    expectEnvelope((await charge(order.id, { method: 'pix' })).body, 'PAYMENT_NOTHING_OWED');
    expect(await hubNotes(order.id)).toContain(`Diferença paga: Pix, R$ ${brl(owed.owed)}.`);
    // Leaving the store gives nothing back: what was charged is the total.
    for (const s of ['picked', 'ready', 'out_for_delivery', 'delivered']) expect((await move(order.id, s)).status).toBe(200);
    expect((await transactions(order.id)).flatMap((tx) => tx.refunds)).toEqual([]);

    // Two payments now: a refund larger than the difference comes from the first; a total refund gives back both and ends the order.
    const partial = await refund(order.id, 'dois-pagamentos-parcial', { amount: 5, reason: 'Embalagem danificada' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    expect(partial.body.transaction.id).not.toBe(difference.body.transaction.id);
    const all = await refund(order.id, 'dois-pagamentos-total', {});
    expect(all.status, JSON.stringify(all.body)).toBe(201);
    expect(await orderStatus(order.id)).toBe('refunded');
    expect((await transactions(order.id)).map((tx) => tx.refundable_amount)).toEqual([0, 0]);
    expect(cents((await balance(order.id)).refunded)).toBe(cents(total));
  });

  it('gives back what a lighter weighing and a missing item took off, to the cent, when the order leaves the store, once', async () => {
    const picking = await pickingOrder();
    const { order } = picking;
    const total = await pick(picking, 0.42, 'missing');
    const over = cents(order.total) - cents(total);
    expect(over).toBeGreaterThan(0);
    expect(await balance(order.id)).toMatchObject({ owed: 0, over: over / 100 });
    expectEnvelope((await charge(order.id, { method: 'pix' })).body, 'PAYMENT_NOTHING_OWED');

    // Still in the store: nothing goes back yet (a discount or a new weighing may still change the total).
    for (const s of ['picked', 'ready']) expect((await move(order.id, s)).status).toBe(200);
    expect((await transactions(order.id))[0]!.refunds).toEqual([]);
    expect((await move(order.id, 'out_for_delivery')).status).toBe(200);
    const [tx] = await transactions(order.id);
    expect(tx!.refunds).toEqual([expect.objectContaining({ amount: over / 100, automatic: true, kind: 'adjustment', status: 'succeeded' })]);
    expect(await balance(order.id)).toMatchObject({ charged: order.total, adjusted: over / 100, owed: 0, over: 0 });
    expect(await hubNotes(order.id)).toContain(`Ajuste ao total final: R$ ${brl(over / 100)} devolvidos ao cliente.`);

    // The courier brings it back and takes it out again, then delivers: nothing more goes back.
    for (const s of ['ready', 'out_for_delivery', 'delivered']) expect((await move(order.id, s)).status).toBe(200);
    expect((await transactions(order.id))[0]!.refunds).toHaveLength(1);

    // A member's refund after delivery is the store's choice: it leaves no difference to charge.
    expect((await refund(order.id, 'apos-ajuste-1', { amount: 2, reason: 'Cortesia' })).status).toBe(201);
    expect(await hubNotes(order.id)).toContain('Reembolso de R$ 2,00: Cortesia.');
    expect(await balance(order.id)).toMatchObject({ refunded: 2, owed: 0, over: 0 });
    expect((await transactions(order.id))[0]!.refunds.map((r) => (r as { kind?: string }).kind).sort()).toEqual(['adjustment', 'manual']);
  });

  it.runIf(process.env.DATABASE_URL)('charges the difference once when members charge it at the same time', async () => {
    const picking = await pickingOrder();
    const { order } = picking;
    await pick(picking, 0.8);
    const answers = await Promise.all(Array.from({ length: 5 }, () => charge(order.id, { method: 'pix' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    await t.drainJobs();
    expect((await balance(order.id)).owed).toBe(0);
    expect(await t.db.paymentTransaction.count({ where: { orderId: order.id } })).toBe(2);
  });
});

describe('canceling orders', () => {
  it('refunds a paid order that is canceled, once, as "pedido cancelado"', async () => {
    const { order } = await paidOrder();
    expect((await move(order.id, 'picking')).status).toBe(200);
    const canceled = await t.http.post(`/api/order/cancel/${order.id}`).set(bearer(admin));
    expect(canceled.status).toBe(200);
    const [tx] = await transactions(order.id);
    expect(tx).toMatchObject({ status: 'captured', refunded_amount: order.total, refundable_amount: 0 });
    expect(tx!.refunds).toEqual([expect.objectContaining({ amount: order.total, reason: 'pedido cancelado', automatic: true, status: 'succeeded' })]);
    // The canceled order's refund is final: a member's refund finds nothing left.
    expectEnvelope((await refund(order.id, 'apos-cancelar-1', { amount: 1 })).body, 'PAYMENT_REFUND_ABOVE_CAPTURED');
  });

  it('refunds what remains of a partly refunded order', async () => {
    const { order } = await paidOrder();
    await refund(order.id, 'parcial-antes-cancelar', { amount: 7 });
    await t.http.post(`/api/order/cancel/${order.id}`).set(bearer(admin));
    const [tx] = await transactions(order.id);
    expect(tx!.refunded_amount).toBe(order.total);
    expect(tx!.refunds.find((r) => r.automatic)!.amount).toBe(Math.round((order.total - 7) * 100) / 100);
    expect(tx!.refunds).toHaveLength(2);
  });
});

describe('tenancy', () => {
  it('answers 404 to another account for the order’s charge, transactions, refusal and refund', async () => {
    const order = await newOrder();
    const declined = await charge(order.id, { method: 'debit_card', card: card('4000000000000002') });
    const before = await transactions(order.id);
    expectEnvelope((await charge(order.id, { method: 'pix' }, atacado)).body, 'ORDER_NOT_FOUND');
    expect((await t.http.get('/api/payment-hub/transactions').query({ order_id: order.id }).set(bearer(atacado))).status).toBe(404);
    const why = await t.http.get(`/api/payment-hub/transaction/${declined.body.transaction.id}/verify-refusal`).set(bearer(atacado));
    expect(why.status).toBe(404);
    expectEnvelope(why.body, 'PAYMENT_TRANSACTION_NOT_FOUND');
    expect((await refund(order.id, 'outra-conta-1', { amount: 1 }, atacado)).status).toBe(404);
    expect(await transactions(order.id)).toEqual(before);
    expect((await t.http.get(`/api/payment-hub/transaction/999999999/verify-refusal`).set(bearer(admin))).status).toBe(404);
  });
});

describe('the seed', () => {
  it('gives Bom Preço’s orders paid online their payments (captured, waiting, refunded), once', async () => {
    const paid = await newOrder();
    expect((await move(paid.id, 'paid')).status).toBe(200);
    const waiting = await newOrder();
    expect((await move(waiting.id, 'payment_pending')).status).toBe(200);
    const untouched = await newOrder();
    const accountIds = new Map((await t.db.account.findMany({ select: { id: true, slug: true } })).map((a) => [a.slug, a.id]));
    await paymentHubSeed.seed(t.db, { accountIds });
    expect(await transactions(paid.id)).toEqual([expect.objectContaining({ status: 'captured', captured_amount: paid.total, provider: 'simulator' })]);
    expect(await transactions(waiting.id)).toEqual([expect.objectContaining({ status: 'pending', method: 'pix' })]);
    expect(await transactions(untouched.id)).toEqual([]);
    const count = await t.db.paymentTransaction.count();
    await paymentHubSeed.seed(t.db, { accountIds });
    expect(await t.db.paymentTransaction.count()).toBe(count);
    // A seeded payment is refunded like any other.
    expect((await refund(paid.id, 'semente-reembolso-1', { amount: 1 })).status).toBe(201);
  });
});
