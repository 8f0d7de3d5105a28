import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AccountType, Role } from '@backoffice/contracts';
import { UnauthorizedError } from '../lib/errors.ts';
import { createReadCache, type Cache } from '../lib/cache.ts';
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
  /**
   * Reads through this process's cache of what memberships decide (see `MEMBER_TAGS`): the value
   * of `key` while none of `tags` changed, on any instance, since it was loaded.
   */
  read<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T>;
  /**
   * After a membership was created, changed (role, modules, status) or removed, once committed:
   * every instance stops using what it cached of it, of the user's accounts and of the account's members.
   */
  forget(userId: number, accountId: number): Promise<void>;
  /** After a user's own data (name, sign-in time) changed, once committed: the member lists of their accounts. */
  userChanged(userId: number): Promise<void>;
  /** After an account's own data or granted modules changed, once committed: its members' contexts and account lists. */
  accountChanged(accountId: number): Promise<void>;
}

/**
 * The tags of what identity caches (lib/cache.ts ReadCache): a write changes the tags of the data it
 * changed (through `forget`, `userChanged`, `accountChanged`), and every instance reloads what it
 * read under them.
 */
export const MEMBER_TAGS = {
  /** One membership: its role, status and modules. */
  member: (userId: number, accountId: number) => `member:${userId}:${accountId}`,
  /** One account's own data (type, name, logo…) and granted modules. */
  account: (accountId: number) => `account:${accountId}`,
  /** The set of a user's active memberships: their accounts and the role in each. */
  accountsOf: (userId: number) => `accounts-of:${userId}`,
  /** An account's member list: its memberships and those users' own data. */
  members: (accountId: number) => `members:${accountId}`,
};

const Claims = z.object({ sub: z.number().int().positive(), account_id: z.number().int().positive() });
/** Tokens verified by this process, until they expire: a token's validity depends on nothing else. */
const VERIFIED_TOKENS = 20_000;

export default fp<{ secret: string; expiresIn: string; cache: Cache }>(
  async (app, opts) => {
    await app.register(jwt, {
      secret: opts.secret,
      sign: { algorithm: 'HS256', expiresIn: opts.expiresIn },
      verify: { algorithms: ['HS256'] },
    });
    const repo = createMembershipRepo(app.db);
    const reads = createReadCache(opts.cache.versions);
    const verified = new LRUCache<string, { claims: TokenClaims; expiresAt: number }>({ max: VERIFIED_TOKENS });

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
        const held = verified.get(token);
        if (held && held.expiresAt > Date.now()) return held.claims;
        try {
          const payload = app.jwt.verify<{ exp?: number }>(token);
          const claims = Claims.parse(payload);
          if (payload.exp) verified.set(token, { claims, expiresAt: payload.exp * 1000 });
          return claims;
        } catch {
          throw new UnauthorizedError();
        }
      },
      activeMembership: (userId, accountId) =>
        reads.read(`member:${userId}:${accountId}`, [MEMBER_TAGS.member(userId, accountId), MEMBER_TAGS.account(accountId)], async () => {
          const ctx = await load(userId, accountId);
          if (!ctx) throw new UnauthorizedError();
          return ctx;
        }),
      read: (key, tags, load) => reads.read(key, tags, load),
      forget: (userId, accountId) =>
        reads.changed(MEMBER_TAGS.member(userId, accountId), MEMBER_TAGS.accountsOf(userId), MEMBER_TAGS.members(accountId)),
      async userChanged(userId) {
        const accounts = await repo.accountIdsOf(userId);
        await reads.changed(...accounts.map(MEMBER_TAGS.members));
      },
      async accountChanged(accountId) {
        const users = await repo.userIdsOf(accountId);
        await reads.changed(MEMBER_TAGS.account(accountId), ...users.map(MEMBER_TAGS.accountsOf));
      },
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
