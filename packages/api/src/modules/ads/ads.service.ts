import {
  AD_REVIEW_PAGE_SIZE,
  toCents,
  type AdCountInput,
  type AdListInput,
  type AdReviewInput,
  type CreateAdInput,
  type UpdateAdInput,
} from '@backoffice/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { BusinessRuleError, ForbiddenError, NotFoundError, found } from '../../lib/errors.ts';
import { likeLiteral } from '../../lib/like.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { pageOf } from '../../lib/paging.ts';
import { changedFields, type AuditEntry, type AuditValue } from '../retail-media/audit.ts';
import { campaignWhere, managesPublisher, ownsCampaign, type RmCaller, type RmScope, type RmScopes } from '../retail-media/scope.ts';
import { changedCreative, createCreativeCheck, creativeOf } from './ad-creative.ts';
import { toAd } from './ads.mappers.ts';
import { METRIC_COLUMNS, type AdRow, type AdsRepo, type DayRange, type MetricOrder } from './ads.repo.ts';
import { campaignStatus, campaignStatusWhere } from '../campaigns/campaign-status.ts';

interface Deps {
  repo: AdsRepo;
  scopes: RmScopes;
  storage: MediaStorage;
  clock?: () => Date;
}

/** Ads the scope sees: live ads of the campaigns it sees. */
export const adWhere = (scope: RmScope): Prisma.AdWhereInput => ({ deletedAt: null, campaign: campaignWhere(scope) });

const centsOrNull = (v: number | null) => (v === null ? null : BigInt(toCents(v)));
const reais = (v: bigint | null) => (v === null ? null : Number(v) / 100);

/**
 * Retail media ads: the advertiser writes the creative of its own campaigns' ads, the publisher
 * of the inventory reviews them. Anything outside the caller's scope is AD_NOT_FOUND.
 */
export function createAdsService({ repo, scopes, storage, clock = () => new Date() }: Deps) {
  const checkCreative = createCreativeCheck({ repo, storage });

  /** API shapes of rows, with their period metrics and catalog products fetched once per page. */
  async function present(rows: AdRow[], range: DayRange = {}) {
    const now = clock();
    const approved = rows.filter((r) => r.status === 'approved').map((r) => r.id);
    const [stats, products] = await Promise.all([
      repo.stats(approved, range),
      repo.products(rows.filter((r) => r.sku).map((r) => ({ publisherId: r.campaign.publisherId, sku: r.sku! }))),
    ]);
    return rows.map((r) =>
      toAd(r, { stats: stats.get(r.id), product: r.sku ? products.get(`${r.campaign.publisherId}:${r.sku}`) : undefined, now }),
    );
  }

  async function visible(caller: RmCaller, id: number) {
    const scope = await scopes.resolve(caller);
    const ad = found(await repo.find({ id, ...adWhere(scope) }), 'AD_NOT_FOUND');
    return { scope, ad };
  }

  async function one(id: number) {
    const [ad] = await present([found(await repo.find({ id, deletedAt: null }), 'AD_NOT_FOUND')]);
    return ad!;
  }

  const base = (caller: RmCaller, ad: { id: number; campaignId: number }) => ({
    campaignId: ad.campaignId,
    entity: 'ad' as const,
    entityId: ad.id,
    userId: caller.userId,
  });

  async function write(id: number, data: Prisma.AdUncheckedUpdateManyInput, audit: AuditEntry[]) {
    if (!(await repo.update(id, data, audit))) throw new NotFoundError('AD_NOT_FOUND');
  }

  function listWhere(scope: RmScope, q: AdListInput): Prisma.AdWhereInput {
    const now = clock();
    const campaign: Prisma.CampaignWhereInput[] = [campaignWhere(scope)];
    if (q.rmid) campaign.push({ OR: [{ advertiserId: q.rmid }, { publisherId: q.rmid }] });
    if (q.tag_id) campaign.push({ tags: { some: { tagId: q.tag_id } } });
    if (q.campaign_name) campaign.push({ name: { contains: likeLiteral(q.campaign_name), mode: 'insensitive' } });
    if (q.campaign_status) campaign.push(campaignStatusWhere(q.campaign_status, now));
    if (q.campaign_targeting) campaign.push({ targeting: q.campaign_targeting });
    return {
      deletedAt: null,
      campaign: { AND: campaign },
      ...(q.campaign_id ? { campaignId: q.campaign_id } : {}),
      ...(q.ad_type ? { adType: q.ad_type } : {}),
      ...(q.ad_status ? { status: q.ad_status } : {}),
      ...(q.product_sku ? { sku: { contains: likeLiteral(q.product_sku), mode: 'insensitive' as const } } : {}),
      ...(q.show_inactive ? {} : { active: true }),
    };
  }

  return {
    /** The ads list (spec §2): campaign filters plus ad filters, sorted in SQL, metrics of the period. */
    async list(caller: RmCaller, q: AdListInput) {
      const scope = await scopes.resolve(caller);
      const where = listWhere(scope, q);
      const range = { from: q.start_date, to: q.end_date };
      const dir = q.order_direction;
      const { rows, total } =
        q.order_by in METRIC_COLUMNS
          ? await repo.pageByMetric(where, q.order_by as MetricOrder, dir, range, q.page, q.quantity)
          : await repo.page(
              where,
              [...(q.order_by === 'name' ? [{ campaign: { name: dir } }] : []), { createdAt: dir }, { id: dir }],
              q.page,
              q.quantity,
            );
      return pageOf(await present(rows, range), q, total);
    },

    /** The publisher's review queue: pending oldest first (100 a page), rejected latest first (50 a page). */
    async reviewQueue(caller: RmCaller, q: AdReviewInput) {
      const scope = await scopes.resolve(caller);
      const page = { page: q.page, quantity: q.quantity ?? AD_REVIEW_PAGE_SIZE[q.status] };
      const publishers = q.publisher_id ? scope.managed.filter((id) => id === q.publisher_id) : scope.managed;
      const where: Prisma.AdWhereInput = {
        ...adWhere(scope),
        status: q.status,
        adType: q.ad_type,
        AND: [{ campaign: { publisherId: { in: publishers } } }],
      };
      const orderBy: Prisma.AdOrderByWithRelationInput[] =
        q.status === 'pending_review' ? [{ createdAt: 'asc' }, { id: 'asc' }] : [{ reviewedAt: 'desc' }, { id: 'desc' }];
      const { rows, total } = await repo.page(where, orderBy, page.page, page.quantity);
      return pageOf(await present(rows), page, total);
    },

    async countByStatus(caller: RmCaller, q: AdCountInput) {
      const scope = await scopes.resolve(caller);
      const counts = await repo.countByStatus({
        ...adWhere(scope),
        ...(q.ad_type ? { adType: q.ad_type } : {}),
        ...(q.publisher_id ? { AND: [{ campaign: { publisherId: q.publisher_id } }] } : {}),
      });
      return { pending_review: counts.get('pending_review') ?? 0, approved: counts.get('approved') ?? 0, rejected: counts.get('rejected') ?? 0 };
    },

    async get(caller: RmCaller, id: number) {
      const { ad } = await visible(caller, id);
      const [shaped] = await present([ad]);
      return shaped!;
    },

    /** A new ad of an open campaign the caller owns, of the campaign's type; it waits for review. */
    async create(caller: RmCaller, input: CreateAdInput) {
      const scope = await scopes.resolve(caller);
      const campaign = found(await repo.findCampaign({ id: input.campaign_id, ...campaignWhere(scope) }), 'CAMPAIGN_NOT_FOUND');
      if (!ownsCampaign(scope, campaign)) throw new ForbiddenError();
      const state = campaignStatus(campaign, clock());
      if (state === 'canceled' || state === 'finished') throw new ForbiddenError('AD_CAMPAIGN_CLOSED');
      if (input.ad_type !== campaign.adType) throw new BusinessRuleError('AD_TYPE_MISMATCH', { expected: campaign.adType });
      const { campaign_id: _, cpm, cpc, ...creativeInput } = input;
      const creative = await checkCreative(caller.accountId, campaign.publisherId, creativeInput);
      const id = await repo.create(
        campaign.id,
        campaign.adType,
        { ...creative, cpmCents: centsOrNull(cpm ?? null), cpcCents: centsOrNull(cpc ?? null), status: 'pending_review' },
        (adId) => [{ ...base(caller, { id: adId, campaignId: campaign.id }), action: 'create', details: JSON.parse(JSON.stringify(input)) as AuditValue }],
      );
      return one(id);
    },

    /** Replaces the creative and prices of an own ad; a changed creative goes back to review. */
    async update(caller: RmCaller, id: number, input: UpdateAdInput) {
      const { scope, ad } = await visible(caller, id);
      if (!ownsCampaign(scope, ad.campaign)) throw new ForbiddenError();
      if (input.ad_type !== ad.adType) throw new BusinessRuleError('AD_TYPE_MISMATCH', { expected: ad.adType });
      const { cpm, cpc, ...creativeInput } = input;
      const creative = await checkCreative(caller.accountId, ad.campaign.publisherId, creativeInput, ad);
      const changed = changedCreative(creativeOf(ad), creative);
      const prices = {
        cpmCents: cpm === undefined ? ad.cpmCents : centsOrNull(cpm),
        cpcCents: cpc === undefined ? ad.cpcCents : centsOrNull(cpc),
      };
      const audit = changedFields(
        base(caller, ad),
        { cpm: reais(ad.cpmCents), cpc: reais(ad.cpcCents) },
        { cpm: reais(prices.cpmCents), cpc: reais(prices.cpcCents) },
      );
      if (changed.length) {
        audit.push({ ...base(caller, ad), action: 'update', details: { fields: changed, ad_status: 'pending_review' } });
      }
      await write(id, {
        ...creative,
        ...prices,
        ...(changed.length ? { status: 'pending_review', reviewNote: null, reviewedAt: null, reviewedById: null } : {}),
      }, audit);
      return one(id);
    },

    /** Switches an ad on or off: its advertiser or the publisher of its inventory. */
    async setActive(caller: RmCaller, id: number, active: boolean) {
      const { scope, ad } = await visible(caller, id);
      if (!ownsCampaign(scope, ad.campaign) && !managesPublisher(scope, ad.campaign.publisherId)) throw new ForbiddenError();
      await write(id, { active }, changedFields(base(caller, ad), { active: ad.active }, { active }));
      return one(id);
    },

    /** Soft-deletes an own ad. */
    async remove(caller: RmCaller, id: number) {
      const { scope, ad } = await visible(caller, id);
      if (!ownsCampaign(scope, ad.campaign)) throw new ForbiddenError();
      await write(id, { deletedAt: clock() }, [{ ...base(caller, ad), action: 'delete' }]);
    },

    /**
     * Approves or rejects an ad (the publisher of its inventory), any current state included.
     * Concurrent reviews apply one after the other: the last wins and each writes its audit row.
     */
    async review(caller: RmCaller, id: number, status: 'approved' | 'rejected', note: string | undefined) {
      const { scope, ad } = await visible(caller, id);
      if (!managesPublisher(scope, ad.campaign.publisherId)) throw new ForbiddenError();
      await write(
        id,
        { status, reviewNote: note ?? null, reviewedById: caller.userId, reviewedAt: clock() },
        [{ ...base(caller, ad), action: status === 'approved' ? 'approve' : 'reject', details: { note: note ?? null } }],
      );
      return one(id);
    },
  };
}

export type AdsService = ReturnType<typeof createAdsService>;
