import type { AppModule } from '../../lib/module.ts';
import { createPostgresSalesEngine, type SalesEngine } from '../sales-dashboard/sales-engine.ts';
import { createGroceryAnalyticsRepo, type GroceryAnalyticsRepo } from '../analytics/grocery-analytics.repo.ts';
import { createClickHouse, type ClickHouse } from './clickhouse.ts';
import { createClickHouseGroceryRepo } from './grocery.clickhouse.ts';
import { createShipper, type Shipper } from './outbox.ts';
import { createClickHouseSalesEngine, salesStream } from './sales.clickhouse.ts';

/** The analytics engine the dashboards read: PostgreSQL's rollups, or ClickHouse fed from PostgreSQL's outbox. */
export interface AnalyticsEngine {
  kind: 'postgres' | 'clickhouse';
  sales: SalesEngine;
  /** The supermarket's analytics (rankings by category, brand and product; customers, RFM, cohorts). */
  grocery: GroceryAnalyticsRepo;
  /** With ClickHouse: the client, the shipper, and `caughtUp` (ships what waits; every ClickHouse read runs it first). */
  clickhouse: { ch: ClickHouse; shipper: Shipper; caughtUp: () => Promise<void> } | null;
}

/**
 * Selects the analytics engine (ANALYTICS_ENGINE, CLICKHOUSE_URL). With ClickHouse, its tables are
 * created and — the first time — loaded with every sale counted so far; from then on PostgreSQL's
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
    if (config.analytics.engine === 'postgres') return offer({ kind: 'postgres', sales: createPostgresSalesEngine(db), grocery: createGroceryAnalyticsRepo(db), clickhouse: null });
    const ch = await createClickHouse(config.analytics.clickhouseUrl);
    const shipper = createShipper({ db, ch, streams: [salesStream(ch)], log });
    await shipper.start();
    if (config.runWorkers) shipper.run();
    const caughtUp = () => shipper.caughtUp();
    offer({
      kind: 'clickhouse',
      sales: createClickHouseSalesEngine(ch, caughtUp),
      grocery: createClickHouseGroceryRepo(ch, db, caughtUp),
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
