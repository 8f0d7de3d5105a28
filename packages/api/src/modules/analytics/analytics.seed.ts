import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

/** Days of stock history the demo gives the brands' products (the offers' triggers keep it from today on). */
const HISTORY_DAYS = 59;

/**
 * The stock history of the linked brands' products at their retailers: each offer's stock at the end
 * of each past day, around today's, selling down about five units a day and refilled every couple of
 * weeks; a low stock runs out before the refill. Days already there are left as they are.
 */
async function seedStockHistory(db: Db) {
  const links = await db.advertiserLink.findMany({ where: { type: 'industry' }, select: { publisherId: true, brands: true } });
  for (const link of links) {
    const brands = link.brands.map((b) => b.trim().toLowerCase()).filter(Boolean);
    if (brands.length === 0) continue;
    await db.$executeRaw`
      INSERT INTO stock_daily_snapshots (account_id, product_id, location_id, day, stock, available, min_stock)
      SELECT o.account_id, o.product_id, o.location_id, d.day, x.stock, true, x.stock
        FROM offers o JOIN products p ON p.id = o.product_id
       CROSS JOIN LATERAL (SELECT (order_business_day(now()) - n)::date AS day, n FROM generate_series(1, ${HISTORY_DAYS}) AS n) d
       CROSS JOIN LATERAL (SELECT CASE WHEN v < 6 THEN 0 ELSE v END AS stock FROM (SELECT greatest(0, o.stock + 37 - (o.id * 37 + d.n * 5) % 75)::int AS v) y) x
       WHERE o.account_id = ${link.publisherId} AND lower(btrim(p.brand)) = ANY(${brands}::text[])
       ORDER BY 1, 2, 3, 4
      ON CONFLICT DO NOTHING`;
  }
}

export const analyticsSeed: ModuleSeed = { name: 'analytics', seed: seedStockHistory };
