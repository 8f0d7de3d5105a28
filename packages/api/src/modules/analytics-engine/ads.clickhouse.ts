import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { BUSINESS_TZ } from '../../lib/business-day.ts';
import { sumsOf, type StatSumRow } from '../campaigns/campaign-metrics.ts';
import { advertisersWith, campaignStatesWith, createRmReportsRepo, scopeSql, type AdOrderField, type OpportunityRow, type Period, type ReportScope, type RmReportsRepo } from '../rm-reports/rm-reports.repo.ts';
import type { ChParams, ClickHouse } from './clickhouse.ts';
import { pagesOf, type OutboxStream } from './outbox.ts';

const { sql, join, raw } = Prisma;

/** A batch sent again is recognised by its token within this many recent blocks of each table (as clickhouse-schema.ts). */
const DEDUPLICATED = 'SETTINGS non_replicated_deduplication_window = 10000';

const AD_KEY = 'publisher_id UInt32, advertiser_id UInt32, campaign_id UInt32, ad_id UInt32, placement LowCardinality(String), context LowCardinality(String)';
const AD_SUMS = 'stat_rows Int64, impressions Int64, views Int64, clicks Int64, conversions Int64, items_sold Int64, income_cents Int64, spent_cents Int64';
const AD_COLUMNS = 'publisher_id, advertiser_id, campaign_id, ad_id, placement, context, stat_rows, impressions, views, clicks, conversions, items_sold, income_cents, spent_cents';
const REQUEST_SUMS = 'requests Int64, filled Int64, unfilled Int64, ads_requested Int64, ads_returned Int64';

/**
 * The retail-media tables: every change of PostgreSQL's ad-serving rollups as it was sent (ad_facts,
 * the raw log: one row per rollup key and statement, see the ads_outbox migration), and the rollups
 * ClickHouse keeps from it by materialised views (SummingMergeTree: every read sums by its key;
 * `stat_rows` is how many PostgreSQL rows the key has, so a key PostgreSQL holds with zero sums is still listed).
 *   ad_daily          rm_daily_stats: São Paulo day × ad × placement × context
 *   ad_monthly        the same by month: a period's whole months are read from it (a year: a tenth of the rows)
 *   ad_hourly         rm_hourly_stats: UTC hour × ad × placement × context
 *   ad_products_daily rm_product_daily_stats: day × campaign × SKU (attributed sales)
 *   ad_requests       rm_request_stats: UTC hour × publisher × placement × context (decision requests)
 */
export function adsSchema(ch: ClickHouse): string[] {
  const t = ch.table.bind(ch);
  const view = (name: string, target: string, select: string) => `CREATE MATERIALIZED VIEW IF NOT EXISTS ${t(name)} TO ${t(target)} AS ${select}`;
  return [
    `CREATE TABLE IF NOT EXISTS ${t('ad_facts')} (
       kind Enum8('daily' = 1, 'hourly' = 2, 'product' = 3, 'request' = 4), day Date, hour DateTime('UTC'), ${AD_KEY}, sku String,
       ${AD_SUMS}, ${REQUEST_SUMS}
     ) ENGINE = MergeTree ORDER BY (kind, publisher_id, day) ${DEDUPLICATED}`,
    `CREATE TABLE IF NOT EXISTS ${t('ad_daily')} (day Date, ${AD_KEY}, ${AD_SUMS})
       ENGINE = SummingMergeTree ORDER BY (publisher_id, day, advertiser_id, campaign_id, ad_id, placement, context) ${DEDUPLICATED}`,
    view('ad_daily_mv', 'ad_daily', `SELECT day, ${AD_COLUMNS} FROM ${t('ad_facts')} WHERE kind = 'daily'`),
    `CREATE TABLE IF NOT EXISTS ${t('ad_monthly')} (month Date, ${AD_KEY}, ${AD_SUMS})
       ENGINE = SummingMergeTree ORDER BY (publisher_id, month, advertiser_id, campaign_id, ad_id, placement, context) ${DEDUPLICATED}`,
    view('ad_monthly_mv', 'ad_monthly', `SELECT toStartOfMonth(day) AS month, ${AD_COLUMNS} FROM ${t('ad_facts')} WHERE kind = 'daily'`),
    `CREATE TABLE IF NOT EXISTS ${t('ad_hourly')} (hour DateTime('UTC'), ${AD_KEY}, ${AD_SUMS})
       ENGINE = SummingMergeTree ORDER BY (publisher_id, hour, advertiser_id, campaign_id, ad_id, placement, context) ${DEDUPLICATED}`,
    view('ad_hourly_mv', 'ad_hourly', `SELECT hour, ${AD_COLUMNS} FROM ${t('ad_facts')} WHERE kind = 'hourly'`),
    `CREATE TABLE IF NOT EXISTS ${t('ad_products_daily')} (campaign_id UInt32, day Date, sku String, stat_rows Int64, conversions Int64, items_sold Int64, income_cents Int64)
       ENGINE = SummingMergeTree ORDER BY (campaign_id, day, sku) ${DEDUPLICATED}`,
    view(
      'ad_products_daily_mv',
      'ad_products_daily',
      `SELECT campaign_id, day, sku, stat_rows, conversions, items_sold, income_cents FROM ${t('ad_facts')} WHERE kind = 'product'`,
    ),
    `CREATE TABLE IF NOT EXISTS ${t('ad_requests')} (publisher_id UInt32, hour DateTime('UTC'), placement LowCardinality(String), context LowCardinality(String),
       stat_rows Int64, ${REQUEST_SUMS})
       ENGINE = SummingMergeTree ORDER BY (publisher_id, hour, placement, context) ${DEDUPLICATED}`,
    view(
      'ad_requests_mv',
      'ad_requests',
      `SELECT publisher_id, hour, placement, context, stat_rows, requests, filled, unfilled, ads_requested, ads_returned FROM ${t('ad_facts')} WHERE kind = 'request'`,
    ),
  ];
}

/** The tables holding what the ads stream delivered (emptied before a full load). */
export const ADS_TABLES = ['ad_facts', 'ad_daily', 'ad_monthly', 'ad_hourly', 'ad_products_daily', 'ad_requests'];

/** Each kind of the stream's rows and the PostgreSQL rollup it mirrors. */
const ROLLUPS = { daily: 'rm_daily_stats', hourly: 'rm_hourly_stats', product: 'rm_product_daily_stats', request: 'rm_request_stats' } as const;

/**
 * The ads stream: every change of the ad-serving rollups (their triggers, rm_stats_to_outbox), and
 * every rollup row so far for a new sink.
 */
export function adsStream(ch: ClickHouse): OutboxStream {
  return {
    name: 'ads',
    table: 'ad_facts',
    tables: ADS_TABLES,
    schema: adsSchema(ch),
    async load(tx, each) {
      // The shipper holds off the events' and conversions' writers; the rollups also have others
      // (decision request counters, direct writes): each is in this load or, after the sink is registered, in the outbox.
      await tx.$executeRaw`LOCK TABLE rm_daily_stats, rm_hourly_stats, rm_product_daily_stats, rm_request_stats IN SHARE MODE`;
      for (const [kind, table] of Object.entries(ROLLUPS)) {
        const [query] = await tx.$queryRaw<Array<{ text: string }>>`SELECT ads_facts_sql(${kind}, ${`SELECT 1 AS sign, * FROM ${table}`}) AS text`;
        await pagesOf(tx, query!.text, each);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The retail-media reports' reads

const SUM_NAMES = ['impressions', 'views', 'clicks', 'conversions', 'income_cents', 'spent_cents'] as const;
/** A report's sums as ClickHouse returns them (64-bit integers as strings). */
type ChSums = Record<(typeof SUM_NAMES)[number], string>;
const SUMS = SUM_NAMES.map((c) => `sum(${c}) AS ${c}`).join(', ');
/** The sums' columns of a jsonb_to_recordset of ClickHouse rows. */
const SUM_COLUMNS = raw(SUM_NAMES.map((c) => `${c} bigint`).join(', '));
const PG_SUMS = raw(SUM_NAMES.map((c) => `coalesce(sum(st.${c}), 0)::bigint AS ${c}`).join(', '));
const statRow = (r: ChSums): Required<{ [K in keyof StatSumRow]: bigint }> => ({
  impressions: BigInt(r.impressions),
  views: BigInt(r.views),
  clicks: BigInt(r.clicks),
  conversions: BigInt(r.conversions),
  income_cents: BigInt(r.income_cents),
  spent_cents: BigInt(r.spent_cents),
});
/** Rows ClickHouse summed, as a relation `st` of PostgreSQL (`columns`: its other columns' definitions). */
const recordset = (rows: object[], columns: string) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS st(${raw(columns)}, ${SUM_COLUMNS})`;

/** A key PostgreSQL holds a row for (a key whose rows were all taken away sums to zero everywhere). */
const HELD = 'sum(stat_rows) > 0';
const DAYS = 'day BETWEEN {start:Date} AND {end:Date}';
const HOURS = `hour >= toDateTime({start:Date}, '${BUSINESS_TZ}') AND hour < toDateTime({end:Date} + 1, '${BUSINESS_TZ}')`;

const AD_ORDER: Record<AdOrderField, string> = {
  impressions: 'sum(impressions)',
  clicks: 'sum(clicks)',
  conversions: 'sum(conversions)',
  income: 'sum(income_cents)',
  total_spent: 'sum(spent_cents)',
  ctr: 'if(sum(impressions) = 0, 0, sum(clicks) / sum(impressions))',
  roas: 'if(sum(spent_cents) = 0, 0, sum(income_cents) / sum(spent_cents))',
};

/** What a person calls an ad (as rm-reports.repo): its headline, product, alt text or file name. */
const AD_NAME = sql`coalesce(nullif(a.headline, ''), pr.name, nullif(a.sku, ''), nullif(a.alt_text, ''), nullif(a.brand_name, ''),
  nullif(regexp_replace(coalesce(a.media_url, ''), '^.*/', ''), ''), 'Anúncio ' || a.id)`;

/**
 * A ReportScope outside its deleted campaigns as a WHERE clause over ad_daily / ad_hourly (scopeSql's
 * twin), with its bound parameters.
 */
export function scopeWhere(r: ReportScope, deleted: number[]): { where: string; params: ChParams } {
  const params: ChParams = {};
  const visible: string[] = [];
  if (r.managed.length) {
    visible.push('publisher_id IN {managed:Array(UInt32)}');
    params.managed = r.managed;
  }
  if (r.linked.length) {
    visible.push('(advertiser_id = {caller:UInt32} AND publisher_id IN {linked:Array(UInt32)})');
    Object.assign(params, { caller: r.callerId, linked: r.linked });
  }
  const conditions = [visible.length ? `(${visible.join(' OR ')})` : '0'];
  if (r.publisherId) {
    conditions.push('publisher_id = {publisher:UInt32}');
    params.publisher = r.publisherId;
  }
  if (r.advertiserId) {
    conditions.push('advertiser_id = {advertiser:UInt32}');
    params.advertiser = r.advertiserId;
  }
  if (deleted.length) {
    conditions.push('campaign_id NOT IN {deleted:Array(UInt32)}');
    params.deleted = deleted;
  }
  return { where: conditions.join(' AND '), params };
}

/** scopeWhere over the São Paulo days of a period: ad_daily's days, or ad_hourly's hours from the first day's midnight to the last's. */
export function periodWhere(r: ReportScope, deleted: number[], p: Period, grain: 'day' | 'hour' = 'day') {
  const scope = scopeWhere(r, deleted);
  return { where: `${scope.where} AND ${grain === 'day' ? DAYS : HOURS}`, params: { ...scope.params, start: p.start, end: p.end } };
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The day number of the first day of the month `months` after the one of day number `n`. */
const monthAfter = (n: number, months: number) => {
  const d = new Date(n * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / DAY_MS;
};

/**
 * How a period's days are read with the fewest rows: calendar months of ad_monthly (`months`, first
 * days of the first and last), less the days of those months outside the period (`minus`), plus the
 * days of the months mostly outside it (`plus`); day ranges of ad_daily, both days included. A year
 * to today: thirteen months, the first month's days before the period taken away (or its days in it
 * added), and this month's days to come (none yet) taken away.
 */
export function spanOf(p: Period): { months: [string, string] | null; plus: Array<[string, string]>; minus: Array<[string, string]> } {
  const start = dayNumber(p.start);
  const end = dayNumber(p.end);
  const months: number[] = [];
  const plus: Array<[string, string]> = [];
  const minus: Array<[string, string]> = [];
  for (let first = monthAfter(start, 0); first <= end; first = monthAfter(first, 1)) {
    const last = monthAfter(first, 1) - 1;
    const from = Math.max(first, start);
    const to = Math.min(last, end);
    const inside = to - from + 1;
    if (inside <= last - first + 1 - inside) {
      plus.push([dayText(from), dayText(to)]);
      continue;
    }
    months.push(first);
    if (from > first) minus.push([dayText(first), dayText(from - 1)]);
    if (to < last) minus.push([dayText(to + 1), dayText(last)]);
  }
  // The months read are contiguous: every month wholly inside the period, and maybe the first and last.
  return { months: months.length ? [dayText(months[0]!), dayText(months.at(-1)!)] : null, plus, minus };
}

const SPAN_KEY = 'publisher_id, advertiser_id, campaign_id, ad_id, placement, context';
const SPAN_SUMS = ['stat_rows', ...SUM_NAMES];

/**
 * ad_daily's rows of a scope over a period as a subquery (ad_daily's columns but `day`), read as
 * spanOf says: the same sums from far fewer rows over months.
 */
export function periodSpan(ch: ClickHouse, r: ReportScope, deleted: number[], p: Period): { from: string; params: ChParams } {
  const { where, params } = scopeWhere(r, deleted);
  const span = spanOf(p);
  const days = (name: string, ranges: Array<[string, string]>) =>
    ranges
      .map(([from, to], i) => {
        Object.assign(params, { [`${name}${i}_from`]: from, [`${name}${i}_to`]: to });
        return `day BETWEEN {${name}${i}_from:Date} AND {${name}${i}_to:Date}`;
      })
      .join(' OR ');
  const branches: string[] = [];
  if (span.months) {
    Object.assign(params, { months_from: span.months[0], months_to: span.months[1] });
    branches.push(`SELECT ${SPAN_KEY}, ${SPAN_SUMS.join(', ')} FROM ${ch.table('ad_monthly')} WHERE ${where} AND month BETWEEN {months_from:Date} AND {months_to:Date}`);
  }
  if (span.plus.length) branches.push(`SELECT ${SPAN_KEY}, ${SPAN_SUMS.join(', ')} FROM ${ch.table('ad_daily')} WHERE ${where} AND (${days('plus', span.plus)})`);
  // After the months' branch, which names the columns.
  if (span.minus.length) branches.push(`SELECT ${SPAN_KEY}, ${SPAN_SUMS.map((c) => `-${c}`).join(', ')} FROM ${ch.table('ad_daily')} WHERE ${where} AND (${days('minus', span.minus)})`);
  return { from: `(${branches.join('\n UNION ALL ')})`, params };
}

/**
 * The statements of the reports whose cost grows with the serving counted, over a periodSpan (`from`)
 * or a WHERE clause: what the ClickHouse reports repo runs, and what bench/ad-events-clickhouse.ts times.
 */
export function reportSql(ch: ClickHouse) {
  const t = ch.table.bind(ch);
  return {
    /** The period's sums. */
    totals: (from: string) => `SELECT ${SUMS} FROM ${from}`,
    /** The rows summed by `groupBy` (selected as `columns`), keys PostgreSQL holds only. */
    sumsBy: (from: string, columns: string, groupBy: string, order = '') => `SELECT ${columns}, ${SUMS} FROM ${from} GROUP BY ${groupBy} HAVING ${HELD} ${order}`,
    /** The ads report's page: ads ordered by a metric, then by id (LIMIT {limit} OFFSET {offset} when paged), each with how many there are. */
    adsPage: (from: string, order: { by: AdOrderField; direction: 'asc' | 'desc' }, paged: boolean) => {
      const dir = order.direction === 'asc' ? 'ASC' : 'DESC';
      return `SELECT ad_id, ${SUMS}, count() OVER () AS total FROM ${from} GROUP BY ad_id HAVING ${HELD}
               ORDER BY ${AD_ORDER[order.by]} ${dir}, ad_id ${dir}${paged ? ' LIMIT {limit:UInt32} OFFSET {offset:UInt32}' : ''}`;
    },
    /** How many ads the ads report lists (for a page past the last). */
    adsCount: (from: string) => `SELECT count() AS total FROM (SELECT ad_id FROM ${from} GROUP BY ad_id HAVING ${HELD})`,
    /** Each campaign's sums over the period (`from`), its lifetime spend (ad_monthly) and its spend on {today} (`where`: the scope's). */
    campaignSums: (from: string, where: string) => {
      const none = SUM_NAMES.map(() => '0').join(', ');
      return `SELECT campaign_id, sum(p_rows) AS period_rows, ${SUM_NAMES.map((c) => `sum(p_${c}) AS ${c}`).join(', ')},
                     sum(life_spent) AS consumed_cents, sum(today_spent) AS spent_today_cents
                FROM (
                  SELECT campaign_id, stat_rows AS p_rows, ${SUM_NAMES.map((c) => `${c} AS p_${c}`).join(', ')},
                         toInt64(0) AS life_rows, toInt64(0) AS life_spent, toInt64(0) AS today_spent FROM ${from}
                  UNION ALL
                  SELECT campaign_id, 0, ${none}, stat_rows, spent_cents, 0 FROM ${t('ad_monthly')} WHERE ${where}
                  UNION ALL
                  SELECT campaign_id, 0, ${none}, 0, 0, spent_cents FROM ${t('ad_daily')} WHERE ${where} AND day = {today:Date}
                )
               GROUP BY campaign_id HAVING sum(life_rows) > 0`;
    },
    /** ad_hourly by hour of the São Paulo day. */
    hourOfDay: (where: string) =>
      `SELECT toHour(hour, '${BUSINESS_TZ}') AS h, ${SUMS} FROM ${t('ad_hourly')} WHERE ${where} GROUP BY h HAVING ${HELD} ORDER BY h`,
  };
}

/** The reports repo's reads as plain promises (the PostgreSQL one returns Prisma's, which the service only awaits). */
type RmReportsReads = { [K in keyof RmReportsRepo]: (...args: Parameters<RmReportsRepo[K]>) => Promise<Awaited<ReturnType<RmReportsRepo[K]>>> };
type OpportunityCell = Awaited<ReturnType<RmReportsRepo['opportunity']>>[number];
const OPPORTUNITY_SUMS = ['requests', 'filled', 'unfilled', 'ads_requested', 'ads_returned', 'revenue_cents'] as const;

/**
 * The retail-media reports over ClickHouse's rollups: the same answers as rm-reports.repo (PostgreSQL).
 * ClickHouse sums; what names, orders by name or joins campaigns and wallets is PostgreSQL's, given the
 * sums (jsonb_to_recordset). Reads of PostgreSQL data only are the PostgreSQL repo's. `caughtUp` runs
 * first: what PostgreSQL committed has been shipped.
 */
export function createClickHouseRmReportsRepo({ db, ch, caughtUp }: { db: Db; ch: ClickHouse; caughtUp: () => Promise<void> }): RmReportsRepo {
  const postgres = createRmReportsRepo(db);
  const t = ch.table.bind(ch);
  const q = reportSql(ch);

  /** The scope's deleted campaigns: they leave every report, their serving history included. */
  const deletedIn = async (scope: Prisma.Sql) =>
    (await db.$queryRaw<Array<{ id: number }>>`SELECT c.id FROM campaigns c WHERE c.deleted_at IS NOT NULL AND ${scope}`).map((c) => c.id);
  /** The scope's deleted campaigns, ClickHouse caught up meanwhile. */
  const deletedOf = async (r: ReportScope) => (await Promise.all([deletedIn(scopeSql(r, 'c')), caughtUp()]))[0];

  /** The scope's rows of the period (no days). */
  const span = async (r: ReportScope, p: Period) => periodSpan(ch, r, await deletedOf(r), p);
  /** ad_daily (or ad_hourly) of the scope and period summed by `groupBy`, selected as `columns`. */
  async function dailyBy<K extends object>(columns: string, groupBy: string, r: ReportScope, p: Period, order = '') {
    const { where, params } = periodWhere(r, await deletedOf(r), p);
    return ch.query<ChSums & K>(q.sumsBy(`${t('ad_daily')} WHERE ${where}`, columns, groupBy, order), params);
  }
  async function spanBy<K extends object>(columns: string, groupBy: string, r: ReportScope, p: Period, order = '') {
    const { from, params } = await span(r, p);
    return ch.query<ChSums & K>(q.sumsBy(from, columns, groupBy, order), params);
  }
  async function hourlyBy<K extends object>(columns: string, groupBy: string, r: ReportScope, p: Period, order = '') {
    const { where, params } = periodWhere(r, await deletedOf(r), p, 'hour');
    return ch.query<ChSums & K>(q.sumsBy(`${t('ad_hourly')} WHERE ${where}`, columns, groupBy, order), params);
  }

  const reads: RmReportsReads = {
    async totals(r, p) {
      const { from, params } = await span(r, p);
      const [row] = await ch.query<ChSums>(q.totals(from), params);
      return sumsOf(statRow(row!));
    },

    async byDay(r, p) {
      const rows = await dailyBy<{ key: string }>('toString(day) AS key', 'day', r, p, 'ORDER BY sum(spent_cents) DESC, key');
      return new Map(rows.map((row) => [row.key, sumsOf(statRow(row))]));
    },

    async byAdType(r, p) {
      const perAd = await spanBy<{ ad_id: number }>('ad_id', 'ad_id', r, p);
      if (perAd.length === 0) return [];
      return db.$queryRaw<Array<StatSumRow & { key: string }>>`
        SELECT a.ad_type::text AS key, ${PG_SUMS} FROM ${recordset(perAd, 'ad_id int')} JOIN ads a ON a.id = st.ad_id
         GROUP BY 1 ORDER BY spent_cents DESC, 1`;
    },

    async byContext(r, p) {
      const rows = await spanBy<{ key: string }>('context AS key', 'context', r, p, 'ORDER BY sum(spent_cents) DESC, key');
      return rows.map((row) => ({ key: row.key, ...statRow(row) }));
    },

    async byHourOfDay(r, p) {
      const { where, params } = periodWhere(r, await deletedOf(r), p, 'hour');
      const rows = await ch.query<ChSums & { h: number }>(q.hourOfDay(where), params);
      // PostgreSQL's ROLLUP: a grand total even over no rows.
      const zero = { impressions: 0n, views: 0n, clicks: 0n, conversions: 0n, income_cents: 0n, spent_cents: 0n };
      const total = rows.map(statRow).reduce((a, b) => ({
        impressions: a.impressions + b.impressions,
        views: a.views + b.views,
        clicks: a.clicks + b.clicks,
        conversions: a.conversions + b.conversions,
        income_cents: a.income_cents + b.income_cents,
        spent_cents: a.spent_cents + b.spent_cents,
      }), zero);
      return { hours: new Map(rows.map((row) => [row.h, sumsOf(statRow(row))])), total: sumsOf(total) };
    },

    async hourSeries(r, p) {
      const rows = await hourlyBy<{ hour: string }>('hour', 'hour', r, p, 'ORDER BY hour');
      return rows.map((row) => ({ hour: new Date(`${row.hour.replace(' ', 'T')}Z`), ...sumsOf(statRow(row)) }));
    },

    async advertisers(r, p, now) {
      const perAdvertiser = await spanBy<{ advertiser_id: number }>('advertiser_id', 'advertiser_id', r, p);
      return advertisersWith(db, r, now, sql`SELECT * FROM ${recordset(perAdvertiser, 'advertiser_id int')}`);
    },

    async dailyConsolidation(r, p) {
      const cells = await dailyBy<{ day: string; publisher_id: number; advertiser_id: number }>(
        'toString(day) AS day, publisher_id, advertiser_id',
        'day, publisher_id, advertiser_id',
        r,
        p,
      );
      if (cells.length === 0) return [];
      return db.$queryRaw<Array<StatSumRow & { day: string; publisher_id: number; publisher_name: string; advertiser_id: number; advertiser_name: string }>>`
        SELECT st.day, st.publisher_id, pub.name AS publisher_name, st.advertiser_id, adv.name AS advertiser_name,
               st.impressions, st.views, st.clicks, st.conversions, st.income_cents, st.spent_cents
          FROM ${recordset(cells, 'day text, publisher_id int, advertiser_id int')}
          JOIN accounts pub ON pub.id = st.publisher_id JOIN accounts adv ON adv.id = st.advertiser_id
         ORDER BY st.day, pub.name, adv.name, st.publisher_id, st.advertiser_id`;
    },

    async ads(r, p, order, page) {
      const { from, params } = await span(r, p);
      const paging = page ? { limit: page.quantity, offset: (page.page - 1) * page.quantity } : {};
      const perAd = await ch.query<ChSums & { ad_id: number; total: string }>(q.adsPage(from, order, page !== undefined), { ...params, ...paging });
      if (perAd.length === 0) {
        const [count] = page && page.page > 1 ? await ch.query<{ total: string }>(q.adsCount(from), params) : [];
        return { rows: [], total: Number(count?.total ?? 0) };
      }
      const total = Number(perAd[0]!.total);
      // The page in ClickHouse's order; each ad's names from PostgreSQL.
      const rows = await db.$queryRaw<
        Array<StatSumRow & { ad_id: number; ad_type: string; ad_name: string; campaign_id: number; campaign_name: string; advertiser_name: string; publisher_name: string }>
      >`
        SELECT st.ad_id, st.impressions, st.views, st.clicks, st.conversions, st.income_cents, st.spent_cents,
               a.ad_type::text AS ad_type, ${AD_NAME} AS ad_name, c.id AS campaign_id, c.name AS campaign_name,
               adv.name AS advertiser_name, pub.name AS publisher_name
          FROM ${recordset(perAd.map((row, ord) => ({ ...row, ord })), 'ad_id int, ord int')}
          JOIN ads a ON a.id = st.ad_id JOIN campaigns c ON c.id = a.campaign_id
          JOIN accounts adv ON adv.id = c.advertiser_id JOIN accounts pub ON pub.id = c.publisher_id
          LEFT JOIN products pr ON pr.account_id = c.publisher_id AND pr.sku = a.sku
         ORDER BY st.ord`;
      return { rows, total };
    },

    advertiserInScope: (managed, advertiserId) => postgres.advertiserInScope(managed, advertiserId),
    accountName: (id) => postgres.accountName(id),
    walletBalance: (r) => postgres.walletBalance(r),

    async campaignStates(r, p, today) {
      const deleted = await deletedOf(r);
      const { from, params } = periodSpan(ch, r, deleted, p);
      const perCampaign = await ch.query<ChSums & { campaign_id: number; period_rows: string; consumed_cents: string; spent_today_cents: string }>(
        q.campaignSums(from, scopeWhere(r, deleted).where),
        { ...params, today },
      );
      const st = recordset(perCampaign, 'campaign_id int, period_rows bigint, consumed_cents bigint, spent_today_cents bigint');
      return campaignStatesWith(
        db,
        r,
        p,
        sql`st AS (SELECT * FROM ${st}),
            per AS (SELECT st.* FROM st WHERE st.period_rows > 0),
            life AS (SELECT st.campaign_id, st.consumed_cents, st.spent_today_cents FROM st)`,
      );
    },

    async opportunity(publishers, p) {
      if (publishers.length === 0) return [];
      const [deleted] = await Promise.all([deletedIn(sql`c.publisher_id IN (${join(publishers)})`), caughtUp()]);
      const live = deleted.length ? 'AND campaign_id NOT IN {deleted:Array(UInt32)}' : '';
      // A cell (São Paulo day, placement, context) of requests, of revenue (spend) or of both: PostgreSQL's FULL JOIN.
      const cells = await ch.query<Record<(typeof OPPORTUNITY_SUMS)[number], string> & { date: string; placement: string; context: string }>(
        `SELECT toString(day) AS date, placement, context, ${OPPORTUNITY_SUMS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
           FROM (
             SELECT toDate(hour, '${BUSINESS_TZ}') AS day, placement, context, stat_rows, requests, filled, unfilled, ads_requested, ads_returned,
                    toInt64(0) AS revenue_cents
               FROM ${t('ad_requests')} WHERE publisher_id IN {publishers:Array(UInt32)} AND ${HOURS}
             UNION ALL
             SELECT day, placement, context, stat_rows, 0, 0, 0, 0, 0, spent_cents
               FROM ${t('ad_daily')} WHERE publisher_id IN {publishers:Array(UInt32)} AND ${DAYS} ${live}
           )
          GROUP BY day, placement, context HAVING ${HELD}`,
        { publishers, start: p.start, end: p.end, ...(deleted.length ? { deleted } : {}) },
      );
      return opportunityLevels(cells);
    },
  };
  return reads as RmReportsRepo;
}

/** The opportunity report's cells summed per day, per (placement, context) and over all, in rm-reports.repo's order and shape. */
function opportunityLevels(cells: Array<Record<(typeof OPPORTUNITY_SUMS)[number], string> & { date: string; placement: string; context: string }>) {
  type Sums = Record<(typeof OPPORTUNITY_SUMS)[number], bigint>;
  const zero = (): Sums => ({ requests: 0n, filled: 0n, unfilled: 0n, ads_requested: 0n, ads_returned: 0n, revenue_cents: 0n });
  const days = new Map<string, Sums>();
  const rows = new Map<string, { placement: string; context: string; sums: Sums }>();
  const total = zero();
  for (const cell of cells) {
    const day = days.get(cell.date) ?? zero();
    days.set(cell.date, day);
    const key = `${cell.placement}\u0000${cell.context}`;
    const row = rows.get(key) ?? { placement: cell.placement, context: cell.context, sums: zero() };
    rows.set(key, row);
    for (const c of OPPORTUNITY_SUMS) {
      const n = BigInt(cell[c]);
      day[c] += n;
      row.sums[c] += n;
      total[c] += n;
    }
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const out: OpportunityCell[] = [
    ...[...days].sort(([a], [b]) => byText(a, b)).map(([day, sums]) => ({ level: 'day' as const, day, placement: null, context: null, ...sums })),
    ...[...rows.values()]
      .sort((a, b) => byText(a.placement, b.placement) || byText(a.context, b.context))
      .map((r) => ({ level: 'row' as const, day: null, placement: r.placement, context: r.context, ...r.sums })),
  ];
  // Over no cells PostgreSQL's grand total is a row of nulls.
  const none = Object.fromEntries(OPPORTUNITY_SUMS.map((c) => [c, null])) as unknown as OpportunityRow;
  out.push({ level: 'total', day: null, placement: null, context: null, ...(cells.length ? total : none) });
  return out;
}
