import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { BUSINESS_TZ } from '../../lib/business-day.ts';
import { ZERO_SUMS, sumsOf, type StatSumRow, type StatSums } from '../campaigns/campaign-metrics.ts';
import { campaignStatusSql } from '../campaigns/campaign-status.ts';

const { sql, join, raw } = Prisma;

/**
 * The rows one report may read: the caller's scope (managed inventory, or its own campaigns on
 * linked publishers — scope.ts) narrowed by the optional publisher and advertiser filters.
 */
export interface ReportScope {
  callerId: number;
  managed: number[];
  linked: number[];
  publisherId?: number;
  advertiserId?: number;
}

/** A campaign of an advertiser with the period's sums, today's and lifetime spend, and the wallet at its publisher. */
export type CampaignStateRow = StatSumRow & {
  id: number;
  name: string;
  ad_type: string;
  active: boolean;
  start_at: Date;
  end_at: Date | null;
  canceled_at: Date | null;
  daily_budget_cents: bigint;
  total_budget_cents: bigint | null;
  publisher_name: string;
  wallet_cents: bigint | null;
  spent_today_cents: bigint | null;
  consumed_cents: bigint | null;
};

/** São Paulo days, both included. */
export interface Period {
  start: string;
  end: string;
}

/** Sums of rm_request_stats with the revenue of the same cells, in cents. */
export interface OpportunityRow {
  requests: bigint;
  filled: bigint;
  unfilled: bigint;
  ads_requested: bigint;
  ads_returned: bigint;
  revenue_cents: bigint;
}

export type AdOrderField = 'impressions' | 'clicks' | 'conversions' | 'income' | 'total_spent' | 'ctr' | 'roas';

/** The scope as SQL over any table with publisher_id and advertiser_id (rollups, campaigns, wallets). */
export function scopeSql(r: ReportScope, alias: string): Prisma.Sql {
  const col = (name: string) => raw(`${alias}.${name}`);
  const visible: Prisma.Sql[] = [];
  if (r.managed.length) visible.push(sql`${col('publisher_id')} IN (${join(r.managed)})`);
  if (r.linked.length) visible.push(sql`(${col('advertiser_id')} = ${r.callerId} AND ${col('publisher_id')} IN (${join(r.linked)}))`);
  const conds = [visible.length ? sql`(${join(visible, ' OR ')})` : sql`FALSE`];
  if (r.publisherId) conds.push(sql`${col('publisher_id')} = ${r.publisherId}`);
  if (r.advertiserId) conds.push(sql`${col('advertiser_id')} = ${r.advertiserId}`);
  return join(conds, ' AND ');
}

/** First instant of a São Paulo day, as SQL. */
const dayStartSql = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${BUSINESS_TZ})`;
/** First instant after a São Paulo day, as SQL. */
const dayEndSql = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TZ})`;

/** A rollup row `s` of a campaign that is not deleted: a deleted campaign leaves every report, its serving history included. */
const LIVE_CAMPAIGN = sql`NOT EXISTS (SELECT 1 FROM campaigns dc WHERE dc.id = s.campaign_id AND dc.deleted_at IS NOT NULL)`;

const dailyWhere = (r: ReportScope, p: Period) =>
  sql`${scopeSql(r, 's')} AND s.day BETWEEN ${p.start}::date AND ${p.end}::date AND ${LIVE_CAMPAIGN}`;
const hourlyWhere = (r: ReportScope, p: Period) =>
  sql`${scopeSql(r, 's')} AND s.hour >= ${dayStartSql(p.start)} AND s.hour < ${dayEndSql(p.end)} AND ${LIVE_CAMPAIGN}`;

const SUMS = sql`coalesce(sum(s.impressions), 0)::bigint AS impressions, coalesce(sum(s.views), 0)::bigint AS views,
  coalesce(sum(s.clicks), 0)::bigint AS clicks, coalesce(sum(s.conversions), 0)::bigint AS conversions,
  coalesce(sum(s.income_cents), 0)::bigint AS income_cents, coalesce(sum(s.spent_cents), 0)::bigint AS spent_cents`;


const ADS_ORDER: Record<AdOrderField, Prisma.Sql> = {
  impressions: sql`st.impressions`,
  clicks: sql`st.clicks`,
  conversions: sql`st.conversions`,
  income: sql`st.income_cents`,
  total_spent: sql`st.spent_cents`,
  ctr: sql`(CASE WHEN st.impressions = 0 THEN 0 ELSE st.clicks::numeric / st.impressions END)`,
  roas: sql`(CASE WHEN st.spent_cents = 0 THEN 0 ELSE st.income_cents::numeric / st.spent_cents END)`,
};

/** What a person calls an ad: its headline, product, alt text or file name. */
const AD_NAME = sql`coalesce(nullif(a.headline, ''), pr.name, nullif(a.sku, ''), nullif(a.alt_text, ''), nullif(a.brand_name, ''),
  nullif(regexp_replace(coalesce(a.media_url, ''), '^.*/', ''), ''), 'Anúncio ' || a.id)`;

/**
 * The reports' SQL: every sum, grouping and ordering runs in the database over the rollups
 * (rm_daily_stats, rm_hourly_stats, rm_request_stats), always inside a ReportScope.
 */
/**
 * Campaigns of one advertiser in the scope that overlap the period or served in it (`v`), with the
 * sums that `sums` defines over them, from whichever engine counted them: `per` (campaign_id and the
 * period's sums, a row only for a campaign that served) and `life` (campaign_id, consumed_cents,
 * spent_today_cents); and the wallet at the campaign's publisher.
 */
export function campaignStatesWith(db: Db, r: ReportScope, p: Period, sums: Prisma.Sql) {
  return db.$queryRaw<CampaignStateRow[]>`
    WITH v AS (
      SELECT c.id, c.name, c.ad_type, c.active, c.start_at, c.end_at, c.canceled_at, c.daily_budget_cents, c.total_budget_cents,
             c.publisher_id, c.advertiser_id
        FROM campaigns c WHERE ${scopeSql(r, 'c')} AND c.deleted_at IS NULL
    ),
    ${sums}
    SELECT v.id, v.name, v.ad_type::text AS ad_type, v.active, v.start_at, v.end_at, v.canceled_at, v.daily_budget_cents,
           v.total_budget_cents, pub.name AS publisher_name, w.balance_cents AS wallet_cents,
           per.impressions, per.views, per.clicks, per.conversions, per.income_cents, per.spent_cents,
           life.spent_today_cents, life.consumed_cents
      FROM v JOIN accounts pub ON pub.id = v.publisher_id
      LEFT JOIN wallets w ON w.publisher_id = v.publisher_id AND w.advertiser_id = v.advertiser_id
      LEFT JOIN per ON per.campaign_id = v.id LEFT JOIN life ON life.campaign_id = v.id
     WHERE per.campaign_id IS NOT NULL
        OR (v.start_at < ${dayEndSql(p.end)} AND (v.end_at IS NULL OR v.end_at >= ${dayStartSql(p.start)})
            AND (v.canceled_at IS NULL OR v.canceled_at >= ${dayStartSql(p.start)}))
     ORDER BY lower(v.name), v.id`;
}
/**
 * One row per advertiser with serving (`stats`: advertiser_id and the sums, from whichever engine
 * counted them) or a campaign active at `now`, with its name and its wallets summed over the scope.
 */
export function advertisersWith(db: Db, r: ReportScope, now: Date, stats: Prisma.Sql) {
  return db.$queryRaw<Array<StatSumRow & { id: number; name: string; active_campaigns: number; wallet_cents: bigint | null }>>`
    WITH st AS (${stats}),
    ac AS (
      SELECT c.advertiser_id, count(*)::int AS active FROM campaigns c
       WHERE ${scopeSql(r, 'c')} AND c.deleted_at IS NULL AND ${campaignStatusSql(now)} = 'active' GROUP BY c.advertiser_id
    ),
    w AS (SELECT w.advertiser_id, sum(w.balance_cents)::bigint AS cents FROM wallets w WHERE ${scopeSql(r, 'w')} GROUP BY w.advertiser_id),
    ids AS (SELECT advertiser_id FROM st UNION SELECT advertiser_id FROM ac)
    SELECT acc.id, acc.name, st.impressions, st.views, st.clicks, st.conversions, st.income_cents, st.spent_cents,
           coalesce(ac.active, 0)::int AS active_campaigns, w.cents AS wallet_cents
      FROM ids JOIN accounts acc ON acc.id = ids.advertiser_id
      LEFT JOIN st ON st.advertiser_id = acc.id LEFT JOIN ac ON ac.advertiser_id = acc.id LEFT JOIN w ON w.advertiser_id = acc.id
     ORDER BY coalesce(st.spent_cents, 0) DESC, acc.name, acc.id`;
}

export function createRmReportsRepo(db: Db) {
  /** Sums of rm_daily_stats in the period grouped by `key` (a SQL expression), from `from` (joins allowed). */
  const dailyBy = (key: Prisma.Sql, r: ReportScope, p: Period, from = sql`rm_daily_stats s`) =>
    db.$queryRaw<Array<StatSumRow & { key: string }>>`
      SELECT ${key} AS key, ${SUMS} FROM ${from} WHERE ${dailyWhere(r, p)} GROUP BY 1 ORDER BY spent_cents DESC, 1`;

  return {
    async totals(r: ReportScope, p: Period): Promise<StatSums> {
      const rows = await db.$queryRaw<StatSumRow[]>`SELECT ${SUMS} FROM rm_daily_stats s WHERE ${dailyWhere(r, p)}`;
      return sumsOf(rows[0]!);
    },

    async byDay(r: ReportScope, p: Period): Promise<Map<string, StatSums>> {
      const rows = await dailyBy(sql`to_char(s.day, 'YYYY-MM-DD')`, r, p);
      return new Map(rows.map((row) => [row.key, sumsOf(row)]));
    },

    byAdType: (r: ReportScope, p: Period) => dailyBy(sql`a.ad_type::text`, r, p, sql`rm_daily_stats s JOIN ads a ON a.id = s.ad_id`),
    byContext: (r: ReportScope, p: Period) => dailyBy(sql`s.context`, r, p),

    /** rm_hourly_stats summed by hour of the São Paulo day (0–23), and over the whole period. */
    async byHourOfDay(r: ReportScope, p: Period): Promise<{ hours: Map<number, StatSums>; total: StatSums }> {
      const rows = await db.$queryRaw<Array<StatSumRow & { hour: number | null }>>`
        SELECT extract(hour FROM s.hour AT TIME ZONE ${BUSINESS_TZ})::int AS hour, ${SUMS}
          FROM rm_hourly_stats s WHERE ${hourlyWhere(r, p)} GROUP BY ROLLUP (1)`;
      const total = rows.find((row) => row.hour === null);
      return {
        hours: new Map(rows.filter((row) => row.hour !== null).map((row) => [row.hour!, sumsOf(row)])),
        total: total ? sumsOf(total) : ZERO_SUMS,
      };
    },

    /** rm_hourly_stats hour by hour, only hours with rows, in order. */
    async hourSeries(r: ReportScope, p: Period): Promise<Array<StatSums & { hour: Date }>> {
      const rows = await db.$queryRaw<Array<StatSumRow & { hour: Date }>>`
        SELECT s.hour, ${SUMS} FROM rm_hourly_stats s WHERE ${hourlyWhere(r, p)} GROUP BY s.hour ORDER BY s.hour`;
      return rows.map((row) => ({ hour: row.hour, ...sumsOf(row) }));
    },

    /** One row per advertiser with serving in the period or a campaign active at `now`; wallets summed over the scope. */
    advertisers: (r: ReportScope, p: Period, now: Date) =>
      advertisersWith(db, r, now, sql`SELECT s.advertiser_id, ${SUMS} FROM rm_daily_stats s WHERE ${dailyWhere(r, p)} GROUP BY s.advertiser_id`),

    /** Sums per São Paulo day, publisher and advertiser. */
    dailyConsolidation(r: ReportScope, p: Period) {
      return db.$queryRaw<Array<StatSumRow & { day: string; publisher_id: number; publisher_name: string; advertiser_id: number; advertiser_name: string }>>`
        SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.publisher_id, pub.name AS publisher_name, s.advertiser_id, adv.name AS advertiser_name, ${SUMS}
          FROM rm_daily_stats s JOIN accounts pub ON pub.id = s.publisher_id JOIN accounts adv ON adv.id = s.advertiser_id
         WHERE ${dailyWhere(r, p)}
         GROUP BY s.day, s.publisher_id, pub.name, s.advertiser_id, adv.name
         ORDER BY s.day, pub.name, adv.name, s.publisher_id, s.advertiser_id`;
    },

    /** Ads that served in the period with their sums, ordered in SQL; every row when `page` is omitted. */
    async ads(r: ReportScope, p: Period, order: { by: AdOrderField; direction: 'asc' | 'desc' }, page?: { page: number; quantity: number }) {
      const dir = raw(order.direction === 'asc' ? 'ASC' : 'DESC');
      const limit = page ? sql`LIMIT ${page.quantity} OFFSET ${(page.page - 1) * page.quantity}` : sql``;
      const [rows, count] = await Promise.all([
        db.$queryRaw<
          Array<StatSumRow & { ad_id: number; ad_type: string; ad_name: string; campaign_id: number; campaign_name: string; advertiser_name: string; publisher_name: string }>
        >`
          WITH st AS (SELECT s.ad_id, ${SUMS} FROM rm_daily_stats s WHERE ${dailyWhere(r, p)} GROUP BY s.ad_id)
          SELECT st.*, a.ad_type::text AS ad_type, ${AD_NAME} AS ad_name, c.id AS campaign_id, c.name AS campaign_name,
                 adv.name AS advertiser_name, pub.name AS publisher_name
            FROM st JOIN ads a ON a.id = st.ad_id JOIN campaigns c ON c.id = a.campaign_id
            JOIN accounts adv ON adv.id = c.advertiser_id JOIN accounts pub ON pub.id = c.publisher_id
            LEFT JOIN products pr ON pr.account_id = c.publisher_id AND pr.sku = a.sku
           ORDER BY ${ADS_ORDER[order.by]} ${dir}, a.id ${dir}
           ${limit}`,
        db.$queryRaw<Array<{ total: number }>>`SELECT count(DISTINCT s.ad_id)::int AS total FROM rm_daily_stats s WHERE ${dailyWhere(r, p)}`,
      ]);
      return { rows, total: count[0]?.total ?? 0 };
    },

    /** The advertiser's name, when it is one of the scope's advertisers (null otherwise). */
    async advertiserInScope(managed: number[], advertiserId: number) {
      if (managed.length === 0) return null;
      const rows = await db.$queryRaw<Array<{ id: number; name: string }>>`
        SELECT acc.id, acc.name FROM accounts acc
         WHERE acc.id = ${advertiserId}
           AND (EXISTS (SELECT 1 FROM advertiser_links l WHERE l.advertiser_id = acc.id AND l.publisher_id IN (${join(managed)}))
             OR EXISTS (SELECT 1 FROM campaigns c WHERE c.advertiser_id = acc.id AND c.publisher_id IN (${join(managed)})))`;
      return rows[0] ?? null;
    },

    accountName: (id: number) => db.account.findUnique({ where: { id }, select: { id: true, name: true } }),

    /**
     * Campaigns of one advertiser in the scope that overlap the period or served in it, with the
     * period's sums, today's and lifetime spend, and the wallet at the campaign's publisher.
     */
    campaignStates(r: ReportScope, p: Period, today: string) {
      return campaignStatesWith(
        db,
        r,
        p,
        sql`per AS (SELECT s.campaign_id, ${SUMS} FROM rm_daily_stats s JOIN v ON v.id = s.campaign_id
                     WHERE s.day BETWEEN ${p.start}::date AND ${p.end}::date GROUP BY s.campaign_id),
            life AS (SELECT s.campaign_id, sum(s.spent_cents)::bigint AS consumed_cents,
                            coalesce(sum(s.spent_cents) FILTER (WHERE s.day = ${today}::date), 0)::bigint AS spent_today_cents
                       FROM rm_daily_stats s JOIN v ON v.id = s.campaign_id GROUP BY s.campaign_id)`,
      );
    },

    /** Sum of the advertiser's wallet balances on the scope's publishers. */
    async walletBalance(r: ReportScope): Promise<bigint> {
      const rows = await db.$queryRaw<Array<{ cents: bigint }>>`
        SELECT coalesce(sum(w.balance_cents), 0)::bigint AS cents FROM wallets w WHERE ${scopeSql(r, 'w')}`;
      return rows[0]?.cents ?? 0n;
    },

    /**
     * rm_request_stats and the revenue (spend in rm_daily_stats) of managed inventory, summed per
     * São Paulo day, per (placement, context) and over the whole period (`level`).
     */
    opportunity(publishers: number[], p: Period) {
      if (publishers.length === 0) return Promise.resolve([]);
      return db.$queryRaw<Array<OpportunityRow & { level: 'day' | 'row' | 'total'; day: string | null; placement: string | null; context: string | null }>>`
        WITH req AS (
          SELECT (r.hour AT TIME ZONE ${BUSINESS_TZ})::date AS day, r.placement, r.context,
                 sum(r.requests) AS requests, sum(r.filled) AS filled, sum(r.unfilled) AS unfilled,
                 sum(r.ads_requested) AS ads_requested, sum(r.ads_returned) AS ads_returned
            FROM rm_request_stats r
           WHERE r.publisher_id IN (${join(publishers)}) AND r.hour >= ${dayStartSql(p.start)} AND r.hour < ${dayEndSql(p.end)}
           GROUP BY 1, 2, 3
        ),
        rev AS (
          SELECT s.day, s.placement, s.context, sum(s.spent_cents) AS revenue_cents
            FROM rm_daily_stats s
           WHERE s.publisher_id IN (${join(publishers)}) AND s.day BETWEEN ${p.start}::date AND ${p.end}::date AND ${LIVE_CAMPAIGN}
           GROUP BY 1, 2, 3
        ),
        cell AS (
          SELECT coalesce(req.day, rev.day) AS day, coalesce(req.placement, rev.placement) AS placement,
                 coalesce(req.context, rev.context) AS context, coalesce(req.requests, 0) AS requests, coalesce(req.filled, 0) AS filled,
                 coalesce(req.unfilled, 0) AS unfilled, coalesce(req.ads_requested, 0) AS ads_requested,
                 coalesce(req.ads_returned, 0) AS ads_returned, coalesce(rev.revenue_cents, 0) AS revenue_cents
            FROM req FULL JOIN rev ON rev.day = req.day AND rev.placement = req.placement AND rev.context = req.context
        )
        SELECT CASE WHEN grouping(day) = 0 THEN 'day' WHEN grouping(placement) = 0 THEN 'row' ELSE 'total' END AS level,
               CASE WHEN grouping(day) = 0 THEN to_char(day, 'YYYY-MM-DD') END AS day,
               CASE WHEN grouping(placement) = 0 THEN placement END AS placement,
               CASE WHEN grouping(context) = 0 THEN context END AS context,
               sum(requests)::bigint AS requests, sum(filled)::bigint AS filled, sum(unfilled)::bigint AS unfilled,
               sum(ads_requested)::bigint AS ads_requested, sum(ads_returned)::bigint AS ads_returned,
               sum(revenue_cents)::bigint AS revenue_cents
          FROM cell
         GROUP BY GROUPING SETS ((day), (placement, context), ())
         ORDER BY 1, 2, 3, 4`;
    },
  };
}

export type RmReportsRepo = ReturnType<typeof createRmReportsRepo>;
