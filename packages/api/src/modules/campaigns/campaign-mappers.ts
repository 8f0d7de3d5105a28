import type { z } from 'zod';
import { fromCents, type CampaignDetail, type CampaignListItem, type CampaignPermissionsFlags, type CampaignStatus } from '@backoffice/contracts';
import { businessDate } from '../../lib/business-day.ts';
import { managesPublisher, ownsCampaign, type RmScope } from '../retail-media/scope.ts';
import { isClosed } from './campaign-status.ts';
import { metricsOf, ZERO_SUMS, type StatSums } from './campaign-metrics.ts';
import type { CampaignDetailRow, CampaignRow } from './campaigns.repo.ts';

const money = (cents: bigint | null) => (cents === null ? null : fromCents(cents));
const WRITERS = new Set(['admin', 'manager']);

/** The API's day of a campaign instant (São Paulo). */
export const dayOf = (d: Date) => businessDate(d);

export function toListItem(
  c: CampaignRow,
  status: CampaignStatus,
  sums: StatSums = ZERO_SUMS,
  consumedCents: bigint | number = 0,
): z.input<typeof CampaignListItem> {
  return {
    id: c.id,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    ad_type: c.adType,
    type: c.adType,
    strategy_type: c.strategyType,
    targeting: c.targeting,
    active: c.active,
    status,
    advertiser_id: c.advertiserId,
    advertiser_name: c.advertiser.name,
    advertiser_account_logo: c.advertiser.logoUrl,
    advertiser_account_theme: c.advertiser.headerColor,
    publisher_id: c.publisherId,
    publisher_name: c.publisher.name,
    publisher_logo: c.publisher.logoUrl,
    start_at: dayOf(c.startAt),
    end_at: c.endAt ? dayOf(c.endAt) : null,
    settings: {
      daily_budget: fromCents(c.dailyBudgetCents),
      total_budget: money(c.totalBudgetCents),
      cpm: money(c.cpmCents),
      cpc: money(c.cpcCents),
      budget_type: c.budgetType,
    },
    consumed_budget: fromCents(consumedCents),
    tags: c.tags.map((t) => t.tag),
    metrics: metricsOf(sums),
  };
}

/** What the caller may do on the campaign (spec §6; the same rules the service enforces). */
export function permissionsOf(scope: RmScope, c: { advertiserId: number; publisherId: number }, status: CampaignStatus) {
  const writer = WRITERS.has(scope.caller.role);
  const owner = writer && ownsCampaign(scope, c);
  const manager = writer && managesPublisher(scope, c.publisherId);
  const open = !isClosed(status);
  const flags: z.input<typeof CampaignPermissionsFlags> = {
    can_edit: owner && open,
    can_toggle: (owner || manager) && open,
    can_manage_keywords: owner && open,
    can_manage_categories: owner && open,
    can_manage_products: owner && open,
    can_manage_tags: owner,
    can_review_ads: manager,
    can_cancel: (owner || manager) && open,
    can_delete: owner,
  };
  return flags;
}

export interface ProductInfo {
  sku: string;
  name: string;
  imageUrl: string | null;
}

export function toDetail(
  scope: RmScope,
  c: CampaignDetailRow,
  status: CampaignStatus,
  catalog: Map<string, ProductInfo>,
  sums: StatSums = ZERO_SUMS,
): z.input<typeof CampaignDetail> {
  const item = toListItem(c, status, sums, sums.spentCents);
  return {
    ...item,
    description: c.description,
    goal: c.goal,
    settings: {
      ...item.settings,
      goal: c.goal,
      products: c.products.map((p) => ({
        sku: p.sku,
        name: catalog.get(p.sku)?.name ?? null,
        image_url: catalog.get(p.sku)?.imageUrl ?? null,
        active: p.active,
      })),
    },
    keywords_count: c._count.keywords,
    categories: c.categories.map((x) => x.category),
    audiences: c.audiences.map((a) => a.audience),
    subpublishers: c.subpublishers.map((s) => s.subpublisher),
    created_by: c.createdBy,
    canceled_at: c.canceledAt?.toISOString() ?? null,
    updated_at: c.updatedAt.toISOString(),
    permissions: permissionsOf(scope, c, status),
  };
}
