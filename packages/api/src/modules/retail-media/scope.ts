import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { MemberContext } from '../../plugins/identity.ts';

/** Who asks, as retail media sees it: the current account, its role on both sides and the user. */
export interface RmCaller {
  accountId: number;
  userId: number;
  role: MemberContext['role'];
  retailMediaRole: MemberContext['retailMediaRole'];
  isNetwork: boolean;
}

export const rmCallerOf = (auth: MemberContext): RmCaller => ({
  accountId: auth.accountId,
  userId: auth.userId,
  role: auth.role,
  retailMediaRole: auth.retailMediaRole,
  isNetwork: auth.isNetwork,
});

export const isPublisher = (c: Pick<RmCaller, 'retailMediaRole'>) => c.retailMediaRole === 'publisher' || c.retailMediaRole === 'both';
export const isAdvertiser = (c: Pick<RmCaller, 'retailMediaRole'>) => c.retailMediaRole === 'advertiser' || c.retailMediaRole === 'both';

/**
 * What one caller may see and do in retail media, resolved once per request:
 * - `managed`: publisher inventories it runs — its own (publisher or both) and, for a network,
 *   its sub-publishers. It reviews ads and audiences there and sees every campaign on them.
 * - `linkedPublishers`: publishers it advertises on (advertiser or both, through a link). It
 *   sees and changes only its own campaigns there.
 */
export interface RmScope {
  caller: RmCaller;
  managed: number[];
  linkedPublishers: number[];
}

/** Rows of campaigns the scope sees (not deleted): on managed inventory, or its own on linked publishers. */
export function campaignWhere(scope: RmScope): Prisma.CampaignWhereInput {
  return {
    deletedAt: null,
    OR: [
      { publisherId: { in: scope.managed } },
      { advertiserId: scope.caller.accountId, publisherId: { in: scope.linkedPublishers } },
    ],
  };
}

/** True when the scope may change the campaign as its advertiser (its own, on a linked publisher). */
export const ownsCampaign = (scope: RmScope, c: { advertiserId: number; publisherId: number }) =>
  c.advertiserId === scope.caller.accountId && scope.linkedPublishers.includes(c.publisherId);

/** True when the scope runs the inventory the campaign is on (reviews its ads). */
export const managesPublisher = (scope: RmScope, publisherId: number) => scope.managed.includes(publisherId);

/** Resolves scopes from the database (two indexed queries per request). */
export function createRmScopes(db: Db) {
  return {
    async resolve(caller: RmCaller): Promise<RmScope> {
      const [subs, links] = await Promise.all([
        isPublisher(caller) && caller.isNetwork
          ? db.account.findMany({ where: { networkId: caller.accountId }, select: { id: true } })
          : Promise.resolve([]),
        isAdvertiser(caller)
          ? db.advertiserLink.findMany({ where: { advertiserId: caller.accountId }, select: { publisherId: true } })
          : Promise.resolve([]),
      ]);
      return {
        caller,
        managed: isPublisher(caller) ? [caller.accountId, ...subs.map((s) => s.id)] : [],
        linkedPublishers: links.map((l) => l.publisherId),
      };
    },

    /** Whether the account uses a cents currency (spec §5: budgets and prices it sends are divided by 100). */
    async currencyCents(accountId: number): Promise<boolean> {
      const a = await db.account.findUnique({ where: { id: accountId }, select: { currencyCents: true } });
      return a?.currencyCents ?? false;
    },
  };
}

export type RmScopes = ReturnType<typeof createRmScopes>;
