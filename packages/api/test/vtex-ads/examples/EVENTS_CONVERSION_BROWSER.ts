/**
 * examples/EVENTS_CONVERSION_BROWSER.md of vtex/vtexads-api-docs at 767158c6744c70510c2e08358d65f78e8519016c:
 * the payload its `sendConversion(order)` builds, copied as published (typed), its example order,
 * and the headers of its two ways of sending it.
 */
export const source = {
  repo: 'vtex/vtexads-api-docs',
  path: 'examples/EVENTS_CONVERSION_BROWSER.md',
  commit: '767158c6744c70510c2e08358d65f78e8519016c',
} as const;

export const url = 'https://events.newtail-media.newtail.com.br/v1/beacon/conversion';

export interface BrowserOrder {
  channel?: string;
  publisherId: string;
  userId: string;
  sessionId: string;
  orderId: string;
  emailHashed: string;
  items: Array<{ sku: string; sellerId: string | null; productId: string | null; quantity: number; unitPrice: number; unitPromotionalPrice: number }>;
  createdAt?: string;
}

/** The body `sendConversion` posts (JSON.stringify of this). */
export function payloadOf(order: BrowserOrder) {
  return {
    channel: order.channel || 'ecommerce',
    publisher_id: order.publisherId,
    user_id: order.userId,
    session_id: order.sessionId,
    order_id: order.orderId,
    email_hashed: order.emailHashed,
    items: order.items.map((i) => ({
      sku: i.sku,
      seller_id: i.sellerId || null,
      product_id: i.productId || null,
      quantity: i.quantity,
      price: i.unitPrice,
      promotional_price: i.unitPromotionalPrice,
    })),
    created_at: order.createdAt || new Date().toISOString(),
  };
}

export const exampleOrder: BrowserOrder = {
  channel: 'ecommerce',
  publisherId: 'xxx',
  userId: '6f92d1e9-00b6-4f8b-9645-faeab321e1cc',
  sessionId: '5898b8d1-c250-4bb5-931b-8b9d0ee7b499',
  orderId: '123',
  emailHashed: 'xyz',
  items: [
    { sku: '12221', sellerId: '1234', productId: '4567', quantity: 1, unitPrice: 2000.0, unitPromotionalPrice: 1899.0 },
    { sku: '12222', sellerId: null, productId: '4568', quantity: 2, unitPrice: 500.0, unitPromotionalPrice: 400.0 },
  ],
  createdAt: '2023-01-01T09:20:00Z',
};

/** `navigator.sendBeacon(url, new Blob([JSON.stringify(payload)], { type: 'application/json' }))`. */
export const beaconHeaders = { 'Content-Type': 'application/json' };
/** The `fetch` fallback. */
export const fetchHeaders = { Accept: 'application/json', 'Content-Type': 'application/json' };
