// Issue 20: catalog imports (CSV/XLSX upload, ERP bulk upsert by SKU) run as jobs.
export const productImportRoutes = {} as const;
