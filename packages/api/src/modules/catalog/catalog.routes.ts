import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { CatalogService } from './catalog.service.ts';
import type { LocationsRepo } from '../locations/locations.repo.ts';

export function registerCatalogRoutes(app: FastifyInstance, catalog: CatalogService, locations: LocationsRepo) {
  route(app, catalogRoutes.searchProducts, ({ auth, query }) => catalog.search(auth.accountId, query));
  route(app, catalogRoutes.minifiedLocations, async ({ auth }) => ({ data: await locations.minified(auth.accountId) }));
}
