import type { AppModule } from '../../lib/module.ts';
import { createAddressLocator } from './customer-addresses.ts';
import { createCustomerDashboard } from './customer-dashboard.ts';
import { createCustomersRepo } from './customers.repo.ts';
import { registerCustomerRoutes } from './customers.routes.ts';
import { createCustomersService } from './customers.service.ts';

/** Customers (CRUD, search, addresses served by a store, LGPD export and anonymisation, dashboard). */
export const customersModule: AppModule = {
  name: 'customers',
  register(app, { db, services, log }) {
    const repo = createCustomersRepo(db);
    const addresses = createAddressLocator({ geocoder: services.geocoder, regions: services.regions, log });
    registerCustomerRoutes(app, createCustomersService({ repo, addresses }), createCustomerDashboard({ repo }));
  },
};
