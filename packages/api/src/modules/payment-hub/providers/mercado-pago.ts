/**
 * Mercado Pago (Checkout API, v1 payments) behind the hub:
 * - every request carries `Authorization: Bearer <access token>`; creations carry `X-Idempotency-Key`
 *   (a retried charge or refund is one payment or one refund at Mercado Pago);
 * - cards are tokenized first (`POST /v1/card_tokens`), then `POST /v1/payments` with the token
 *   (`capture: true`), Pix (`payment_method_id: pix`) and boleto (`bolbradesco`) answer pending;
 * - refunds: `POST /v1/payments/{id}/refunds {amount}`, one in process read back by `GET /v1/payments/{id}/refunds/{refund_id}`; voids: `PUT /v1/payments/{id} {status: cancelled}`;
 * - webhooks: `x-signature: ts=…,v1=…` where v1 = HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;")
 *   (data.id from the query string, lowercased; parts absent from the request are left out of the
 *   manifest); the notification says only which payment changed, so its state is read back with
 *   `GET /v1/payments/{id}`.
 */
import { cardBrand } from './card-brand.ts';
import { fresh, hmacHex, parseSignatureHeader, sameDigest } from './signature.ts';
import { ProviderError, type ChargeRequest, type PaymentProvider, type PaymentState, type RefundOutcome, type WebhookRequest } from './provider.ts';

export interface MercadoPagoConfig {
  url: string;
  accessToken: string;
  publicKey: string | null;
  webhookSecret: string;
  /** Where Mercado Pago posts notifications (this hub's webhook route). */
  notificationUrl: string;
}

/** A Mercado Pago refund's status as the hub keeps it: approved, rejected or cancelled, else still in process. */
const refundStatus = (status: string): RefundOutcome['status'] => (status === 'approved' ? 'succeeded' : status === 'rejected' || status === 'cancelled' ? 'failed' : 'pending');

/** Mercado Pago's status_detail of a rejected payment, as the hub's refusal codes. */
const REFUSAL_CODES: Record<string, string> = {
  cc_rejected_insufficient_amount: 'insufficient_funds',
  cc_rejected_bad_filled_security_code: 'invalid_cvv',
  cc_rejected_bad_filled_date: 'expired_card',
  cc_rejected_call_for_authorize: 'call_for_authorize',
  cc_rejected_high_risk: 'high_risk',
  rejected_high_risk: 'high_risk',
  cc_rejected_blacklist: 'high_risk',
  cc_rejected_card_disabled: 'card_disabled',
  cc_rejected_duplicated_payment: 'duplicated_payment',
  cc_rejected_max_attempts: 'max_attempts',
  cc_rejected_other_reason: 'card_declined',
  cc_rejected_bad_filled_other: 'card_declined',
  cc_rejected_bad_filled_card_number: 'card_declined',
  expired: 'expired',
};

/** Mercado Pago's payment_method_id of a card by brand (debit cards have their own). */
const CARD_METHOD_IDS: Record<string, { credit: string; debit: string }> = {
  visa: { credit: 'visa', debit: 'debvisa' },
  mastercard: { credit: 'master', debit: 'debmaster' },
  elo: { credit: 'elo', debit: 'debelo' },
  amex: { credit: 'amex', debit: 'amex' },
  hipercard: { credit: 'hipercard', debit: 'hipercard' },
  diners: { credit: 'diners', debit: 'diners' },
};

interface MpPayment {
  id: number | string;
  status: string;
  status_detail?: string;
  transaction_amount?: number;
  point_of_interaction?: { transaction_data?: { qr_code?: string } };
  transaction_details?: { digitable_line?: string };
  barcode?: { content?: string };
  payment_method_id?: string;
}

const reais = (cents: bigint) => Number(cents) / 100;

/** A Mercado Pago payment as the hub's state. */
export function stateOf(p: MpPayment): PaymentState {
  const reference = String(p.id);
  const cents = BigInt(Math.round((p.transaction_amount ?? 0) * 100));
  switch (p.status) {
    case 'approved':
      return { reference, status: 'captured', capturedCents: cents };
    case 'authorized':
      return { reference, status: 'authorized' };
    case 'pending':
    case 'in_process':
    case 'in_mediation':
      return {
        reference,
        status: 'pending',
        pixCopyPaste: p.point_of_interaction?.transaction_data?.qr_code,
        boletoLine: p.transaction_details?.digitable_line ?? p.barcode?.content,
      };
    case 'rejected':
      return { reference, status: 'refused', refusalCode: REFUSAL_CODES[p.status_detail ?? ''] ?? 'other' };
    case 'cancelled':
      return { reference, status: 'canceled' };
    // refunded and charged_back: the money was received; the hub keeps its own refunds.
    case 'refunded':
    case 'charged_back':
      return { reference, status: 'captured', capturedCents: cents };
    default:
      throw new ProviderError(`Mercado Pago payment ${reference}: unknown status ${p.status}`);
  }
}

export function createMercadoPagoProvider(cfg: MercadoPagoConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${cfg.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${cfg.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ProviderError(`Mercado Pago ${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new ProviderError(`Mercado Pago ${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError(`Mercado Pago ${method} ${path}: not JSON`);
    }
  }

  async function cardToken(req: ChargeRequest) {
    const c = req.card!;
    const query = cfg.publicKey ? `?public_key=${encodeURIComponent(cfg.publicKey)}` : '';
    const t = await call<{ id: string }>('POST', `/v1/card_tokens${query}`, {
      card_number: c.number,
      expiration_month: c.expiryMonth,
      expiration_year: c.expiryYear,
      security_code: c.cvv,
      cardholder: { name: c.holderName, ...(req.payer.cpf ? { identification: { type: 'CPF', number: req.payer.cpf } } : {}) },
    });
    return t.id;
  }

  return {
    name: 'mercado_pago',

    async charge(req) {
      const brand = req.card ? cardBrand(req.card.number) : undefined;
      const methodId =
        req.method === 'pix' ? 'pix' : req.method === 'boleto' ? 'bolbradesco' : (CARD_METHOD_IDS[brand!] ?? CARD_METHOD_IDS.visa!)[req.method === 'debit_card' ? 'debit' : 'credit'];
      const [firstName, ...rest] = req.payer.name.split(/\s+/);
      const payment = await call<MpPayment>(
        'POST',
        '/v1/payments',
        {
          transaction_amount: reais(req.amountCents),
          description: req.description,
          installments: req.installments,
          payment_method_id: methodId,
          ...(req.card ? { token: await cardToken(req) } : {}),
          capture: true,
          external_reference: `pedido-${req.orderId}`,
          notification_url: cfg.notificationUrl,
          payer: {
            email: req.payer.email ?? `pedido-${req.orderId}@clientes.invalid`,
            first_name: firstName,
            last_name: rest.join(' ') || undefined,
            ...(req.payer.cpf ? { identification: { type: 'CPF', number: req.payer.cpf } } : {}),
          },
        },
        req.idempotencyKey,
      );
      return { ...stateOf(payment), cardBrand: brand };
    },

    async capture(reference, amountCents) {
      return stateOf(await call<MpPayment>('PUT', `/v1/payments/${encodeURIComponent(reference)}`, { capture: true, transaction_amount: reais(amountCents) }));
    },

    async cancel(reference) {
      await call('PUT', `/v1/payments/${encodeURIComponent(reference)}`, { status: 'cancelled' });
    },

    async refund(reference, amountCents, idempotencyKey) {
      const r = await call<{ id: number | string; status: string }>(
        'POST',
        `/v1/payments/${encodeURIComponent(reference)}/refunds`,
        { amount: reais(amountCents) },
        idempotencyKey,
      );
      return { reference: String(r.id), status: refundStatus(r.status) };
    },

    async refundState(reference, refundReference) {
      const r = await call<{ status: string }>('GET', `/v1/payments/${encodeURIComponent(reference)}/refunds/${encodeURIComponent(refundReference)}`);
      return refundStatus(r.status);
    },

    verifyWebhook(req: WebhookRequest) {
      if (!cfg.webhookSecret) return null;
      const sig = parseSignatureHeader(req.headers['x-signature']);
      if (!sig || !fresh(sig.ts)) return null;
      const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined;
      const body = req.body as { id?: unknown; type?: unknown; action?: unknown; data?: { id?: unknown } };
      const queryId = req.query['data.id'];
      const dataId = typeof queryId === 'string' ? queryId : body.data?.id !== undefined ? String(body.data.id) : undefined;
      const manifest = `${dataId !== undefined ? `id:${dataId.toLowerCase()};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${sig.ts};`;
      if (!sameDigest(hmacHex(cfg.webhookSecret, manifest), sig.v1)) return null;
      const eventId = body.id !== undefined && body.id !== null ? String(body.id) : requestId;
      if (!eventId || eventId.length > 200) return null;
      const type = typeof body.action === 'string' ? body.action : typeof body.type === 'string' ? body.type : 'unknown';
      const isPayment = body.type === 'payment' || type.startsWith('payment.');
      return { eventId, type, reference: isPayment && dataId ? dataId : null };
    },

    async stateAfter(e) {
      if (!e.reference) return null;
      return stateOf(await call<MpPayment>('GET', `/v1/payments/${encodeURIComponent(e.reference)}`));
    },
  };
}
