import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { ClickHouse } from './clickhouse.ts';

/**
 * What flows from PostgreSQL to ClickHouse under one name: the outbox rows of `stream` go to
 * `table`; `load` gives everything counted so far, in the same row shape, when the sink starts.
 */
export interface OutboxStream {
  name: string;
  /** The raw ClickHouse table the rows are inserted into (its materialised views roll them up). */
  table: string;
  /** The tables to empty before a full load (the raw one and its rollups). */
  tables: string[];
  /** DDL creating those tables and views (IF NOT EXISTS). */
  schema: string[];
  /** Everything counted so far, page by page, read in `tx` (which holds the writers off). */
  load(tx: Tx, each: (rows: object[]) => Promise<void>): Promise<void>;
}

export interface Shipper {
  /** Creates the streams' tables and, the first time, loads them and registers the sink (from then on the outbox fills). */
  start(): Promise<void>;
  /** Ships every pending row now (unshipped batches first). */
  drain(): Promise<void>;
  /** Ships first when anything waits: what a transaction committed is in ClickHouse after this. */
  caughtUp(): Promise<void>;
  /** Ships every `intervalMs` until stopped. */
  run(intervalMs?: number): void;
  stop(): Promise<void>;
}

export const SINK = 'clickhouse';
const LOAD_PAGE = 50_000;

/**
 * Moves the analytics outbox to ClickHouse in batches, exactly once. A batch's rows are fixed by a
 * committed claim before anything is sent; the insert carries the token `<stream>:<batch>`, so a batch
 * sent again after a failure (ClickHouse took it but PostgreSQL never heard) is deduplicated by
 * ClickHouse; the batch's rows are deleted in the transaction that records it shipped. Several
 * processes may ship at once: claims and batches are taken with SKIP LOCKED.
 */
export function createShipper({
  db,
  ch,
  streams,
  batchSize = 5_000,
  log,
}: {
  db: Db;
  ch: ClickHouse;
  streams: OutboxStream[];
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
}): Shipper {
  const byName = new Map(streams.map((s) => [s.name, s]));
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;

  /** Sends one batch (if no other shipper holds it) and records it shipped. */
  async function ship(batchId: bigint, streamName: string) {
    const stream = byName.get(streamName);
    if (!stream) return;
    await db.$transaction(
      async (tx) => {
        const [held] = await tx.$queryRaw<Array<{ id: bigint }>>`
          SELECT id FROM analytics_batches WHERE id = ${batchId} AND shipped_at IS NULL FOR UPDATE SKIP LOCKED`;
        if (!held) return;
        const rows = await tx.$queryRaw<Array<{ row: object }>>`SELECT "row" FROM analytics_outbox WHERE batch_id = ${batchId} ORDER BY id`;
        await ch.insert(ch.table(stream.table), rows.map((r) => r.row), { token: `${stream.name}:${batchId}` });
        await tx.$executeRaw`DELETE FROM analytics_outbox WHERE batch_id = ${batchId}`;
        await tx.$executeRaw`UPDATE analytics_batches SET shipped_at = now(), attempts = attempts + 1 WHERE id = ${batchId}`;
      },
      { timeout: 120_000 },
    );
  }

  /** Fixes the next pending rows of a stream as a batch (committed before they are sent); null when none wait. */
  async function claim(stream: string): Promise<bigint | null> {
    return db.$transaction(async (tx) => {
      const [batch] = await tx.$queryRaw<Array<{ id: bigint }>>`INSERT INTO analytics_batches (stream) VALUES (${stream}) RETURNING id`;
      const claimed = await tx.$executeRaw`
        UPDATE analytics_outbox SET batch_id = ${batch!.id}
         WHERE id IN (SELECT id FROM analytics_outbox WHERE stream = ${stream} AND batch_id IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)`;
      if (claimed === 0) throw new NothingToClaim();
      await tx.$executeRaw`UPDATE analytics_batches SET rows = ${claimed} WHERE id = ${batch!.id}`;
      return batch!.id;
    }).catch((e: unknown) => {
      if (e instanceof NothingToClaim) return null;
      throw e;
    });
  }

  async function drainOnce() {
    // Batches left unshipped (a failed insert, a shipper that died) first, in order.
    const unshipped = await db.$queryRaw<Array<{ id: bigint; stream: string }>>`
      SELECT id, stream FROM analytics_batches WHERE shipped_at IS NULL ORDER BY id`;
    for (const b of unshipped) await ship(b.id, b.stream);
    for (const stream of streams) {
      for (;;) {
        const id = await claim(stream.name);
        if (id === null) break;
        await ship(id, stream.name);
      }
    }
  }

  const drain = () => (draining ??= drainOnce().finally(() => (draining = null)));

  return {
    async start() {
      for (const stream of streams) for (const ddl of stream.schema) await ch.command(ddl);
      await ch.command(`CREATE TABLE IF NOT EXISTS ${ch.table('analytics_sink')} (registered_at String) ENGINE = MergeTree ORDER BY tuple()`);
      // ClickHouse holds the registration it was loaded under: one it does not hold (a new, emptied
      // or replaced ClickHouse) is loaded again from PostgreSQL.
      const loadedUnder = async () => (await ch.query<{ at: string }>(`SELECT max(registered_at) AS at FROM ${ch.table('analytics_sink')}`))[0]?.at ?? '';
      const held = await loadedUnder();
      await db.$transaction(
        async (tx) => {
          // One process loads; the others wait here and find the sink registered.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('analytics_sink'))`;
          const [registered] = await tx.$queryRaw<Array<{ at: string }>>`
            SELECT to_char(registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM analytics_sinks WHERE name = ${SINK}`;
          if (registered && (registered.at === held || registered.at === (await loadedUnder()))) return;
          // Writers wait until the sink is registered: every change is then either in the load or in the outbox.
          await tx.$executeRaw`LOCK TABLE orders, order_items, rm_events, rm_conversions IN SHARE MODE`;
          // What waited for an earlier ClickHouse is in the load.
          await tx.$executeRaw`DELETE FROM analytics_sinks`;
          await tx.$executeRaw`DELETE FROM analytics_outbox`;
          await tx.$executeRaw`DELETE FROM analytics_batches WHERE shipped_at IS NULL`;
          const attempt = randomUUID();
          for (const stream of streams) {
            for (const table of stream.tables) await ch.command(`TRUNCATE TABLE IF EXISTS ${ch.table(table)}`);
            let page = 0;
            await stream.load(tx, (rows) => ch.insert(ch.table(stream.table), rows, { token: `load:${attempt}:${stream.name}:${page++}` }));
            log?.info({ stream: stream.name, pages: page }, 'analytics engine: ClickHouse loaded');
          }
          const [sink] = await tx.$queryRaw<Array<{ at: string }>>`
            INSERT INTO analytics_sinks (name) VALUES (${SINK})
            RETURNING to_char(registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`;
          // Recorded last: a load cut short leaves ClickHouse without it, and the next start loads again.
          await ch.command(`TRUNCATE TABLE ${ch.table('analytics_sink')}`);
          await ch.insert(ch.table('analytics_sink'), [{ registered_at: sink!.at }]);
        },
        { timeout: 60 * 60_000, maxWait: 60_000 },
      );
    },
    drain,
    async caughtUp() {
      const [waiting] = await db.$queryRaw<Array<{ any: boolean }>>`
        SELECT EXISTS (SELECT 1 FROM analytics_outbox) OR EXISTS (SELECT 1 FROM analytics_batches WHERE shipped_at IS NULL) AS any`;
      if (waiting?.any) await drain();
    },
    run(intervalMs = 1_000) {
      const tick = () => {
        drain()
          .catch((e: unknown) => log?.error({ err: e }, 'analytics engine: shipping to ClickHouse failed (retried)'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, intervalMs);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await draining?.catch(() => undefined);
    },
  };
}

class NothingToClaim extends Error {}

/** Pages of `sql`'s rows (one jsonb column `row`) read through a cursor in `tx`. */
export async function pagesOf(tx: Tx, sql: string, each: (rows: object[]) => Promise<void>) {
  const cursor = `analytics_load_${randomUUID().replace(/-/g, '')}`;
  await tx.$executeRawUnsafe(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`);
  for (;;) {
    const rows = await tx.$queryRawUnsafe<Array<{ row: object }>>(`FETCH ${LOAD_PAGE} FROM ${cursor}`);
    if (rows.length === 0) break;
    await each(rows.map((r) => r.row));
  }
  await tx.$executeRawUnsafe(`CLOSE ${cursor}`);
}
