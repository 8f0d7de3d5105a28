import type { AppModule } from '../../lib/module.ts';
import { createOrdersCache } from './orders-cache.ts';
import { createOrdersRepo } from './orders.repo.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import { createOrdersService, type OrderChange, type OrdersService } from './orders.service.ts';

/** Orders: intake from the stores' e-commerce and approved carts, lists, the board, and the one state machine. */
export const ordersModule: AppModule = {
  name: 'orders',
  register(app, { db, config, services, realtime, provide, log }) {
    const orders = createOrdersService({
      repo: createOrdersRepo(db),
      catalog: services.catalog,
      pricing: services.pricing,
      slots: services.slots,
      regions: services.regions,
      scope: services.locations.allowedLocationIds,
      cache: createOrdersCache(db, { maxBytes: config.ordersCacheBytes }),
      notify: (accountId, change) => realtime.toAccount(accountId, 'order_changed', change),
      onListenerError: (err, t) => log.error({ err, order_id: t.order.id, from: t.from, to: t.to }, 'order transition listener failed'),
    });
    provide({ orders });
    // A store with orders is kept when someone tries to delete it.
    services.locations.countUses('orders', orders.countAtLocation);
    registerOrderRoutes(app, orders);
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Orders for the modules after this one: providers move them, listeners hear their transitions. */
    orders: OrdersService;
  }
}

declare module '../../plugins/realtime.ts' {
  interface RealtimeEvents {
    /** An order of the account was created or moved: the board refreshes its card. */
    order_changed: OrderChange;
  }
}
