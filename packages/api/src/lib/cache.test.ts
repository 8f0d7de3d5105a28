import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCache, createReadCache, createRedisCache, type Cache } from './cache.ts';

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

describe.each(engines)('%s tag versions and read cache', (_name, make) => {
  let cache: Cache;
  beforeEach(async () => {
    ({ cache } = await make());
  });

  /** A loader that counts its calls and answers the current `value`. */
  const source = <T>(value: T) => {
    const s = { value, loads: 0, load: async () => (s.loads++, structuredClone(s.value)) };
    return s;
  };

  it('gives a tag a new version on every change, and never one it had', async () => {
    expect(await cache.versions.read(['t1', 't2'])).toEqual(['', '']);
    const seen = new Set<string>(['']);
    for (let i = 0; i < 5; i++) {
      await cache.versions.bump(['t1']);
      const [v] = await cache.versions.read(['t1']);
      expect(seen.has(v!)).toBe(false);
      seen.add(v!);
    }
    expect(await cache.versions.read(['t2'])).toEqual(['']);
    expect(await cache.versions.read([])).toEqual([]);
  });

  it('answers concurrent reads of overlapping tags, each with its own tags in order', async () => {
    await cache.versions.bump(['a']);
    const [a] = await cache.versions.read(['a']);
    const results = await Promise.all([cache.versions.read(['a', 'b']), cache.versions.read(['b']), cache.versions.read(['b', 'a', 'a'])]);
    expect(results).toEqual([[a, ''], [''], ['', a, a]]);
  });

  it('loads a key once, then serves it from memory until one of its tags changes', async () => {
    const reads = createReadCache(cache.versions);
    const s = source({ name: 'Ana' });
    expect(await reads.read('k', ['user:1', 'account:2'], s.load)).toEqual({ name: 'Ana' });
    expect(await reads.read('k', ['user:1', 'account:2'], s.load)).toEqual({ name: 'Ana' });
    expect(s.loads).toBe(1);
    s.value = { name: 'Ana Paula' };
    await reads.changed('unrelated:9');
    expect(await reads.read('k', ['user:1', 'account:2'], s.load)).toEqual({ name: 'Ana' });
    await reads.changed('account:2');
    expect(await reads.read('k', ['user:1', 'account:2'], s.load)).toEqual({ name: 'Ana Paula' });
    expect(s.loads).toBe(2);
  });

  it('serves an entry whose lagging tag changed while it is younger than the lag, never one whose strict tag changed', async () => {
    let clock = 1_000;
    const reads = createReadCache(cache.versions, { now: () => clock });
    const s = source('v1');
    const tags = ['chats:1', { tag: 'chats-activity:1', lagMs: 750 }];
    expect(await reads.read('page', tags, s.load)).toBe('v1');
    s.value = 'v2';
    await reads.changed('chats-activity:1');
    clock += 700;
    expect(await reads.read('page', tags, s.load)).toBe('v1');
    clock += 100;
    expect(await reads.read('page', tags, s.load)).toBe('v2');
    // Loaded just now: a strict change is seen at once, however young the entry.
    s.value = 'v3';
    await reads.changed('chats:1');
    expect(await reads.read('page', tags, s.load)).toBe('v3');
    expect(s.loads).toBe(3);
  });

  it('freezes what it holds: callers share it', async () => {
    const reads = createReadCache(cache.versions);
    const value = await reads.read('frozen', ['f'], async () => ({ list: [1, 2], nested: { ok: true } }));
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(() => value.list.push(3)).toThrow();
    expect(() => ((value.nested as { ok: boolean }).ok = false)).toThrow();
  });

  it('does not keep a load that failed', async () => {
    const reads = createReadCache(cache.versions);
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('gone');
      return 'back';
    };
    await expect(reads.read('flaky', ['x'], load)).rejects.toThrow('gone');
    fail = false;
    expect(await reads.read('flaky', ['x'], load)).toBe('back');
  });

  it('joins concurrent misses of a key into one load', async () => {
    const reads = createReadCache(cache.versions);
    const s = source(7);
    const values = await Promise.all(Array.from({ length: 10 }, () => reads.read('burst', ['b'], s.load)));
    expect(values).toEqual(Array(10).fill(7));
    expect(s.loads).toBe(1);
  });

  it('does not serve what a load read before a change that committed while it ran', async () => {
    const reads = createReadCache(cache.versions);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let db = 'old';
    let readDb!: () => void;
    const dbRead = new Promise<void>((r) => (readDb = r));
    // The first load reads the database, then stalls; the write commits and announces it meanwhile.
    const slow = reads.read('race', ['r'], async () => {
      const seen = db;
      readDb();
      await gate;
      return seen;
    });
    await dbRead;
    db = 'new';
    await reads.changed('r');
    release();
    expect(await slow).toBe('old');
    expect(await reads.read('race', ['r'], async () => db)).toBe('new');
  });

  it('runs one load of a key at a time: reads after a change wait for the running load, then share one new load', async () => {
    const reads = createReadCache(cache.versions);
    let db = 'v1';
    let running = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const load = async () => {
      const seen = db;
      most = Math.max(most, ++running);
      await new Promise<void>((r) => gates.push(r));
      running--;
      return seen;
    };
    const first = reads.read('busy', ['w'], load);
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    // Writes commit while it runs: each reader after them must see the newest, without a second load beside the first.
    db = 'v2';
    await reads.changed('w');
    const after = Array.from({ length: 5 }, () => reads.read('busy', ['w'], load));
    db = 'v3';
    await reads.changed('w');
    const later = reads.read('busy', ['w'], load);
    await new Promise((r) => setTimeout(r, 20));
    expect(gates).toHaveLength(1);
    gates[0]!();
    expect(await first).toBe('v1');
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!();
    expect(await Promise.all([...after, later])).toEqual(Array(6).fill('v3'));
    expect(most).toBe(1);
    expect(gates).toHaveLength(2);
  });

  it('holds at most maxBytes of text, dropping the least recently read first', async () => {
    const reads = createReadCache(cache.versions, { maxBytes: 10_000 });
    const page = (n: number) => async () => `${n}`.padEnd(3_000, '.');
    let loads = 0;
    const read = (n: number) => reads.read(`page:${n}`, ['pages'], async () => (loads++, page(n)()));
    for (const n of [1, 2, 3]) await read(n);
    await read(1);
    expect(loads).toBe(3);
    await read(4);
    await read(1);
    expect(loads).toBe(4);
    await read(2);
    expect(loads).toBe(5);
  });

  it('keeps an entry ttlSeconds at most', async () => {
    let now = 1_000_000;
    const reads = createReadCache(cache.versions, { ttlSeconds: 60, now: () => now });
    const s = source('v');
    await reads.read('ttl', ['t'], s.load);
    now += 59_000;
    await reads.read('ttl', ['t'], s.load);
    expect(s.loads).toBe(1);
    now += 2_000;
    await reads.read('ttl', ['t'], s.load);
    expect(s.loads).toBe(2);
  });

  it('keeps an entry no longer than its value stays true by the clock (until)', async () => {
    let now = 1_000_000;
    const reads = createReadCache(cache.versions, { ttlSeconds: 60, now: () => now });
    const s = source({ endsAt: 1_010_000 });
    const until = (v: { endsAt: number }) => v.endsAt;
    await reads.read('promo', ['p'], s.load, until);
    now += 9_000;
    await reads.read('promo', ['p'], s.load, until);
    expect(s.loads).toBe(1);
    now += 1_000;
    await reads.read('promo', ['p'], s.load, until);
    expect(s.loads).toBe(2);
    // A value already past its moment is answered, not kept.
    await reads.read('promo', ['p'], s.load, until);
    expect(s.loads).toBe(3);
  });

  it('counts a value by sizeOf against maxBytes', async () => {
    const reads = createReadCache(cache.versions, { maxBytes: 10_000, sizeOf: (v) => (v as number[]).length * 1_000 });
    let loads = 0;
    const read = (n: number) => reads.read(`rows:${n}`, ['rows'], async () => (loads++, Array(4).fill(n)));
    await read(1);
    await read(2);
    await read(1);
    expect(loads).toBe(2);
    // A third 4,000-byte value does not fit beside the two: the least recently read (2) goes.
    await read(3);
    await read(1);
    expect(loads).toBe(3);
    await read(2);
    expect(loads).toBe(4);
  });
});

describe.runIf(redisUrl)('read caches of two instances on one Redis', () => {
  it('each reloads at once what the other changed, and nothing else', async () => {
    const clients = [new Redis(redisUrl!, { maxRetriesPerRequest: 3 }), new Redis(redisUrl!, { maxRetriesPerRequest: 3 })];
    const prefix = `test-cache-${randomBytes(6).toString('hex')}`;
    try {
      const [a, b] = clients.map((redis) => createReadCache(createRedisCache(redis, prefix).versions));
      let role = 'manager';
      let loads = 0;
      const load = async () => (loads++, role);
      expect(await a!.read('member:1:2', ['member:1:2'], load)).toBe('manager');
      expect(await b!.read('member:1:2', ['member:1:2'], load)).toBe('manager');
      expect(await b!.read('other', ['member:3:2'], async () => 'kept')).toBe('kept');
      role = 'admin';
      await a!.changed('member:1:2');
      expect(await b!.read('member:1:2', ['member:1:2'], load)).toBe('admin');
      expect(await a!.read('member:1:2', ['member:1:2'], load)).toBe('admin');
      expect(await b!.read('other', ['member:3:2'], async () => 'reloaded')).toBe('kept');
      expect(loads).toBe(4);
    } finally {
      const keys = await clients[0]!.keys(`${prefix}:*`);
      if (keys.length) await clients[0]!.del(...keys);
      for (const c of clients) c.disconnect();
    }
  });
});
