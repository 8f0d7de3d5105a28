import type { FastifyInstance } from 'fastify';
import { promotionPricingRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { MetricsService } from './metrics.service.ts';

// `/api/promotion/coupon-metrics` is a static path: the router prefers it to `/api/promotion/:id`.
export function registerPromotionMetricsRoutes(app: FastifyInstance, metrics: MetricsService) {
  route(app, promotionPricingRoutes.couponMetrics, ({ auth, query }) => metrics.coupons(auth.accountId, query));
  route(app, promotionPricingRoutes.metrics, ({ auth, params, query }) => metrics.promotion(auth.accountId, params.id, query));
}
