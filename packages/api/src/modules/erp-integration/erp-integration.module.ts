import type { AppModule } from '../../lib/module.ts';
import { createProductImportsRepo } from '../product-imports/product-imports.repo.ts';
import { createProductImportsService } from '../product-imports/product-imports.service.ts';
import { registerErpBatchJobs } from './erp-batches.jobs.ts';
import { createErpBatchesRepo } from './erp-batches.repo.ts';
import { createErpBatchesService } from './erp-batches.service.ts';
import { registerErpCallbackJobs } from './erp-callbacks.jobs.ts';
import { createErpCallbacksRepo } from './erp-callbacks.repo.ts';
import { createErpCallbacksService } from './erp-callbacks.service.ts';
import { createErpImportsRepo } from './erp-imports.repo.ts';
import { registerErpIntegrationRoutes } from './erp-integration.routes.ts';

/**
 * The ERP integration (issue 24): batches of products (run by the product import machinery, whose
 * job the product-imports module handles), offers and customers, and signed order status callbacks
 * (a listener of the orders' transitions). After `orders` in buildApp.
 */
export const erpIntegrationModule: AppModule = {
  name: 'erp-integration',
  register(app, { db, queue, log, config, services }) {
    const batchesRepo = createErpBatchesRepo(db);
    const batches = createErpBatchesService({
      repo: batchesRepo,
      imports: createErpImportsRepo(db),
      productImports: createProductImportsService({ repo: createProductImportsRepo(db), queue }),
      queue,
    });
    const guard = { allowHosts: config.erpCallbacks.allowHosts };
    const callbacksRepo = createErpCallbacksRepo(db);
    const callbacks = createErpCallbacksService({ repo: callbacksRepo, queue, guard });
    services.orders.onTransition((t) => callbacks.onTransition(t));
    registerErpIntegrationRoutes(app, batches, callbacks);
    registerErpBatchJobs(queue, { repo: batchesRepo, log });
    registerErpCallbackJobs(queue, { repo: callbacksRepo, guard });
  },
};
