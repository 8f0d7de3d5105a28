import type { TradeAgreementDetail, TradeProof, TradeResults } from '../api';

/** An agreement as the API answers it: Café Aurora (brand) and Bom Preço (retailer, the session's account). */
export const agreement = (over: Partial<TradeAgreementDetail> = {}): TradeAgreementDetail => ({
  id: 7,
  title: 'Ponta de gôndola Café Aurora',
  kind: 'end_cap',
  description: 'Ponta na entrada com degustação aos sábados',
  brand: { id: 3, name: 'Café Aurora' },
  retailer: { id: 1, name: 'Supermercado Bom Preço' },
  author_side: 'brand',
  my_side: 'retailer',
  location_ids: [11, 12],
  product_ids: [21],
  start_date: '2026-12-01',
  end_date: '2026-12-15',
  investment: 2500.75,
  status: 'proposed',
  rejection_reason: null,
  decided_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  history: [
    { from_status: null, to_status: 'draft', side: 'brand', user_name: 'Marina Costa', note: null, created_at: '2026-11-20T12:00:00.000Z' },
    { from_status: 'draft', to_status: 'proposed', side: 'brand', user_name: 'Marina Costa', note: 'Para aprovação', created_at: '2026-11-20T13:00:00.000Z' },
  ],
  ...over,
});

export const results: TradeResults = {
  period: { start_date: '2026-12-01', end_date: '2026-12-15' },
  previous_period: { start_date: '2026-11-16', end_date: '2026-11-30' },
  total: { current: { units: 17.5, value: 265 }, previous: { units: 7, value: 105 }, units_change_pct: 150, value_change_pct: 152.4 },
  by_product: [
    { product_id: 21, sku: 'cafe-aurora-500g', name: 'Café Aurora Tradicional 500g', current: { units: 17.5, value: 265 }, previous: { units: 7, value: 105 }, units_change_pct: 150, value_change_pct: 152.4 },
  ],
  by_store: [
    { location_id: 11, name: 'Bom Preço Centro', current: { units: 12.5, value: 190 }, previous: { units: 4, value: 60 }, units_change_pct: 212.5, value_change_pct: 216.7 },
    { location_id: 12, name: 'Bom Preço Cambuí', current: { units: 5, value: 75 }, previous: { units: 3, value: 45 }, units_change_pct: 66.7, value_change_pct: 66.7 },
  ],
};

export const proof: TradeProof = {
  id: 5,
  location_id: 12,
  url: '/media/1/proofs/ponta.png',
  media_type: 'image/png',
  file_name: 'ponta.png',
  size: 2048,
  note: 'Ponta montada na entrada',
  created_at: '2026-12-02T15:00:00.000Z',
};
