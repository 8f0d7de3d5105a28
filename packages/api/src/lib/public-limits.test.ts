import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddressOf, createPublicLimits } from './public-limits.ts';

describe('the public ceilings, on one instance', () => {
  it('admit up to the ceiling per IP and per publisher in a window, then answer the seconds to its end', () => {
    let now = 10_000;
    const limits = createPublicLimits({ limits: { ip: 3, publisher: 4, windowMs: 10_000 }, now: () => now });
    expect([1, 2, 3, 4].map(() => limits.ip('203.0.113.1'))).toEqual([0, 0, 0, 10]);
    expect(limits.ip('203.0.113.2')).toBe(0);
    now = 16_500;
    expect(limits.ip('203.0.113.1')).toBe(4);
    expect([1, 2, 3, 4, 5].map(() => limits.publisher(7))).toEqual([0, 0, 0, 0, 4]);
    expect(limits.publisher(8)).toBe(0);
    // A new window starts afresh.
    now = 20_000;
    expect(limits.ip('203.0.113.1')).toBe(0);
    expect(limits.publisher(7)).toBe(0);
  });
});

describe.skipIf(!process.env.REDIS_URL)('the public ceilings, over several instances', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `test-prl-${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('add every instance’s counts in Redis: the ceiling holds for their sum', async () => {
    const now = () => 1_000_000;
    const options = { limits: { ip: 1_000, publisher: 10, windowMs: 60_000 }, redis, prefix, now };
    const a = createPublicLimits(options);
    const b = createPublicLimits(options);
    for (let i = 0; i < 6; i++) expect(a.publisher(1)).toBe(0);
    await a.flush();
    for (let i = 0; i < 4; i++) expect(b.publisher(1)).toBe(0);
    await b.flush();
    // b read back 10: its next is the 11th.
    expect(b.publisher(1)).toBeGreaterThan(0);
    // a learns the total when it next shares a count of its own (within a flush).
    expect(a.publisher(1)).toBe(0);
    await a.flush();
    expect(a.publisher(1)).toBeGreaterThan(0);
    await Promise.all([a.flush(), b.flush()]);
    expect(Number(await redis.get(`${prefix}:prl:16:p:1`))).toBe(13);
    a.close();
    b.close();
  });

  it('count alone while Redis is down', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    const limits = createPublicLimits({ limits: { ip: 2, publisher: 10, windowMs: 60_000 }, redis: down, prefix });
    expect(limits.ip('203.0.113.9')).toBe(0);
    await limits.flush();
    expect(limits.ip('203.0.113.9')).toBe(0);
    expect(limits.ip('203.0.113.9')).toBeGreaterThan(0);
    limits.close();
    down.disconnect();
  });
});

describe('the client address ahead of Fastify', () => {
  const req = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;
  it('is the peer unless proxies are trusted, as Fastify reads request.ip', () => {
    expect(clientAddressOf(false).address(req('10.0.0.1', '203.0.113.5'))).toBe('10.0.0.1');
    expect(clientAddressOf(true).address(req('10.0.0.1', '198.51.100.1, 203.0.113.5'))).toBe('198.51.100.1');
    expect(clientAddressOf(1).address(req('10.0.0.1', '198.51.100.1, 203.0.113.5'))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.0/8').address(req('10.0.0.1', '203.0.113.5'))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.0/8').address(req('192.0.2.1', '203.0.113.5'))).toBe('192.0.2.1');
  });
});
