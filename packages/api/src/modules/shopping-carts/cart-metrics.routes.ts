import type { FastifyInstance } from 'fastify';
import { cartMetricsRoutes } from '@backoffice/contracts';
import type { ModuleDeps } from '../../lib/module.ts';
import { route } from '../../lib/route.ts';
import { createCartMetricsRepo } from './cart-metrics.repo.ts';
import { createCartMetricsService } from './cart-metrics.service.ts';

/** Cart abandonment metrics: carts opened vs converted, by day and store. */
export function registerCartMetricsRoutes(app: FastifyInstance, { db, services }: ModuleDeps) {
  const metrics = createCartMetricsService({ repo: createCartMetricsRepo(db), scope: services.locations.allowedLocationIds });
  route(app, cartMetricsRoutes.cartAbandonment, ({ auth, query }) => metrics.cartAbandonment(auth, query));
}
