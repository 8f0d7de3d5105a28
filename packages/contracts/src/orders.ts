// Issue 21: orders, picking, payments, delivery (spec §2 Orders, §7 Orders). The vocabulary every
// part of the order flow shares: statuses, channels, fraud analysis, fulfilment and picking.

/**
 * Where an order is. The one state machine (packages/api/src/modules/orders/order-status.ts, drawn
 * in the README): created → payment_pending → paid → picking → picked → ready → out_for_delivery /
 * awaiting_pickup → delivered / picked_up, with canceled and refunded branches.
 */
export const ORDER_STATUSES = [
  'created',
  'payment_pending',
  'paid',
  'picking',
  'picked',
  'ready',
  'out_for_delivery',
  'awaiting_pickup',
  'delivered',
  'picked_up',
  'canceled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses as the screens name them. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Criado',
  payment_pending: 'Aguardando pagamento',
  paid: 'Pago',
  picking: 'Em separação',
  picked: 'Separado',
  ready: 'Pronto',
  out_for_delivery: 'Saiu para entrega',
  awaiting_pickup: 'Aguardando retirada',
  delivered: 'Entregue',
  picked_up: 'Retirado',
  canceled: 'Cancelado',
  refunded: 'Reembolsado',
};

/** Where an order came from (spec: whatsapp, whatsapp_bot, rappi, magento e-commerce, vtex), plus a cart approved here. */
export const ORDER_CHANNELS = ['whatsapp', 'whatsapp_bot', 'rappi', 'magento', 'vtex', 'shopping_cart'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Readonly<Record<OrderChannel, string>> = {
  whatsapp: 'WhatsApp',
  whatsapp_bot: 'WhatsApp (robô)',
  rappi: 'Rappi',
  magento: 'E-commerce Magento',
  vtex: 'VTEX',
  shopping_cart: 'Carrinho de compras',
};

/** The payment hub's fraud analysis of an order: picking waits while it is pending and never starts when denied. */
export const FRAUD_STATUSES = ['not_required', 'pending', 'approved', 'denied'] as const;
export type FraudStatus = (typeof FRAUD_STATUSES)[number];

export const FULFILMENTS = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** A line while the store picks it: picked as ordered, substituted by an accepted alternative, or missing (rupture). */
export const PICK_STATUSES = ['pending', 'picked', 'substituted', 'missing'] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];
