import type { z } from 'zod';
import {
  RM_AD_TYPES,
  RM_DEFAULT_GOAL_RANGES,
  RM_GOALS,
  RM_GOAL_LABELS,
  fromCents,
  toCents,
  type AdSize,
  type CreateAdSizeInput,
  type Goal,
  type RecommendedProduct,
  type RmAdType,
  type RmGoal,
  type UpdateAdTypesInput,
  type UpdateGoalInput,
  type UpdateTermsInput,
} from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { campaignPermissions } from '../retail-media/campaign-permissions.ts';
import type { RmCaller, RmScopes } from '../retail-media/scope.ts';
import type { AdSizeRow, ConfigRow, ConfigurationRepo, ProductRow } from './configuration.repo.ts';
import { isWriter, managedPublisher, publisherAccess, type PublisherAccess } from './publisher-access.ts';

interface Deps {
  db: Db;
  repo: ConfigurationRepo;
  scopes: Pick<RmScopes, 'resolve'>;
}

const adTypesOf = (config: ConfigRow | null): RmAdType[] => RM_AD_TYPES.filter((t) => (config?.adTypes ?? RM_AD_TYPES).includes(t));
const termsOf = (config: ConfigRow | null) => ({
  active: config?.termsActive ?? false,
  url: config?.termsUrl ?? null,
  version: config?.termsVersion ?? null,
});
const toAdSize = (s: AdSizeRow): z.input<typeof AdSize> => ({ id: s.id, name: s.name, width: s.width, height: s.height, publisher_id: s.publisherId });
const toGoal = (name: RmGoal, range: { min: number; max: number }): z.input<typeof Goal> => ({ name, label: RM_GOAL_LABELS[name], range });

const stockText = (n: number) => n.toLocaleString('pt-BR');
const toRecommended = (p: ProductRow & { brandMatch: boolean }): z.input<typeof RecommendedProduct> => ({
  id: p.id,
  sku: p.sku,
  name: p.name,
  image_url: p.imageUrl,
  brand: p.brand,
  price: fromCents(p.priceCents),
  last_category: p.categories.at(-1) ?? null,
  recommended_reason: p.brandMatch
    ? `Produto da sua marca ${p.brand}, com ${stockText(p.availableStock)} unidades em estoque.`
    : `Boa disponibilidade: ${stockText(p.availableStock)} unidades em estoque.`,
});

/**
 * A publisher's retail media configuration (spec §2, §7): ad types, terms of service, goal
 * ranges, ad sizes, and the recommendations of objective-based creation. Linked advertisers read
 * it; only the publisher side changes it (terms: its administrator only).
 */
export function createConfigurationService({ db, repo, scopes }: Deps) {
  async function goals(publisherId: number) {
    const rows = new Map((await repo.goalRanges(publisherId)).map((r) => [r.goal, r]));
    return RM_GOALS.map((name) => {
      const row = rows.get(name);
      return toGoal(name, row ? { min: fromCents(row.minCents), max: fromCents(row.maxCents) } : RM_DEFAULT_GOAL_RANGES[name]);
    });
  }

  const permissionsOf = async (access: PublisherAccess) =>
    found(await campaignPermissions(db, access.scope, access.publisherId), 'PUBLISHER_NOT_FOUND');

  const termsView = (access: PublisherAccess, config: ConfigRow | null) => ({
    ...termsOf(config),
    publisher_id: access.publisherId,
    can_edit: access.side === 'publisher' && access.scope.caller.role === 'admin',
  });
  const adTypesView = (access: PublisherAccess, config: ConfigRow | null) => ({
    publisher_id: access.publisherId,
    ad_types: adTypesOf(config),
    available: [...RM_AD_TYPES],
    can_edit: access.side === 'publisher' && isWriter(access.scope.caller),
  });

  return {
    async publisherConfig(caller: RmCaller, publisherId?: number) {
      const access = await publisherAccess(scopes, caller, publisherId);
      const [publisher, config, sizes, goalList, permissions] = await Promise.all([
        repo.publisher(access.publisherId),
        repo.config(access.publisherId),
        repo.adSizes(access.publisherId),
        goals(access.publisherId),
        permissionsOf(access),
      ]);
      const p = found(publisher, 'PUBLISHER_NOT_FOUND');
      return {
        publisher: { id: p.id, name: p.name, logo: p.logoUrl, is_network: p.isNetwork },
        ad_types: adTypesOf(config),
        terms: termsOf(config),
        ad_sizes: sizes.map(toAdSize),
        goals: goalList,
        permissions,
      };
    },

    async permissions(caller: RmCaller, publisherId: number) {
      const scope = await scopes.resolve(caller);
      return found(await campaignPermissions(db, scope, publisherId), 'PUBLISHER_NOT_FOUND');
    },

    async terms(caller: RmCaller, publisherId?: number) {
      const access = await publisherAccess(scopes, caller, publisherId);
      return termsView(access, await repo.config(access.publisherId));
    },

    /**
     * Inactive terms keep their last url and version when the body leaves them out, so switching
     * them back on is one click; a null clears them.
     */
    async updateTerms(caller: RmCaller, publisherId: number | undefined, input: UpdateTermsInput) {
      const access = await managedPublisher(scopes, caller, publisherId);
      if (caller.role !== 'admin') throw new ForbiddenError('FORBIDDEN_ROLE');
      const current = await repo.config(access.publisherId);
      const config = await repo.saveConfig(access.publisherId, {
        termsActive: input.active,
        termsUrl: input.url !== undefined ? input.url : (current?.termsUrl ?? null),
        termsVersion: input.version !== undefined ? input.version : (current?.termsVersion ?? null),
      });
      return termsView(access, config);
    },

    async adTypes(caller: RmCaller, publisherId?: number) {
      const access = await publisherAccess(scopes, caller, publisherId);
      return adTypesView(access, await repo.config(access.publisherId));
    },

    async updateAdTypes(caller: RmCaller, publisherId: number | undefined, input: UpdateAdTypesInput) {
      const access = await managedPublisher(scopes, caller, publisherId);
      return adTypesView(access, await repo.saveConfig(access.publisherId, { adTypes: input.ad_types }));
    },

    async goals(caller: RmCaller, publisherId?: number) {
      const access = await publisherAccess(scopes, caller, publisherId);
      return goals(access.publisherId);
    },

    async updateGoal(caller: RmCaller, publisherId: number | undefined, name: RmGoal, input: UpdateGoalInput) {
      const access = await managedPublisher(scopes, caller, publisherId);
      const row = await repo.saveGoalRange(access.publisherId, name, BigInt(toCents(input.min)), BigInt(toCents(input.max)));
      return toGoal(name, { min: fromCents(row.minCents), max: fromCents(row.maxCents) });
    },

    async adSizes(caller: RmCaller, publisherId?: number) {
      const access = await publisherAccess(scopes, caller, publisherId);
      return (await repo.adSizes(access.publisherId)).map(toAdSize);
    },

    async createAdSize(caller: RmCaller, input: CreateAdSizeInput) {
      const access = await managedPublisher(scopes, caller, input.publisher_id);
      if (await repo.adSizeNamed(access.publisherId, input.name)) throw new ConflictError('AD_SIZE_NAME_TAKEN', { name: input.name });
      try {
        return toAdSize(await repo.createAdSize({ publisherId: access.publisherId, name: input.name, width: input.width, height: input.height }));
      } catch (err) {
        // Two creations of the same name at once: the unique index decides.
        if ((err as { code?: string }).code === 'P2002') throw new ConflictError('AD_SIZE_NAME_TAKEN', { name: input.name });
        throw err;
      }
    },

    /** Sizes of inventories the caller runs are its to delete; a linked advertiser's look gets 403, anyone else's 404. */
    async deleteAdSize(caller: RmCaller, id: number) {
      const scope = await scopes.resolve(caller);
      const mine = await repo.adSize(scope.managed, id);
      if (!mine) {
        const seen = await repo.adSize(scope.linkedPublishers, id);
        if (seen) throw new ForbiddenError('RM_CONFIG_PUBLISHER_ONLY');
        throw new NotFoundError('AD_SIZE_NOT_FOUND');
      }
      if (!(await repo.deleteUnusedAdSize(id))) throw new ConflictError('AD_SIZE_IN_USE');
    },

    /** Objective-based creation's product step: the caller's brands (from its link) first, then the best-stocked. */
    async recommendedProducts(caller: RmCaller, publisherId: number, q: { page: number; quantity: number; q?: string }) {
      const access = await publisherAccess(scopes, caller, publisherId);
      const brands = await repo.linkBrands(access.publisherId, caller.accountId);
      const { rows, total } = await repo.recommendedProducts(access.publisherId, brands, q.q, q.page, q.quantity);
      return pageOf(rows.map(toRecommended), q, total);
    },
  };
}

export type ConfigurationService = ReturnType<typeof createConfigurationService>;
