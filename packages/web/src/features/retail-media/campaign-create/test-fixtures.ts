import type { components } from '../../../shared/api/schema';
import { json } from '../../../test/api-mock';
import type { CampaignDetail, Publisher } from './api';

type Permissions = components['schemas']['CampaignPermissions'];

/** Bom Preço (1) as the publisher Café Aurora (2) advertises on, as in the seed. */
export function publisher(permissions: Partial<Permissions> = {}): Publisher {
  return {
    id: 1,
    name: 'Supermercado Bom Preço',
    logo: null,
    account_theme: '#c92a2a',
    link: {
      type: 'industry',
      seller_id: null,
      brands: ['Aurora'],
      allow_manage_subpublishers: false,
      strategies: ['standard', 'objective_based'],
      defaultStrategy: 'objective_based',
      enable_audience_campaign: false,
      allow_total_budget_campaign: false,
    },
    wallet: { id: 3, balance: 1500 },
    permissions: {
      publisher_id: 1,
      can_create: true,
      can_review: false,
      strategies: ['standard', 'objective_based'],
      default_strategy: 'objective_based',
      ad_types: ['product', 'banner', 'sponsored_brand', 'digital_signage'],
      enable_audience_campaign: false,
      allow_total_budget_campaign: false,
      allow_manage_subpublishers: false,
      ...permissions,
    },
  };
}

export const GOALS = [
  { name: 'profitability', label: 'Rentabilidade', range: { min: 0.5, max: 1.2 } },
  { name: 'growth', label: 'Crescimento', range: { min: 0.8, max: 2 } },
  { name: 'reach', label: 'Alcance', range: { min: 0.3, max: 0.9 } },
];

export const RECOMMENDED = {
  id: 11,
  sku: 'cafe-aurora-500g',
  name: 'Café Aurora Tradicional 500g',
  image_url: null,
  brand: 'Aurora',
  price: 18.9,
  last_category: 'Mercearia > Café',
  recommended_reason: 'Da sua marca',
};

export const productsPage = (data: unknown[]) => json({ data, meta: { page: 1, quantity: 12, total: data.length, total_pages: 1 } });

const ZERO = {
  impressions: 0, views: 0, clicks: 0, conversions: 0, income: 0, ctr: 0, conversion_rate: 0,
  ecpm: 0, total_spent: 0, cpa: 0, avg_cpc: 0, avg_cpm: 0, roas: 0, adcost: 0,
};

/** The API's answer to a create. */
export function createdCampaign(id: number, patch: Partial<CampaignDetail> = {}): CampaignDetail {
  return {
    id,
    name: 'Café Aurora – lançamento',
    created_at: '2026-12-01T12:00:00.000Z',
    ad_type: 'product',
    type: 'product',
    strategy_type: 'objective_based',
    targeting: 'keyword',
    active: true,
    status: 'active',
    advertiser_id: 2,
    advertiser_name: 'Café Aurora',
    advertiser_account_logo: null,
    advertiser_account_theme: null,
    publisher_id: 1,
    publisher_name: 'Supermercado Bom Preço',
    publisher_logo: null,
    start_at: '2026-12-01',
    end_at: null,
    settings: { daily_budget: 100, total_budget: null, cpm: null, cpc: null, budget_type: 'evenly', goal: 'growth', products: [] },
    consumed_budget: 0,
    tags: [],
    metrics: ZERO,
    description: null,
    goal: 'growth',
    keywords_count: 0,
    categories: [],
    audiences: [],
    subpublishers: [],
    created_by: null,
    canceled_at: null,
    updated_at: '2026-12-01T12:00:00.000Z',
    permissions: {
      can_edit: true, can_toggle: true, can_manage_keywords: true, can_manage_categories: true, can_manage_products: true,
      can_manage_tags: true, can_review_ads: false, can_cancel: true, can_delete: true,
    },
    ...patch,
  };
}
