import type { AppModule } from '../../lib/module.ts';

/** Catalog imports (CSV/XLSX uploads and an ERP's bulk upsert by SKU) run as jobs. */
export const productImportsModule: AppModule = {
  name: 'product-imports',
  register() {},
};
