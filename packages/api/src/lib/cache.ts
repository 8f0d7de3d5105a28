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
}

const seconds = (ttl: number) => Math.max(1, Math.ceil(ttl));

export function createRedisCache(redis: Redis, prefix: string): Cache {
  const k = (key: string) => `${prefix}:cache:${key}`;
  return {
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
