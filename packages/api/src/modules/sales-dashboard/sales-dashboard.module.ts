import type { AppModule } from '../../lib/module.ts';
import { registerSalesDashboardRoutes } from './sales-dashboard.routes.ts';
import { createSalesDashboardService } from './sales-dashboard.service.ts';
import { createPostgresSalesEngine } from './sales-engine.ts';

/**
 * The dashboard data service (cards, GMV and margin per day, top products and customers), read from
 * the sales rollups that triggers on orders and order_items keep (prisma/migrations/20261202100000_sales_analytics).
 */
export const salesDashboardModule: AppModule = {
  name: 'sales-dashboard',
  register(app, { db, services }) {
    const dashboard = createSalesDashboardService({ engine: createPostgresSalesEngine(db), db, scope: services.locations.allowedLocationIds });
    registerSalesDashboardRoutes(app, dashboard);
  },
};
