import { json } from '../../../test/api-mock';
import type { Ad } from './api';

const METRICS = {
  impressions: 12_345,
  clicks: 321,
  ctr: 0.026,
  totalSpent: 42.5,
  conversions: 12,
  conversionRate: 0.0374,
  income: 880,
  totalConversionsItemsQuantity: 15,
  roas: 20.7,
  adcost: 0.048,
};

/** A banner of Café Aurora (2) on Bom Preço (1), as in the seed; approved ads carry metrics, the others null. */
export function banner(id: number, status: Ad['ad_status'], patch: Partial<Ad> = {}): Ad {
  return {
    id,
    campaign_id: 7,
    campaign_name: 'Café Aurora – Natal',
    campaign_status: 'active',
    ad_type: 'banner',
    ad_status: status,
    active: true,
    advertiser: { id: 2, name: 'Café Aurora' },
    publisher: { id: 1, name: 'Supermercado Bom Preço' },
    settings: {
      media_url: `/uploads/2/banner-${id}.png`,
      media_type: 'image',
      alt_text: `Banner ${id} do Café Aurora`,
      ad_size: { id: 3, name: 'Topo da home', width: 1200, height: 300 },
      sku: null,
      product_name: null,
      product_image_url: null,
      destination_url: 'https://bompreco.varejo.test/cafe-aurora',
      headline: null,
      description: null,
      brand_name: null,
      brand_url: null,
      assets: [],
      duration: null,
      cpm: null,
      cpc: null,
      note: status === 'rejected' ? 'Imagem ilegível' : null,
    },
    created_at: '2026-11-28T13:00:00.000Z',
    reviewed_at: status === 'pending_review' ? null : '2026-11-29T13:00:00.000Z',
    metrics: status === 'approved' ? METRICS : null,
    ...patch,
  };
}

export const adPage = (data: Ad[], quantity = 25, total = data.length) =>
  json({ data, meta: { page: 1, quantity, total, total_pages: Math.max(1, Math.ceil(total / quantity)) } });
