import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/client.ts';
import { createMemoryCache, type Cache } from '../../lib/cache.ts';
import { packServedAd, unpackServedAd, type EventType, type ServedAd } from './event-signing.ts';

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

/** A stream entry: `[k, type, at, ...the served ad packed as in its token]`, half the bytes of the object. */
const encode = (e: BeaconEvent) => JSON.stringify([e.k, e.type, e.at, ...packServedAd(e.ad)]);

function decode(entry: string): BeaconEvent {
  const value = JSON.parse(entry) as [string, EventType, number, ...unknown[]] | BeaconEvent;
  // Entries written before the packed form (a stream that outlived an upgrade) are the object itself.
  if (!Array.isArray(value)) return value;
  const [k, type, at, ...packed] = value;
  const ad = unpackServedAd(packed);
  if (!ad) throw new Error(`malformed event in the stream: ${entry.slice(0, 200)}`);
  return { k, type, at, ad };
}

const GROUP = 'rm-event-counters';
/** A message delivered to a consumer that died is claimed by another after this long. */
const CLAIM_IDLE_MS = 60_000;

type StreamReply = [string, [string, string[]][]][] | null;

/**
 * Appends a batch of events, each only if its dedup key was free: KEYS[1] is the stream, KEYS[i+1]
 * event i's dedup key, ARGV[2i-1] its window in seconds and ARGV[2i] the event. For each event,
 * taking the key and appending happen together; answers 1 (stored) or 0 (duplicate) per event.
 */
const APPEND_BATCH = `
local stored = {}
for i = 2, #KEYS do
  if redis.call('SET', KEYS[i], '1', 'EX', ARGV[2 * i - 3], 'NX') then
    redis.call('XADD', KEYS[1], '*', 'e', ARGV[2 * i - 2])
    stored[i - 1] = 1
  else
    stored[i - 1] = 0
  end
end
return stored`;

/** Events appended in one call at most (a larger burst takes several). */
const BATCH_MAX = 500;

interface Pending {
  dedupKey: string;
  ttl: number;
  event: string;
  resolve: (stored: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: the appends that arrive in one turn of the event loop (the beacons of every
 * connection that had a request ready) go to Redis as one script call. Each request still waits
 * for its own event to be stored; Redis and this process handle one command per batch instead of
 * one per event.
 */
function batchedAppends(append: (keys: string[], args: Array<string | number>) => Promise<number[]>, stream: string) {
  const queue: Pending[] = [];
  const flush = () => {
    const batch = queue.splice(0, BATCH_MAX);
    if (queue.length) setImmediate(flush);
    const keys = [stream, ...batch.map((p) => p.dedupKey)];
    const args = batch.flatMap((p) => [p.ttl, p.event]);
    append(keys, args).then(
      (stored) => batch.forEach((p, i) => p.resolve(stored[i] === 1)),
      (err: unknown) => batch.forEach((p) => p.reject(err)),
    );
  };
  return (dedupKey: string, ttl: number, event: string) =>
    new Promise<boolean>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ dedupKey, ttl, event, resolve, reject });
    });
}

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

  // The dedup keys (named as the cache names its keys) and the appends of a batch, in one script call.
  if (!('rmAppendBatch' in redis)) redis.defineCommand('rmAppendBatch', { lua: APPEND_BATCH });
  const script = (redis as unknown as { rmAppendBatch(numKeys: number, ...keysThenArgs: Array<string | number>): Promise<number[]> }).rmAppendBatch.bind(redis);
  const appendOnce = batchedAppends((keys, args) => script(keys.length, ...keys, ...args), stream);
  return {
    kind: 'redis',
    async append(event) {
      await redis.xadd(stream, '*', 'e', encode(event));
    },
    async appendOnce(event, dedupKey, ttlSeconds) {
      return appendOnce(`${prefix}:cache:${dedupKey}`, Math.max(1, Math.ceil(ttlSeconds)), encode(event));
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
      const events = entries.map(([, fields]) => decode(fields[fields.indexOf('e') + 1]!));
      await db.$transaction((tx) => fn(tx, events), TX_OPTIONS);
      const ids = entries.map(([id]) => id);
      await redis.multi().xack(stream, GROUP, ...ids).xdel(stream, ...ids).exec();
      return entries.length;
    },
    close: async () => undefined,
  };
}
