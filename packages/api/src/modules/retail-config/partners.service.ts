import type { z } from 'zod';
import {
  RM_STRATEGIES,
  fromCents,
  type Advertiser,
  type AdvertiserLinkInfo,
  type CreateAdvertiserInput,
  type PartnerMetrics,
  type RmStrategy,
  type UpdateLinkInput,
} from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { campaignPermissions } from '../retail-media/campaign-permissions.ts';
import { isAdvertiser, isPublisher, type RmCaller, type RmScopes } from '../retail-media/scope.ts';
import { NO_TOTALS, type LinkData, type LinkRow, type PartnersRepo, type Totals } from './partners.repo.ts';
import { isWriter, managedPublisher } from './publisher-access.ts';

interface Deps {
  db: Db;
  repo: PartnersRepo;
  scopes: Pick<RmScopes, 'resolve'>;
  clock?: () => Date;
}

const strategiesOf = (list: string[]): RmStrategy[] => RM_STRATEGIES.filter((s) => list.includes(s));

export const toLinkInfo = (l: LinkRow): z.input<typeof AdvertiserLinkInfo> => {
  const strategies = strategiesOf(l.strategies);
  return {
    type: l.type,
    seller_id: l.sellerId,
    brands: l.brands,
    allow_manage_subpublishers: l.allowManageSubpublishers,
    strategies,
    defaultStrategy: strategies.find((s) => s === l.defaultStrategy) ?? strategies[0] ?? 'standard',
    enable_audience_campaign: l.enableAudienceCampaign,
    allow_total_budget_campaign: l.allowTotalBudgetCampaign,
  };
};

const toMetrics = (t: Totals): z.input<typeof PartnerMetrics> => ({
  campaigns_active: t.campaignsActive,
  impressions: Number(t.impressions),
  clicks: Number(t.clicks),
  total_spent: fromCents(t.spentCents),
  income: fromCents(t.incomeCents),
});

const linkDataOf = (input: UpdateLinkInput): LinkData => ({
  type: input.type,
  sellerId: input.seller_id,
  brands: input.brands,
  allowManageSubpublishers: input.allow_manage_subpublishers,
  strategies: input.strategies,
  defaultStrategy: input.defaultStrategy,
  enableAudienceCampaign: input.enable_audience_campaign,
  allowTotalBudgetCampaign: input.allow_total_budget_campaign,
});

/**
 * Publisher–advertiser links (spec §3 Advertiser and link-edit form) seen from both sides, and a
 * network's sub-publishers. Another publisher's or advertiser's ids answer 404; nothing changes.
 */
export function createPartnersService({ db, repo, scopes, clock = () => new Date() }: Deps) {
  /** Advertiser rows of one publisher, with wallet and totals. */
  async function advertiserRows(caller: RmCaller, publisherId: number, links: LinkRow[]): Promise<z.input<typeof Advertiser>[]> {
    const ids = links.map((l) => l.advertiserId);
    const [wallets, totals] = await Promise.all([
      repo.wallets(ids.map((advertiserId) => ({ publisherId, advertiserId }))),
      repo.advertiserTotals(publisherId, ids, clock()),
    ]);
    const walletOf = new Map(wallets.map((w) => [w.advertiserId, w]));
    const writer = isWriter(caller);
    return links.map((l) => {
      const wallet = walletOf.get(l.advertiserId);
      return {
        id: l.advertiser.id,
        name: l.advertiser.name,
        seller_id: l.sellerId,
        checking_account_id: wallet?.id ?? null,
        advertiser_tags: l.brands,
        balance: fromCents(wallet?.balanceCents ?? 0n),
        account_logo: l.advertiser.logoUrl,
        account_theme: l.advertiser.headerColor,
        publisher_id: publisherId,
        link: toLinkInfo(l),
        metrics: toMetrics(totals.get(l.advertiserId) ?? NO_TOTALS),
        can_edit: writer,
        can_edit_seller_id: writer && caller.role === 'admin',
      };
    });
  }

  const one = async (caller: RmCaller, publisherId: number, link: LinkRow) => (await advertiserRows(caller, publisherId, [link]))[0]!;

  async function linkOf(caller: RmCaller, publisherId: number | undefined, advertiserId: number) {
    const { publisherId: pid } = await managedPublisher(scopes, caller, publisherId);
    return { publisherId: pid, link: found(await repo.link(pid, advertiserId), 'ADVERTISER_NOT_FOUND') };
  }

  return {
    /** The publisher's advertisers by name; a caller that runs no inventory gets an empty page. */
    async advertisers(caller: RmCaller, q: { page: number; quantity: number; name?: string; publisher_id?: number }) {
      if (q.publisher_id === undefined && !isPublisher(caller)) return pageOf([], q, 0);
      const { publisherId } = await managedPublisher(scopes, caller, q.publisher_id);
      const { rows, total } = await repo.advertiserLinks(publisherId, q.name, q.page, q.quantity);
      return pageOf(await advertiserRows(caller, publisherId, rows), q, total);
    },

    async advertiser(caller: RmCaller, publisherId: number | undefined, advertiserId: number) {
      const { publisherId: pid, link } = await linkOf(caller, publisherId, advertiserId);
      return one(caller, pid, link);
    },

    /** Links an existing advertiser account found by CNPJ and opens its wallet (balance 0). */
    async link(caller: RmCaller, publisherId: number | undefined, input: CreateAdvertiserInput) {
      const { publisherId: pid } = await managedPublisher(scopes, caller, publisherId);
      if (input.seller_id && caller.role !== 'admin') throw new ForbiddenError('LINK_SELLER_ID_ADMIN_ONLY');
      const advertiserId = found(await repo.advertiserByDocument(input.document), 'ADVERTISER_NOT_FOUND');
      if (await repo.link(pid, advertiserId)) throw new ConflictError('LINK_ALREADY_EXISTS');
      try {
        return one(caller, pid, await repo.createLink(pid, advertiserId, linkDataOf(input)));
      } catch (err) {
        if ((err as { code?: string }).code === 'P2002') throw new ConflictError('LINK_ALREADY_EXISTS');
        throw err;
      }
    },

    /** The link-edit form; only an administrator changes the seller id. */
    async updateLink(caller: RmCaller, publisherId: number | undefined, advertiserId: number, input: UpdateLinkInput) {
      const { publisherId: pid, link } = await linkOf(caller, publisherId, advertiserId);
      if (input.seller_id !== link.sellerId && caller.role !== 'admin') throw new ForbiddenError('LINK_SELLER_ID_ADMIN_ONLY');
      return one(caller, pid, await repo.updateLink(pid, advertiserId, linkDataOf(input)));
    },

    async unlink(caller: RmCaller, publisherId: number | undefined, advertiserId: number) {
      const { publisherId: pid } = await linkOf(caller, publisherId, advertiserId);
      if (!(await repo.deleteLink(pid, advertiserId, clock()))) throw new ConflictError('LINK_HAS_ACTIVE_CAMPAIGNS');
    },

    /** The publishers the caller advertises on, with its link, wallet and campaign permissions there. */
    async publishers(caller: RmCaller) {
      if (!isAdvertiser(caller)) return [];
      const scope = await scopes.resolve(caller);
      const links = await repo.publisherLinks(caller.accountId);
      const wallets = new Map(
        (await repo.wallets(links.map((l) => ({ publisherId: l.publisherId, advertiserId: caller.accountId })))).map((w) => [w.publisherId, w]),
      );
      return Promise.all(
        links.map(async (l) => {
          const wallet = wallets.get(l.publisherId);
          return {
            id: l.publisher.id,
            name: l.publisher.name,
            logo: l.publisher.logoUrl,
            account_theme: l.publisher.headerColor,
            link: toLinkInfo(l),
            wallet: wallet ? { id: wallet.id, balance: fromCents(wallet.balanceCents) } : null,
            permissions: found(await campaignPermissions(db, scope, l.publisherId), 'PUBLISHER_NOT_FOUND'),
          };
        }),
      );
    },

    /**
     * A network's sub-publishers: its own (network publisher), or, with `publisher_id`, those of a
     * network the caller advertises on when its link may manage sub-publishers (metrics of its
     * own campaigns only). Empty for a caller that is neither.
     */
    async subpublishers(caller: RmCaller, q: { page: number; quantity: number; name?: string; publisher_id?: number }) {
      let networkId = caller.accountId;
      let advertiserId: number | undefined;
      if (q.publisher_id !== undefined && q.publisher_id !== caller.accountId) {
        const permissions = await campaignPermissions(db, await scopes.resolve(caller), q.publisher_id);
        if (!permissions) throw new NotFoundError('PUBLISHER_NOT_FOUND');
        if (!permissions.can_review && !permissions.allow_manage_subpublishers) throw new ForbiddenError();
        networkId = q.publisher_id;
        advertiserId = permissions.can_review ? undefined : caller.accountId;
      } else if (!isPublisher(caller) || !caller.isNetwork) {
        return pageOf([], q, 0);
      }
      const { rows, total } = await repo.subpublishers(networkId, q.name, q.page, q.quantity);
      const totals = await repo.subpublisherTotals(
        rows.map((r) => r.id),
        clock(),
        advertiserId,
      );
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          account_logo: r.logoUrl,
          account_theme: r.headerColor,
          metrics: toMetrics(totals.get(r.id) ?? NO_TOTALS),
        })),
        q,
        total,
      );
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;
