// Recomputes the orders' and sales' rollups from the raw rows (after a bulk load with the triggers
// off, or to check them): `pnpm --filter @backoffice/api run db:rebuild-rollups [account-slug]`.
// Without a slug, every account. Run it while nothing else writes those accounts' orders.
// With ANALYTICS_ENGINE=clickhouse, ClickHouse is then loaded again from PostgreSQL (every account).
import { loadConfig } from '../../config.ts';
import { createClickHouse } from './clickhouse.ts';
import { createShipper } from './outbox.ts';
import { clickhouseStreams } from './streams.ts';
import { createDatabase } from '../../db/client.ts';

const REBUILDS = ['order_stats_rebuild', 'sales_stats_rebuild_all'] as const;

const slug = process.argv[2];
const config = loadConfig();
const db = await createDatabase(config);
try {
  let accountId: number | null = null;
  if (slug) {
    const [found] = await db.sql.query<{ id: number }>('SELECT id FROM accounts WHERE slug = $1', [slug]);
    if (!found) throw new Error(`No account with the slug "${slug}".`);
    accountId = found.id;
  }
  for (const rebuild of REBUILDS) {
    const t0 = performance.now();
    await db.sql.query(`SELECT ${rebuild}($1::int)`, [accountId]);
    console.log(`${rebuild}(${slug ?? 'every account'}): ${Math.round(performance.now() - t0)} ms`);
  }
  // Every day of every store rebuilt: the answers kept against the stores' sales versions load again.
  await db.sql.query(
    `INSERT INTO sales_store_versions AS v (account_id, location_id, whole_month, day, version)
     SELECT account_id, id, TRUE, '-infinity', 1 FROM locations WHERE $1::int IS NULL OR account_id = $1::int ORDER BY 1, 2
     ON CONFLICT (account_id, location_id, whole_month, day) DO UPDATE SET version = v.version + 1`,
    [accountId],
  );
  if (config.analytics.engine === 'clickhouse') {
    const t0 = performance.now();
    const ch = await createClickHouse(config.analytics.clickhouseUrl);
    // Forgetting the registration makes the next start load ClickHouse from scratch: this one.
    await db.sql.query('DELETE FROM analytics_sinks');
    await createShipper({ db: db.prisma, ch, streams: clickhouseStreams(ch) }).start();
    await ch.close();
    console.log(`ClickHouse (${ch.database}) loaded again: ${Math.round(performance.now() - t0)} ms`);
  }
} finally {
  await db.close();
}
