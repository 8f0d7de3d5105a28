import type { FastifyBaseLogger } from 'fastify';
import type { RedisOptions } from 'ioredis';

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
