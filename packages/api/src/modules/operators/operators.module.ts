import type { AppModule } from '../../lib/module.ts';
import { createOperatorsRepo } from './operators.repo.ts';
import { registerOperatorRoutes } from './operators.routes.ts';
import { createOperatorsService } from './operators.service.ts';

/** Store workers (pickers, deliverers, store managers), limited to the stores of the caller's user-locations. */
export const operatorsModule: AppModule = {
  name: 'operators',
  register(app, { db, services }) {
    registerOperatorRoutes(app, createOperatorsService({ repo: createOperatorsRepo(db), scope: services.locations.allowedLocationIds }));
  },
};
