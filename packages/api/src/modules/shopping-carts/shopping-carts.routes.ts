import type { FastifyInstance } from 'fastify';
import { shoppingCartRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { CartLinksService } from './cart-links.service.ts';
import type { ShoppingCartsService } from './shopping-carts.service.ts';

export function registerShoppingCartRoutes(app: FastifyInstance, carts: ShoppingCartsService, links: CartLinksService) {
  route(app, r.generate, ({ auth, body, request }) => carts.generate(auth, body, request.lang));
  route(app, r.preview, ({ auth, body, request }) => carts.preview(auth, body, request.lang));
  route(app, r.list, ({ auth, query }) => carts.list(auth, query));
  route(app, r.get, ({ auth, params }) => carts.get(auth, params.id));
  route(app, r.update, ({ auth, params, body, request }) => carts.update(auth, params.cart_id, body, request.lang));
  route(app, r.status, ({ auth, params, body, request }) => carts.setStatus(auth, params.cart_id, body.statusType, request.lang));
  route(app, r.sendLink, ({ auth, params, request }) => carts.sendLink(auth, params.cart_id, request.lang));
  route(app, r.publicGet, ({ params }) => links.publicCart(params.token));
  route(app, r.publicCheckout, ({ params }) => links.checkout(params.token));
}
