/**
 * A local stand-in for Mercado Pago's payments API (v1), for the hub's adapter tests: it records every
 * request, answers as Mercado Pago documents (Bearer access token, X-Idempotency-Key on creations,
 * card tokens, payments, refunds, captures and voids) and sends notifications signed as Mercado Pago
 * does: `x-signature: ts=<ts>,v1=<HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;")>`
 * with the payment's id in the query string (`?data.id=…&type=payment`).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

interface StandinPayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  payment_method_id: string;
  external_reference?: string;
  point_of_interaction?: { transaction_data: { qr_code: string } };
  transaction_details?: { digitable_line: string };
}

/** Card numbers the stand-in refuses, with Mercado Pago's status_detail. */
const REJECTIONS: Record<string, string> = {
  '4000000000000002': 'cc_rejected_other_reason',
  '4000000000009995': 'cc_rejected_insufficient_amount',
  '4000000000000127': 'cc_rejected_bad_filled_security_code',
};

export interface MercadoPagoStandin {
  url: string;
  requests: RecordedRequest[];
  payments: Map<number, StandinPayment>;
  /** Where notifications go (the hub's base URL), set once the app listens. */
  hubUrl: string;
  /** Makes the stand-in answer 503 to everything (an outage). */
  down: boolean;
  /** The status new refunds get ('approved' by default; 'in_process' leaves them for later). */
  refundStatus: 'approved' | 'in_process';
  /** The refunds made, by id. */
  refunds: Map<number, { id: number; payment_id: number; amount: number; status: string }>;
  /** Moves a payment to a status and notifies the hub; answers the hub's HTTP status and body. */
  settle(paymentId: number, status: 'approved' | 'rejected', detail?: string): Promise<{ status: number; body: unknown; notification: Notification }>;
  /** Posts a notification again, as it was (a replay), or with a forged signature. */
  send(n: Notification, opts?: { forge?: boolean; dropSignature?: boolean }): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export interface Notification {
  query: string;
  headers: Record<string, string>;
  body: string;
}

export async function startMercadoPagoStandin(opts: { accessToken: string; webhookSecret: string }): Promise<MercadoPagoStandin> {
  const requests: RecordedRequest[] = [];
  const payments = new Map<number, StandinPayment>();
  const tokens = new Map<string, string>();
  const byIdempotencyKey = new Map<string, unknown>();
  let nextId = 1_000_000_000;

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    const url = new URL(req.url ?? '/', 'http://standin');
    let body: Record<string, unknown> | null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });
    const answer = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (standin.down) return answer(503, { message: 'service unavailable' });
    if (req.headers.authorization !== `Bearer ${opts.accessToken}`) return answer(401, { message: 'invalid access token', status: 401 });

    const key = req.headers['x-idempotency-key'];
    const remembered = (payload: unknown) => {
      if (typeof key === 'string') byIdempotencyKey.set(`${url.pathname}:${key}`, payload);
      return payload;
    };
    if (req.method === 'POST' && typeof key === 'string' && byIdempotencyKey.has(`${url.pathname}:${key}`)) {
      return answer(200, byIdempotencyKey.get(`${url.pathname}:${key}`));
    }

    if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
      const id = `tok_${randomUUID().replace(/-/g, '')}`;
      tokens.set(id, String(body?.card_number ?? ''));
      return answer(201, { id, last_four_digits: String(body?.card_number ?? '').slice(-4) });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      if (typeof key !== 'string') return answer(400, { message: 'X-Idempotency-Key is required' });
      const methodId = String(body?.payment_method_id);
      const id = nextId++;
      const amount = Number(body?.transaction_amount);
      let p: StandinPayment;
      if (methodId === 'pix') {
        p = { id, status: 'pending', status_detail: 'pending_waiting_transfer', transaction_amount: amount, payment_method_id: methodId, point_of_interaction: { transaction_data: { qr_code: `00020126mp-standin-pix-${id}` } } };
      } else if (methodId === 'bolbradesco') {
        p = { id, status: 'pending', status_detail: 'pending_waiting_payment', transaction_amount: amount, payment_method_id: methodId, transaction_details: { digitable_line: '2379'.padEnd(47, '1') } };
      } else {
        const number = tokens.get(String(body?.token)) ?? '';
        if (!number) return answer(400, { message: 'invalid card token' });
        const rejected = REJECTIONS[number];
        p = rejected
          ? { id, status: 'rejected', status_detail: rejected, transaction_amount: amount, payment_method_id: methodId }
          : { id, status: 'approved', status_detail: 'accredited', transaction_amount: amount, payment_method_id: methodId };
      }
      p.external_reference = String(body?.external_reference ?? '');
      payments.set(id, p);
      return answer(201, remembered(p));
    }
    const paymentPath = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(url.pathname);
    const payment = paymentPath ? payments.get(Number(paymentPath[1])) : undefined;
    if (paymentPath && !payment) return answer(404, { message: 'payment not found' });
    if (payment && paymentPath![2] && req.method === 'POST') {
      if (typeof key !== 'string') return answer(400, { message: 'X-Idempotency-Key is required' });
      const refund = { id: nextId++, payment_id: payment.id, amount: Number(body?.amount ?? payment.transaction_amount), status: standin.refundStatus };
      standin.refunds.set(refund.id, refund);
      return answer(201, remembered({ ...refund }));
    }
    const refundPath = /^\/v1\/payments\/(\d+)\/refunds\/(\d+)$/.exec(url.pathname);
    if (refundPath && req.method === 'GET') {
      const refund = standin.refunds.get(Number(refundPath[2]));
      return refund && refund.payment_id === Number(refundPath[1]) ? answer(200, refund) : answer(404, { message: 'refund not found' });
    }
    if (payment && req.method === 'GET') return answer(200, payment);
    if (payment && req.method === 'PUT') {
      if (body?.status === 'cancelled') payment.status = 'cancelled';
      if (body?.capture === true) payment.status = 'approved';
      return answer(200, payment);
    }
    return answer(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function send(n: Notification, o: { forge?: boolean; dropSignature?: boolean } = {}) {
    const headers = { ...n.headers };
    if (o.dropSignature) delete headers['x-signature'];
    if (o.forge) headers['x-signature'] = headers['x-signature']!.replace(/v1=[0-9a-f]+/, `v1=${createHmac('sha256', 'not-the-secret').update('x').digest('hex')}`);
    const res = await fetch(`${standin.hubUrl}/api/payment-hub/webhooks/mercado_pago?${n.query}`, { method: 'POST', headers, body: n.body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  const standin: MercadoPagoStandin = {
    url: `http://127.0.0.1:${port}`,
    requests,
    payments,
    hubUrl: '',
    down: false,
    refundStatus: 'approved',
    refunds: new Map(),
    async settle(paymentId, status, detail) {
      const p = payments.get(paymentId)!;
      p.status = status;
      p.status_detail = detail ?? (status === 'approved' ? 'accredited' : 'cc_rejected_high_risk');
      const requestId = randomUUID();
      const ts = String(Date.now());
      const dataId = String(paymentId);
      const v1 = createHmac('sha256', opts.webhookSecret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
      const notification: Notification = {
        query: `data.id=${dataId}&type=payment`,
        headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
        body: JSON.stringify({ id: nextId++, live_mode: false, type: 'payment', date_created: new Date().toISOString(), action: 'payment.updated', api_version: 'v1', data: { id: dataId } }),
      };
      return { ...(await send(notification)), notification };
    },
    send,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standin;
}
