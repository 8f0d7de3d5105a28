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
