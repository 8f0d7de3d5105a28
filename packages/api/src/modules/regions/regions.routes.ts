import type { FastifyInstance } from 'fastify';
import { regionRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { RegionsService } from './regions.service.ts';

export function registerRegionRoutes(app: FastifyInstance, regions: RegionsService) {
  route(app, regionRoutes.findByAccount, ({ auth, body }) => regions.findByAccount(auth, body));
  route(app, regionRoutes.listByLocation, ({ auth, params }) => regions.listByLocation(auth, params.locationId));
  route(app, regionRoutes.create, async ({ auth, body, request }) => {
    const region = await regions.create(auth.accountId, body);
    return { message: translate('REGION_CREATED', request.lang), region };
  });
  route(app, regionRoutes.update, async ({ auth, params, body, request }) => {
    const region = await regions.update(auth.accountId, params.locationId, params.regionId, body);
    return { message: translate('REGION_UPDATED', request.lang), region };
  });
  route(app, regionRoutes.remove, async ({ auth, params, request }) => {
    await regions.remove(auth.accountId, params.locationId, params.regionId);
    return { message: translate('REGION_DELETED', request.lang) };
  });
  route(app, regionRoutes.searchByPolygon, ({ auth, query }) => regions.search(auth, query));
}
