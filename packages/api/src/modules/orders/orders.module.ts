import type { AppModule } from '../../lib/module.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';

/** Orders: intake from the stores' e-commerce and approved carts, lists, the board, and the one state machine. */
export const ordersModule: AppModule = {
  name: 'orders',
  register(app, { db, services }) {
    const orders = createOrdersService({
      repo: createOrdersRepo(db),
      catalog: services.catalog,
      pricing: services.pricing,
      slots: services.slots,
      regions: services.regions,
      scope: services.locations.allowedLocationIds,
    });
    // A store with orders is kept when someone tries to delete it.
    services.locations.countUses('orders', orders.countAtLocation);
    registerOrderRoutes(app, orders);
  },
};
