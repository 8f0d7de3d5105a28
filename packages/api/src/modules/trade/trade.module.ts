import type { AppModule } from '../../lib/module.ts';
import { brandScopeOf } from '../analytics/brand-scope.ts';
import { createTradeRepo } from './trade.repo.ts';
import { registerTradeRoutes } from './trade.routes.ts';
import { createTradeService } from './trade.service.ts';

/** Trade marketing: in-store action agreements between a brand and a linked retailer, their proofs and results. */
export const tradeModule: AppModule = {
  name: 'trade',
  register(app, { db, media }) {
    const trade = createTradeService({
      repo: createTradeRepo(db),
      storage: media,
      brandProducts: async (brandId, retailerId) => {
        // A link removed since the draft leaves no product of the brand there (422 naming them).
        const scope = await brandScopeOf(db, brandId, { retailer_id: retailerId }).catch(() => null);
        if (!scope) return new Set<number>();
        return new Set(scope.products.filter((p) => p.retailerId === retailerId).map((p) => p.productId));
      },
    });
    registerTradeRoutes(app, trade);
  },
};
