import type { AppModule } from '../../lib/module.ts';
import { createOrdersCache } from '../orders/orders-cache.ts';
import { registerSalesDashboardRoutes } from './sales-dashboard.routes.ts';
import { createSalesDashboardService } from './sales-dashboard.service.ts';

/**
 * The dashboard data service (cards, GMV and margin per day, top products and customers), read from
 * the sales rollups that triggers on orders and order_items keep (prisma/migrations/20261202100000_sales_analytics),
 * each answer kept while the orders it counts stay the same.
 */
export const salesDashboardModule: AppModule = {
  name: 'sales-dashboard',
  register(app, { db, services, config }) {
    const dashboard = createSalesDashboardService({
      engine: services.analyticsEngine.sales,
      db,
      scope: services.locations.allowedLocationIds,
      // Answers kept while the orders they count stay the same (ORDERS_CACHE_MB, as the orders' lists).
      cache: createOrdersCache(db, { maxBytes: config.ordersCacheBytes }),
    });
    registerSalesDashboardRoutes(app, dashboard);
  },
};
