import type { AppModule } from '../../lib/module.ts';
import { createRmReportsRepo, type RmReportsRepo } from '../rm-reports/rm-reports.repo.ts';
import { createPostgresSalesEngine, type SalesEngine } from '../sales-dashboard/sales-engine.ts';
import { createClickHouseRmReportsRepo } from './ads.clickhouse.ts';
import { createGroceryAnalyticsRepo, type GroceryAnalyticsRepo } from '../analytics/grocery-analytics.repo.ts';
import { createClickHouse, type ClickHouse } from './clickhouse.ts';
import { createClickHouseGroceryRepo } from './grocery.clickhouse.ts';
import { createIndustryAnalyticsRepo, type IndustryAnalyticsRepo } from '../analytics/industry-analytics.repo.ts';
import { createClickHouseIndustryRepo } from './industry.clickhouse.ts';
import { createShipper, type Shipper } from './outbox.ts';
import { createClickHouseSalesEngine } from './sales.clickhouse.ts';
import { clickhouseStreams } from './streams.ts';

/** The analytics engine the dashboards read: PostgreSQL's rollups, or ClickHouse fed from PostgreSQL's outbox. */
export interface AnalyticsEngine {
  kind: 'postgres' | 'clickhouse';
  sales: SalesEngine;
  /** The retail-media reports' reads (rm_daily_stats, rm_hourly_stats, rm_request_stats or their ClickHouse twins). */
  rmReports: RmReportsRepo;
  /** The supermarket's analytics (rankings by category, brand and product; customers, RFM, cohorts). */
  grocery: GroceryAnalyticsRepo;
  /** The industry's sell-out, KPI tree, stock and consumers of its brands. */
  industry: IndustryAnalyticsRepo;
  /** With ClickHouse: the client, the shipper, and `caughtUp` (ships what waits; every ClickHouse read runs it first). */
  clickhouse: { ch: ClickHouse; shipper: Shipper; caughtUp: () => Promise<void> } | null;
}

/**
 * Selects the analytics engine (ANALYTICS_ENGINE, CLICKHOUSE_URL). With ClickHouse, its tables are
 * created and — the first time — loaded with everything counted so far (sales, ad serving); from then on PostgreSQL's
 * outbox is shipped every second by the instances running workers (and by any read that finds it
 * waiting).
 */
export const analyticsEngineModule: AppModule = {
  name: 'analytics-engine',
  async register(app, { db, config, provide, log }) {
    const offer = (engine: AnalyticsEngine) => {
      provide({ analyticsEngine: engine });
      app.decorate('analyticsEngine', engine);
    };
    if (config.analytics.engine === 'postgres') {
      return offer({ kind: 'postgres', sales: createPostgresSalesEngine(db), rmReports: createRmReportsRepo(db), grocery: createGroceryAnalyticsRepo(db), industry: createIndustryAnalyticsRepo(db), clickhouse: null });
    }
    const ch = await createClickHouse(config.analytics.clickhouseUrl);
    const shipper = createShipper({ db, ch, streams: clickhouseStreams(ch), log });
    await shipper.start();
    if (config.runWorkers) shipper.run();
    const caughtUp = () => shipper.caughtUp();
    offer({
      kind: 'clickhouse',
      sales: createClickHouseSalesEngine(ch, caughtUp),
      rmReports: createClickHouseRmReportsRepo({ db, ch, caughtUp }),
      grocery: createClickHouseGroceryRepo(ch, db, caughtUp),
      industry: createClickHouseIndustryRepo(ch, db, caughtUp),
      clickhouse: { ch, shipper, caughtUp },
    });
    app.addHook('onClose', async () => {
      await shipper.stop();
      await ch.close();
    });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** The analytics engine (PostgreSQL or ClickHouse) the dashboards read. */
    analyticsEngine: AnalyticsEngine;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    analyticsEngine: AnalyticsEngine;
  }
}
