import type { AppModule } from '../../lib/module.ts';
import { createOperatorsRepo } from './operators.repo.ts';
import { registerOperatorRoutes } from './operators.routes.ts';
import { createOperatorsService, type StoreScope } from './operators.service.ts';

/** Store workers (pickers, deliverers, store managers), limited to the stores of the caller's user-locations. */
export const operatorsModule: AppModule = {
  name: 'operators',
  register(app, { db, services }) {
    const locations = services.locations as Partial<{ allowedLocationIds: StoreScope }>;
    const scope: StoreScope = (accountId, userId) => (locations.allowedLocationIds ? locations.allowedLocationIds(accountId, userId) : Promise.resolve(null));
    registerOperatorRoutes(app, createOperatorsService({ repo: createOperatorsRepo(db), scope }));
  },
};
