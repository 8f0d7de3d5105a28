import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

/**
 * Key-value cache with TTLs and counters: Redis when configured, in-process LRU otherwise.
 * Both behave the same: values travel as JSON (a Date comes back as its ISO string, a returned
 * object is a copy) and TTLs are whole seconds, at least one.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter, starting its TTL on first increment; returns the new value. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds until the key expires; 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  /** Stores the value only when the key does not exist (or expired); true when it was stored. */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  ping(): Promise<boolean>;
  /** Versions of tags, shared where the cache is (every instance on Redis): what ReadCache checks its entries against. */
  versions: TagVersions;
}

/**
 * A version per tag (a tag names data that writes change: `member:7:2`). A changed tag gets a
 * version it never had before, so an entry stored under the old one can never match again.
 */
export interface TagVersions {
  /** The current version of each tag ('' for a tag never changed, or changed more than a day ago). */
  read(tags: readonly string[]): Promise<string[]>;
  /** Gives each tag a new version. */
  bump(tags: readonly string[]): Promise<void>;
}

/**
 * How long a tag keeps its version in Redis after its last change. Far longer than a ReadCache entry
 * lives, so an entry stored under a version never sees that tag go back to '' while it is held.
 */
const VERSION_TTL_SECONDS = 86_400;

const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));

/**
 * Version reads gathered for one turn of the event loop and answered by one `fetch` of all their
 * tags, so concurrent requests cost one round trip between them. `fetch` answers the tags it knows
 * (a tag it leaves out reads as `missing`).
 */
export function versionsPerTurn(fetch: (tags: string[]) => Promise<Map<string, string>>, missing = ''): TagVersions['read'] {
  let batch: { tags: Set<string>; waiting: Array<{ tags: readonly string[]; resolve(v: string[]): void; reject(err: unknown): void }> } | undefined;
  const send = async () => {
    const { tags, waiting } = batch!;
    batch = undefined;
    try {
      const byTag = await fetch([...tags]);
      for (const w of waiting) w.resolve(w.tags.map((tag) => byTag.get(tag) ?? missing));
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  };
  return (tags) => {
    if (!tags.length) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      if (!batch) {
        batch = { tags: new Set(), waiting: [] };
        setImmediate(send);
      }
      for (const tag of tags) batch.tags.add(tag);
      batch.waiting.push({ tags, resolve, reject });
    });
  };
}

/**
 * Tag versions in Redis. Reads are gathered for one turn of the event loop and sent as one MGET, so
 * concurrent requests cost one round trip between them; a change is written before `bump` returns,
 * so any read that any instance sends afterwards sees it.
 */
function redisVersions(redis: Redis, prefix: string): TagVersions {
  const k = (tag: string) => `${prefix}:ver:${tag}`;
  return {
    read: versionsPerTurn(async (tags) => {
      const values = await redis.mget(...tags.map(k));
      return new Map(tags.map((tag, i) => [tag, values[i] ?? '']));
    }),
    async bump(tags) {
      if (!tags.length) return;
      const multi = redis.multi();
      for (const tag of tags) multi.set(k(tag), randomUUID(), 'EX', VERSION_TTL_SECONDS);
      const results = await multi.exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (!results || failed) throw failed ?? new Error('tag versions: the change was aborted');
    },
  };
}

/** Tag versions of this process alone (no Redis: one instance). */
function memoryVersions(): TagVersions {
  const versions = new Map<string, string>();
  let last = 0;
  return {
    read: async (tags) => tags.map((tag) => versions.get(tag) ?? ''),
    async bump(tags) {
      for (const tag of tags) versions.set(tag, String(++last));
    },
  };
}

export function createRedisCache(redis: Redis, prefix: string): Cache {
  const k = (key: string) => `${prefix}:cache:${key}`;
  return {
    versions: redisVersions(redis, prefix),
    async get(key) {
      const raw = await redis.get(k(key));
      return raw === null ? undefined : JSON.parse(raw);
    },
    async set(key, value, ttlSeconds) {
      const json = JSON.stringify(value);
      if (json === undefined) await redis.del(k(key));
      else await redis.set(k(key), json, 'EX', seconds(ttlSeconds));
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys.map(k));
    },
    async incr(key, ttlSeconds) {
      const results = await redis.multi().incr(k(key)).expire(k(key), seconds(ttlSeconds), 'NX').exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (!results || failed) throw failed ?? new Error(`cache incr ${key} was aborted`);
      return results[0]![1] as number;
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(k(key)));
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return (await redis.set(k(key), JSON.stringify(value ?? null), 'EX', seconds(ttlSeconds), 'NX')) === 'OK';
    },
    async ping() {
      return (await redis.ping()) === 'PONG';
    },
  };
}

interface Entry {
  json: string;
  expiresAt: number;
}

export interface MemoryCacheOptions {
  max?: number;
  /** Clock in milliseconds (tests pass a controllable one). */
  now?: () => number;
}

export function createMemoryCache({ max = 50_000, now = Date.now }: MemoryCacheOptions = {}): Cache {
  const lru = new LRUCache<string, Entry>({ max });
  const versions = memoryVersions();
  const live = (key: string) => {
    const e = lru.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now()) {
      lru.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    versions,
    async get<T>(key: string) {
      const e = live(key);
      return e === undefined ? undefined : (JSON.parse(e.json) as T);
    },
    async set(key, value, ttlSeconds) {
      const json = JSON.stringify(value);
      // Like Redis, which cannot store `undefined`: such a key simply is not cached.
      if (json === undefined) return void lru.delete(key);
      lru.set(key, { json, expiresAt: now() + seconds(ttlSeconds) * 1000 });
    },
    async del(...keys) {
      for (const key of keys) lru.delete(key);
    },
    async incr(key, ttlSeconds) {
      const e = live(key);
      const value = (e ? Number(JSON.parse(e.json)) : 0) + 1;
      lru.set(key, { json: JSON.stringify(value), expiresAt: e?.expiresAt ?? now() + seconds(ttlSeconds) * 1000 });
      return value;
    },
    async ttl(key) {
      const e = live(key);
      return e ? Math.ceil((e.expiresAt - now()) / 1000) : 0;
    },
    async setIfAbsent(key, value, ttlSeconds) {
      if (live(key)) return false;
      lru.set(key, { json: JSON.stringify(value ?? null), expiresAt: now() + seconds(ttlSeconds) * 1000 });
      return true;
    },
    async ping() {
      return true;
    },
  };
}

/**
 * Values kept in this process while the tags they were read under keep their versions: a read
 * checks the versions (one batched Redis round trip, no database) and reloads what a write changed,
 * whichever instance wrote. Entries are frozen (callers share them) and live `ttlSeconds` at most.
 */
export interface ReadCache {
  /**
   * The value of `key`, loaded by `load` unless an entry stored under the current versions of `tags`
   * (always the same tags for a key) is held. A load that throws is not cached. `until`: when a value
   * loaded stops being true by the clock alone (a promotion's end), in milliseconds; the entry lives
   * no longer than that. A tag given with `lagMs` may have changed since the entry was loaded, if it
   * was loaded less than that long ago (writes its readers learn of otherwise, and not sooner).
   */
  read<T>(key: string, tags: readonly CacheTag[], load: () => Promise<T>, until?: (value: T) => number | null): Promise<T>;
  /** After a write has committed: every instance reloads what it read under these tags. */
  changed(...tags: string[]): Promise<void>;
}

/** A tag a cached value was read under: a name, or a name whose changes it may lag by up to `lagMs`. */
export type CacheTag = string | { tag: string; lagMs: number };

export interface ReadCacheOptions {
  max?: number;
  /** Bytes the entries may hold together, strings counted by their length (other values as 1 KB each, or by `sizeOf`). */
  maxBytes?: number;
  /** Bytes a value (not a string) takes, roughly. */
  sizeOf?: (value: unknown) => number;
  ttlSeconds?: number;
  /** Clock in milliseconds (tests pass a controllable one). */
  now?: () => number;
}

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};

export function createReadCache(
  versions: TagVersions,
  { max = 20_000, maxBytes = 64 * 2 ** 20, ttlSeconds = 60, now = Date.now, sizeOf = () => 1024 }: ReadCacheOptions = {},
): ReadCache {
  const entries = new LRUCache<string, { value: unknown; versions: string[]; loadedAt: number; expiresAt: number }>({
    max,
    maxSize: maxBytes,
    sizeCalculation: (e, key) => key.length + Math.max(1, typeof e.value === 'string' ? e.value.length : sizeOf(e.value)),
  });
  // Loads in flight by key, joined by reads under the same versions (a burst of misses is one query).
  // One load per key at a time: a read under other versions waits for the running one, then reads
  // the versions again, so writes faster than a load do not pile loads of one answer on each other.
  const loading = new Map<string, { stamp: string; promise: Promise<unknown> }>();
  async function read<T>(key: string, tags: readonly CacheTag[], load: () => Promise<T>, until?: (value: T) => number | null): Promise<T> {
    const current = await versions.read(tags.map((t) => (typeof t === 'string' ? t : t.tag)));
    const held = entries.get(key);
    const at = now();
    const valid = (e: { versions: string[]; loadedAt: number }) =>
      e.versions.length === current.length && tags.every((t, i) => e.versions[i] === current[i] || (typeof t !== 'string' && at - e.loadedAt < t.lagMs));
    if (held && held.expiresAt > at && valid(held)) return held.value as T;
    const stamp = current.join('\n');
    const inFlight = loading.get(key);
    if (inFlight?.stamp === stamp) return inFlight.promise as Promise<T>;
    if (inFlight) {
      await inFlight.promise.catch(() => undefined);
      return read(key, tags, load, until);
    }
    // Stored under the versions read before loading: a write that commits meanwhile changes them
    // afterwards, so the next read does not match and loads again.
    const promise = load()
      .then((value) => {
        const expiresAt = Math.min(now() + ttlSeconds * 1000, until?.(value) ?? Infinity);
        if (expiresAt > now()) entries.set(key, { value: deepFreeze(value), versions: current, loadedAt: at, expiresAt });
        return value;
      })
      .finally(() => {
        if (loading.get(key)?.promise === promise) loading.delete(key);
      });
    loading.set(key, { stamp, promise });
    return promise;
  }
  return { read, changed: (...tags) => versions.bump(tags) };
}
