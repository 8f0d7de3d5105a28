import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import { z } from 'zod';
import type { AccountType, Role } from '@backoffice/contracts';
import { UnauthorizedError } from '../lib/errors.ts';
import type { Cache } from '../lib/cache.ts';
import { createMembershipRepo } from '../modules/accounts/membership.repo.ts';

export interface TokenClaims {
  sub: number;
  account_id: number;
}

/** Who is calling, in which account, with which role and modules. */
export interface MemberContext {
  userId: number;
  accountId: number;
  membershipId: number;
  role: Role;
  accountType: AccountType;
  whiteLabelVariant: 'retail_media' | 'grocery' | null;
  retailMediaRole: 'none' | 'publisher' | 'advertiser' | 'both';
  isNetwork: boolean;
  moduleIds: number[];
  moduleKeys: string[];
}

export interface Identity {
  signToken(userId: number, accountId: number): string;
  /** Verifies signature (HS256 only), expiry and shape; throws 401 otherwise. */
  verifyToken(token: string | undefined): Promise<TokenClaims>;
  /** The caller's active membership in the token's account (cached); 401 when gone. */
  activeMembership(userId: number, accountId: number): Promise<MemberContext>;
  /** Drops the cached membership after role, module or membership changes. */
  forget(userId: number, accountId: number): Promise<void>;
}

const Claims = z.object({ sub: z.number().int().positive(), account_id: z.number().int().positive() });
const CACHE_TTL_SECONDS = 60;
const cacheKey = (userId: number, accountId: number) => `member:${userId}:${accountId}`;

export default fp<{ secret: string; expiresIn: string; cache: Cache }>(
  async (app, opts) => {
    await app.register(jwt, {
      secret: opts.secret,
      sign: { algorithm: 'HS256', expiresIn: opts.expiresIn },
      verify: { algorithms: ['HS256'] },
    });
    const repo = createMembershipRepo(app.db);

    async function load(userId: number, accountId: number): Promise<MemberContext | null> {
      const m = await repo.findActive(userId, accountId);
      if (!m) return null;
      const ids = await repo.moduleIds(m, accountId);
      const modules = await repo.modulesByIds(ids);
      return {
        userId,
        accountId,
        membershipId: m.id,
        role: m.role,
        accountType: m.account.type,
        whiteLabelVariant: m.account.whiteLabelVariant,
        retailMediaRole: m.account.retailMediaRole,
        isNetwork: m.account.isNetwork,
        moduleIds: modules.map((mod) => mod.id),
        moduleKeys: modules.map((mod) => mod.key),
      };
    }

    const identity: Identity = {
      signToken: (userId, accountId) => app.jwt.sign({ sub: userId, account_id: accountId }),
      async verifyToken(token) {
        if (!token) throw new UnauthorizedError();
        try {
          return Claims.parse(app.jwt.verify(token));
        } catch {
          throw new UnauthorizedError();
        }
      },
      async activeMembership(userId, accountId) {
        const key = cacheKey(userId, accountId);
        const cached = await opts.cache.get<MemberContext>(key);
        if (cached) return cached;
        const ctx = await load(userId, accountId);
        if (!ctx) throw new UnauthorizedError();
        await opts.cache.set(key, ctx, CACHE_TTL_SECONDS);
        return ctx;
      },
      forget: (userId, accountId) => opts.cache.del(cacheKey(userId, accountId)),
    };
    app.decorate('identity', identity);
  },
  { name: 'identity', dependencies: ['db'] },
);

/** The bearer token of a request, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
}
