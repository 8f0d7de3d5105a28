/**
 * The local payment simulator, the hub's default provider. It answers at once by test card and
 * confirms later, as real acquirers do, by delivering a signed webhook to the hub through the job
 * queue (`x-signature: ts=<ms>,v1=<HMAC-SHA256(secret, "<ts>.<raw body>")>`).
 *
 * Test cards (any other valid card number approves):
 *   4111111111111111, 5555555555554444  approved: authorized now, captured by the webhook
 *   4000000000000002                    refused: card_declined ("Cartão recusado pelo emissor.")
 *   4000000000009995                    refused: insufficient_funds
 *   4000000000000127                    refused: invalid_cvv
 *   4000000000000259                    pending (under review), then captured by the webhook
 *   4000000000000119                    pending (under review), then refused by the webhook (high_risk)
 * Pix and boleto stay pending (copy-and-paste code, digitable line) until the webhook captures them.
 * In-person methods are never charged online (the contract refuses them).
 */
import { randomBytes } from 'node:crypto';
import { cardBrand } from './card-brand.ts';
import { fresh, hmacHex, parseSignatureHeader, sameDigest, signatureHeader } from './signature.ts';
import type { ChargeRequest, PaymentProvider, PaymentState, WebhookRequest } from './provider.ts';

export const SIMULATOR_CARDS = {
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  invalidCvv: '4000000000000127',
  pendingThenCaptured: '4000000000000259',
  pendingThenRefused: '4000000000000119',
} as const;

/** A notification of the simulator, as it is posted to the hub. */
export interface SimulatorEvent {
  id: string;
  type: 'payment.captured' | 'payment.refused';
  created_at: string;
  data: { reference: string; status: 'captured' | 'refused'; amount_cents: string; refusal_code?: string };
}

/** Signs a body as the simulator does. */
export const simulatorSignature = (secret: string, rawBody: string, ts = String(Date.now())) => signatureHeader(ts, hmacHex(secret, `${ts}.${rawBody}`));

interface Deps {
  secret: string;
  confirmDelayMs: number;
  /** Posts the event to the hub after `delayMs` (the job queue). */
  deliver(event: SimulatorEvent, delayMs: number): Promise<void>;
}

const token = (n: number) => randomBytes(n).toString('hex');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export function createSimulatorProvider({ secret, confirmDelayMs, deliver }: Deps): PaymentProvider & {
  afterRecorded(state: PaymentState, req: ChargeRequest): Promise<void>;
} {
  const event = (reference: string, status: 'captured' | 'refused', amountCents: bigint, refusalCode?: string): SimulatorEvent => ({
    id: `evt_${token(12)}`,
    type: status === 'captured' ? 'payment.captured' : 'payment.refused',
    created_at: new Date().toISOString(),
    data: { reference, status, amount_cents: String(amountCents), ...(refusalCode ? { refusal_code: refusalCode } : {}) },
  });

  return {
    name: 'simulator',

    async charge(req) {
      const reference = `sim_${token(10)}`;
      if (req.method === 'pix') {
        return { reference, status: 'pending', pixCopyPaste: `00020126580014br.gov.bcb.pix0136${token(18)}5204000053039865802BR5925SIMULADOR PIX6009SAO PAULO62070503***6304${digits(4)}` };
      }
      if (req.method === 'boleto') return { reference, status: 'pending', boletoLine: digits(47) };
      const number = req.card!.number;
      const brand = cardBrand(number);
      if (number === SIMULATOR_CARDS.declined) return { reference, status: 'refused', refusalCode: 'card_declined', cardBrand: brand };
      if (number === SIMULATOR_CARDS.insufficientFunds) return { reference, status: 'refused', refusalCode: 'insufficient_funds', cardBrand: brand };
      if (number === SIMULATOR_CARDS.invalidCvv) return { reference, status: 'refused', refusalCode: 'invalid_cvv', cardBrand: brand };
      if (number === SIMULATOR_CARDS.pendingThenCaptured || number === SIMULATOR_CARDS.pendingThenRefused) return { reference, status: 'pending', cardBrand: brand };
      return { reference, status: 'authorized', cardBrand: brand };
    },

    /** Once the hub recorded the charge, the simulator's confirmation follows as a webhook. */
    async afterRecorded(state, req) {
      if (state.status !== 'pending' && state.status !== 'authorized') return;
      const refuse = req.card?.number === SIMULATOR_CARDS.pendingThenRefused;
      // Payments under review take longer than plain confirmations.
      const delay = req.card?.number === SIMULATOR_CARDS.pendingThenCaptured || refuse ? confirmDelayMs * 2 : confirmDelayMs;
      await deliver(event(state.reference, refuse ? 'refused' : 'captured', req.amountCents, refuse ? 'high_risk' : undefined), delay);
    },

    async capture(reference, amountCents) {
      return { reference, status: 'captured', capturedCents: amountCents };
    },

    async cancel() {},

    async refund() {
      return { reference: `simrf_${token(10)}`, status: 'succeeded' };
    },

    // The simulator's refunds succeed at once: none is ever left in process.
    async refundState() {
      return 'succeeded';
    },

    verifyWebhook(req: WebhookRequest) {
      const sig = parseSignatureHeader(req.headers['x-signature']);
      if (!sig || !fresh(sig.ts) || !sameDigest(hmacHex(secret, `${sig.ts}.${req.rawBody}`), sig.v1)) return null;
      const id = req.body.id;
      if (typeof id !== 'string' || !id || id.length > 200) return null;
      const type = typeof req.body.type === 'string' ? req.body.type : 'unknown';
      const data = req.body.data as { reference?: unknown } | undefined;
      const reference = type.startsWith('payment.') && typeof data?.reference === 'string' ? data.reference : null;
      return { eventId: id, type, reference };
    },

    async stateAfter(e, req) {
      const data = req.body.data as Partial<SimulatorEvent['data']> | undefined;
      if (!e.reference || !data) return null;
      if (data.status === 'captured' && typeof data.amount_cents === 'string' && /^\d+$/.test(data.amount_cents)) {
        return { reference: e.reference, status: 'captured', capturedCents: BigInt(data.amount_cents) };
      }
      if (data.status === 'refused') return { reference: e.reference, status: 'refused', refusalCode: typeof data.refusal_code === 'string' ? data.refusal_code : 'other' };
      return null;
    },
  };
}
