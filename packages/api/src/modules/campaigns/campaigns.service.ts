import type { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  DEFAULT_GOAL_RANGES,
  fromCents,
  saoPauloToday,
  toCents,
  type CampaignAdType,
  type CampaignCountQuery,
  type CampaignListQueryInput,
  type CreateCampaignInput,
  type CreateObjectiveCampaignInput,
  type UpdateCampaignInput,
} from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { changedFields, recordAudit, type AuditEntry, type AuditedField, type AuditValue } from '../retail-media/audit.ts';
import { campaignPermissions, type Strategy } from '../retail-media/campaign-permissions.ts';
import { createRmScopes, type RmCaller, type RmScope } from '../retail-media/scope.ts';
import { createCampaignAccess } from './campaign-access.ts';
import { dayOf, toDetail, toListItem } from './campaign-mappers.ts';
import { createCampaignPartsService } from './campaign-parts.service.ts';
import { campaignStatus } from './campaign-status.ts';
import type { CampaignsRepo, NewCampaign } from './campaigns.repo.ts';

interface Deps {
  db: Db;
  repo: CampaignsRepo;
  now?: () => Date;
}

const AD_TYPE_LABEL: Record<CampaignAdType, string> = {
  product: 'Produto',
  banner: 'Banner',
  sponsored_brand: 'Marca patrocinada',
  digital_signage: 'Digital signage',
};
const STRATEGY_LABEL: Record<Strategy, string> = { standard: 'Padrão', objective_based: 'Por objetivo' };

type StandardInput = Omit<CreateCampaignInput, 'ad_type'> & { ad_type: CampaignAdType };

const endBeforeStart = () =>
  new ValidationError('CAMPAIGN_END_BEFORE_START', {}, [
    { field: 'end_at', code: 'custom', message: 'A data final deve ser igual ou posterior à de início.' },
  ]);

/** Plain JSON of a request body for the audit (drops undefined). */
const payloadOf = (body: unknown) => JSON.parse(JSON.stringify(body)) as Prisma.InputJsonValue;
const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * Retail media campaigns (spec §2–§7): an advertiser's campaigns on the publishers it is linked to,
 * seen also by the publisher that runs the inventory. Every change is audited in its transaction.
 */
export function createCampaignsService({ db, repo, now = () => new Date() }: Deps) {
  const scopes = createRmScopes(db);
  const access = createCampaignAccess({ repo, scopes, now });

  /** Spec §5 cents currency: a caller with currency_cents sends integer cents. */
  function budgetCents(value: number, inCents: boolean, field: string): bigint {
    const cents = inCents ? Math.round(value) : toCents(value);
    if (cents <= 0) {
      const detail = 'o valor deve ser maior que zero.';
      throw new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'too_small', message: detail }]);
    }
    return BigInt(cents);
  }

  async function detailOf(scope: RmScope, id: number) {
    const row = found(await repo.findDetail(scope, id), 'CAMPAIGN_NOT_FOUND');
    const [catalog, totals] = await Promise.all([
      repo.catalog(
        row.publisherId,
        row.products.map((p) => p.sku),
      ),
      repo.stats.totals([id]),
    ]);
    return toDetail(scope, row, campaignStatus(row, now()), new Map(catalog.map((p) => [p.sku, p])), totals.get(id));
  }

  /** The create rules of campaign-permissions: linked (404), allowed (403), strategy and type enabled (422). */
  async function creationContext(caller: RmCaller, publisherId: number, strategy: Strategy, adType: CampaignAdType) {
    const scope = await scopes.resolve(caller);
    const perms = await campaignPermissions(db, scope, publisherId);
    if (!perms) throw new NotFoundError('CAMPAIGN_PUBLISHER_NOT_FOUND');
    if (!perms.can_create) throw new ForbiddenError('CAMPAIGN_CREATE_FORBIDDEN');
    if (!perms.strategies.includes(strategy)) throw new BusinessRuleError('CAMPAIGN_STRATEGY_NOT_ALLOWED', { strategy: STRATEGY_LABEL[strategy] });
    if (!perms.ad_types.includes(adType)) throw new BusinessRuleError('CAMPAIGN_AD_TYPE_NOT_ALLOWED', { type: AD_TYPE_LABEL[adType] });
    return { scope, perms, inCents: await scopes.currencyCents(caller.accountId) };
  }

  /** SKUs of the publisher's catalog, 422 naming those it lacks. */
  async function catalogProducts(publisherId: number, skus: string[]) {
    const rows = await repo.catalog(publisherId, skus);
    const known = new Set(rows.map((r) => r.sku));
    const missing = skus.filter((s) => !known.has(s));
    if (missing.length) throw new BusinessRuleError('CAMPAIGN_UNKNOWN_SKUS', { skus: missing.join(', ') });
    return rows;
  }

  /** Writes the campaign, its product ads and the audit of both in one transaction; returns the detail. */
  async function insert(scope: RmScope, c: NewCampaign, payload: unknown) {
    const id = await repo.tx(async (tx) => {
      const campaignId = await repo.create(tx, c);
      const ads = c.adType === 'product' ? await repo.createProductAds(tx, campaignId, c.skus, c.cpcCents) : [];
      const base = { campaignId, userId: c.createdById };
      await recordAudit(tx, [
        { ...base, entity: 'campaign', entityId: campaignId, action: 'create', details: payloadOf(payload) },
        ...ads.map((ad): AuditEntry => ({ ...base, entity: 'ad', entityId: ad.id, action: 'create', details: { ad_type: 'product', sku: ad.sku } })),
      ]);
      return campaignId;
    });
    return detailOf(scope, id);
  }

  async function change(id: number, data: Prisma.CampaignUncheckedUpdateInput, entries: AuditEntry[], scope: RmScope) {
    if (entries.length) {
      await repo.tx(async (tx) => {
        await repo.update(tx, id, data);
        await recordAudit(tx, entries);
      });
    }
    return detailOf(scope, id);
  }

  const core = {
    async list(caller: RmCaller, q: CampaignListQueryInput) {
      const scope = await scopes.resolve(caller);
      const at = now();
      const { rows, total } = await repo.stats.list(
        scope,
        q,
        q.campaign_status,
        { by: q.order_by, direction: q.order_direction },
        q,
        at,
      );
      const sums = new Map(rows.map((r) => [r.id, r]));
      const campaigns = await repo.byIds(rows.map((r) => r.id));
      const data = campaigns.map((c) => {
        const s = sums.get(c.id)!;
        return toListItem(c, campaignStatus(c, at), s, s.consumedCents);
      });
      return pageOf(data, q, total);
    },

    async countByStatus(caller: RmCaller, q: z.output<typeof CampaignCountQuery>) {
      const scope = await scopes.resolve(caller);
      const counts = await repo.stats.countByStatus(scope, q, now());
      const out = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<(typeof CAMPAIGN_STATUSES)[number], number>;
      return { ...out, total: CAMPAIGN_STATUSES.reduce((n, s) => n + out[s], 0) };
    },

    async get(caller: RmCaller, id: number) {
      return detailOf(await scopes.resolve(caller), id);
    },

    /** Standard campaign (spec §3 settings); product campaigns get one pending_review ad per SKU. */
    async create(caller: RmCaller, input: StandardInput) {
      const { scope, perms, inCents } = await creationContext(caller, input.publisher_id, 'standard', input.ad_type);
      if (input.total_budget != null && !perms.allow_total_budget_campaign) throw new BusinessRuleError('CAMPAIGN_TOTAL_BUDGET_NOT_ALLOWED');
      if (input.audience_ids.length && !perms.enable_audience_campaign) throw new BusinessRuleError('CAMPAIGN_AUDIENCES_NOT_ALLOWED');
      if (input.subpublisher_ids.length && !perms.allow_manage_subpublishers) throw new BusinessRuleError('CAMPAIGN_SUBPUBLISHERS_NOT_ALLOWED');

      const skus = unique(input.products.map((p) => p.sku));
      const audienceIds = unique(input.audience_ids);
      const subpublisherIds = unique(input.subpublisher_ids);
      const tagIds = unique(input.tag_ids);
      const [, audiences, subs, tags] = await Promise.all([
        skus.length ? catalogProducts(input.publisher_id, skus) : [],
        audienceIds.length ? repo.usableAudiences(input.publisher_id, caller.accountId, audienceIds) : [],
        subpublisherIds.length ? repo.subpublishersOf(input.publisher_id, subpublisherIds) : [],
        tagIds.length ? repo.ownTags(caller.accountId, tagIds) : [],
      ]);
      const missing = (ids: number[], rows: Array<{ id: number }>) => ids.filter((id) => !rows.some((r) => r.id === id)).join(', ');
      if (audiences.length < audienceIds.length) throw new BusinessRuleError('CAMPAIGN_AUDIENCES_UNAVAILABLE', { ids: missing(audienceIds, audiences) });
      if (subs.length < subpublisherIds.length) throw new BusinessRuleError('CAMPAIGN_SUBPUBLISHERS_UNKNOWN', { ids: missing(subpublisherIds, subs) });
      if (tags.length < tagIds.length) throw new BusinessRuleError('TAG_NOT_FOUND', { ids: missing(tagIds, tags) });

      const start = input.start_at ?? saoPauloToday(now());
      if (input.end_at && input.end_at < start) throw endBeforeStart();
      return insert(
        scope,
        {
          publisherId: input.publisher_id,
          advertiserId: caller.accountId,
          createdById: caller.userId,
          name: input.name,
          description: input.description ?? null,
          adType: input.ad_type,
          strategyType: 'standard',
          goal: null,
          targeting: input.targeting,
          dailyBudgetCents: budgetCents(input.daily_budget, inCents, 'daily_budget'),
          totalBudgetCents: input.total_budget == null ? null : budgetCents(input.total_budget, inCents, 'total_budget'),
          cpmCents: input.cpm == null ? null : BigInt(toCents(input.cpm)),
          cpcCents: input.cpc == null ? null : BigInt(toCents(input.cpc)),
          budgetType: input.budget_type,
          startAt: startOfBusinessDay(start),
          endAt: input.end_at ? endOfBusinessDay(input.end_at) : null,
          skus,
          keywords: input.keywords,
          categories: input.categories,
          audienceIds,
          subpublisherIds,
          tagIds,
        },
        input,
      );
    },

    /** Objective-based product campaign: CPC from the goal's range midpoint, category targeting from the products. */
    async createObjective(caller: RmCaller, input: CreateObjectiveCampaignInput) {
      const { scope, inCents } = await creationContext(caller, input.publisher_id, 'objective_based', 'product');
      const skus = unique(input.products.map((p) => p.sku));
      const rows = await catalogProducts(input.publisher_id, skus);
      const mismatched = input.products.filter((p) => rows.find((r) => r.sku === p.sku)?.id !== p.id).map((p) => p.sku);
      if (mismatched.length) throw new BusinessRuleError('CAMPAIGN_UNKNOWN_SKUS', { skus: unique(mismatched).join(', ') });

      const range = await repo.goalRange(input.publisher_id, input.goal);
      const fallback = DEFAULT_GOAL_RANGES[input.goal];
      const [min, max] = range ? [range.minCents, range.maxCents] : [BigInt(toCents(fallback.min)), BigInt(toCents(fallback.max))];
      const start = input.start_at ?? saoPauloToday(now());
      if (input.end_at && input.end_at < start) throw endBeforeStart();
      const categories = unique(rows.filter((r) => r.categories.length).map((r) => r.categories.join(' > '))).sort();
      return insert(
        scope,
        {
          publisherId: input.publisher_id,
          advertiserId: caller.accountId,
          createdById: caller.userId,
          name: input.name,
          description: null,
          adType: 'product',
          strategyType: 'objective_based',
          goal: input.goal,
          targeting: 'category',
          dailyBudgetCents: budgetCents(input.daily_budget, inCents, 'daily_budget'),
          totalBudgetCents: null,
          cpmCents: null,
          cpcCents: (min + max + 1n) / 2n,
          budgetType: 'evenly',
          startAt: startOfBusinessDay(start),
          endAt: input.end_at ? endOfBusinessDay(input.end_at) : null,
          skus,
          keywords: [],
          categories,
          audienceIds: [],
          subpublisherIds: [],
          tagIds: [],
        },
        input,
      );
    },

    /** Spec §5: only name, daily budget and end date; each changed field is audited. */
    async update(caller: RmCaller, id: number, input: UpdateCampaignInput) {
      const { scope, row } = await access.asOwner(caller, id);
      const data: Prisma.CampaignUncheckedUpdateInput = {};
      const before: Partial<Record<AuditedField, AuditValue>> = {};
      const after: Partial<Record<AuditedField, AuditValue>> = {};
      if (input.name !== undefined) {
        data.name = input.name;
        [before.name, after.name] = [row.name, input.name];
      }
      if (input.daily_budget !== undefined) {
        const cents = budgetCents(input.daily_budget, await scopes.currencyCents(caller.accountId), 'daily_budget');
        data.dailyBudgetCents = cents;
        [before.daily_budget, after.daily_budget] = [fromCents(row.dailyBudgetCents), fromCents(cents)];
      }
      if (input.end_at !== undefined) {
        if (input.end_at && input.end_at < dayOf(row.startAt)) throw endBeforeStart();
        data.endAt = input.end_at ? endOfBusinessDay(input.end_at) : null;
        [before.end_at, after.end_at] = [row.endAt ? dayOf(row.endAt) : null, input.end_at];
      }
      const entries = changedFields({ campaignId: id, entity: 'campaign', entityId: id, userId: caller.userId }, before, after);
      return change(id, data, entries, scope);
    },

    async toggle(caller: RmCaller, id: number, active: boolean) {
      const { scope, row } = await access.asOwnerOrPublisher(caller, id);
      const entries = changedFields({ campaignId: id, entity: 'campaign', entityId: id, userId: caller.userId }, { active: row.active }, { active });
      return change(id, { active }, entries, scope);
    },

    /** Ends the campaign for good (owner or the publisher); it stays visible as canceled. */
    async cancel(caller: RmCaller, id: number) {
      const { scope, row } = await access.asOwnerOrPublisher(caller, id);
      const entry: AuditEntry = {
        campaignId: id,
        entity: 'campaign',
        entityId: id,
        action: 'cancel',
        oldValue: { active: row.active },
        newValue: { active: false },
        userId: caller.userId,
      };
      return change(id, { canceledAt: now(), active: false }, [entry], scope);
    },

    async remove(caller: RmCaller, id: number) {
      await access.asOwner(caller, id, { open: false });
      await repo.tx(async (tx) => {
        await repo.update(tx, id, { deletedAt: now(), active: false });
        await recordAudit(tx, [{ campaignId: id, entity: 'campaign', entityId: id, action: 'delete', userId: caller.userId }]);
      });
    },
  };

  return { ...core, ...createCampaignPartsService({ repo, scopes, access, catalogProducts, now }) };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
