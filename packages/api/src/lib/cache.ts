import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

/** Key-value cache with TTLs and counters: Redis when configured, in-process LRU otherwise. */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter, starting its TTL on first increment; returns the new value. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds until the key expires; 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  ping(): Promise<boolean>;
}

export function createRedisCache(redis: Redis, prefix: string): Cache {
  const k = (key: string) => `${prefix}:cache:${key}`;
  return {
    async get(key) {
      const raw = await redis.get(k(key));
      return raw === null ? undefined : JSON.parse(raw);
    },
    async set(key, value, ttlSeconds) {
      await redis.set(k(key), JSON.stringify(value), 'EX', ttlSeconds);
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys.map(k));
    },
    async incr(key, ttlSeconds) {
      const [[, value]] = (await redis.multi().incr(k(key)).expire(k(key), ttlSeconds, 'NX').exec()) as [[unknown, number]];
      return value;
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(k(key)));
    },
    async ping() {
      return (await redis.ping()) === 'PONG';
    },
  };
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

export function createMemoryCache(max = 50_000): Cache {
  const lru = new LRUCache<string, Entry>({ max });
  const live = (key: string) => {
    const e = lru.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      lru.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async get<T>(key: string) {
      return live(key)?.value as T | undefined;
    },
    async set(key, value, ttlSeconds) {
      lru.set(key, { value: structuredClone(value), expiresAt: Date.now() + ttlSeconds * 1000 });
    },
    async del(...keys) {
      for (const key of keys) lru.delete(key);
    },
    async incr(key, ttlSeconds) {
      const e = live(key);
      const value = ((e?.value as number | undefined) ?? 0) + 1;
      lru.set(key, { value, expiresAt: e?.expiresAt ?? Date.now() + ttlSeconds * 1000 });
      return value;
    },
    async ttl(key) {
      const e = live(key);
      return e ? Math.ceil((e.expiresAt - Date.now()) / 1000) : 0;
    },
    async ping() {
      return true;
    },
  };
}
