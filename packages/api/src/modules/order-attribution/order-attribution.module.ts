import type { AppModule } from '../../lib/module.ts';
import { createOrderAttribution } from './order-attribution.service.ts';

/** How often the sweep reconciles the orders no listener took off the queue. */
const SWEEP_EVERY_MS = 60_000;

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** Reconciles the closed loop's queued orders that no transition's listener settled. */
    'order-attribution.sweep': Record<string, never>;
  }
}

/** The closed loop: the account's own orders, paid, delivered, canceled or refunded, as retail-media conversions. */
export const orderAttributionModule: AppModule = {
  name: 'order-attribution',
  async register(app, { db, queue, services, log }) {
    const attribution = createOrderAttribution({
      db,
      orders: services.orders,
      conversions: services.conversions,
      refundedCents: (accountId, orderId) => services.paymentHub.refundedCents(accountId, orderId),
      // The public gate's cached settings: the same publishers record() accepts.
      isPublisher: async (accountId) => (await app.publisherGate.find(accountId)) !== null,
    });
    services.orders.onTransition((t) => attribution.settle(t.order.id));
    services.paymentHub.onRefund((_accountId, orderId) => attribution.settle(orderId));
    queue.handle('order-attribution.sweep', async () => {
      await attribution.sweep((err, orderId) => log.error({ err, order_id: orderId }, 'closed loop: queued order not reconciled'));
    });
    await queue.every('order-attribution.sweep', SWEEP_EVERY_MS, {});
  },
};
