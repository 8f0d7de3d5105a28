import type { AppModule, ModuleServices } from '../../lib/module.ts';
import { createRegionsRepo } from './regions.repo.ts';
import { registerRegionRoutes } from './regions.routes.ts';
import { createRegionsService, type PointGeocoder, type StoreScope } from './regions.service.ts';

/** An entry another module offers, read when a request needs it (the modules before this one offer it). */
const offered = <T>(services: Readonly<ModuleServices>, name: string): T | undefined =>
  name in services ? (services as unknown as Record<string, T>)[name] : undefined;

/** Delivery regions of the stores, and the search of the stores and regions serving a point. */
export const regionsModule: AppModule = {
  name: 'regions',
  register(app, { db, services }) {
    registerRegionRoutes(
      app,
      createRegionsService({
        repo: createRegionsRepo(db),
        geocoder: () => {
          const geocoder = offered<PointGeocoder>(services, 'geocoder');
          if (!geocoder) throw new Error("regions: the geocoding module offers no 'geocoder'");
          return geocoder;
        },
        scope: () => {
          const locations = offered<{ allowedLocationIds?: StoreScope }>(services, 'locations');
          return locations?.allowedLocationIds?.bind(locations);
        },
      }),
    );
  },
};
