import type { AppModule } from '../../lib/module.ts';
import { createOrderAttribution } from './order-attribution.service.ts';

/** The closed loop: the account's own orders, paid, delivered, canceled or refunded, as retail-media conversions. */
export const orderAttributionModule: AppModule = {
  name: 'order-attribution',
  register(_app, { db, services }) {
    const attribution = createOrderAttribution({ db, conversions: services.conversions });
    services.orders.onTransition((t) => attribution.transitioned(t));
  },
};
