import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from '@backoffice/contracts';
import { JsonText, route } from '../../lib/route.ts';
import type { CatalogService } from './catalog.service.ts';
import type { LocationsServices } from '../locations/locations.module.ts';

export function registerCatalogRoutes(app: FastifyInstance, catalog: CatalogService, locations: LocationsServices) {
  route(app, catalogRoutes.searchProducts, async ({ auth, query }) => new JsonText(await catalog.searchJson(auth, query)));
  route(app, catalogRoutes.productFacets, async ({ auth, query }) => new JsonText(await catalog.facetsJson(auth, query.location_id)));
  route(app, catalogRoutes.getProduct, ({ auth, params }) => catalog.detail(auth, params.id));
  route(app, catalogRoutes.updateProduct, ({ auth, params, body }) => catalog.updateProduct(auth, params.id, body));
  route(app, catalogRoutes.updateOffer, ({ auth, params, body }) => catalog.updateOffer(auth, params.locationId, params.productId, body));
  route(app, catalogRoutes.publicOffers, async ({ auth, query }) => new JsonText(await catalog.publicOffersJson(auth, query)));
  route(app, catalogRoutes.uniqueOffers, ({ auth, body }) => catalog.uniqueOffers(auth, body));
  // A member limited to some stores (user-location) picks among those only.
  route(app, catalogRoutes.minifiedLocations, async ({ auth }) => {
    const [stores, allowed] = await Promise.all([locations.minified(auth.accountId), locations.allowedLocationIds(auth.accountId, auth.userId)]);
    return { data: allowed ? stores.filter((s) => allowed.includes(s.id)) : stores };
  });
}
