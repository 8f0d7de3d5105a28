import type { DeliveryProviderName, DeliveryWebhookInput } from '@backoffice/contracts';

/** What a provider is told of a delivery to quote or create. */
export interface DeliveryRequest {
  accountId: number;
  orderId: number;
  orderNumber: number;
  store: { name: string; latitude: number | null; longitude: number | null };
  dropoff: { text: string; latitude: number | null; longitude: number | null };
  /** The order's booked window, when it has one. */
  window: { start: Date; end: Date } | null;
}

export interface DeliveryQuote {
  feeCents: number;
  distanceMeters: number;
  etaAt: Date;
}

/** The outcome the simulator plays out (real providers ignore it). */
export type SimulatedOutcome = 'delivered' | 'failed' | 'returned';

export interface CreatedDelivery extends DeliveryQuote {
  /** The delivery's id at the provider: its webhooks name it. */
  reference: string;
  /** Run once the hub recorded the delivery (the simulator starts its courier then). */
  start?: () => Promise<void>;
}

/**
 * A courier provider: quotes and creates deliveries, cancels them, tells their status, and signs
 * (or has signed) the status updates it sends to `POST /api/delivery-hub/webhooks/{name}`.
 */
export interface DeliveryProvider {
  readonly name: DeliveryProviderName;
  quote(request: DeliveryRequest): Promise<DeliveryQuote>;
  create(request: DeliveryRequest, options: { outcome?: SimulatedOutcome }): Promise<CreatedDelivery>;
  cancel(reference: string, reason: string): Promise<void>;
  /** The provider's own status of a delivery, or null when it does not know it. */
  status(reference: string): Promise<string | null>;
  /** Whether a webhook body carries this provider's signature. */
  verify(body: DeliveryWebhookInput, signature: string): boolean;
}
