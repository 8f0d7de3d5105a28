import type { FraudStatus, Fulfilment, OrderStatus } from '@backoffice/contracts';

/**
 * The one order state machine: where an order may go from each status. Drawn in the README; every
 * route that moves an order asks `refusal` first, and a refused move answers 409 with its reason.
 *
 * - An order paid online waits in payment_pending; one paid in person (at delivery or pickup) goes
 *   from created to picking.
 * - Picking starts only when the fraud analysis approved the order or did not need to run.
 * - picked and ready go back to picking when picking restarts; a courier that brings the order back
 *   returns it to ready.
 * - An order is canceled until it leaves the store (a paid one is refunded by the payment hub);
 *   after delivery or pickup, a total refund ends it as refunded (a partial one changes no status).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['payment_pending', 'paid', 'picking', 'canceled'],
  payment_pending: ['paid', 'canceled'],
  paid: ['picking', 'canceled'],
  picking: ['picked', 'canceled'],
  picked: ['ready', 'picking', 'canceled'],
  ready: ['out_for_delivery', 'awaiting_pickup', 'picking', 'canceled'],
  out_for_delivery: ['delivered', 'ready'],
  awaiting_pickup: ['picked_up', 'canceled'],
  delivered: ['refunded'],
  picked_up: ['refunded'],
  canceled: [],
  refunded: [],
};

/** What decides a move besides the two statuses. */
export interface OrderFacts {
  status: OrderStatus;
  fulfilment: Fulfilment;
  fraudStatus: FraudStatus;
  /** Paid in person (at delivery or pickup): picking need not wait for a payment. */
  paysInPerson: boolean;
}

/** Why a move is refused (an error code with its Portuguese message), or null when it is allowed. */
export type OrderMoveRefusal =
  | 'ORDER_TRANSITION_NOT_ALLOWED'
  | 'ORDER_NOT_PAID'
  | 'ORDER_FRAUD_PENDING'
  | 'ORDER_FRAUD_DENIED'
  | 'ORDER_NOT_FOR_DELIVERY'
  | 'ORDER_NOT_FOR_PICKUP';

export function refusal(order: OrderFacts, to: OrderStatus): OrderMoveRefusal | null {
  if (!ORDER_TRANSITIONS[order.status].includes(to)) return 'ORDER_TRANSITION_NOT_ALLOWED';
  if (to === 'picking' && order.status === 'created' && !order.paysInPerson) return 'ORDER_NOT_PAID';
  if (to === 'picking' && (order.status === 'created' || order.status === 'paid')) {
    if (order.fraudStatus === 'pending') return 'ORDER_FRAUD_PENDING';
    if (order.fraudStatus === 'denied') return 'ORDER_FRAUD_DENIED';
  }
  if (to === 'out_for_delivery' && order.fulfilment !== 'delivery') return 'ORDER_NOT_FOR_DELIVERY';
  if (to === 'awaiting_pickup' && order.fulfilment !== 'pickup') return 'ORDER_NOT_FOR_PICKUP';
  return null;
}

/** The statuses this order may move to now (what the board lets a card be dragged to). */
export const nextStatuses = (order: OrderFacts): OrderStatus[] => ORDER_TRANSITIONS[order.status].filter((to) => refusal(order, to) === null);

/** Statuses after which nothing happens to the order any more. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['canceled', 'refunded'];
