import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/client.ts';
import { packServedAd, unpackServedAd, type EventType, type ServedAd } from './event-signing.ts';

/** An accepted beacon, as made durable before answering 202. */
export interface BeaconEvent {
  /** The event key (counted once ever). */
  k: string;
  type: EventType;
  ad: ServedAd;
  /** When it was accepted (ms since epoch). */
  at: number;
  /** `ad` as the JSON text of packServedAd that its token carried, when at hand (spares encoding it again). */
  packed?: string;
}

/** Where accepted events wait until the consumer counts them (and drops a person's repeats, see event-consumer). */
export interface EventStore {
  kind: 'redis' | 'database';
  /** Makes the event durable; resolves only once it is. */
  append(event: BeaconEvent): Promise<void>;
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
 * A stored event: `[k, type, at, ...the served ad packed as in its token]`, half the bytes of the
 * object; written around the token's own text when the event carries it. Never holds a line break
 * (a batch joins events with them): JSON.stringify escapes them, and a token text holding one (as
 * whitespace) is encoded again.
 */
export const encode = (e: BeaconEvent) =>
  e.packed?.[0] === '[' && !e.packed.includes('\n')
    ? `[${JSON.stringify(e.k)},${JSON.stringify(e.type)},${e.at},${e.packed.slice(1)}`
    : JSON.stringify([e.k, e.type, e.at, ...packServedAd(e.ad)]);

/** The event of a stored value (parsed JSON); events stored before the packed form are the object itself. */
function decoded(value: unknown): BeaconEvent {
  if (!Array.isArray(value)) return value as BeaconEvent;
  const [k, type, at, ...packed] = value as [string, EventType, number, ...unknown[]];
  const ad = unpackServedAd(packed);
  if (!ad) throw new Error(`malformed stored event: ${JSON.stringify(value).slice(0, 200)}`);
  return { k, type, at, ad };
}

/** Events stored in one call at most (a larger burst takes several). */
const BATCH_MAX = 500;
/**
 * The least time between the starts of two store calls, in ms. A call costs this process far more
 * than an event in it (a Redis write wakes Redis: ~60–150 µs of CPU here), so under load events
 * gather while a call is out and for at least this long; an append after a quiet moment is stored at
 * once. A call answered sooner waits for a timer (Node's fire at ≥ 1 ms). In the benchmark 0.5 ms
 * beat 1 ms (fewer waits for a timer) and 2 ms (the requests waiting on a batch cost more than the
 * calls saved).
 */
const CALL_GAP_MS = 0.5;

interface Pending {
  event: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: one store call in flight at a time, and the appends that arrive meanwhile wait for
 * it and go together in the next one (at light load a call carries one event and adds no wait;
 * under load calls carry tens, and this process and the store handle one command per batch, not
 * per event). Each request still waits until its own event is stored.
 */
function groupCommit(store: (events: string[]) => Promise<void>) {
  const queue: Pending[] = [];
  let inFlight = false;
  let waiting = false;
  let lastCall = 0;
  const flush = () => {
    if (inFlight || waiting || queue.length === 0) return;
    const wait = lastCall + CALL_GAP_MS - performance.now();
    if (wait > 0) {
      waiting = true;
      setTimeout(() => {
        waiting = false;
        flush();
      }, wait);
      return;
    }
    inFlight = true;
    lastCall = performance.now();
    const batch = queue.splice(0, BATCH_MAX);
    store(batch.map((p) => p.event))
      .then(
        () => batch.forEach((p) => p.resolve()),
        (err: unknown) => batch.forEach((p) => p.reject(err)),
      )
      .finally(() => {
        inFlight = false;
        flush();
      });
  };
  return (event: BeaconEvent) =>
    new Promise<void>((resolve, reject) => {
      // The first append of a turn schedules the call; the turn's others join it.
      if (queue.length === 0 && !inFlight && !waiting) setImmediate(flush);
      queue.push({ event: encode(event), resolve, reject });
    });
}

/**
 * Without Redis: one `rm_event_inbox` row per event (a batch in one INSERT), taken with SKIP LOCKED
 * and deleted in the counting transaction.
 */
export function createDatabaseEventStore(db: Db): EventStore {
  const append = groupCommit(async (events) => {
    await db.$executeRaw`INSERT INTO rm_event_inbox (payload) SELECT jsonb_array_elements(${`[${events.join(',')}]`}::jsonb)`;
  });
  return {
    kind: 'database',
    append,
    consume: (limit, fn) =>
      db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ id: bigint; payload: unknown }[]>`
          SELECT id, payload FROM rm_event_inbox ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
        if (rows.length === 0) return 0;
        await fn(
          tx,
          rows.map((r) => decoded(typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload)),
        );
        const ids = rows.map((r) => r.id.toString());
        await tx.$executeRaw`DELETE FROM rm_event_inbox WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`;
        return rows.length;
      }, TX_OPTIONS),
    close: async () => undefined,
  };
}

/** Appends a batch: KEYS[1] is the stream, ARGV[1] the events, one per line (one argument, not one per event). */
const APPEND_BATCH = `
local n = 0
for event in string.gmatch(ARGV[1], '[^\\n]+') do
  redis.call('XADD', KEYS[1], '*', 'e', event)
  n = n + 1
end
return n`;

const GROUP = 'rm-event-counters';
/** A message delivered to a consumer that died is claimed by another after this long. */
const CLAIM_IDLE_MS = 60_000;
/** How often a consumer looks for dead consumers of its own host (see reapDeadConsumers). */
const REAP_EVERY_MS = 10_000;
/** A consumer with nothing pending that has not read for this long is forgotten by the group. */
const FORGET_IDLE_MS = 3_600_000;

type StreamReply = [string, [string, string[]][]][] | null;

/** Consumer names are `${host}-${pid}-${8 hex}`: the host and pid of a name, when it is one of ours. */
function hostAndPid(name: string): { host: string; pid: number } | undefined {
  const m = /^(.+)-(\d+)-[0-9a-f]{8}$/.exec(name);
  return m ? { host: m[1]!, pid: Number(m[2]) } : undefined;
}

/** Whether the process of a consumer of this host is gone (a crash, kill -9): its pending messages need not wait. */
function deadOnThisHost(name: string): boolean {
  const owner = hostAndPid(name);
  if (!owner || owner.host !== hostname() || owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * With Redis: XADD to `${prefix}:rm-events`; consumers of one group read with XREADGROUP, count in
 * a database transaction and XACK + XDEL after it commits. A message whose counting failed stays
 * pending and is read again (the unique event_key keeps it from counting twice).
 *
 * While Redis is away (or refuses an append), events go to the database inbox instead, as without
 * Redis: an accepted beacon is never lost. Consumers drain the inbox first, then the stream.
 */
export function createRedisEventStore(db: Db, redis: Redis, prefix: string): EventStore {
  const stream = `${prefix}:rm-events`;
  const consumer = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const inbox = createDatabaseEventStore(db);
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

  /**
   * Takes over what consumers of this host whose process is gone left pending (at once, rather than
   * after CLAIM_IDLE_MS: a restarted worker carries on where the killed one stopped) and removes them
   * from the group, with consumers anywhere that have been idle for an hour with nothing pending.
   */
  let reapedAt = 0;
  const reapDeadConsumers = async () => {
    if (Date.now() - reapedAt < REAP_EVERY_MS) return;
    reapedAt = Date.now();
    const consumers = (await redis.xinfo('CONSUMERS', stream, GROUP)) as unknown[][];
    for (const fields of consumers) {
      const info: Record<string, unknown> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) info[String(fields[i])] = fields[i + 1];
      const name = String(info.name);
      if (name === consumer) continue;
      const dead = deadOnThisHost(name);
      if (!dead && !(Number(info.pending) === 0 && Number(info.idle) > FORGET_IDLE_MS)) continue;
      for (let round = 0; round < 1000; round++) {
        const pending = (await redis.xpending(stream, GROUP, '-', '+', 500, name)) as [string, ...unknown[]][];
        if (pending.length === 0) break;
        await redis.xclaim(stream, GROUP, consumer, 0, ...pending.map(([id]) => id), 'JUSTID');
      }
      await redis.xgroup('DELCONSUMER', stream, GROUP, name);
    }
  };

  // The appends of a batch, in one script call.
  if (!('rmAppendBatch' in redis)) redis.defineCommand('rmAppendBatch', { numberOfKeys: 1, lua: APPEND_BATCH });
  const script = (redis as unknown as { rmAppendBatch(stream: string, events: string): Promise<number> }).rmAppendBatch.bind(redis);
  const toStream = groupCommit(async (events) => {
    const appended = await script(stream, events.join('\n'));
    if (appended !== events.length) throw new Error(`the event stream took ${appended} of ${events.length} events`);
  });

  const fromStream = async (limit: number, fn: (tx: Tx, events: BeaconEvent[]) => Promise<unknown>) => {
    await ensureGroup();
    await reapDeadConsumers();
    // Messages of a consumer that died before acknowledging them become this one's pending ones.
    await redis.xautoclaim(stream, GROUP, consumer, CLAIM_IDLE_MS, '0', 'COUNT', limit);
    const pending = await read(limit, '0');
    // An entry deleted after counting but whose ack was lost comes back without fields: just acknowledge it.
    const gone = pending.filter(([, fields]) => !fields || fields.length === 0).map(([id]) => id);
    if (gone.length) await redis.xack(stream, GROUP, ...gone);
    let entries = pending.filter(([, fields]) => fields && fields.length > 0);
    if (entries.length === 0) entries = await read(limit, '>');
    if (entries.length === 0) return 0;
    const events = entries.map(([, fields]) => decoded(JSON.parse(fields[fields.indexOf('e') + 1]!)));
    await db.$transaction((tx) => fn(tx, events), TX_OPTIONS);
    const ids = entries.map(([id]) => id);
    await redis.multi().xack(stream, GROUP, ...ids).xdel(stream, ...ids).exec();
    return entries.length;
  };

  return {
    kind: 'redis',
    // Not waiting for Redis to come back: an append that it cannot take now goes to the inbox (an
    // append whose answer was lost may then be in both; the event key counts it once).
    append: (event) => (redis.status === 'ready' ? toStream(event).catch(() => inbox.append(event)) : inbox.append(event)),
    async consume(limit, fn) {
      const [{ waiting }] = await db.$queryRaw<[{ waiting: boolean }]>`SELECT EXISTS (SELECT 1 FROM rm_event_inbox) AS waiting`;
      if (waiting) {
        const taken = await inbox.consume(limit, fn);
        if (taken > 0) return taken;
      }
      if (redis.status !== 'ready') return 0;
      try {
        return await fromStream(limit, fn);
      } catch (err) {
        // Redis restarted without its data: the group is created again on the next call.
        if (String((err as Error).message).includes('NOGROUP')) group = undefined;
        throw err;
      }
    },
    close: async () => undefined,
  };
}
