import type { PaymentMethodCode, PaymentProviderName, TransactionStatus } from '@backoffice/contracts';

/** Card data as the customer typed it: handed to the provider, never stored (only brand and last 4). */
export interface CardData {
  number: string;
  holderName: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
}

export interface ChargeRequest {
  transactionId: number;
  orderId: number;
  orderNumber: number;
  amountCents: bigint;
  method: PaymentMethodCode;
  installments: number;
  card?: CardData;
  payer: { name: string; email: string | null; cpf: string | null };
  description: string;
  /** The same charge retried is one payment at the provider. */
  idempotencyKey: string;
}

/** What a provider says about a payment: at once (the charge's answer) or later (a webhook, a read). */
export interface PaymentState {
  reference: string;
  status: Exclude<TransactionStatus, 'canceled'> | 'canceled';
  /** Set when captured. */
  capturedCents?: bigint;
  /** The hub's refusal code (see refusals.ts), when refused. */
  refusalCode?: string;
  cardBrand?: string;
  pixCopyPaste?: string;
  boletoLine?: string;
}

export interface RefundOutcome {
  reference: string | null;
  status: 'pending' | 'succeeded' | 'failed';
}

/** A webhook as it arrived: the exact bytes of its body are what signatures cover. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  rawBody: string;
  body: Record<string, unknown>;
}

/** A verified notification: its id (replays have one effect) and the payment it is about (null: not a payment event). */
export interface WebhookEvent {
  eventId: string;
  type: string;
  reference: string | null;
}

/** A provider's failure to answer (network, 5xx, an unexpected body): the hub records it, never shows its text. */
export class ProviderError extends Error {}

/** A payment provider behind the hub: the simulator or a real one. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the payment (cards: authorized and captured at once when the provider captures automatically). */
  charge(req: ChargeRequest): Promise<PaymentState>;
  /** Captures an authorized card payment. */
  capture(reference: string, amountCents: bigint): Promise<PaymentState>;
  /** Voids a payment not captured yet (an order canceled while waiting). */
  cancel(reference: string): Promise<void>;
  refund(reference: string, amountCents: bigint, idempotencyKey: string): Promise<RefundOutcome>;
  /** Where a refund the provider left in process (`pending`) stands now. */
  refundState(reference: string, refundReference: string): Promise<RefundOutcome['status']>;
  /** The event when the signature is right; null (→ 401, no effect) when it is missing or wrong. */
  verifyWebhook(req: WebhookRequest): WebhookEvent | null;
  /** The payment's state after a verified event (from the event itself or the provider's API). */
  stateAfter(event: WebhookEvent, req: WebhookRequest): Promise<PaymentState | null>;
}
