import type { AppModule } from '../../lib/module.ts';
import { registerProductImportJobs } from './product-imports.jobs.ts';
import { createProductImportsRepo } from './product-imports.repo.ts';
import { registerProductImportRoutes } from './product-imports.routes.ts';
import { createProductImportsService } from './product-imports.service.ts';

/** Catalog imports (CSV/XLSX uploads and an ERP's bulk upsert by SKU) run as jobs. */
export const productImportsModule: AppModule = {
  name: 'product-imports',
  register(app, { db, queue, log }) {
    const repo = createProductImportsRepo(db);
    registerProductImportRoutes(app, createProductImportsService({ repo, queue }));
    registerProductImportJobs(queue, { repo, log });
  },
};
