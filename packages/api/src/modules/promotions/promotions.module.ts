import type { AppModule } from '../../lib/module.ts';
import { createMetricsRepo } from './metrics.repo.ts';
import { registerPromotionMetricsRoutes } from './metrics.routes.ts';
import { createMetricsService } from './metrics.service.ts';
import { registerPricingRoutes } from './pricing.routes.ts';
import { createPromotionsRepo } from './promotions.repo.ts';
import { registerPromotionRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';
import { createRedemptionsRepo } from './redemptions.repo.ts';
import { createRedemptionsService, type RedemptionsService } from './redemptions.service.ts';

/** Promotions and coupons, their metrics, and pricing a cart (redemptions). */
export const promotionsModule: AppModule = {
  name: 'promotions',
  register(app, { db, provide }) {
    registerPromotionRoutes(app, createPromotionsService({ repo: createPromotionsRepo(db) }));
    registerPromotionMetricsRoutes(app, createMetricsService({ repo: createMetricsRepo(db) }));
    const redemptions = createRedemptionsService({ db, repo: createRedemptionsRepo(db) });
    registerPricingRoutes(app, redemptions);
    provide({ pricing: redemptions });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** The promotions pricing engine (shopping carts price themselves with it). */
    pricing: RedemptionsService;
  }
}
