import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The ceilings of the public ad endpoints: requests per window, per client IP and per publisher. */
export interface PublicRateLimits {
  ip: number;
  publisher: number;
  windowMs: number;
}

/** How often an instance adds its counts to Redis and reads back every instance's total. */
export const PUBLIC_LIMITS_FLUSH_MS = 250;

/** One key's count in the current window. */
interface Tally {
  /** Requests this instance counted. */
  local: number;
  /** Of those, not yet added to Redis. */
  pending: number;
  /** Every instance's total, as Redis last answered it (this instance's flushed counts included). */
  shared: number;
}

export interface PublicLimitsDeps {
  limits: PublicRateLimits;
  /** Shared counting; without it (or while it is down) each instance counts alone. */
  redis?: Redis;
  prefix?: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}

/**
 * Fixed-window request ceilings of the public endpoints (`/v1/rma/*`, `/v1/beacon/*`), per client
 * IP and per publisher. Counting is a map increment: each instance counts in memory and, every
 * PUBLIC_LIMITS_FLUSH_MS, adds what it counted to the window's keys in Redis (one pipeline) and
 * reads back the totals, so a ceiling holds across instances within a flush's lag. While Redis is
 * down each instance counts alone. `ip`/`publisher` answer 0 when admitted, else the seconds until
 * the window ends (the 429's retry-after).
 */
export function createPublicLimits({ limits, redis, prefix = 'bo', log, now = Date.now }: PublicLimitsDeps) {
  let window = Math.floor(now() / limits.windowMs);
  let tallies = new Map<string, Tally>();
  let failedAt = -Infinity;

  /** Moves to the window `at` falls in, forgetting the previous one's counts. */
  const windowOf = (at: number) => {
    const w = Math.floor(at / limits.windowMs);
    if (w !== window) {
      window = w;
      tallies = new Map();
    }
    return w;
  };

  const count = (key: string, ceiling: number): number => {
    const at = now();
    const w = windowOf(at);
    let tally = tallies.get(key);
    if (!tally) tallies.set(key, (tally = { local: 0, pending: 0, shared: 0 }));
    tally.local++;
    tally.pending++;
    if (Math.max(tally.local, tally.shared + tally.pending) <= ceiling) return 0;
    return Math.max(1, Math.ceil(((w + 1) * limits.windowMs - at) / 1000));
  };

  /** Adds the counts not yet shared to Redis and reads back each key's total. */
  async function flush() {
    if (!redis) return;
    const w = window;
    const batch = [...tallies].filter(([, t]) => t.pending > 0);
    if (batch.length === 0) return;
    const ttl = limits.windowMs * 2;
    const pipeline = redis.pipeline();
    for (const [key, t] of batch) pipeline.incrby(`${prefix}:prl:${w}:${key}`, t.pending).pexpire(`${prefix}:prl:${w}:${key}`, ttl);
    const sent = batch.map(([, t]) => {
      const n = t.pending;
      t.pending = 0;
      return n;
    });
    try {
      const results = await pipeline.exec();
      if (w !== window) return;
      batch.forEach(([, t], i) => {
        const [err, total] = results?.[i * 2] ?? [new Error('no answer')];
        if (!err) t.shared = Math.max(t.shared, Number(total));
      });
    } catch (err) {
      // Not shared: counted here again, so this instance's own total stays right.
      if (w === window) batch.forEach(([, t], i) => (t.pending += sent[i]!));
      if (now() - failedAt > 10_000) log?.warn({ err }, 'public rate limits: Redis unavailable, counting per instance');
      failedAt = now();
    }
  }

  let flushing: Promise<void> | undefined;
  const timer = redis
    ? setInterval(() => {
        flushing ??= flush().finally(() => (flushing = undefined));
      }, PUBLIC_LIMITS_FLUSH_MS)
    : undefined;
  timer?.unref();

  return {
    /** Counts a request of this client IP: 0 when admitted, else seconds to wait. */
    ip: (address: string) => count(`ip:${address}`, limits.ip),
    /** Counts a request for this publisher: 0 when admitted, else seconds to wait. */
    publisher: (publisherId: number) => count(`p:${publisherId}`, limits.publisher),
    /** Shares the counts now (tests). */
    flush: () => (flushing ??= flush().finally(() => (flushing = undefined))),
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
export type PublicLimits = ReturnType<typeof createPublicLimits>;

type TrustFn = (address: string, hop: number) => boolean;
interface ProxyAddr {
  all(req: IncomingMessage, trust: TrustFn): string[];
  compile(values: string[]): TrustFn;
}
// Fastify's own reader of X-Forwarded-For, so an address read ahead of Fastify is the one `request.ip` gives.
const proxyAddr = createRequire(createRequire(import.meta.url).resolve('fastify'))('@fastify/proxy-addr') as ProxyAddr;

/**
 * Fastify's `trustProxy` option for the app's setting (false, true, a hop count or a list of
 * addresses), and the client address of a raw request exactly as `request.ip` reads it then.
 */
export function clientAddressOf(trustProxy: boolean | number | string) {
  const option: boolean | TrustFn =
    typeof trustProxy === 'number'
      ? (_address, hop) => hop < trustProxy
      : typeof trustProxy === 'string'
        ? proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()))
        : trustProxy;
  const address =
    option === false
      ? (req: IncomingMessage) => req.socket.remoteAddress ?? ''
      : (req: IncomingMessage) => {
          const all = proxyAddr.all(req, option === true ? () => true : option);
          return all[all.length - 1] ?? '';
        };
  return { option, address };
}
