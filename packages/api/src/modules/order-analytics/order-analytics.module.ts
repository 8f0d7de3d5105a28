import type { AppModule } from '../../lib/module.ts';
import { createOrderAnalyticsRepo } from './order-analytics.repo.ts';
import { registerOrderAnalyticsRoutes } from './order-analytics.routes.ts';
import { createOrderAnalyticsService } from './order-analytics.service.ts';

/**
 * The orders dashboards (sales, picking, conversion, rupture), read from rollups that triggers on
 * orders and order_items keep (prisma/migrations/20261127120000_order_analytics).
 */
export const orderAnalyticsModule: AppModule = {
  name: 'order-analytics',
  register(app, { db, services }) {
    const dashboards = createOrderAnalyticsService({ repo: createOrderAnalyticsRepo(db), scope: services.locations.allowedLocationIds });
    registerOrderAnalyticsRoutes(app, dashboards);
  },
};
