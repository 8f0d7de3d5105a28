import type { FastifyInstance } from 'fastify';
import { DELIVERY_TYPE_LABELS, DELIVERY_TYPES, locationRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { LocationsService } from './locations.service.ts';

export function registerLocationRoutes(app: FastifyInstance, locations: LocationsService) {
  route(app, locationRoutes.list, ({ auth, query }) => locations.list(auth, query));
  route(app, locationRoutes.deliveryTypes, async () => ({ data: DELIVERY_TYPES.map((id) => ({ id, name: DELIVERY_TYPE_LABELS[id] })) }));
  route(app, locationRoutes.get, ({ auth, params }) => locations.get(auth, params.id));
  route(app, locationRoutes.create, ({ auth, body }) => locations.create(auth.accountId, body));
  route(app, locationRoutes.update, ({ auth, body }) => locations.update(auth, body));
  route(app, locationRoutes.remove, async ({ auth, params, request }) => {
    await locations.remove(auth, params.id, request.lang);
    return { message: translate('LOCATION_DELETED', request.lang) };
  });
  route(app, locationRoutes.userLocations, ({ auth, query }) => locations.userLocations(auth, query.location_id));
  route(app, locationRoutes.addUserLocation, ({ auth, body }) => locations.addUserLocation(auth, body.location_id, body.user_id));
  route(app, locationRoutes.removeUserLocation, async ({ auth, params, request }) => {
    await locations.removeUserLocation(auth, params.locationId, params.userId);
    return { message: translate('USER_LOCATION_REMOVED', request.lang) };
  });
}
