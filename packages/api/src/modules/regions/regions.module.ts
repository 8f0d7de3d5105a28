import type { AppModule } from '../../lib/module.ts';
import { createRegionsRepo } from './regions.repo.ts';
import { registerRegionRoutes } from './regions.routes.ts';
import { createRegionsService, type RegionsService } from './regions.service.ts';

/** Delivery regions of the stores, and the search of the stores and regions serving a point or an address. */
export const regionsModule: AppModule = {
  name: 'regions',
  register(app, { db, services, provide }) {
    const regions = createRegionsService({ repo: createRegionsRepo(db), geocoder: services.geocoder, scope: services.locations.allowedLocationIds });
    registerRegionRoutes(app, regions);
    provide({ regions });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** The stores and delivery regions serving a point (customers' addresses resolve their store with it). */
    regions: RegionsService;
  }
}
