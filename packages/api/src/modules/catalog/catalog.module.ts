import type { AppModule } from '../../lib/module.ts';
import { createCatalogRepo } from './catalog.repo.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { createCatalogService } from './catalog.service.ts';

/** Product search and the account's stores. */
export const catalogModule: AppModule = {
  name: 'catalog',
  register(app, { db, services }) {
    registerCatalogRoutes(app, createCatalogService({ repo: createCatalogRepo(db) }), services.locations);
  },
};
