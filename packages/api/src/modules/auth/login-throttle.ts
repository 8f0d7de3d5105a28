import type { Cache } from '../../lib/cache.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';

export interface ThrottleLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

/** Counts failed sign-ins per email and per IP over a window; past the limit, 429 until it ends. */
export function createLoginThrottle(cache: Cache, limits: ThrottleLimits) {
  const emailKey = (email: string) => `login-fail:email:${email}`;
  const ipKey = (ip: string) => `login-fail:ip:${ip}`;

  async function blockedFor(key: string, max: number): Promise<number> {
    const count = (await cache.get<number>(key)) ?? 0;
    return count >= max ? Math.max(1, await cache.ttl(key)) : 0;
  }

  return {
    async assertAllowed(email: string, ip: string) {
      const wait = Math.max(
        await blockedFor(emailKey(email), limits.maxFailuresPerEmail),
        await blockedFor(ipKey(ip), limits.maxFailuresPerIp),
      );
      if (wait > 0) throw new TooManyRequestsError('TOO_MANY_LOGIN_ATTEMPTS', wait, { minutes: Math.ceil(wait / 60) });
    },
    async recordFailure(email: string, ip: string) {
      await cache.incr(emailKey(email), limits.windowSeconds);
      await cache.incr(ipKey(ip), limits.windowSeconds);
    },
    async recordSuccess(email: string) {
      await cache.del(emailKey(email));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
