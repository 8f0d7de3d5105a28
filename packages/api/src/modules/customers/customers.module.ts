import type { AppModule } from '../../lib/module.ts';

/** Customers (CRUD, search, addresses served by a store, LGPD export and anonymisation, dashboard). */
export const customersModule: AppModule = {
  name: 'customers',
  register() {},
};
