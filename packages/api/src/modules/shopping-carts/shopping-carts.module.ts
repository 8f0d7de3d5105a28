import type { AppModule } from '../../lib/module.ts';
import { registerCartMetricsRoutes } from './cart-metrics.routes.ts';

/** Shopping carts built from a customer's shopping list, priced by the promotions engine, sent as a checkout link. */
export const shoppingCartsModule: AppModule = {
  name: 'shopping-carts',
  register(app, deps) {
    registerCartMetricsRoutes(app, deps);
  },
};
