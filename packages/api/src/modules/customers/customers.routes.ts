import type { FastifyInstance } from 'fastify';
import { customerRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { CustomersService } from './customers.service.ts';
import type { CustomerDashboardService } from './customer-dashboard.ts';

export function registerCustomerRoutes(app: FastifyInstance, customers: CustomersService, dashboard: CustomerDashboardService) {
  route(app, customerRoutes.search, ({ auth, query }) => customers.search(auth, query));
  route(app, customerRoutes.dashboard, ({ auth, query }) => dashboard(auth.accountId, query));
  route(app, customerRoutes.get, ({ auth, params }) => customers.get(auth, params.id));
  route(app, customerRoutes.create, async ({ auth, body, request }) => {
    const customer = await customers.create(auth, body);
    return { message: translate('CUSTOMER_CREATED', request.lang), customer };
  });
  route(app, customerRoutes.update, async ({ auth, body, request }) => {
    const customer = await customers.update(auth, body);
    return { message: translate('CUSTOMER_UPDATED', request.lang), customer };
  });
  route(app, customerRoutes.export, async ({ auth, params, reply }) => {
    const file = await customers.export(auth, params.id);
    reply.header('content-disposition', `attachment; filename="cliente-${params.id}-dados-pessoais.json"`);
    return file;
  });
  route(app, customerRoutes.anonymize, async ({ auth, params, request }) => {
    const customer = await customers.anonymize(auth, params.id);
    return { message: translate('CUSTOMER_ANONYMIZED', request.lang), customer };
  });
  route(app, customerRoutes.audit, ({ auth, params, query }) => customers.auditTrail(auth, params.id, query));
}
