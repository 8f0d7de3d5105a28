import type { Db } from '../../db/client.ts';
import { isAdvertiser, managesPublisher, type RmScope } from './scope.ts';

export const AD_TYPES = ['product', 'banner', 'sponsored_brand', 'digital_signage'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const STRATEGIES = ['standard', 'objective_based'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** What the caller may do on one publisher's inventory (spec §7 campaign-permissions). */
export interface CampaignPermissions {
  publisher_id: number;
  /** Creates and changes its own campaigns there (linked advertiser, admin or manager). */
  can_create: boolean;
  /** Reviews ads and audiences there (the publisher, or its network). */
  can_review: boolean;
  strategies: Strategy[];
  default_strategy: Strategy;
  /** The publisher's enabled ad types (its ad-types configuration). */
  ad_types: AdType[];
  enable_audience_campaign: boolean;
  allow_total_budget_campaign: boolean;
  allow_manage_subpublishers: boolean;
}

const WRITER_ROLES = new Set(['admin', 'manager']);

const known = <T extends string>(values: readonly T[], list: readonly string[]): T[] =>
  values.filter((v) => list.includes(v));

/**
 * The caller's permissions on `publisherId`, from its link (as advertiser) and the publisher's
 * configuration; null when the caller neither advertises on nor manages that publisher.
 */
export async function campaignPermissions(db: Db, scope: RmScope, publisherId: number): Promise<CampaignPermissions | null> {
  const manages = managesPublisher(scope, publisherId);
  const linked = isAdvertiser(scope.caller) && scope.linkedPublishers.includes(publisherId);
  if (!manages && !linked) return null;
  const [link, config] = await Promise.all([
    linked
      ? db.advertiserLink.findUnique({
          where: { publisherId_advertiserId: { publisherId, advertiserId: scope.caller.accountId } },
          select: {
            strategies: true,
            defaultStrategy: true,
            enableAudienceCampaign: true,
            allowTotalBudgetCampaign: true,
            allowManageSubpublishers: true,
          },
        })
      : null,
    db.retailMediaConfig.findUnique({ where: { publisherId }, select: { adTypes: true } }),
  ]);
  const strategies = link ? known(STRATEGIES, link.strategies) : [];
  const defaultStrategy = strategies.find((s) => s === link?.defaultStrategy) ?? strategies[0] ?? 'standard';
  return {
    publisher_id: publisherId,
    can_create: Boolean(link) && WRITER_ROLES.has(scope.caller.role),
    can_review: manages,
    strategies,
    default_strategy: defaultStrategy,
    ad_types: known(AD_TYPES, config?.adTypes ?? AD_TYPES),
    enable_audience_campaign: link?.enableAudienceCampaign ?? false,
    allow_total_budget_campaign: link?.allowTotalBudgetCampaign ?? false,
    allow_manage_subpublishers: link?.allowManageSubpublishers ?? false,
  };
}
