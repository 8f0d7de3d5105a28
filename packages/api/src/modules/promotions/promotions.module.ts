import type { AppModule } from '../../lib/module.ts';
import { createMetricsRepo } from './metrics.repo.ts';
import { registerPromotionMetricsRoutes } from './metrics.routes.ts';
import { createMetricsService } from './metrics.service.ts';
import { registerPricingRoutes } from './pricing.routes.ts';
import { createPromotionsRepo } from './promotions.repo.ts';
import { registerPromotionRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';
import { createRedemptionsRepo } from './redemptions.repo.ts';
import { createRedemptionsService } from './redemptions.service.ts';

/** Promotions and coupons, their metrics, and pricing a cart (redemptions). */
export const promotionsModule: AppModule = {
  name: 'promotions',
  register(app, { db }) {
    registerPromotionRoutes(app, createPromotionsService({ repo: createPromotionsRepo(db) }));
    registerPromotionMetricsRoutes(app, createMetricsService({ repo: createMetricsRepo(db) }));
    registerPricingRoutes(app, createRedemptionsService({ db, repo: createRedemptionsRepo(db) }));
  },
};
