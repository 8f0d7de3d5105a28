import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * The app's Redis client (cache, rate limit, ad events, pub-sub; its duplicates inherit these).
 * While Redis is away, commands fail at the next reconnection attempt (≤ 1 s) instead of waiting
 * for Redis to come back: a request then answers the 503 envelope, or a beacon goes to the database
 * inbox, rather than hanging for as long as the outage lasts. The client keeps reconnecting on its
 * own (subscriptions are renewed), so nothing needs a restart.
 */
export const APP_REDIS_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  connectTimeout: 5_000,
  // A Redis that stops answering without closing the connection (a partition) fails the command too.
  commandTimeout: 5_000,
};

/** How often a connection that keeps failing (Redis away) may log its error. */
export const REDIS_ERROR_LOG_EVERY_MS = 10_000;

/**
 * An 'error' listener for a Redis connection, or a BullMQ queue or worker, that logs at most one
 * line every REDIS_ERROR_LOG_EVERY_MS. While Redis is away each reconnection attempt emits an
 * error; a connection with no listener would print ioredis's "Unhandled error event" every time.
 */
export function throttledRedisErrorLog(log: Pick<FastifyBaseLogger, 'warn'>, what: string): (err: Error) => void {
  let loggedAt = -Infinity;
  return (err) => {
    if (Date.now() - loggedAt < REDIS_ERROR_LOG_EVERY_MS) return;
    loggedAt = Date.now();
    log.warn({ err }, `${what}: Redis error`);
  };
}

/** Announcements between the instances of the app over one Redis pub-sub channel. */
export interface RedisBroadcast<T> {
  publish(message: T): void;
  /**
   * `onMessage` for each message another instance published; `onMissed` once listening again after a
   * disconnection (pub-sub keeps nothing for a subscriber that is away: what was announced meanwhile
   * must be read afresh).
   */
  subscribe(onMessage: (message: T) => void, onMissed?: () => void): void;
  close(): Promise<void>;
}

/**
 * Pub-sub on `channel`, as the ad index and the publisher gate announce their changes; an instance
 * ignores its own messages (it applied them already). `what` names the bus in its log lines.
 */
export function createRedisBroadcast<T>(redis: Redis, channel: string, what: string, log?: Pick<FastifyBaseLogger, 'error' | 'warn'>): RedisBroadcast<T> {
  const origin = randomBytes(8).toString('hex');
  let subscriber: Redis | undefined;
  let closing = false;
  return {
    publish(message) {
      redis.publish(channel, JSON.stringify({ origin, message })).catch((err: unknown) => log?.error({ err }, `announcing a change on the ${what} failed`));
    },
    subscribe(onMessage, onMissed) {
      const sub = (subscriber = redis.duplicate());
      if (log) sub.on('error', throttledRedisErrorLog(log, what));
      sub.on('message', (_channel: string, text: string) => {
        const { origin: from, message } = JSON.parse(text) as { origin: string; message: T };
        if (from !== origin) onMessage(message);
      });
      let disconnected = false;
      sub.on('close', () => (disconnected = true));
      sub.on('ready', () => {
        if (!disconnected || closing) return;
        disconnected = false;
        // ioredis subscribes again by itself, after 'ready': once this SUBSCRIBE is answered, this
        // connection hears every later announcement, and what it missed is read afresh.
        sub
          .subscribe(channel)
          .then(() => {
            log?.warn(`${what} reconnected: reading again what was announced meanwhile`);
            onMissed?.();
          })
          .catch((err: unknown) => log?.error({ err }, `subscribing to the ${what} again failed`));
      });
      sub.subscribe(channel).catch((err: unknown) => log?.error({ err }, `subscribing to the ${what} failed`));
    },
    async close() {
      closing = true;
      await subscriber?.quit().catch(() => undefined);
    },
  };
}
