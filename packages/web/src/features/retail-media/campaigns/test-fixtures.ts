import type { CampaignStatus } from '@backoffice/contracts';
import { json } from '../../../test/api-mock';
import type { CampaignAuditEntry, CampaignDetail, CampaignListItem, CampaignMetrics } from './api';

/** Shapes of the seed: Bom Preço (account 1, the test session, publisher and advertiser) and Café Aurora (2). */
export const ZERO_METRICS: CampaignMetrics = {
  impressions: 0, views: 0, clicks: 0, conversions: 0, income: 0, ctr: 0, conversion_rate: 0,
  ecpm: 0, total_spent: 0, cpa: 0, avg_cpc: 0, avg_cpm: 0, roas: 0, adcost: 0,
};

export function listItem(id: number, status: CampaignStatus, patch: Partial<CampaignListItem> = {}): CampaignListItem {
  return {
    id,
    name: `Campanha ${id}`,
    created_at: '2026-11-20T12:00:00.000Z',
    ad_type: 'product',
    type: 'product',
    strategy_type: 'standard',
    targeting: 'keyword',
    active: status !== 'paused',
    status,
    advertiser_id: 2,
    advertiser_name: 'Café Aurora',
    advertiser_account_logo: null,
    advertiser_account_theme: '#5f3dc4',
    publisher_id: 1,
    publisher_name: 'Supermercado Bom Preço',
    publisher_logo: null,
    start_at: '2026-12-01',
    end_at: null,
    settings: { daily_budget: 100, total_budget: null, cpm: null, cpc: 0.8, budget_type: 'evenly' },
    consumed_budget: 42.5,
    tags: [],
    metrics: { ...ZERO_METRICS, impressions: 12_345, clicks: 321, ctr: 0.026, conversions: 12, income: 880, total_spent: 42.5, roas: 20.7 },
    ...patch,
  };
}

export const page = (data: CampaignListItem[], pageNo = 1, total = data.length) =>
  json({ data, meta: { page: pageNo, quantity: 10, total, total_pages: Math.max(1, Math.ceil(total / 10)) } });

export const COUNTS = { active: 3, scheduled: 1, paused: 2, finished: 4, canceled: 0, total: 10 };

export const PERMISSIONS_OWNER: CampaignDetail['permissions'] = {
  can_edit: true, can_toggle: true, can_manage_keywords: true, can_manage_categories: true, can_manage_products: true,
  can_manage_tags: true, can_review_ads: false, can_cancel: true, can_delete: true,
};

export const PERMISSIONS_PUBLISHER: CampaignDetail['permissions'] = {
  can_edit: false, can_toggle: false, can_manage_keywords: false, can_manage_categories: false, can_manage_products: false,
  can_manage_tags: false, can_review_ads: true, can_cancel: false, can_delete: false,
};

export function detail(patch: Partial<CampaignDetail> = {}): CampaignDetail {
  const base = listItem(7, 'active', { name: 'Café Aurora no topo da busca', end_at: '2026-12-31' });
  return {
    ...base,
    description: null,
    goal: null,
    settings: { ...base.settings, goal: null, products: [{ sku: 'cafe-aurora-500g', name: 'Café Aurora Tradicional 500g', image_url: null, active: true }] },
    keywords_count: 2,
    categories: [],
    audiences: [],
    subpublishers: [],
    created_by: { name: 'Marina Costa', email: 'gestor@marca.test' },
    canceled_at: null,
    updated_at: '2026-11-20T12:00:00.000Z',
    permissions: PERMISSIONS_OWNER,
    ...patch,
  };
}

export function auditEntry(id: number, patch: Partial<CampaignAuditEntry>): CampaignAuditEntry {
  return {
    id,
    action: 'update',
    entity: 'campaign',
    entity_id: 7,
    field_name: null,
    old_value: null,
    new_value: null,
    details: null,
    created_at: '2026-12-02T15:00:00.000Z',
    user_name: 'Marina Costa',
    user_email: 'gestor@marca.test',
    ...patch,
  };
}

export const emptyPage = () => json({ data: [], meta: { page: 1, quantity: 25, total: 0, total_pages: 0 } });
