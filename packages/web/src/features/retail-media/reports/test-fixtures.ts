import { json } from '../../../test/api-mock';
import type {
  AdRow,
  AdvertiserStateReport,
  AdvertisersReport,
  AdsReport,
  CampaignState,
  DailyConsolidationReport,
  HourOverviewReport,
  OpportunityCostReport,
  OverviewReport,
  ReportMetrics,
} from './api';

/** Shapes of the seed: Bom Preço (account 1, the test session, publisher and advertiser) and Café Aurora (2). */
export const ZERO: ReportMetrics = {
  impressions: 0, views: 0, clicks: 0, conversions: 0, income: 0, ctr: 0, conversion_rate: 0,
  ecpm: 0, total_spent: 0, cpa: 0, avg_cpc: 0, avg_cpm: 0, roas: 0, adcost: 0,
};

export const metrics = (patch: Partial<ReportMetrics> = {}): ReportMetrics => ({ ...ZERO, ...patch });

export const TOTALS = metrics({ impressions: 12_345, clicks: 321, ctr: 0.026, conversions: 12, income: 1234.56, total_spent: 98.7, roas: 12.51, cpa: 8.23 });
const PERIOD = { start_date: '2026-10-24', end_date: '2026-11-22' };

export const overview = (totals: ReportMetrics = TOTALS): OverviewReport => ({
  ...PERIOD,
  totals,
  days: [
    { ...metrics({ impressions: 6000, clicks: 150, total_spent: 48.7, income: 600 }), date: '2026-11-21' },
    { ...metrics({ impressions: 6345, clicks: 171, total_spent: 50, income: 634.56 }), date: '2026-11-22' },
  ],
  by_ad_type: [
    { ...metrics({ impressions: 10_000, clicks: 300, total_spent: 90, income: 1200 }), ad_type: 'product' },
    { ...metrics({ impressions: 2345, clicks: 21, total_spent: 8.7, income: 34.56 }), ad_type: 'banner' },
  ],
  by_context: [
    { ...metrics({ impressions: 9000, clicks: 280 }), context: 'search' },
    { ...metrics({ impressions: 3345, clicks: 41 }), context: 'home' },
  ],
});

export const hourOverview = (): HourOverviewReport => ({
  ...PERIOD,
  totals: TOTALS,
  hours: [
    { ...metrics({ impressions: 5000, clicks: 120, total_spent: 40 }), hour: 9 },
    { ...metrics({ impressions: 7345, clicks: 201, total_spent: 58.7 }), hour: 20 },
  ],
  series: [],
});

export const advertisers = (): AdvertisersReport => ({
  ...PERIOD,
  totals: TOTALS,
  rows: [
    { ...metrics({ impressions: 10_000, clicks: 300, total_spent: 90, income: 1200 }), advertiser_id: 2, advertiser_name: 'Café Aurora', active_campaigns: 5, wallet_balance: 4321.09 },
    { ...metrics({ impressions: 2345, clicks: 21, total_spent: 8.7, income: 34.56 }), advertiser_id: 1, advertiser_name: 'Supermercado Bom Preço', active_campaigns: 1, wallet_balance: null },
  ],
});

export const campaignState = (id: number, patch: Partial<CampaignState> = {}): CampaignState => ({
  ...metrics({ impressions: 1000, clicks: 20, total_spent: 15 }),
  campaign_id: id,
  name: `Campanha ${id}`,
  status: 'active',
  ad_type: 'product',
  publisher_name: 'Supermercado Bom Preço',
  daily_budget: 100,
  total_budget: null,
  spent_today: 45,
  consumed_budget: 300,
  serving: true,
  blocked_by: null,
  ...patch,
});

export const advertiserState = (): AdvertiserStateReport => ({
  ...PERIOD,
  advertiser: { id: 2, name: 'Café Aurora' },
  wallet_balance: 4321.09,
  totals: TOTALS,
  campaigns: [
    campaignState(7, { name: 'Café Aurora Tradicional – Sempre ativo' }),
    campaignState(8, { name: 'Black Friday Café Aurora', serving: false, blocked_by: 'daily_budget', spent_today: 100 }),
    campaignState(9, { name: 'Verão com Café Aurora', status: 'paused', serving: false, blocked_by: 'status', spent_today: 0 }),
  ],
});

const figures = (requests: number, filled: number, revenue: number, potential: number) => ({
  requests, filled, unfilled: requests - filled, fill_rate: requests ? filled / requests : 0, ads_requested: requests * 2, ads_returned: filled * 2, revenue, potential_revenue: potential,
});

export const opportunityCost = (): OpportunityCostReport => ({
  ...PERIOD,
  totals: figures(1000, 800, 160, 40),
  days: [
    { date: '2026-11-21', ...figures(400, 300, 60, 20) },
    { date: '2026-11-22', ...figures(600, 500, 100, 20) },
  ],
  rows: [
    { placement: 'search_top', context: 'search', ...figures(700, 600, 120, 20) },
    { placement: 'home_banner', context: 'home', ...figures(300, 200, 40, 20) },
  ],
});

export const dailyConsolidation = (): DailyConsolidationReport => ({
  ...PERIOD,
  totals: TOTALS,
  rows: [
    { ...metrics({ impressions: 6000, clicks: 150 }), date: '2026-11-21', publisher_id: 1, publisher_name: 'Supermercado Bom Preço', advertiser_id: 2, advertiser_name: 'Café Aurora' },
    { ...metrics({ impressions: 6345, clicks: 171 }), date: '2026-11-22', publisher_id: 1, publisher_name: 'Supermercado Bom Preço', advertiser_id: 2, advertiser_name: 'Café Aurora' },
  ],
});

export const adRow = (id: number, patch: Partial<AdRow> = {}): AdRow => ({
  ...metrics({ impressions: 1000 + id, clicks: 10 + id, total_spent: 5 + id }),
  ad_id: id,
  ad_type: 'product',
  ad_name: `Anúncio ${id}`,
  campaign_id: 7,
  campaign_name: 'Café Aurora Tradicional – Sempre ativo',
  advertiser_name: 'Café Aurora',
  publisher_name: 'Supermercado Bom Preço',
  ...patch,
});

export const adsPage = (rows: AdRow[], page = 1, total = rows.length): Response =>
  json({ ...PERIOD, totals: TOTALS, data: rows, meta: { page, quantity: 50, total, total_pages: Math.max(1, Math.ceil(total / 50)) } } satisfies AdsReport);

export const advertisersList = () =>
  json({
  data: [{ id: 2, name: 'Café Aurora' }],
  meta: { page: 1, quantity: 500, total: 1, total_pages: 1 },
});
export const publishersList = () => json([{ id: 5, name: 'Rede Parceira Mídia' }]);
