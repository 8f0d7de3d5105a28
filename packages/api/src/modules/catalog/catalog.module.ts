import type { AppModule } from '../../lib/module.ts';
import { createCatalogCache } from './catalog-cache.ts';
import { createCatalogRepo } from './catalog.repo.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { createCatalogService, type CatalogService } from './catalog.service.ts';
import { createOfferMatching } from './offer-matching.ts';

/** Product search and the account's stores. */
export const catalogModule: AppModule = {
  name: 'catalog',
  register(app, { db, services, provide }) {
    const catalog = createCatalogService({
      repo: createCatalogRepo(db),
      matching: createOfferMatching(db),
      storeVisible: services.locations.visibleTo,
      cache: createCatalogCache(db),
    });
    registerCatalogRoutes(app, catalog, services.locations);
    provide({ catalog });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Catalog search and offer matching (shopping carts resolve list lines with it). */
    catalog: CatalogService;
  }
}
