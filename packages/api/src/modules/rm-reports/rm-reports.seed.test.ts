import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { seedRmReports } from './rm-reports.seed.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const one = async <T>(sql: string) => ((await database.prisma.$queryRawUnsafe(sql)) as T[])[0]!;

describe('reports demo data', () => {
  it('spreads every seeded day over São Paulo hours, adding up exactly, never in the future', async () => {
    const r = await one<{ days: number; mismatched: number; future: number }>(`
      SELECT count(*)::int AS days,
             count(*) FILTER (WHERE h.impressions IS DISTINCT FROM d.impressions OR h.views IS DISTINCT FROM d.views
               OR h.clicks IS DISTINCT FROM d.clicks OR h.conversions IS DISTINCT FROM d.conversions OR h.items IS DISTINCT FROM d.items_sold
               OR h.income IS DISTINCT FROM d.income_cents OR h.spent IS DISTINCT FROM d.spent_cents)::int AS mismatched,
             (SELECT count(*)::int FROM rm_hourly_stats WHERE hour > now()) AS future
        FROM rm_daily_stats d
        LEFT JOIN LATERAL (
          SELECT sum(impressions) AS impressions, sum(views) AS views, sum(clicks) AS clicks, sum(conversions) AS conversions,
                 sum(items_sold) AS items, sum(income_cents) AS income, sum(spent_cents) AS spent
            FROM rm_hourly_stats x
           WHERE x.ad_id = d.ad_id AND x.placement = d.placement AND x.context = d.context
             AND (x.hour AT TIME ZONE 'America/Sao_Paulo')::date = d.day
        ) h ON TRUE`);
    expect(r.days).toBeGreaterThan(100);
    expect(r.mismatched).toBe(0);
    expect(r.future).toBe(0);
    const curve = await one<{ night: number; evening: number }>(`
      SELECT sum(impressions) FILTER (WHERE extract(hour FROM hour AT TIME ZONE 'America/Sao_Paulo') = 3)::int AS night,
             sum(impressions) FILTER (WHERE extract(hour FROM hour AT TIME ZONE 'America/Sao_Paulo') = 19)::int AS evening
        FROM rm_hourly_stats`);
    expect(curve.evening).toBeGreaterThan(curve.night * 10);
  });

  it('gives the served hours request counters with a 65–90% fill rate', async () => {
    const r = await one<{ fill: number; placements: string[]; inconsistent: number; short: number }>(`
      SELECT (sum(filled)::float / sum(requests)) AS fill, array_agg(DISTINCT placement ORDER BY placement) AS placements,
             count(*) FILTER (WHERE filled + unfilled <> requests OR ads_returned > ads_requested OR filled > ads_returned)::int AS inconsistent,
             (SELECT count(*)::int FROM rm_request_stats q
               WHERE q.ads_returned < (SELECT sum(h.impressions) FROM rm_hourly_stats h
                                         WHERE h.hour = q.hour AND h.publisher_id = q.publisher_id AND h.placement = q.placement)) AS short
        FROM rm_request_stats`);
    expect(r.fill).toBeGreaterThan(0.65);
    expect(r.fill).toBeLessThan(0.9);
    expect(r.placements).toEqual(expect.arrayContaining(['category_shelf', 'home_banner', 'search_top']));
    expect(r.inconsistent).toBe(0);
    expect(r.short).toBe(0);
  });

  it('adds nothing when run again', async () => {
    const counts = () => one<{ d: number; h: number; r: number }>(
      `SELECT (SELECT count(*)::int FROM rm_daily_stats) AS d, (SELECT count(*)::int FROM rm_hourly_stats) AS h, (SELECT count(*)::int FROM rm_request_stats) AS r`,
    );
    const before = await counts();
    await seedRmReports(database.prisma);
    expect(await counts()).toEqual(before);
  });
});
