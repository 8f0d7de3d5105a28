import type { AppModule } from '../../lib/module.ts';
import { createLocationsRepo, type LocationsRepo } from './locations.repo.ts';

/** An account's stores (no routes of its own: the catalogue lists them). */
export const locationsModule: AppModule = {
  name: 'locations',
  register(_app, { db, provide }) {
    provide({ locations: createLocationsRepo(db) });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    locations: LocationsRepo;
  }
}
