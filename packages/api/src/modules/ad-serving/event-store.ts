import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/client.ts';
import { createMemoryCache, type Cache } from '../../lib/cache.ts';
import type { EventType, ServedAd } from './event-signing.ts';

/** An accepted beacon, as made durable before answering 202. */
export interface BeaconEvent {
  /** The event key (counted once ever). */
  k: string;
  type: EventType;
  ad: ServedAd;
  /** When it was accepted (ms since epoch). */
  at: number;
}

/** Where accepted events wait until the consumer counts them. */
export interface EventStore {
  kind: 'redis' | 'database';
  /** Makes the event durable; resolves only once it is. */
  append(event: BeaconEvent): Promise<void>;
  /**
   * The same, unless `dedupKey` was taken within the last `ttlSeconds` (then nothing is stored and
   * it resolves false). Taking the key and storing the event succeed or fail together.
   */
  appendOnce(event: BeaconEvent, dedupKey: string, ttlSeconds: number): Promise<boolean>;
  /**
   * Takes up to `limit` pending events and runs `fn` with them inside one database transaction;
   * they are removed from the store only when it commits. Resolves with how many were taken.
   */
  consume(limit: number, fn: (tx: Tx, events: BeaconEvent[]) => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/** Many consumers may queue on stats and wallet row locks: wait rather than fail. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 } as const;

/**
 * Without Redis: one `rm_event_inbox` row per event, taken with SKIP LOCKED and deleted in the
 * counting transaction; dedup keys live in the process's cache.
 */
export function createDatabaseEventStore(db: Db, cache: Cache = createMemoryCache()): EventStore {
  const append = async (event: BeaconEvent) => {
    await db.$executeRaw`INSERT INTO rm_event_inbox (payload) VALUES (${JSON.stringify(event)}::jsonb)`;
  };
  return {
    kind: 'database',
    append,
    async appendOnce(event, dedupKey, ttlSeconds) {
      if (!(await cache.setIfAbsent(dedupKey, 1, ttlSeconds))) return false;
      try {
        await append(event);
      } catch (err) {
        // Not stored: a retry must not be taken for a duplicate.
        await cache.del(dedupKey).catch(() => undefined);
        throw err;
      }
      return true;
    },
    consume: (limit, fn) =>
      db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: bigint; payload: BeaconEvent | string }[]>`
          SELECT id, payload FROM rm_event_inbox ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
        if (rows.length === 0) return 0;
        await fn(
          tx,
          rows.map((r) => (typeof r.payload === 'string' ? (JSON.parse(r.payload) as BeaconEvent) : r.payload)),
        );
        const ids = rows.map((r) => r.id.toString());
        await tx.$executeRaw`DELETE FROM rm_event_inbox WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`;
        return rows.length;
      }, TX_OPTIONS),
    close: async () => undefined,
  };
}

const GROUP = 'rm-event-counters';
/** A message delivered to a consumer that died is claimed by another after this long. */
const CLAIM_IDLE_MS = 60_000;

type StreamReply = [string, [string, string[]][]][] | null;

/** Takes the dedup key (KEYS[1], ARGV[1] seconds) and, only if it was free, appends the event (ARGV[2]) to the stream (KEYS[2]). */
const APPEND_ONCE = `
if redis.call('SET', KEYS[1], '1', 'EX', ARGV[1], 'NX') then
  redis.call('XADD', KEYS[2], '*', 'e', ARGV[2])
  return 1
end
return 0`;

/**
 * With Redis: XADD to `${prefix}:rm-events`; consumers of one group read with XREADGROUP, count in
 * a database transaction and XACK + XDEL after it commits. A message whose counting failed stays
 * pending and is read again (the unique event_key keeps it from counting twice).
 */
export function createRedisEventStore(db: Db, redis: Redis, prefix: string): EventStore {
  const stream = `${prefix}:rm-events`;
  const consumer = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  let group: Promise<void> | undefined;
  const ensureGroup = () =>
    (group ??= redis.xgroup('CREATE', stream, GROUP, '0', 'MKSTREAM').then(
      () => undefined,
      (err: Error) => {
        if (!String(err.message).includes('BUSYGROUP')) {
          group = undefined;
          throw err;
        }
      },
    ));

  const read = async (limit: number, from: '0' | '>') =>
    ((await redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', limit, 'STREAMS', stream, from)) as StreamReply)?.[0]?.[1] ?? [];

  // One round trip per beacon: the dedup key (named as the cache names its keys) and the append, atomically.
  if (!('rmAppendOnce' in redis)) redis.defineCommand('rmAppendOnce', { numberOfKeys: 2, lua: APPEND_ONCE });
  const appendOnce = (redis as unknown as { rmAppendOnce(key: string, stream: string, ttl: number, event: string): Promise<number> }).rmAppendOnce.bind(redis);
  return {
    kind: 'redis',
    async append(event) {
      await redis.xadd(stream, '*', 'e', JSON.stringify(event));
    },
    async appendOnce(event, dedupKey, ttlSeconds) {
      return (await appendOnce(`${prefix}:cache:${dedupKey}`, stream, Math.max(1, Math.ceil(ttlSeconds)), JSON.stringify(event))) === 1;
    },
    async consume(limit, fn) {
      await ensureGroup();
      // Messages of a consumer that died before acknowledging them become this one's pending ones.
      await redis.xautoclaim(stream, GROUP, consumer, CLAIM_IDLE_MS, '0', 'COUNT', limit);
      const pending = await read(limit, '0');
      // An entry deleted after counting but whose ack was lost comes back without fields: just acknowledge it.
      const gone = pending.filter(([, fields]) => !fields || fields.length === 0).map(([id]) => id);
      if (gone.length) await redis.xack(stream, GROUP, ...gone);
      let entries = pending.filter(([, fields]) => fields && fields.length > 0);
      if (entries.length === 0) entries = await read(limit, '>');
      if (entries.length === 0) return 0;
      const events = entries.map(([, fields]) => JSON.parse(fields[fields.indexOf('e') + 1]!) as BeaconEvent);
      await db.$transaction((tx) => fn(tx, events), TX_OPTIONS);
      const ids = entries.map(([id]) => id);
      await redis.multi().xack(stream, GROUP, ...ids).xdel(stream, ...ids).exec();
      return entries.length;
    },
    close: async () => undefined,
  };
}
