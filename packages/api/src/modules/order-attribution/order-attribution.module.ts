import type { AppModule } from '../../lib/module.ts';
import { createOrderAttribution } from './order-attribution.service.ts';

/** The closed loop: the account's own orders, paid, delivered, canceled or refunded, as retail-media conversions. */
export const orderAttributionModule: AppModule = {
  name: 'order-attribution',
  register(app, { db, services }) {
    const attribution = createOrderAttribution({
      db,
      conversions: services.conversions,
      // The public gate's cached settings: the same publishers record() accepts.
      isPublisher: async (accountId) => (await app.publisherGate.find(accountId)) !== null,
    });
    services.orders.onTransition((t) => attribution.transitioned(t));
  },
};
