import type { FastifyInstance } from 'fastify';
import { locationRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { Geocoder } from './geocoder.ts';

export function registerGeocodingRoutes(app: FastifyInstance, geocoder: Geocoder) {
  route(app, locationRoutes.geocode, async ({ query }) => ({ data: await geocoder.geocode(query.address) }));
}
