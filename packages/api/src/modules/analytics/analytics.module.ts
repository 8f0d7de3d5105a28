import type { AppModule } from '../../lib/module.ts';
import { createChatDashboards, createChatDashboardsRepo } from '../chats/chat-dashboards.ts';
import { createOrderAnalyticsRepo } from '../order-analytics/order-analytics.repo.ts';
import { createOrdersCache } from '../orders/orders-cache.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { createAttendanceAnalytics } from './attendance-analytics.service.ts';
import { createGroceryAnalytics } from './grocery-analytics.service.ts';
import { createIndustryAnalytics } from './industry-analytics.service.ts';
import { createMetabaseEmbeds } from './metabase-embed.ts';

export interface AnalyticsServices {
  grocery: ReturnType<typeof createGroceryAnalytics>;
  attendance: ReturnType<typeof createAttendanceAnalytics>;
  industry: ReturnType<typeof createIndustryAnalytics>;
}

/**
 * The analytics dashboards (spec §7 POST /metabase/*): a supermarket's sell-out and customers,
 * attendance, and the industry's KPI tree, sell-out, stock and consumers of its own brands at the
 * retailers linked to it. Read from the rollups; each answer with a signed Metabase embed URL when
 * the server has a Metabase.
 */
export const analyticsModule: AppModule = {
  name: 'analytics',
  register(app, { db, services, config }) {
    const embeds = createMetabaseEmbeds(config);
    const engine = services.analyticsEngine.sales;
    // Answers kept while the orders they count stay the same (ORDERS_CACHE_MB, as the orders' lists).
    const cache = createOrdersCache(db, { maxBytes: config.ordersCacheBytes });
    registerAnalyticsRoutes(app, {
      grocery: createGroceryAnalytics({
        db,
        engine,
        repo: services.analyticsEngine.grocery,
        embeds,
        scope: services.locations.allowedLocationIds,
        cache,
      }),
      attendance: createAttendanceAnalytics({ dashboards: createChatDashboards({ repo: createChatDashboardsRepo(db) }), embeds, storeExists: createOrderAnalyticsRepo(db).storeExists }),
      industry: createIndustryAnalytics({ db, repo: services.analyticsEngine.industry, embeds, cache }),
    });
  },
};
