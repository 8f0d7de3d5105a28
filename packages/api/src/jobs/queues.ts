/** Every job the product runs, by name, with its payload. Producers and handlers share this map. */
export interface JobPayloads {
  'email.send': { outboxId: number };
  'email.sweep': Record<string, never>;
  /** Runs a catalog import (CSV/XLSX upload or an ERP's items). */
  'products.import': { importId: number };
  /** Sends a cart's checkout link to its customer; the version makes a resend after a change a new job. */
  'cart.send-link': { accountId: number; cartId: number; version: number };
  /** Hands one outbound message to the messaging provider. */
  'messages.send': { messageId: number };
  /** The delivery simulator's courier sends its next update (1 assigned, 2 picked up, 3 the outcome). */
  'delivery.simulate': { reference: string; step: number; outcome: 'delivered' | 'failed' | 'returned' };
  /** Applies an ERP batch of offers or customers (modules/erp-integration). */
  'erp.batch': { batchId: number };
  /** Sends one order status callback to the account's ERP, signed; retried with backoff. */
  'erp.callback': { deliveryId: number };
}

export type JobName = keyof JobPayloads;
