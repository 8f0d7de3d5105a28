import type { CampaignOrderField, CampaignStatus } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';
import type { RmScope } from '../retail-media/scope.ts';
import { campaignStatusSql } from './campaign-status.ts';
import { sumsOf, type StatSumRow, type StatSums } from './campaign-metrics.ts';

const { sql, join } = Prisma;

/** The list filters of spec §2 (status apart: the count groups by it). */
export interface CampaignFilters {
  rmid?: number;
  tag_id?: number;
  campaign_name?: string;
  ad_type?: string;
  campaign_targeting?: string;
  ad_status?: string;
  start_date?: string;
  end_date?: string;
}

export interface Period {
  start_date?: string;
  end_date?: string;
}

export interface ListedCampaign extends StatSums {
  id: number;
  consumedCents: bigint;
}

/** Campaigns the scope sees, as SQL over `campaigns c` (the same rule as scope.campaignWhere). */
function visibleSql(scope: RmScope): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (scope.managed.length) parts.push(sql`c.publisher_id IN (${join(scope.managed)})`);
  if (scope.linkedPublishers.length) {
    parts.push(sql`(c.advertiser_id = ${scope.caller.accountId} AND c.publisher_id IN (${join(scope.linkedPublishers)}))`);
  }
  return parts.length ? sql`c.deleted_at IS NULL AND (${join(parts, ' OR ')})` : sql`FALSE`;
}

function whereSql(scope: RmScope, f: CampaignFilters, now: Date, status?: CampaignStatus): Prisma.Sql {
  const conds = [visibleSql(scope)];
  if (f.rmid) conds.push(sql`(c.publisher_id = ${f.rmid} OR c.advertiser_id = ${f.rmid})`);
  if (f.tag_id) conds.push(sql`EXISTS (SELECT 1 FROM campaign_tag_links t WHERE t.campaign_id = c.id AND t.tag_id = ${f.tag_id})`);
  if (f.campaign_name) conds.push(sql`c.name ILIKE ${`%${likeLiteral(f.campaign_name)}%`}`);
  if (f.ad_type) conds.push(sql`c.ad_type::text = ${f.ad_type}`);
  if (f.campaign_targeting) conds.push(sql`c.targeting::text = ${f.campaign_targeting}`);
  if (f.ad_status) {
    conds.push(sql`EXISTS (SELECT 1 FROM ads a WHERE a.campaign_id = c.id AND a.deleted_at IS NULL AND a.status::text = ${f.ad_status})`);
  }
  if (status) conds.push(sql`${campaignStatusSql(now)} = ${status}`);
  return join(conds, ' AND ');
}

/** Days of rm_daily_stats-like tables `s` inside the period (whole life when open). */
function periodSql(p: Period, alias = 's'): Prisma.Sql {
  const day = Prisma.raw(`${alias}.day`);
  const conds = [sql`TRUE`];
  if (p.start_date) conds.push(sql`${day} >= ${p.start_date}::date`);
  if (p.end_date) conds.push(sql`${day} <= ${p.end_date}::date`);
  return join(conds, ' AND ');
}

const ORDER_SQL: Record<CampaignOrderField, Prisma.Sql> = {
  name: sql`lower(v.name)`,
  created_at: sql`v.created_at`,
  start_at: sql`v.start_at`,
  end_at: sql`v.end_at`,
  daily_budget: sql`v.daily_budget_cents`,
  impressions: sql`coalesce(p.impressions, 0)`,
  clicks: sql`coalesce(p.clicks, 0)`,
  total_spent: sql`coalesce(p.spent_cents, 0)`,
  income: sql`coalesce(p.income_cents, 0)`,
};

const SUMS = sql`sum(s.impressions)::bigint AS impressions, sum(s.views)::bigint AS views, sum(s.clicks)::bigint AS clicks,
  sum(s.conversions)::bigint AS conversions, sum(s.income_cents)::bigint AS income_cents, sum(s.spent_cents)::bigint AS spent_cents`;


/**
 * The campaign list and its metrics in SQL: filters, computed status, period sums of
 * rm_daily_stats and the ordering (metric fields too) all run in the database, so paging is exact.
 */
export function createCampaignStatsRepo(db: Db) {
  return {
    async list(
      scope: RmScope,
      f: CampaignFilters,
      status: CampaignStatus | undefined,
      order: { by: CampaignOrderField; direction: 'asc' | 'desc' },
      page: { page: number; quantity: number },
      now: Date,
    ): Promise<{ rows: ListedCampaign[]; total: number }> {
      const where = whereSql(scope, f, now, status);
      const dir = Prisma.raw(order.direction === 'asc' ? 'ASC' : 'DESC');
      const [rows, count] = await Promise.all([
        db.$queryRaw<Array<StatSumRow & { id: number; consumed_cents: bigint | null }>>`
          WITH v AS (
            SELECT c.id, c.name, c.created_at, c.start_at, c.end_at, c.daily_budget_cents FROM campaigns c WHERE ${where}
          ),
          p AS (
            SELECT s.campaign_id, ${SUMS} FROM rm_daily_stats s JOIN v ON v.id = s.campaign_id
             WHERE ${periodSql(f)} GROUP BY s.campaign_id
          ),
          l AS (
            SELECT s.campaign_id, sum(s.spent_cents)::bigint AS consumed_cents FROM rm_daily_stats s JOIN v ON v.id = s.campaign_id
             GROUP BY s.campaign_id
          )
          SELECT v.id, p.impressions, p.views, p.clicks, p.conversions, p.income_cents, p.spent_cents, l.consumed_cents
            FROM v LEFT JOIN p ON p.campaign_id = v.id LEFT JOIN l ON l.campaign_id = v.id
           ORDER BY ${ORDER_SQL[order.by]} ${dir}, v.id ${dir}
           LIMIT ${page.quantity} OFFSET ${(page.page - 1) * page.quantity}`,
        db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM campaigns c WHERE ${where}`,
      ]);
      return {
        rows: rows.map((r) => ({ id: r.id, ...sumsOf(r), consumedCents: r.consumed_cents ?? 0n })),
        total: count[0]?.total ?? 0,
      };
    },

    async countByStatus(scope: RmScope, f: CampaignFilters, now: Date): Promise<Map<CampaignStatus, number>> {
      const rows = await db.$queryRaw<Array<{ status: CampaignStatus; n: number }>>`
        SELECT ${campaignStatusSql(now)} AS status, count(*)::int AS n FROM campaigns c WHERE ${whereSql(scope, f, now)} GROUP BY 1`;
      return new Map(rows.map((r) => [r.status, r.n]));
    },

    /** Sums per campaign over the period (campaigns without rows are absent). */
    async totals(campaignIds: number[], p: Period = {}): Promise<Map<number, StatSums>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db.$queryRaw<Array<StatSumRow & { campaign_id: number }>>`
        SELECT s.campaign_id, ${SUMS} FROM rm_daily_stats s
         WHERE s.campaign_id IN (${join(campaignIds)}) AND ${periodSql(p)} GROUP BY s.campaign_id`;
      return new Map(rows.map((r) => [r.campaign_id, sumsOf(r)]));
    },

    /** Sums per São Paulo day of one campaign inside [from, to]; days without rows are absent. */
    async daily(campaignId: number, from: string, to: string): Promise<Map<string, StatSums>> {
      const rows = await db.$queryRaw<Array<StatSumRow & { day: string }>>`
        SELECT to_char(s.day, 'YYYY-MM-DD') AS day, ${SUMS} FROM rm_daily_stats s
         WHERE s.campaign_id = ${campaignId} AND ${periodSql({ start_date: from, end_date: to })} GROUP BY s.day`;
      return new Map(rows.map((r) => [r.day, sumsOf(r)]));
    },

    /** The campaign's products with the publisher's catalog data and their attributed sales in the period. */
    async products(
      campaignId: number,
      publisherId: number,
      p: Period,
      order: { by: 'conversions' | 'items_sold' | 'sales'; direction: 'asc' | 'desc' },
    ) {
      const dir = Prisma.raw(order.direction === 'asc' ? 'ASC' : 'DESC');
      const by = { conversions: sql`conversions`, items_sold: sql`items_sold`, sales: sql`income_cents` }[order.by];
      return db.$queryRaw<
        Array<{
          sku: string;
          active: boolean;
          name: string | null;
          image_url: string | null;
          categories: string[] | null;
          conversions: bigint;
          items_sold: bigint;
          income_cents: bigint;
        }>
      >`
        SELECT cp.sku, cp.active, pr.name, pr.image_url, pr.categories,
               coalesce(st.conversions, 0)::bigint AS conversions, coalesce(st.items_sold, 0)::bigint AS items_sold,
               coalesce(st.income_cents, 0)::bigint AS income_cents
          FROM campaign_products cp
          LEFT JOIN products pr ON pr.account_id = ${publisherId} AND pr.sku = cp.sku
          LEFT JOIN (
            SELECT s.sku, sum(s.conversions) AS conversions, sum(s.items_sold) AS items_sold, sum(s.income_cents) AS income_cents
              FROM rm_product_daily_stats s WHERE s.campaign_id = ${campaignId} AND ${periodSql(p)} GROUP BY s.sku
          ) st ON st.sku = cp.sku
         WHERE cp.campaign_id = ${campaignId}
         ORDER BY ${by} ${dir}, coalesce(pr.name, cp.sku) ASC`;
    },
  };
}

export type CampaignStatsRepo = ReturnType<typeof createCampaignStatsRepo>;
