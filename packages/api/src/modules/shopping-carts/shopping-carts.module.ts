import type { AppModule } from '../../lib/module.ts';
import { registerCartMetricsRoutes } from './cart-metrics.routes.ts';
import { createCartLinksService } from './cart-links.service.ts';
import { createCartTokens } from './cart-token.ts';
import { createShoppingCartsRepo } from './shopping-carts.repo.ts';
import { registerShoppingCartRoutes } from './shopping-carts.routes.ts';
import { createShoppingCartsService, type ShoppingCartsService } from './shopping-carts.service.ts';

/** Shopping carts built from a customer's shopping list, priced by the promotions engine, sent as a checkout link. */
export const shoppingCartsModule: AppModule = {
  name: 'shopping-carts',
  register(app, deps) {
    const { db, queue, config, services } = deps;
    const repo = createShoppingCartsRepo(db);
    const links = createCartLinksService({
      repo,
      catalog: services.catalog,
      messaging: services.messaging,
      queue,
      tokens: createCartTokens(config.jwtSecret),
      appUrl: config.appUrl,
    });
    const carts = createShoppingCartsService({
      repo,
      catalog: services.catalog,
      pricing: services.pricing,
      scope: services.locations.allowedLocationIds,
      messaging: services.messaging,
      links,
    });
    queue.handle('cart.send-link', (payload) => links.deliver(payload));
    registerShoppingCartRoutes(app, carts, links);
    registerCartMetricsRoutes(app, deps);
    // Chats build carts from a customer's list and send their links from the conversation.
    deps.provide({ shoppingCarts: { generate: carts.generate, get: carts.get, sendLink: carts.sendLink } });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Cart generation, reading and link sending, as the chats use them. */
    shoppingCarts: Pick<ShoppingCartsService, 'generate' | 'get' | 'sendLink'>;
  }
}
