import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { placeOrder } from '../../../test/fixtures/orders.ts';
import { startMercadoPagoStandin, type MercadoPagoStandin } from '../../../test/payment-provider-standin.ts';

/**
 * The Mercado Pago adapter against a local stand-in of its API: request auth and idempotency headers,
 * card tokenization, Pix confirmed by a signed notification read back from the API, forged and
 * replayed notifications, refunds.
 */

const ACCESS_TOKEN = 'TEST-0000-access-token-standin';
const WEBHOOK_SECRET = 'mp-standin-webhook-secret-2026';
let t: TestApp;
let mp: MercadoPagoStandin;
let admin = '';
let store: CartStore;

const card = (number: string) => ({ number, holder_name: 'Bruno Lima', expiry_month: 6, expiry_year: new Date().getUTCFullYear() + 2, cvv: '321' });

const newOrder = async () => (await placeOrder(t, admin, store, { items: [{ product_id: store.products.arroz5, quantity: 3 }] })).order;
const charge = (orderId: number, body: Record<string, unknown>) => t.http.post(`/api/payment-hub/payment/${orderId}`).set(bearer(admin)).send(body);
const orderStatus = async (id: number) => (await t.db.order.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const lastRequest = (method: string, path: RegExp) => [...mp.requests].reverse().find((r) => r.method === method && path.test(r.path))!;

beforeAll(async () => {
  mp = await startMercadoPagoStandin({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    paymentHub: {
      provider: 'mercado_pago',
      simulator: { secret: 'unused-simulator-secret-0123456789', confirmDelayMs: 0 },
      mercadoPago: { url: mp.url, accessToken: ACCESS_TOKEN, publicKey: 'TEST-public-key', webhookSecret: WEBHOOK_SECRET },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  mp.hubUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login(DEMO.admin);
  store = await createCartStore(t, admin, 'Loja Mercado Pago');
}, 180_000);
afterAll(async () => {
  await t?.close();
  await mp?.close();
});

describe('Mercado Pago adapter', () => {
  it('tokenizes the card and creates the payment with the Bearer token and an idempotency key; approved pays the order at once', async () => {
    const order = await newOrder();
    const res = await charge(order.id, { method: 'credit_card', card: card('4111111111111111'), installments: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.transaction).toMatchObject({ provider: 'mercado_pago', status: 'captured', captured_amount: order.total, card: { brand: 'visa', last4: '1111' } });
    expect(res.body.order.status).toBe('paid');

    const tokenCall = lastRequest('POST', /^\/v1\/card_tokens/);
    expect(tokenCall.path).toBe('/v1/card_tokens?public_key=TEST-public-key');
    expect(tokenCall.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    const payment = lastRequest('POST', /^\/v1\/payments$/);
    expect(payment.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(payment.headers['x-idempotency-key']).toBe(`charge-${res.body.transaction.id}`);
    expect(payment.body).toMatchObject({
      transaction_amount: order.total,
      installments: 2,
      payment_method_id: 'visa',
      capture: true,
      external_reference: `pedido-${order.id}`,
      notification_url: expect.stringMatching(/\/api\/payment-hub\/webhooks\/mercado_pago$/),
    });
    expect(String(payment.body!.token)).toMatch(/^tok_/);
    // The payment itself never carries the card number (only the token does).
    expect(JSON.stringify(payment.body)).not.toContain('4111111111111111');
    expect(mp.payments.get(Number(res.body.transaction.provider_reference))).toMatchObject({ status: 'approved', external_reference: `pedido-${order.id}` });
  });

  it('maps Mercado Pago’s rejections to the hub’s refusal codes', async () => {
    const order = await newOrder();
    const declined = await charge(order.id, { method: 'credit_card', card: card('4000000000000002') });
    expect(declined.body.transaction).toMatchObject({ status: 'refused', refusal: { code: 'card_declined', reason: 'Cartão recusado pelo emissor.' } });
    const poor = await charge(order.id, { method: 'credit_card', card: card('4000000000009995') });
    expect(poor.body.transaction.refusal.code).toBe('insufficient_funds');
    const why = await t.http.get(`/api/payment-hub/transaction/${poor.body.transaction.id}/verify-refusal`).set(bearer(admin));
    expect(why.body).toMatchObject({ code: 'insufficient_funds', reason: 'Saldo ou limite insuficiente.' });
    expect(await orderStatus(order.id)).toBe('payment_pending');
  });

  it('confirms Pix by a signed notification, read back from the API; a forged or unsigned one is 401, a replay has no effect', async () => {
    const order = await newOrder();
    const res = await charge(order.id, { method: 'pix' });
    expect(res.body.transaction).toMatchObject({ status: 'pending', pix_copy_paste: expect.stringContaining('mp-standin-pix') });
    const paymentId = Number(res.body.transaction.provider_reference);
    expect(lastRequest('POST', /^\/v1\/payments$/).body).toMatchObject({ payment_method_id: 'pix' });

    // The stand-in approves it and notifies the hub.
    const { notification, status, body } = await mp.settle(paymentId, 'approved');
    expect(status).toBe(200);
    expect(body).toEqual({ received: true, outcome: 'processed' });
    expect(lastRequest('GET', new RegExp(`^/v1/payments/${paymentId}$`)).headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(await orderStatus(order.id)).toBe('paid');

    const replay = await mp.send(notification);
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, toStatus: 'paid' } })).toBe(1);

    const third = await newOrder();
    const pending3 = await charge(third.id, { method: 'pix' });
    const id3 = Number(pending3.body.transaction.provider_reference);
    // Build a notification for it, then forge its signature or drop it: 401, and nothing changes.
    const gets = mp.requests.length;
    const forged = await mp.send({ query: `data.id=${id3}&type=payment`, headers: { 'content-type': 'application/json', 'x-signature': `ts=${Date.now()},v1=${'ab'.repeat(32)}`, 'x-request-id': 'req-forjado' }, body: JSON.stringify({ id: 424242, type: 'payment', action: 'payment.updated', data: { id: String(id3) } }) });
    expect(forged.status).toBe(401);
    expectEnvelope(forged.body, 'PAYMENT_WEBHOOK_SIGNATURE');
    const unsigned = await mp.send({ query: `data.id=${id3}&type=payment`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 434343, type: 'payment', data: { id: String(id3) } }) });
    expect(unsigned.status).toBe(401);
    expect(mp.requests.length).toBe(gets);
    expect(await t.db.paymentWebhookEvent.count({ where: { provider: 'mercado_pago', eventId: { in: ['424242', '434343'] } } })).toBe(0);
    expect(await orderStatus(third.id)).toBe('payment_pending');
  });

  it('refunds through POST /v1/payments/{id}/refunds with its own idempotency key', async () => {
    const order = await newOrder();
    const res = await charge(order.id, { method: 'credit_card', card: card('5555555555554444') });
    const refund = await t.http.put(`/api/payment-hub/payment/refund/${order.id}`).set(bearer(admin)).set('Idempotency-Key', 'mp-reembolso-1').send({ amount: 12.5 });
    expect(refund.status).toBe(201);
    expect(refund.body.refund).toMatchObject({ amount: 12.5, status: 'succeeded', provider_reference: expect.stringMatching(/^\d+$/) });
    const call = lastRequest('POST', /\/refunds$/);
    expect(call.path).toBe(`/v1/payments/${res.body.transaction.provider_reference}/refunds`);
    expect(call.body).toEqual({ amount: 12.5 });
    expect(call.headers['x-idempotency-key']).toBe(`refund-${refund.body.refund.id}`);
    expect(call.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('asks again about refunds Mercado Pago keeps in process: one approved is settled, one rejected gives its amount back', async () => {
    const order = await newOrder();
    await charge(order.id, { method: 'credit_card', card: card('5555555555554444') });
    mp.refundStatus = 'in_process';
    let approved: { refund: { id: number; provider_reference: string } };
    let rejected: { refund: { id: number; provider_reference: string } };
    try {
      const first = await t.http.put(`/api/payment-hub/payment/refund/${order.id}`).set(bearer(admin)).set('Idempotency-Key', 'mp-em-processo-1').send({ amount: 4 });
      expect(first.status).toBe(201);
      expect(first.body.refund.status).toBe('pending');
      const second = await t.http.put(`/api/payment-hub/payment/refund/${order.id}`).set(bearer(admin)).set('Idempotency-Key', 'mp-em-processo-2').send({ amount: 6 });
      expect(second.body.transaction.refunded_amount).toBe(10);
      [approved, rejected] = [first.body, second.body];
    } finally {
      mp.refundStatus = 'approved';
    }
    const sweep = async () => {
      // Answered more than a minute ago, as the sweep waits.
      await t.db.paymentRefund.updateMany({ where: { status: 'pending' }, data: { updatedAt: new Date(Date.now() - 120_000) } });
      await t.app.queue.add('payment-hub.refund-sweep', {});
      await t.drainJobs();
    };
    // Still in process at Mercado Pago: nothing changes.
    await sweep();
    expect((await t.db.paymentRefund.findUniqueOrThrow({ where: { id: approved.refund.id } })).status).toBe('pending');

    mp.refunds.get(Number(approved.refund.provider_reference))!.status = 'approved';
    mp.refunds.get(Number(rejected.refund.provider_reference))!.status = 'rejected';
    await sweep();
    expect(lastRequest('GET', /\/refunds\/\d+$/).headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    const [tx] = (await t.http.get('/api/payment-hub/transactions').query({ order_id: order.id }).set(bearer(admin))).body.data as Array<{ refunded_amount: number; refunds: Array<{ id: number; status: string }> }>;
    expect(tx!.refunds.find((r) => r.id === approved.refund.id)!.status).toBe('succeeded');
    expect(tx!.refunds.find((r) => r.id === rejected.refund.id)!.status).toBe('failed');
    expect(tx!.refunded_amount).toBe(4);
    const notes = ((await t.http.get(`/api/order/full-order/${order.id}`).set(bearer(admin))).body.events as Array<{ note: string | null }>).map((e) => e.note);
    expect(notes).toEqual(expect.arrayContaining(['Reembolso de R$ 4,00 concluído pelo provedor de pagamento.', 'Reembolso de R$ 6,00 recusado pelo provedor de pagamento: o valor volta a ser reembolsável.']));
  });

  it('answers 503 and undoes the refund when Mercado Pago is down; the same key works once it is back', async () => {
    const order = await newOrder();
    await charge(order.id, { method: 'credit_card', card: card('4111111111111111') });
    mp.down = true;
    try {
      const down = await t.http.put(`/api/payment-hub/payment/refund/${order.id}`).set(bearer(admin)).set('Idempotency-Key', 'mp-fora-do-ar-1').send({ amount: 5 });
      expect(down.status).toBe(503);
      expectEnvelope(down.body, 'PAYMENT_PROVIDER_UNAVAILABLE');
      // A charge during the outage is recorded as refused (nothing charged), and may be tried again.
      const other = await newOrder();
      const refused = await charge(other.id, { method: 'pix' });
      expect(refused.body.transaction.refusal).toMatchObject({ code: 'provider_unavailable' });
    } finally {
      mp.down = false;
    }
    const again = await t.http.put(`/api/payment-hub/payment/refund/${order.id}`).set(bearer(admin)).set('Idempotency-Key', 'mp-fora-do-ar-1').send({ amount: 5 });
    expect(again.status).toBe(201);
    expect(again.body.transaction.refunded_amount).toBe(5);
  });
});
