import type { AppModule } from '../../lib/module.ts';
import { MEMBER_TAGS } from '../../plugins/identity.ts';
import { createLocationsRepo, type LocationsRepo } from './locations.repo.ts';
import { registerLocationRoutes } from './locations.routes.ts';
import { createLocationsService, type LocationsService } from './locations.service.ts';

/** What other modules read of the stores: pickers' list, a user's store scope, the uses that keep a store. */
export type LocationsServices = LocationsRepo & Pick<LocationsService, 'allowedLocationIds' | 'countUses'>;

/** An account's stores and the users who work at each. */
export const locationsModule: AppModule = {
  name: 'locations',
  register(app, { db, provide }) {
    const repo = createLocationsRepo(db);
    const service = createLocationsService({
      repo,
      scopes: { read: (key, tags, load) => app.identity.read(key, tags, load), forget: (userId, accountId) => app.identity.forget(userId, accountId), tag: MEMBER_TAGS.member },
    });
    registerLocationRoutes(app, service);
    provide({ locations: { ...repo, allowedLocationIds: service.allowedLocationIds, countUses: service.countUses } });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    locations: LocationsServices;
  }
}
