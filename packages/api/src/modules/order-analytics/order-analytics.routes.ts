import type { FastifyInstance } from 'fastify';
import { orderAnalyticsRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { OrderAnalyticsService } from './order-analytics.service.ts';

export function registerOrderAnalyticsRoutes(app: FastifyInstance, dashboards: OrderAnalyticsService) {
  route(app, orderAnalyticsRoutes.orders, ({ auth, query }) => dashboards.orders(auth, query));
  route(app, orderAnalyticsRoutes.picking, ({ auth, query }) => dashboards.picking(auth, query));
  route(app, orderAnalyticsRoutes.conversion, ({ auth, query }) => dashboards.conversion(auth, query));
  route(app, orderAnalyticsRoutes.rupture, ({ auth, query }) => dashboards.rupture(auth, query));
}
