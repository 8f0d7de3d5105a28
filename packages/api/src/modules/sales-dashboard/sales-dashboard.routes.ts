import type { FastifyInstance } from 'fastify';
import { salesDashboardRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { salesExport } from './sales-dashboard.export.ts';
import type { SalesDashboardService } from './sales-dashboard.service.ts';

export function registerSalesDashboardRoutes(app: FastifyInstance, dashboard: SalesDashboardService) {
  route(app, salesDashboardRoutes.cards, ({ auth, query }) => dashboard.cards(auth, query));
  route(app, salesDashboardRoutes.gmvPerDay, ({ auth, query }) => dashboard.gmvPerDay(auth, query));
  route(app, salesDashboardRoutes.marginPerDay, ({ auth, query }) => dashboard.marginPerDay(auth, query));
  route(app, salesDashboardRoutes.topProducts, ({ auth, query }) => dashboard.topProducts(auth, query));
  route(app, salesDashboardRoutes.topCustomers, ({ auth, query }) => dashboard.topCustomers(auth, query));
  route(app, salesDashboardRoutes.export, async ({ auth, query, reply }) => {
    const file = await salesExport(dashboard, auth, query);
    reply.header('content-disposition', `attachment; filename="${file.filename}"`).type(file.contentType);
    return reply.send(file.body) as never;
  });
}
