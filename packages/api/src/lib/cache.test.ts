import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryCache, createRedisCache, type Cache } from './cache.ts';

interface Engine {
  cache: Cache;
  /** Lets `seconds` pass for the cache's clock. */
  advance(seconds: number): Promise<void>;
}

const engines: Array<[string, () => Promise<Engine> | Engine]> = [
  [
    'memory',
    () => {
      let now = Date.parse('2026-03-10T12:00:00Z');
      return {
        cache: createMemoryCache({ now: () => now }),
        advance: async (s) => void (now += s * 1000),
      };
    },
  ],
];

const redisUrl = process.env.REDIS_URL;
const redisClients: Redis[] = [];
const prefixes: string[] = [];
if (redisUrl) {
  engines.push([
    'redis',
    () => {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
      const prefix = `test-cache-${randomBytes(6).toString('hex')}`;
      redisClients.push(redis);
      prefixes.push(prefix);
      // Redis keeps real time: expiry is awaited (polled), not simulated.
      return { cache: createRedisCache(redis, prefix), advance: async (s) => void (await new Promise((r) => setTimeout(r, s * 1000 + 50))) };
    },
  ]);
}

afterAll(async () => {
  for (const [i, redis] of redisClients.entries()) {
    const keys = await redis.keys(`${prefixes[i]}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});

describe.each(engines)('%s cache', (_name, make) => {
  let cache: Cache;
  let advance: Engine['advance'];
  beforeEach(async () => {
    ({ cache, advance } = await make());
  });

  it('misses a key that was never set', async () => {
    expect(await cache.get('nothing')).toBeUndefined();
    expect(await cache.ttl('nothing')).toBe(0);
  });

  it('stores and returns values as JSON', async () => {
    await cache.set('member', { id: 7, roles: ['admin'], nested: { ok: true }, none: null }, 60);
    expect(await cache.get('member')).toEqual({ id: 7, roles: ['admin'], nested: { ok: true }, none: null });
    await cache.set('n', 42, 60);
    expect(await cache.get('n')).toBe(42);
    await cache.set('s', 'texto', 60);
    expect(await cache.get('s')).toBe('texto');
    await cache.set('f', false, 60);
    expect(await cache.get('f')).toBe(false);

    // Both engines serialise: a Date comes back as its ISO string, undefined properties vanish.
    await cache.set('dated', { at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined }, 60);
    expect(await cache.get('dated')).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });

  it('hands out copies, so a caller cannot change what is cached', async () => {
    const value = { list: [1, 2] };
    await cache.set('copy', value, 60);
    value.list.push(3);
    const first = await cache.get<{ list: number[] }>('copy');
    first!.list.push(4);
    expect(await cache.get('copy')).toEqual({ list: [1, 2] });
  });

  it('overwrites a value and its TTL', async () => {
    await cache.set('k', 'a', 10);
    await cache.set('k', 'b', 120);
    expect(await cache.get('k')).toBe('b');
    expect(await cache.ttl('k')).toBeGreaterThan(10);
  });

  it('reports the remaining TTL and forgets the key when it expires', async () => {
    await cache.set('short', { v: 1 }, 1);
    await cache.set('long', { v: 2 }, 300);
    expect(await cache.ttl('short')).toBe(1);
    const longTtl = await cache.ttl('long');
    expect(longTtl).toBeGreaterThan(290);
    expect(longTtl).toBeLessThanOrEqual(300);

    await advance(1);
    await expect.poll(() => cache.get('short'), { timeout: 5_000, interval: 100 }).toBeUndefined();
    expect(await cache.ttl('short')).toBe(0);
    expect(await cache.get('long')).toEqual({ v: 2 });
  });

  it('rounds a sub-second TTL up to one second instead of failing', async () => {
    await cache.set('tiny', 'x', 0.2);
    expect(await cache.get('tiny')).toBe('x');
    expect(await cache.ttl('tiny')).toBe(1);
  });

  it('deletes one or several keys, and tolerates none or missing ones', async () => {
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.set('c', 3, 60);
    await cache.del('a', 'b', 'missing');
    await cache.del();
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('c')).toBe(3);
  });

  it('counts with incr, starting the TTL on the first increment only', async () => {
    expect(await cache.incr('hits', 60)).toBe(1);
    expect(await cache.incr('hits', 600)).toBe(2);
    expect(await cache.incr('hits', 600)).toBe(3);
    const ttl = await cache.ttl('hits');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await cache.get('hits')).toBe(3);
  });

  it('restarts a counter after its window expires', async () => {
    expect(await cache.incr('window', 1)).toBe(1);
    expect(await cache.incr('window', 1)).toBe(2);
    await advance(1);
    await expect.poll(() => cache.ttl('window'), { timeout: 5_000, interval: 100 }).toBe(0);
    expect(await cache.incr('window', 1)).toBe(1);
  });

  it('sets a key only when absent, and again once it expired', async () => {
    expect(await cache.setIfAbsent('once', 1, 1)).toBe(true);
    expect(await cache.setIfAbsent('once', 2, 1)).toBe(false);
    expect(await cache.get('once')).toBe(1);
    await advance(1);
    expect(await cache.setIfAbsent('once', 3, 1)).toBe(true);
    expect(await cache.get('once')).toBe(3);
  });

  it('answers ping', async () => {
    expect(await cache.ping()).toBe(true);
  });
});

describe.runIf(redisUrl)('redis cache prefixes', () => {
  it('keeps caches with different prefixes apart', async () => {
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 3 });
    const [p1, p2] = [`test-cache-${randomBytes(6).toString('hex')}`, `test-cache-${randomBytes(6).toString('hex')}`];
    try {
      const one = createRedisCache(redis, p1);
      const two = createRedisCache(redis, p2);
      await one.set('shared', 'one', 60);
      expect(await two.get('shared')).toBeUndefined();
      expect(await redis.get(`${p1}:cache:shared`)).toBe('"one"');
    } finally {
      const keys = [...(await redis.keys(`${p1}:*`)), ...(await redis.keys(`${p2}:*`))];
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
