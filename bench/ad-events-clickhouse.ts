// Retail-media reports on ClickHouse (issue: ad events in the analytics engine): with 100,000,000 ad
// events of one publisher over a year in embedded ClickHouse (chDB, in this process), the campaign
// report for the year — the ads report as ANALYTICS_ENGINE=clickhouse answers it — p95 ≤ 200 ms,
// timed beside a trivial query (`SELECT 1`) through the same client, in the same run.
//
//   node --import tsx bench/ad-events-clickhouse.ts        (BENCH_EVENTS=… for another count)
//
// chDB keeps its data in a directory of its own under /tmp, deleted at the end. The tables are the
// production ones (analytics-engine/ads.clickhouse.ts). The events are generated in ClickHouse by
// INSERT … SELECT over numbers(), in chunks of 10,000,000, into the raw table ad_facts, so that the
// materialised views roll them up into ad_daily, ad_monthly and ad_hourly as the outbox's inserts are
// (without insert deduplication: the outbox's batches carry a token, these chunks replay nothing): each
// counted event is a row of each rollup's kind, as countEvents' statements on rm_daily_stats and
// rm_hourly_stats send it when they touch a key once (its spend in the same row; stat_rows 1 on the
// first row of a key, as the row creating it in PostgreSQL). 2,000 campaigns of 200 advertisers with
// 3 ads each (6,000 ads, one placement each) serve every day of the 365: every ad's day receives about
// 46 events — 85% impressions (2–3 cents of CPM each), 10% views, 4.5% clicks (45 cents), 0.5%
// attributed conversions (1–3 items of R$ 12.90) — spread over the 24 hours. When the chunks are in,
// background merges are awaited (at most BENCH_MERGE_WAIT_S seconds, default 600) and the parts left
// recorded. Then, in turns, BENCH_RUNS times (default 100, after 5 warm-up turns):
//   - SELECT 1 (the baseline: the client's and chDB's own cost);
//   - the ads report of the year for the publisher (GET /report/ads: its totals, and the first page
//     of 20 ads by spend with their count, concurrently, as the service asks for them): the target;
//   - the advertiser-state report's campaign sums of the year for one advertiser (10 campaigns: the
//     year, the lifetime spend and today's);
//   - the hour-of-day report of the year (ad_hourly: 24 rows per ad and day), for reference.
// Only ClickHouse is timed: the names of the page's 20 ads come from PostgreSQL by id (about a
// millisecond). Writes bench/results/ad-events-clickhouse-<date>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { businessDate } from '../packages/api/src/lib/business-day.ts';
import { adsSchema, periodSpan, periodWhere, reportSql, scopeWhere } from '../packages/api/src/modules/analytics-engine/ads.clickhouse.ts';
import { chdbSession, createClickHouse, type ClickHouse } from '../packages/api/src/modules/analytics-engine/clickhouse.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000_000);
const CHUNK = 10_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 5;
const MERGE_WAIT_S = Number(process.env.BENCH_MERGE_WAIT_S ?? 600);
const P95_MS = 200;
const TARGET = 'ads report, year (totals + page of 20 by spend with the count)';
const PUBLISHER = 1;
const ADS = 6_000;
const DAYS = 365;
/** (ad, day) keys: event i falls on key (i × 7919) mod KEYS, a bijection, so events 0 … KEYS−1 open each key once. */
const KEYS = ADS * DAYS;

const DAY_MS = 86_400_000;
const end = businessDate(new Date());
const start = businessDate(new Date(Date.now() - (DAYS - 1) * DAY_MS));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** One chunk of events [from, from + n) into ad_facts: a daily and an hourly row each. */
function generate(ch: ClickHouse) {
  return `
    INSERT INTO ${ch.table('ad_facts')} (kind, day, hour, publisher_id, advertiser_id, campaign_id, ad_id, placement, context, stat_rows,
                                         impressions, views, clicks, conversions, items_sold, income_cents, spent_cents)
    SELECT if(daily, 'daily', 'hourly'), day, if(daily, toDateTime(0, 'UTC'), toTimeZone(at, 'UTC')), ${PUBLISHER}, intDiv(ad, 3) % 200 + 2, intDiv(ad, 3) + 1, ad + 1,
           ['search_top', 'category_shelf', 'home_banner', 'store_screen'][ad % 4 + 1], ['search', 'category', 'home', 'digital_signage'][ad % 4 + 1],
           if(daily, i < ${KEYS}, lap < 24), roll < 850, roll >= 850 AND roll < 950, roll >= 950 AND roll < 995, roll >= 995,
           if(roll >= 995, 1 + roll % 3, 0), if(roll >= 995, (1 + roll % 3) * 1290, 0), multiIf(roll < 850, 2 + i % 2, roll >= 950 AND roll < 995, 45, 0)
      FROM (
        SELECT number AS i, (number * 7919) % ${KEYS} AS k, k % ${ADS} AS ad, toDate({start:Date}) + intDiv(k, ${ADS}) AS day,
               intDiv(number, ${KEYS}) AS lap, toDateTime(day, 'America/Sao_Paulo') + (lap % 24) * 3600 AS at, cityHash64(number) % 1000 AS roll
          FROM numbers({from:UInt64}, {n:UInt64})
      )
      ARRAY JOIN [1, 0] AS daily
    SETTINGS max_insert_threads = 2, insert_deduplicate = 0`;
}

async function waitForMerges(ch: ClickHouse) {
  const t0 = performance.now();
  while (performance.now() - t0 < MERGE_WAIT_S * 1000) {
    const [m] = await ch.query<{ n: string }>(`SELECT count() AS n FROM system.merges WHERE database = {db:String}`, { db: ch.database });
    if (Number(m!.n) === 0) break;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  return seconds(performance.now() - t0);
}

async function tableStats(ch: ClickHouse) {
  const rows = await ch.query<{ table: string; rows: string; parts: string; bytes: string }>(
    `SELECT table, sum(rows) AS rows, count() AS parts, sum(bytes_on_disk) AS bytes FROM system.parts
      WHERE database = {db:String} AND active GROUP BY table ORDER BY table`,
    { db: ch.database },
  );
  return Object.fromEntries(rows.map((r) => [r.table, { rows: Number(r.rows), parts: Number(r.parts), mb: Math.round(Number(r.bytes) / 1e6) }]));
}

const dir = mkdtempSync(join(tmpdir(), 'ad-events-chdb-'));
try {
  const ch = await createClickHouse(`chdb:${dir}?database=bench_ads`);
  for (const ddl of adsSchema(ch)) await ch.command(ddl);

  // Dataset
  const chunks: number[] = [];
  const g0 = performance.now();
  for (let from = 0; from < EVENTS; from += CHUNK) {
    const t0 = performance.now();
    await ch.command(generate(ch), { start, from, n: Math.min(CHUNK, EVENTS - from) });
    chunks.push(seconds(performance.now() - t0));
    console.log(`events ${Math.min(from + CHUNK, EVENTS).toLocaleString('en')} / ${EVENTS.toLocaleString('en')}: ${chunks.at(-1)} s`);
  }
  const generationS = seconds(performance.now() - g0);
  const mergeWaitS = await waitForMerges(ch);
  const tables = await tableStats(ch);
  const [check] = await ch.query<Record<string, string>>(
    `SELECT (SELECT sum(impressions + views + clicks + conversions) FROM ${ch.table('ad_daily')}) AS daily,
            (SELECT sum(impressions + views + clicks + conversions) FROM ${ch.table('ad_monthly')}) AS monthly,
            (SELECT sum(impressions + views + clicks + conversions) FROM ${ch.table('ad_hourly')}) AS hourly,
            (SELECT sum(stat_rows) FROM ${ch.table('ad_daily')}) AS daily_keys`,
  );
  console.log(`generated in ${generationS} s, merges waited ${mergeWaitS} s`, tables, check);

  // What the reports run (ads.clickhouse.ts), for the publisher's year.
  const sqlOf = reportSql(ch);
  const publisher = { callerId: PUBLISHER, managed: [PUBLISHER], linked: [] };
  const year = { start, end };
  const span = periodSpan(ch, publisher, [], year);
  const hourly = periodWhere(publisher, [], year, 'hour');
  const advertiser = { ...publisher, advertiserId: 2 };
  const advertiserSpan = periodSpan(ch, advertiser, [], year);
  const page = { limit: 20, offset: 0 };
  const order = { by: 'total_spent', direction: 'desc' } as const;
  const queries: Record<string, () => Promise<unknown>> = {
    'SELECT 1 (baseline)': () => ch.query('SELECT 1 AS one'),
    [TARGET]: () =>
      Promise.all([ch.query(sqlOf.totals(span.from), span.params), ch.query(sqlOf.adsPage(span.from, order, true), { ...span.params, ...page })]),
    'advertiser state, year (campaign sums of one advertiser)': () =>
      ch.query(sqlOf.campaignSums(advertiserSpan.from, scopeWhere(advertiser, []).where), { ...advertiserSpan.params, today: end }),
    'hour-of-day report, year (ad_hourly, reference)': () => ch.query(sqlOf.hourOfDay(hourly.where), hourly.params),
  };
  const [[totals], pageRows] = (await queries[TARGET]!()) as [Array<Record<string, string>>, Array<Record<string, string>>];
  console.log('ads report totals', totals, `page of ${pageRows.length} of ${pageRows[0]?.total} ads`);

  // Other processes share the machine: its load while timing is recorded.
  const loadBefore = loadavg()[0]!;
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(queries).map((k) => [k, []]));
  for (let run = 0; run < WARMUP + RUNS; run++) {
    for (const [label, query] of Object.entries(queries)) {
      const t0 = performance.now();
      await query();
      if (run >= WARMUP) times[label]!.push(performance.now() - t0);
    }
  }
  const rows = Object.fromEntries(
    Object.entries(times).map(([label, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return [label, { runs: ms.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1)!) }];
    }),
  );
  console.table(rows);
  const load = { before: round(loadBefore), after: round(loadavg()[0]!) };

  const target = rows[TARGET]!;
  const checks = {
    [`ads report of a year at ${EVENTS.toLocaleString('en')} events: p95 ≤ ${P95_MS} ms`]: { pass: target.p95 <= P95_MS, p95: target.p95 },
    'every event rolled up once (daily, monthly, hourly)': {
      pass: [check!.daily, check!.monthly, check!.hourly].every((n) => Number(n) === EVENTS) && Number(pageRows[0]?.total) === ADS,
      ...check,
    },
  };
  const outDir = resolve(import.meta.dirname, 'results');
  mkdirSync(outDir, { recursive: true });
  const file = resolve(outDir, `ad-events-clickhouse-${new Date().toISOString().slice(0, 10)}.json`);
  const machine = { cores: availableParallelism(), cpu: cpus()[0]?.model ?? '', loadAverage1m: load };
  const dataset = { events: EVENTS, publisher: PUBLISHER, campaigns: ADS / 3, advertisers: 200, ads: ADS, days: DAYS, period: year, tables };
  const generation = { seconds: generationS, chunkSeconds: chunks, eventsPerSecond: Math.round(EVENTS / generationS), mergeWaitSeconds: mergeWaitS };
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), engine: 'chDB (embedded ClickHouse)', machine, dataset, generation, rows, checks }, null, 2));
  console.log(`written ${file}`);
  if (Object.values(checks).some((c) => !c.pass)) process.exitCode = 1;
} finally {
  (await chdbSession(dir)).close();
  rmSync(dir, { recursive: true, force: true });
}
