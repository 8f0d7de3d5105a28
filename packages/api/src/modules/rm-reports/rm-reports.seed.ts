import type { Db } from '../../db/client.ts';
import { BUSINESS_TZ } from '../../lib/business-day.ts';
import type { ModuleSeed } from '../../lib/module.ts';

/**
 * Share of a São Paulo day's traffic per hour (0–23), from grocery e-commerce: quiet nights, a
 * late-morning peak, a lunch dip and the evening peak after work.
 */
const HOUR_CURVE = [18, 10, 6, 4, 4, 6, 14, 30, 52, 70, 80, 84, 78, 72, 74, 76, 80, 88, 100, 108, 104, 86, 58, 34];

/**
 * Demo placements (spec §9 contexts) for each ad format and, for product ads, targeting; `slots`
 * = ads asked per request.
 */
const PLACEMENTS_SQL = `
  CASE
    WHEN a.ad_type = 'product' AND c.targeting = 'category' THEN 'category_shelf'
    WHEN a.ad_type = 'product' THEN 'search_top'
    WHEN a.ad_type = 'banner' THEN 'home_banner'
    WHEN a.ad_type = 'sponsored_brand' THEN 'search_brand'
    ELSE 'store_screen'
  END`;
const CONTEXT_SQL = `
  CASE
    WHEN a.ad_type = 'product' AND c.targeting = 'category' THEN 'category'
    WHEN a.ad_type IN ('product', 'sponsored_brand') THEN 'search'
    WHEN a.ad_type = 'banner' THEN 'home'
    ELSE 'digital_signage'
  END`;
const SLOTS_SQL = `CASE placement WHEN 'search_top' THEN 4 WHEN 'category_shelf' THEN 3 ELSE 1 END`;

/** A deterministic number in [0, 1) from text, so every seed tells the same story. */
const unit = (key: string) => `((abs(hashtext(${key})) % 1000) / 1000.0)`;

/**
 * Reports demo data, idempotent like the rest of the seed (only what is missing):
 * - the seeded rm_daily_stats rows (no placement yet, no hourly rows) get the placement and
 *   context of their ad's format;
 * - each such day is spread over the São Paulo hours already lived with HOUR_CURVE (plus a
 *   little noise) into rm_hourly_stats, integer counts that add up exactly to the day;
 * - those hours get rm_request_stats: ads returned a bit above the impressions, a fill rate
 *   between 65% and 90% and the placement's ads per request.
 */
export async function seedRmReports(db: Db, now = new Date()): Promise<void> {
  const dayStart = (day: string) => `(${day}::timestamp AT TIME ZONE '${BUSINESS_TZ}')`;
  const dayEnd = (day: string) => `((${day} + 1)::timestamp AT TIME ZONE '${BUSINESS_TZ}')`;
  const noHours = (s: string) =>
    `NOT EXISTS (SELECT 1 FROM rm_hourly_stats h WHERE h.ad_id = ${s}.ad_id AND h.hour >= ${dayStart(`${s}.day`)} AND h.hour < ${dayEnd(`${s}.day`)})`;

  await db.$transaction([
    db.$executeRawUnsafe(`
      UPDATE rm_daily_stats s SET placement = m.placement, context = m.context
        FROM (SELECT a.id AS ad_id, ${PLACEMENTS_SQL} AS placement, ${CONTEXT_SQL} AS context
                FROM ads a JOIN campaigns c ON c.id = a.campaign_id) m
       WHERE m.ad_id = s.ad_id AND s.placement = '' AND s.context = '' AND ${noHours('s')}
         AND NOT EXISTS (SELECT 1 FROM rm_daily_stats o WHERE o.day = s.day AND o.ad_id = s.ad_id AND o.placement = m.placement AND o.context = m.context)`),
    db.$executeRawUnsafe(
      `
      WITH src AS (
        SELECT s.* FROM rm_daily_stats s WHERE s.placement <> '' AND ${noHours('s')}
      ),
      hrs AS (
        SELECT src.id, g.h, (src.day::timestamp + make_interval(hours => g.h)) AT TIME ZONE '${BUSINESS_TZ}' AS hour,
               ((ARRAY[${HOUR_CURVE.join(',')}])[g.h + 1] * (90 + abs(hashtext(src.id || ':' || g.h)) % 21))::bigint AS w
          FROM src CROSS JOIN generate_series(0, 23) AS g(h)
         WHERE (src.day::timestamp + make_interval(hours => g.h)) AT TIME ZONE '${BUSINESS_TZ}' <= $1::timestamptz
      ),
      cum AS (
        SELECT id, hour, (sum(w) OVER (PARTITION BY id ORDER BY h))::bigint AS upto, (sum(w) OVER (PARTITION BY id))::bigint AS total, w FROM hrs
      ),
      -- floor(x·upto/total) − floor(x·(upto−w)/total) over the hours adds up to x exactly.
      part AS (
        SELECT c.hour, s.publisher_id, s.advertiser_id, s.campaign_id, s.ad_id, s.placement, s.context,
               s.impressions * c.upto / c.total - s.impressions * (c.upto - c.w) / c.total AS impressions,
               s.views * c.upto / c.total - s.views * (c.upto - c.w) / c.total AS views,
               s.clicks * c.upto / c.total - s.clicks * (c.upto - c.w) / c.total AS clicks,
               s.conversions * c.upto / c.total - s.conversions * (c.upto - c.w) / c.total AS conversions,
               s.items_sold * c.upto / c.total - s.items_sold * (c.upto - c.w) / c.total AS items_sold,
               s.income_cents * c.upto / c.total - s.income_cents * (c.upto - c.w) / c.total AS income_cents,
               s.spent_cents * c.upto / c.total - s.spent_cents * (c.upto - c.w) / c.total AS spent_cents
          FROM cum c JOIN src s ON s.id = c.id
      ),
      ins AS (
        INSERT INTO rm_hourly_stats (hour, publisher_id, advertiser_id, campaign_id, ad_id, placement, context,
                                     impressions, views, clicks, conversions, items_sold, income_cents, spent_cents)
        SELECT * FROM part
         WHERE impressions + views + clicks + conversions + items_sold + income_cents + spent_cents > 0
         ORDER BY hour, ad_id
        ON CONFLICT (hour, ad_id, placement, context) DO NOTHING
        RETURNING hour, publisher_id, placement, context, impressions
      ),
      grp AS (
        SELECT hour, publisher_id, placement, context, sum(impressions) AS imps,
               ${SLOTS_SQL} AS slots,
               ${unit(`hour::text || publisher_id || placement || 'r'`)} AS r1,
               ${unit(`hour::text || publisher_id || placement || 'p'`)} AS r2,
               ${unit(`hour::text || publisher_id || placement || 'f'`)} AS r3
          FROM ins GROUP BY hour, publisher_id, placement, context
      ),
      ret AS (
        SELECT grp.*, (imps + ceil(imps * (0.05 + r1 * 0.15)))::bigint AS returned,
               greatest(1, least(slots, round(slots * (0.55 + r2 * 0.45))))::bigint AS per_fill
          FROM grp
      ),
      fil AS (
        SELECT ret.*, ceil(returned::numeric / per_fill)::bigint AS filled FROM ret
      ),
      req AS (
        SELECT fil.*, ceil(filled / (0.65 + r3 * 0.25))::bigint AS requests FROM fil
      )
      INSERT INTO rm_request_stats (hour, publisher_id, placement, context, requests, filled, unfilled, ads_requested, ads_returned)
      SELECT hour, publisher_id, placement, context, requests, filled, requests - filled, requests * slots, returned
        FROM req WHERE imps > 0
       ORDER BY hour, publisher_id, placement, context
      ON CONFLICT (hour, publisher_id, placement, context) DO NOTHING`,
      now,
    ),
  ]);
}

/** Hourly stats and request counters behind the reports (after the campaigns' daily stats). */
export const rmReportsSeed: ModuleSeed = { name: 'rm-reports', seed: (db) => seedRmReports(db) };
