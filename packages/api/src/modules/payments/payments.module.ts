import type { AppModule } from '../../lib/module.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

/** The payment hub's payment methods and their configuration per account and store, limited to the caller's stores. */
export const paymentsModule: AppModule = {
  name: 'payments',
  register(app, { db, services }) {
    registerPaymentRoutes(app, createPaymentsService({ repo: createPaymentsRepo(db), scope: services.locations.allowedLocationIds }));
  },
};
