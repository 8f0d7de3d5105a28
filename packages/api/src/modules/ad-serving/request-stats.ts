import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';

/** Counters are written at most this often (and on close). */
export const REQUEST_STATS_FLUSH_MS = 5_000;
/** Distinct (hour, publisher, placement, context) rows held between flushes; more placement names share one row. */
export const REQUEST_STATS_MAX_KEYS = 10_000;
export const OTHER_PLACEMENTS = '(outros)';

interface Counter {
  hour: string;
  publisherId: number;
  placement: string;
  context: string;
  requests: number;
  filled: number;
  unfilled: number;
  adsRequested: number;
  adsReturned: number;
}

const HOUR_MS = 3_600_000;
const keyOf = (hour: string, publisherId: number, placement: string, context: string) => `${hour}|${publisherId}|${placement}|${context}`;
const keyOfCounter = (c: Counter) => keyOf(c.hour, c.publisherId, c.placement, c.context);

/**
 * What the decision API was asked and what it answered, per placement and hour (rm_request_stats):
 * added up in memory on the hot path and written in one upsert every few seconds, so a decision
 * never waits on the database for it. Counters not yet written when a process dies are lost —
 * they are statistics about requests, not acknowledged events.
 */
export function createRequestStats(db: Db, { flushMs = REQUEST_STATS_FLUSH_MS, log }: { flushMs?: number; log?: Pick<FastifyBaseLogger, 'error'> } = {}) {
  let counters = new Map<string, Counter>();
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function write(batch: Counter[]) {
    if (batch.length === 0) return;
    // Same row order in every writer, so concurrent instances take row locks in the same order.
    const rows = batch.sort((a, b) => keyOfCounter(a).localeCompare(keyOfCounter(b)));
    await db.$executeRaw`
      INSERT INTO rm_request_stats (hour, publisher_id, placement, context, requests, filled, unfilled, ads_requested, ads_returned)
      SELECT x."hour"::timestamptz, x."publisherId", x.placement, x.context, x.requests, x.filled, x.unfilled, x."adsRequested", x."adsReturned"
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS x("hour" text, "publisherId" int, placement text, context text, requests bigint, filled bigint, unfilled bigint,
               "adsRequested" bigint, "adsReturned" bigint)
      ON CONFLICT (hour, publisher_id, placement, context) DO UPDATE SET
        requests = rm_request_stats.requests + EXCLUDED.requests,
        filled = rm_request_stats.filled + EXCLUDED.filled,
        unfilled = rm_request_stats.unfilled + EXCLUDED.unfilled,
        ads_requested = rm_request_stats.ads_requested + EXCLUDED.ads_requested,
        ads_returned = rm_request_stats.ads_returned + EXCLUDED.ads_returned`;
  }

  /** Writes what was counted so far (one at a time; a failed write puts its counts back). */
  function flush(): Promise<void> {
    const batch = [...counters.values()];
    counters = new Map();
    writing = writing.then(() =>
      write(batch).catch((err: unknown) => {
        log?.error({ err }, 'writing ad request counters failed; retrying with the next flush');
        for (const c of batch) add(c);
      }),
    );
    return writing;
  }

  function add(c: Counter) {
    let key = keyOfCounter(c);
    let current = counters.get(key);
    if (!current && counters.size >= REQUEST_STATS_MAX_KEYS) {
      c = { ...c, placement: OTHER_PLACEMENTS };
      key = keyOfCounter(c);
      current = counters.get(key);
    }
    if (!current) {
      counters.set(key, { ...c });
      return;
    }
    current.requests += c.requests;
    current.filled += c.filled;
    current.unfilled += c.unfilled;
    current.adsRequested += c.adsRequested;
    current.adsReturned += c.adsReturned;
  }

  // The hour's ISO string, made once per hour rather than once per placement.
  let hourMs = -1;
  let hourIso = '';

  return {
    /** One placement of one decision: how many ads were asked for and how many came back. */
    record(publisherId: number, placement: string, context: string, asked: number, returned: number, atMs: number) {
      const hour = atMs - (atMs % HOUR_MS);
      if (hour !== hourMs) {
        hourMs = hour;
        hourIso = new Date(hour).toISOString();
      }
      const filled = returned > 0 ? 1 : 0;
      const current = counters.get(keyOf(hourIso, publisherId, placement, context));
      if (!current) {
        add({ hour: hourIso, publisherId, placement, context, requests: 1, filled, unfilled: 1 - filled, adsRequested: asked, adsReturned: returned });
        return;
      }
      current.requests += 1;
      current.filled += filled;
      current.unfilled += 1 - filled;
      current.adsRequested += asked;
      current.adsReturned += returned;
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
export type RequestStats = ReturnType<typeof createRequestStats>;
