import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../lib/module.ts';

/** Cart abandonment metrics: carts opened vs converted, by day and store. */
export function registerCartMetricsRoutes(_app: FastifyInstance, _deps: ModuleDeps) {}
