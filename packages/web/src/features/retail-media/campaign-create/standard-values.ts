import { CreateCampaignBody, DEFAULT_CAMPAIGN_DAILY_BUDGET, saoPauloToday, type CampaignAdType, type CampaignTargetingType } from '@backoffice/contracts';
import type { CampaignTag, Publisher, StandardCampaignPayload } from './api';
import { budgetForApi } from './objective-steps';

type Permissions = Publisher['permissions'];

export interface StandardProduct {
  id: number;
  sku: string;
  name: string;
  image_url: string | null;
}

/** The standard campaign form's state; money in reais as typed. */
export interface StandardValues {
  name: string;
  description: string;
  ad_type: CampaignAdType;
  targeting: CampaignTargetingType;
  keywords: string[];
  categories: string[];
  daily_budget: number | '';
  /** Only when the link allows a total budget; '' = none. */
  total_budget: number | '';
  /** The bid: per click (CPC) or per thousand impressions (CPM); '' = the publisher's default. */
  bid_type: 'cpc' | 'cpm';
  bid: number | '';
  start_at: string | null;
  always_on: boolean;
  end_at: string | null;
  products: StandardProduct[];
  audience_ids: number[];
  subpublisher_ids: number[];
  tags: CampaignTag[];
}

/** Ad types whose campaign takes creatives (ads) right after it is created. */
export const CREATIVE_AD_TYPES: readonly CampaignAdType[] = ['banner', 'sponsored_brand', 'digital_signage'];

/** Spec §9 defaults: daily budget 100, start today, always on; the publisher's first enabled ad type. */
export function defaultStandardValues(permissions: Permissions, today: string = saoPauloToday()): StandardValues {
  return {
    name: '',
    description: '',
    ad_type: permissions.ad_types[0] ?? 'product',
    targeting: 'keyword',
    keywords: [],
    categories: [],
    daily_budget: DEFAULT_CAMPAIGN_DAILY_BUDGET,
    total_budget: '',
    bid_type: 'cpc',
    bid: '',
    start_at: today,
    always_on: true,
    end_at: null,
    products: [],
    audience_ids: [],
    subpublisher_ids: [],
    tags: [],
  };
}

const num = (v: number | '') => (typeof v === 'number' ? v : Number.NaN);

/** The form → POST /campaign body: budgets in cents for a cents-currency account (spec §5), options only where the link allows them. */
export function toStandardBody(v: StandardValues, publisherId: number, permissions: Permissions, currencyCents: boolean): StandardCampaignPayload {
  const bid = v.bid === '' ? null : v.bid;
  return {
    publisher_id: publisherId,
    name: v.name.trim(),
    description: v.description.trim() === '' ? null : v.description.trim(),
    ad_type: v.ad_type,
    targeting: v.targeting,
    daily_budget: budgetForApi(num(v.daily_budget), currencyCents),
    total_budget: permissions.allow_total_budget_campaign && v.total_budget !== '' ? budgetForApi(v.total_budget, currencyCents) : null,
    cpc: v.bid_type === 'cpc' ? bid : null,
    cpm: v.bid_type === 'cpm' ? bid : null,
    budget_type: 'evenly',
    start_at: v.start_at ?? undefined,
    end_at: v.always_on ? null : v.end_at,
    products: v.ad_type === 'product' ? v.products.map(({ sku }) => ({ sku })) : [],
    keywords: v.targeting === 'keyword' ? v.keywords : [],
    categories: v.targeting === 'category' ? v.categories : [],
    audience_ids: permissions.enable_audience_campaign ? v.audience_ids : [],
    subpublisher_ids: permissions.allow_manage_subpublishers ? v.subpublisher_ids : [],
    tag_ids: v.tags.map((tag) => tag.id),
  };
}

const FIELD_OF: Record<string, keyof StandardValues> = {
  name: 'name',
  description: 'description',
  ad_type: 'ad_type',
  targeting: 'targeting',
  daily_budget: 'daily_budget',
  total_budget: 'total_budget',
  cpc: 'bid',
  cpm: 'bid',
  start_at: 'start_at',
  end_at: 'end_at',
  products: 'products',
  keywords: 'keywords',
  categories: 'categories',
  audience_ids: 'audience_ids',
  subpublisher_ids: 'subpublisher_ids',
  tag_ids: 'tags',
};

/** The form field for an API or schema path ("keywords.3" → keywords); 'root' when none fits. */
export const standardFieldOf = (path: string): string => FIELD_OF[path.replace(/^body\.?/, '').split('.')[0] ?? ''] ?? 'root';

/** Validates with the contracts' schema (the API's own rules), as errors keyed by form field. */
export function validateStandard(v: StandardValues, publisherId: number, permissions: Permissions, currencyCents: boolean): Record<string, string> {
  const result = CreateCampaignBody.safeParse(toStandardBody(v, publisherId, permissions, currencyCents));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[standardFieldOf(issue.path.join('.'))] ??= issue.message;
  return errors;
}
