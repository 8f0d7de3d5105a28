import ExcelJS from 'exceljs';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RM_REPORTS, SELECT_ADVERTISER_MESSAGE } from '@backoffice/contracts';
import { bearer, expectEnvelope } from '../../../test/helpers.ts';
import type { CampaignType } from '../../generated/prisma/client.ts';
import { campaignsFixture, dayFromNow, type CampaignsFixture } from '../campaigns/campaigns.fixtures.ts';

let f: CampaignsFixture;
let sub5 = 0;
let sub6 = 0;
/** Campaigns of the test: Café Aurora and Laticínios Serra on Bom Preço, Café Aurora on the network and on a sub-publisher. */
const c = { aurora: 0, serra: 0, auroraRede: 0, auroraSub: 0, paused: 0, capped: 0, unfunded: 0 };
const ad = { aurora: 0, serra: 0, auroraRede: 0, auroraSub: 0 };
const SKU = 'cafe-aurora-tradicional-500g';

/** A period the seed never fills (it only covers the last 30 days). */
const D1 = '2025-03-10';
const D2 = '2025-03-11';
const D3 = '2025-03-12';
const PERIOD = { start_date: D1, end_date: D3 };
const OTHER_PERIOD = { start_date: '2025-04-01', end_date: '2025-04-01' };

type Sums = Partial<Record<'impressions' | 'views' | 'clicks' | 'conversions' | 'incomeCents' | 'spentCents', number>>;
const big = (s: Sums) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, BigInt(v)]));

async function newAd(campaignId: number, adType: CampaignType, sku: string | null = null) {
  return (await f.t.db.ad.create({ data: { campaignId, adType, status: 'approved', sku }, select: { id: true } })).id;
}
async function daily(campaignId: number, adId: number, day: string, placement: string, context: string, s: Sums) {
  const row = await f.t.db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { publisherId: true, advertiserId: true } });
  await f.t.db.rmDailyStat.create({ data: { day: new Date(`${day}T00:00:00Z`), campaignId, adId, placement, context, ...row, ...big(s) } });
}
async function hourly(campaignId: number, adId: number, hour: string, s: Sums) {
  const row = await f.t.db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { publisherId: true, advertiserId: true } });
  await f.t.db.rmHourlyStat.create({ data: { hour: new Date(hour), campaignId, adId, placement: 'search_top', context: 'search', ...row, ...big(s) } });
}
async function requests(publisherId: number, hour: string, placement: string, context: string, n: [number, number, number, number]) {
  const [requested, filled, adsRequested, adsReturned] = n;
  await f.t.db.rmRequestStat.create({
    data: {
      hour: new Date(hour),
      publisherId,
      placement,
      context,
      requests: BigInt(requested),
      filled: BigInt(filled),
      unfilled: BigInt(requested - filled),
      adsRequested: BigInt(adsRequested),
      adsReturned: BigInt(adsReturned),
    },
  });
}

const get = (path: string, query: Record<string, string | number> = {}, token?: string): Test => {
  const req = f.t.http.get(`/report/${path}`).query(query);
  return token ? req.set(bearer(token)) : req;
};
const ok = async (path: string, query: Record<string, string | number>, token: string) => {
  const res = await get(path, query, token);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

beforeAll(async () => {
  f = await campaignsFixture();
  const subs = await f.t.db.account.findMany({ where: { networkId: f.ids.rede }, orderBy: { id: 'asc' }, select: { id: true } });
  [sub5, sub6] = subs.map((s) => s.id) as [number, number];
  const onBomPreco = { publisherId: f.ids.bomPreco };
  c.aurora = await f.campaign({ ...onBomPreco, advertiserId: f.ids.aurora, name: 'Café "Aurora"; busca', adType: 'product' });
  c.serra = await f.campaign({ ...onBomPreco, advertiserId: f.ids.serra, name: '=Serra banner', adType: 'banner', dailyBudgetCents: 10_000n });
  c.auroraRede = await f.campaign({ publisherId: f.ids.rede, advertiserId: f.ids.aurora, name: 'Aurora na rede' });
  c.auroraSub = await f.campaign({ publisherId: sub5, advertiserId: f.ids.aurora, name: 'Aurora no Mercado Vizinho', adType: 'banner' });
  c.paused = await f.campaign({ ...onBomPreco, advertiserId: f.ids.serra, name: 'Serra pausada', active: false });
  c.capped = await f.campaign({ ...onBomPreco, advertiserId: f.ids.serra, name: 'Serra com teto', totalBudgetCents: 5_000n });
  c.unfunded = await f.campaign({ ...onBomPreco, advertiserId: f.ids.serra, name: 'Serra sem gasto' });
  ad.aurora = await newAd(c.aurora, 'product', SKU);
  ad.serra = await newAd(c.serra, 'banner');
  ad.auroraRede = await newAd(c.auroraRede, 'product', 'sku-sem-catalogo');
  ad.auroraSub = await newAd(c.auroraSub, 'banner');

  await daily(c.aurora, ad.aurora, D1, 'search_top', 'search', { impressions: 1_000, views: 800, clicks: 50, conversions: 5, incomeCents: 20_000, spentCents: 4_500 });
  await daily(c.aurora, ad.aurora, D2, 'category_shelf', 'category', { impressions: 500, views: 300, clicks: 10, conversions: 1, incomeCents: 3_000, spentCents: 900 });
  await daily(c.serra, ad.serra, D1, 'home_banner', 'home', { impressions: 2_000, views: 1_500, clicks: 20, spentCents: 3_000 });
  await daily(c.auroraRede, ad.auroraRede, D1, 'search_top', 'search', { impressions: 300, clicks: 3, spentCents: 270 });
  await daily(c.auroraSub, ad.auroraSub, D2, 'home_banner', 'home', { impressions: 400, clicks: 4, spentCents: 600 });
  // Outside the period, on either side.
  await daily(c.aurora, ad.aurora, '2025-03-09', 'search_top', 'search', { impressions: 7_777, spentCents: 777 });
  await daily(c.aurora, ad.aurora, '2025-03-13', 'search_top', 'search', { impressions: 8_888, spentCents: 888 });
});
afterAll(async () => {
  await f?.close();
});

describe('authorisation', () => {
  const paths = [...RM_REPORTS, ...RM_REPORTS.map((r) => `${r}/download`)];

  it('answers 401 to anonymous callers and 403 to an operator without the module, on every report and download', async () => {
    for (const path of paths) {
      const anonymous = await get(path, PERIOD);
      expect(anonymous.status, path).toBe(401);
      expectEnvelope(anonymous.body, 'UNAUTHENTICATED');
      const operator = await get(path, { ...PERIOD, advertiser_id: f.ids.serra }, f.tokens.operator);
      expect(operator.status, path).toBe(403);
      expectEnvelope(operator.body, 'FORBIDDEN_MODULE');
    }
  });

  it('answers 404 for a publisher or advertiser outside the caller’s scope, on every report', async () => {
    // [token, filter outside its scope, an advertiser it does see (advertisers_state needs one)]
    const outside: Array<[string, Record<string, number>, number]> = [
      [f.tokens.partner, { publisher_id: f.ids.bomPreco }, f.ids.aurora],
      [f.tokens.partner, { advertiser_id: f.ids.serra }, f.ids.aurora],
      [f.tokens.brand, { publisher_id: sub5 }, f.ids.aurora],
      [f.tokens.brand, { advertiser_id: f.ids.serra }, f.ids.aurora],
      [f.tokens.admin, { publisher_id: f.ids.rede }, f.ids.serra],
      [f.tokens.admin, { publisher_id: sub6 }, f.ids.serra],
      [f.tokens.admin, { advertiser_id: f.ids.loose }, f.ids.serra],
      [f.tokens.serra, { advertiser_id: f.ids.aurora }, f.ids.serra],
      [f.tokens.loose, { publisher_id: f.ids.bomPreco }, f.ids.loose],
    ];
    for (const report of RM_REPORTS.filter((r) => r !== 'opportunity_cost')) {
      for (const [token, filter, visible] of outside) {
        const query = { ...PERIOD, ...(report === 'advertisers_state' ? { advertiser_id: visible } : {}), ...filter };
        for (const path of [report, `${report}/download`]) {
          const res = await get(path, query, token);
          expect(res.status, `${path} ${JSON.stringify(filter)}`).toBe(404);
          expectEnvelope(res.body);
        }
      }
    }
  });

  it('keeps each caller to its scope: publisher, advertiser and network with its sub-publishers', async () => {
    const total = async (token: string, q: Record<string, number> = {}) => (await ok('overview', { ...PERIOD, ...q }, token)).totals.impressions;
    expect(await total(f.tokens.admin)).toBe(3_500);
    expect(await total(f.tokens.brand)).toBe(1_800);
    expect(await total(f.tokens.partner)).toBe(700);
    expect(await total(f.tokens.serra)).toBe(2_000);
    expect(await total(f.tokens.loose)).toBe(0);
    expect(await total(f.tokens.partner, { publisher_id: sub5 })).toBe(400);
    expect(await total(f.tokens.partner, { publisher_id: sub6 })).toBe(0);
    expect(await total(f.tokens.partner, { advertiser_id: f.ids.aurora })).toBe(700);
    expect(await total(f.tokens.brand, { publisher_id: f.ids.rede })).toBe(300);
    expect(await total(f.tokens.brand, { advertiser_id: f.ids.aurora })).toBe(1_800);
    expect(await total(f.tokens.admin, { advertiser_id: f.ids.serra })).toBe(2_000);
  });
});

describe('validation', () => {
  it('rejects an end before the start, a malformed date and a period longer than 366 days in pt-BR', async () => {
    const backwards = await get('overview', { start_date: D2, end_date: D1 }, f.tokens.admin);
    expect(backwards.status).toBe(400);
    expect(expectEnvelope(backwards.body, 'VALIDATION_ERROR').details?.[0]).toMatchObject({ field: 'end_date' });
    expect((await get('ads', { start_date: '2025-02-30' }, f.tokens.admin)).status).toBe(400);
    const long = await get('daily_consolidation', { start_date: '2024-01-01', end_date: '2025-01-01' }, f.tokens.admin);
    expect(long.status).toBe(400);
    expect(expectEnvelope(long.body, 'VALIDATION_ERROR').message).toBe('Dados inválidos em "start_date": o período pode ter no máximo 366 dias.');
    expect((await get('daily_consolidation', { start_date: '2024-01-01', end_date: '2024-12-31' }, f.tokens.admin)).status).toBe(200);
    expect((await get('overview/download', { ...PERIOD, format: 'pdf' }, f.tokens.admin)).status).toBe(400);
    expect((await get('nonsense/download', PERIOD, f.tokens.admin)).status).toBe(400);
  });

  it('defaults to the last 30 São Paulo days, today included', async () => {
    const body = await ok('overview', {}, f.tokens.admin);
    expect(body).toMatchObject({ start_date: dayFromNow(-29), end_date: dayFromNow(0) });
    expect(body.days).toHaveLength(30);
    const fromStart = await ok('overview', { start_date: dayFromNow(-5) }, f.tokens.brand);
    expect(fromStart.end_date).toBe(dayFromNow(0));
    const untilEnd = await ok('overview', { end_date: D3 }, f.tokens.brand);
    expect(untilEnd.start_date).toBe('2025-02-11');
  });
});

describe('GET /report/overview', () => {
  it('sums the period by day, format and context', async () => {
    const body = await ok('overview', PERIOD, f.tokens.admin);
    expect(body.totals).toMatchObject({ impressions: 3_500, views: 2_600, clicks: 80, conversions: 6, income: 230, total_spent: 84, roas: 2.74, ctr: 0.0229 });
    expect(body.days.map((d: { date: string; impressions: number }) => [d.date, d.impressions])).toEqual([
      [D1, 3_000],
      [D2, 500],
      [D3, 0],
    ]);
    expect(body.days[2]).toMatchObject({ ctr: 0, roas: 0, cpa: 0, avg_cpc: 0 });
    expect(body.by_ad_type.map((r: { ad_type: string; impressions: number; total_spent: number }) => [r.ad_type, r.impressions, r.total_spent])).toEqual([
      ['product', 1_500, 54],
      ['banner', 2_000, 30],
    ]);
    expect(Object.fromEntries(body.by_context.map((r: { context: string; impressions: number }) => [r.context, r.impressions]))).toEqual({
      search: 1_000,
      category: 500,
      home: 2_000,
    });
  });

  it('reports money in reais for an account that uses cents', async () => {
    const body = await ok('overview', PERIOD, f.tokens.brand);
    expect(body.totals).toMatchObject({ total_spent: 56.7, income: 230 });
  });
});

describe('GET /report/hour_overview', () => {
  beforeAll(async () => {
    // São Paulo is UTC−3: 02:00Z is 23:00 of the day before.
    await hourly(c.aurora, ad.aurora, '2025-03-10T02:00:00Z', { impressions: 1, spentCents: 1 }); // 09/03 23h: outside
    await hourly(c.aurora, ad.aurora, '2025-03-10T03:00:00Z', { impressions: 10, clicks: 1, spentCents: 90 }); // 10/03 00h
    await hourly(c.aurora, ad.aurora, '2025-03-10T15:00:00Z', { impressions: 20, clicks: 2, spentCents: 180, incomeCents: 1_000, conversions: 1 }); // 12h
    await hourly(c.aurora, ad.aurora, '2025-03-11T02:00:00Z', { impressions: 30, clicks: 3, spentCents: 270 }); // 10/03 23h
    await hourly(c.aurora, ad.aurora, '2025-03-12T02:00:00Z', { impressions: 5 }); // 11/03 23h
    await hourly(c.aurora, ad.aurora, '2025-03-13T02:00:00Z', { impressions: 7 }); // 12/03 23h: last hour inside
    await hourly(c.aurora, ad.aurora, '2025-03-13T03:00:00Z', { impressions: 1_000 }); // 13/03 00h: outside
    await hourly(c.serra, ad.serra, '2025-03-10T15:00:00Z', { impressions: 100 });
  });

  it('buckets hours by the São Paulo clock, inside the São Paulo period', async () => {
    const body = await ok('hour_overview', PERIOD, f.tokens.brand);
    expect(body.hours).toHaveLength(24);
    const hours = Object.fromEntries(body.hours.filter((h: { impressions: number }) => h.impressions).map((h: { hour: number; impressions: number }) => [h.hour, h.impressions]));
    expect(hours).toEqual({ 0: 10, 12: 20, 23: 42 });
    expect(body.totals).toMatchObject({ impressions: 72, clicks: 6, total_spent: 5.4, income: 10, conversions: 1 });
    expect(body.series.map((s: { hour: string; impressions: number }) => [s.hour, s.impressions])).toEqual([
      ['2025-03-10T03:00:00.000Z', 10],
      ['2025-03-10T15:00:00.000Z', 20],
      ['2025-03-11T02:00:00.000Z', 30],
      ['2025-03-12T02:00:00.000Z', 5],
      ['2025-03-13T02:00:00.000Z', 7],
    ]);
    expect((await ok('hour_overview', PERIOD, f.tokens.admin)).hours[12].impressions).toBe(120);
    expect((await ok('hour_overview', PERIOD, f.tokens.partner)).totals.impressions).toBe(0);
  });
});

describe('GET /report/advertisers and daily_consolidation', () => {
  it('sums per advertiser with its active campaigns and wallet', async () => {
    const row = async () =>
      (await ok('advertisers', PERIOD, f.tokens.admin)).rows.find((r: { advertiser_id: number }) => r.advertiser_id === f.ids.serra);
    expect(await row()).toMatchObject({ advertiser_name: 'Laticínios Serra', impressions: 2_000, total_spent: 30, active_campaigns: 3, wallet_balance: null });
    await f.t.db.wallet.create({ data: { publisherId: f.ids.bomPreco, advertiserId: f.ids.serra, balanceCents: 12_345n } });
    expect((await row()).wallet_balance).toBe(123.45);
    const body = await ok('advertisers', PERIOD, f.tokens.admin);
    expect(body.rows.find((r: { advertiser_id: number }) => r.advertiser_id === f.ids.aurora)).toMatchObject({ impressions: 1_500, total_spent: 54 });
    expect(body.totals.impressions).toBe(3_500);
    const own = await ok('advertisers', PERIOD, f.tokens.brand);
    expect(own.rows.map((r: { advertiser_id: number }) => r.advertiser_id)).toEqual([f.ids.aurora]);
  });

  it('consolidates per day, publisher and advertiser', async () => {
    const body = await ok('daily_consolidation', PERIOD, f.tokens.admin);
    expect(body.rows.map((r: { date: string; advertiser_name: string; impressions: number }) => [r.date, r.advertiser_name, r.impressions])).toEqual([
      [D1, 'Café Aurora', 1_000],
      [D1, 'Laticínios Serra', 2_000],
      [D2, 'Café Aurora', 500],
    ]);
    const network = await ok('daily_consolidation', PERIOD, f.tokens.partner);
    expect(network.rows.map((r: { publisher_id: number; impressions: number }) => [r.publisher_id, r.impressions])).toEqual([
      [f.ids.rede, 300],
      [sub5, 400],
    ]);
  });
});

describe('GET /report/ads', () => {
  it('pages and orders the ads in SQL', async () => {
    const body = await ok('ads', PERIOD, f.tokens.admin);
    const product = await f.t.db.product.findFirstOrThrow({ where: { accountId: f.ids.bomPreco, sku: SKU }, select: { name: true } });
    expect(body.meta).toEqual({ page: 1, quantity: 50, total: 2, total_pages: 1 });
    expect(body.data.map((r: { ad_id: number }) => r.ad_id)).toEqual([ad.aurora, ad.serra]);
    expect(body.data[0]).toMatchObject({ ad_name: product.name, ad_type: 'product', campaign_id: c.aurora, advertiser_name: 'Café Aurora', total_spent: 54 });
    expect(body.totals.impressions).toBe(3_500);
    const byImpressions = await ok('ads', { ...PERIOD, order_by: 'impressions', quantity: 1, page: 2 }, f.tokens.admin);
    expect(byImpressions.data.map((r: { ad_id: number }) => r.ad_id)).toEqual([ad.aurora]);
    expect(byImpressions.meta).toEqual({ page: 2, quantity: 1, total: 2, total_pages: 2 });
    const byCtr = await ok('ads', { ...PERIOD, order_by: 'ctr', order_direction: 'asc' }, f.tokens.admin);
    expect(byCtr.data.map((r: { ad_id: number }) => r.ad_id)).toEqual([ad.serra, ad.aurora]);
    const network = await ok('ads', PERIOD, f.tokens.partner);
    expect(network.data.map((r: { ad_id: number; ad_name: string }) => [r.ad_id, r.ad_name])).toEqual([
      [ad.auroraSub, `Anúncio ${ad.auroraSub}`],
      [ad.auroraRede, 'sku-sem-catalogo'],
    ]);
  });
});

describe('GET /report/advertisers_state', () => {
  beforeAll(async () => {
    await daily(c.serra, ad.serra, dayFromNow(0), 'home_banner', 'home', { impressions: 10, spentCents: 10_000 });
    const capped = await newAd(c.capped, 'product', SKU);
    await daily(c.capped, capped, dayFromNow(-2), 'search_top', 'search', { impressions: 10, spentCents: 5_000 });
  });

  it('asks a publisher to choose an advertiser first', async () => {
    for (const path of ['advertisers_state', 'advertisers_state/download']) {
      const res = await get(path, {}, f.tokens.admin);
      expect(res.status, path).toBe(400);
      const error = expectEnvelope(res.body, 'ADVERTISER_REQUIRED');
      expect(error.message).toBe(SELECT_ADVERTISER_MESSAGE);
      expect(error.details?.[0]).toMatchObject({ field: 'advertiser_id' });
    }
  });

  it('shows each campaign’s budgets, spend and what stops it from serving', async () => {
    await f.t.db.wallet.upsert({
      where: { publisherId_advertiserId: { publisherId: f.ids.bomPreco, advertiserId: f.ids.serra } },
      create: { publisherId: f.ids.bomPreco, advertiserId: f.ids.serra, balanceCents: 0n },
      update: { balanceCents: 0n },
    });
    const state = async () => ok('advertisers_state', { advertiser_id: f.ids.serra }, f.tokens.admin);
    const byId = (body: { campaigns: Array<{ campaign_id: number }> }) => new Map(body.campaigns.map((x) => [x.campaign_id, x]));
    let body = await state();
    expect(body.advertiser).toEqual({ id: f.ids.serra, name: 'Laticínios Serra' });
    expect(body.wallet_balance).toBe(0);
    let rows = byId(body);
    expect(rows.get(c.serra)).toMatchObject({
      status: 'active',
      ad_type: 'banner',
      publisher_name: 'Supermercado Bom Preço',
      daily_budget: 100,
      total_budget: null,
      spent_today: 100,
      consumed_budget: 130,
      serving: false,
      blocked_by: 'daily_budget',
    });
    expect(rows.get(c.paused)).toMatchObject({ status: 'paused', serving: false, blocked_by: 'status' });
    expect(rows.get(c.capped)).toMatchObject({ total_budget: 50, consumed_budget: 50, spent_today: 0, blocked_by: 'total_budget', total_spent: 50 });
    expect(rows.get(c.unfunded)).toMatchObject({ serving: false, blocked_by: 'wallet' });

    await f.t.db.wallet.update({
      where: { publisherId_advertiserId: { publisherId: f.ids.bomPreco, advertiserId: f.ids.serra } },
      data: { balanceCents: 2_500n },
    });
    body = await state();
    rows = byId(body);
    expect(body.wallet_balance).toBe(25);
    expect(rows.get(c.unfunded)).toMatchObject({ serving: true, blocked_by: null, spent_today: 0, consumed_budget: 0 });
  });

  it('defaults an advertiser to itself and keeps a network to its inventory', async () => {
    const own = await ok('advertisers_state', {}, f.tokens.brand);
    expect(own.advertiser.id).toBe(f.ids.aurora);
    const ids = own.campaigns.map((x: { campaign_id: number }) => x.campaign_id);
    expect(ids).toEqual(expect.arrayContaining([c.aurora, c.auroraRede]));
    expect(ids).not.toContain(c.auroraSub);
    const network = await ok('advertisers_state', { advertiser_id: f.ids.aurora }, f.tokens.partner);
    const networkIds = network.campaigns.map((x: { campaign_id: number }) => x.campaign_id);
    expect(networkIds).toEqual(expect.arrayContaining([c.auroraRede, c.auroraSub]));
    expect(networkIds).not.toContain(c.aurora);
  });
});

describe('GET /report/opportunity_cost', () => {
  beforeAll(async () => {
    await requests(f.ids.bomPreco, '2025-03-10T15:00:00Z', 'search_top', 'search', [100, 80, 400, 250]);
    await requests(f.ids.bomPreco, '2025-03-11T02:00:00Z', 'home_banner', 'home', [50, 40, 50, 40]); // 10/03 23h in São Paulo
    await requests(f.ids.bomPreco, '2025-03-11T15:00:00Z', 'pdp_carousel', 'product_page', [10, 0, 30, 0]);
    await requests(f.ids.rede, '2025-03-10T15:00:00Z', 'search_top', 'search', [1_000, 1_000, 1_000, 1_000]);
  });

  it('counts requests, fills and what the empty ones could have earned', async () => {
    const body = await ok('opportunity_cost', PERIOD, f.tokens.admin);
    const rows = Object.fromEntries(body.rows.map((r: { placement: string }) => [r.placement, r]));
    // Own revenue per returned ad: 45,00 / 250 → 150 missing ads × 0,18.
    expect(rows.search_top).toMatchObject({ context: 'search', requests: 100, filled: 80, unfilled: 20, fill_rate: 0.8, revenue: 45, potential_revenue: 27 });
    expect(rows.home_banner).toMatchObject({ requests: 50, revenue: 30, potential_revenue: 7.5 });
    // No ad returned: the period's 84,00 / 290 returned ads → 30 × 0,2897 = 8,69.
    expect(rows.pdp_carousel).toMatchObject({ context: 'product_page', requests: 10, filled: 0, ads_returned: 0, revenue: 0, potential_revenue: 8.69 });
    expect(rows.category_shelf).toMatchObject({ requests: 0, revenue: 9, potential_revenue: 0 });
    expect(body.totals).toEqual({
      requests: 160,
      filled: 120,
      unfilled: 40,
      fill_rate: 0.75,
      ads_requested: 480,
      ads_returned: 290,
      revenue: 84,
      potential_revenue: 43.19,
    });
    expect(body.days.map((d: { date: string; requests: number; revenue: number; potential_revenue: number }) => [d.date, d.requests, d.revenue, d.potential_revenue])).toEqual([
      [D1, 150, 75, 41.38],
      [D2, 10, 9, 8.69],
    ]);
  });

  it('is 0 when nothing was ever returned, is for publishers only, and keeps a network to its inventory', async () => {
    await requests(f.ids.bomPreco, '2025-04-01T15:00:00Z', 'search_top', 'search', [5, 0, 20, 0]);
    const empty = await ok('opportunity_cost', OTHER_PERIOD, f.tokens.admin);
    expect(empty.totals).toMatchObject({ requests: 5, ads_returned: 0, potential_revenue: 0, fill_rate: 0 });
    const advertiser = await get('opportunity_cost', PERIOD, f.tokens.brand);
    expect(advertiser.status).toBe(403);
    expect(expectEnvelope(advertiser.body, 'RM_REPORT_PUBLISHER_ONLY').message).toBe('Este relatório é exclusivo de publishers.');
    const network = await ok('opportunity_cost', PERIOD, f.tokens.partner);
    expect(network.totals).toMatchObject({ requests: 1_000, revenue: 8.7 });
    expect((await get('opportunity_cost', { ...PERIOD, publisher_id: f.ids.bomPreco }, f.tokens.partner)).status).toBe(404);
    expect((await ok('opportunity_cost', { ...PERIOD, publisher_id: sub5 }, f.tokens.partner)).totals).toMatchObject({ requests: 0, revenue: 6 });
  });
});

describe('GET /report/:report/download', () => {
  const download = (report: string, query: Record<string, string | number>, token = f.tokens.admin) =>
    get(`${report}/download`, query, token).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('writes CSV in UTF-8 with BOM, ";" and decimal comma, one line per day', async () => {
    const res = await download('overview', { ...PERIOD, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="relatorio-overview-${D1}-${D3}.csv"`);
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Data;Impressões;Visualizações;Cliques;CTR (%);Conversões;Taxa de conversão (%);Vendas (R$);Investimento (R$);CPC médio (R$);eCPM (R$);CPA (R$);ROAS;ACoS (%)',
    );
    // 10/03: 3000 impressions, 70 clicks (2,33%), 5 conversions, R$ 200,00 sold for R$ 75,00.
    expect(lines[1]).toBe('10/03/2025;3000;2300;70;2,33;5;7,14;200,00;75,00;1,07;25,00;15,00;2,67;37,50');
    expect(lines[3]).toBe('12/03/2025;0;0;0;0,00;0;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00');
  });

  it('quotes text with separators or quotes and defuses formulas', async () => {
    const res = await download('ads', { ...PERIOD, format: 'csv' });
    const lines = (res.body as Buffer).toString('utf8').trimEnd().split('\r\n');
    expect(lines[1]).toContain(';"Café ""Aurora""; busca";Café Aurora;Supermercado Bom Preço;');
    expect(lines[2]).toContain(`;Banner;'=Serra banner;Laticínios Serra;`);
  });

  it('writes XLSX with numeric cells and a bold header, every page of the ads report', async () => {
    const many = await Promise.all(Array.from({ length: 55 }, () => newAd(c.serra, 'banner')));
    for (const [i, id] of many.entries()) await daily(c.serra, id, OTHER_PERIOD.start_date, 'home_banner', 'home', { impressions: 100 + i, spentCents: 1_000 + i });
    expect((await ok('ads', OTHER_PERIOD, f.tokens.admin)).data).toHaveLength(50);

    const res = await download('ads', { ...OTHER_PERIOD, format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-ads-2025-04-01-2025-04-01.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(res.body as Buffer).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(56);
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe('ID');
    expect(header.getCell(2).value).toBe('Anúncio');
    expect(header.font?.bold).toBe(true);
    const top = sheet.getRow(2);
    expect(top.getCell(1).value).toBe(many[54]);
    expect(top.getCell(7).value).toBe(154);
    expect(top.getCell(14).value).toBe(10.54);
    expect(top.getCell(14).numFmt).toBe('#,##0.00');
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(10);
  });

  it('downloads every report with the same scope and filters as its screen', async () => {
    const rows: Record<string, number> = {
      overview: 3,
      hour_overview: 24,
      advertisers: -1,
      advertisers_state: -1,
      opportunity_cost: 4,
      daily_consolidation: 3,
      ads: 2,
    };
    for (const report of RM_REPORTS) {
      const query = { ...PERIOD, format: 'csv', ...(report === 'advertisers_state' ? { advertiser_id: f.ids.serra } : {}) };
      const res = await download(report, query);
      expect(res.status, report).toBe(200);
      const lines = (res.body as Buffer).toString('utf8').trimEnd().split('\r\n');
      if (rows[report]! >= 0) expect(lines.length - 1, report).toBe(rows[report]);
    }
    const partner = await download('daily_consolidation', { ...PERIOD, format: 'csv' }, f.tokens.partner);
    expect((partner.body as Buffer).toString('utf8')).not.toContain('Bom Preço');
    expect((await download('ads', { ...PERIOD, publisher_id: f.ids.bomPreco, format: 'csv' }, f.tokens.partner)).status).toBe(404);
  });
});

describe('a deleted campaign', () => {
  const JUNE = { start_date: '2025-06-02', end_date: '2025-06-03' };
  let kept = 0;
  let gone = 0;
  beforeAll(async () => {
    kept = await f.campaign({ publisherId: f.ids.bomPreco, advertiserId: f.ids.aurora, name: 'Aurora que fica' });
    gone = await f.campaign({ publisherId: f.ids.bomPreco, advertiserId: f.ids.aurora, name: 'Aurora excluída' });
    const keptAd = await newAd(kept, 'product', SKU);
    const goneAd = await newAd(gone, 'product', SKU);
    await daily(kept, keptAd, '2025-06-02', 'search_top', 'search', { impressions: 100, clicks: 10, conversions: 1, incomeCents: 5_000, spentCents: 1_000 });
    await daily(gone, goneAd, '2025-06-02', 'search_top', 'search', { impressions: 900, clicks: 90, conversions: 9, incomeCents: 45_000, spentCents: 9_000 });
    await daily(gone, goneAd, '2025-06-03', 'home_banner', 'home', { impressions: 50, spentCents: 500 });
    await hourly(kept, keptAd, '2025-06-02T15:00:00Z', { impressions: 100, spentCents: 1_000 });
    await hourly(gone, goneAd, '2025-06-02T15:00:00Z', { impressions: 900, spentCents: 9_000 });
    await requests(f.ids.bomPreco, '2025-06-02T15:00:00Z', 'search_top', 'search', [100, 100, 100, 100]);
  });

  it('leaves every report, totals included, once it is deleted', async () => {
    const before = await ok('overview', JUNE, f.tokens.admin);
    expect(before.totals).toMatchObject({ impressions: 1_050, total_spent: 105 });

    const res = await f.t.http.delete(`/campaign/${gone}`).set(bearer(f.tokens.brand));
    expect(res.status).toBe(204);

    for (const token of [f.tokens.admin, f.tokens.brand]) {
      const overview = await ok('overview', JUNE, token);
      expect(overview.totals).toMatchObject({ impressions: 100, clicks: 10, conversions: 1, income: 50, total_spent: 10 });
      expect(overview.days.map((d: { impressions: number }) => d.impressions)).toEqual([100, 0]);
      expect(overview.by_context.map((r: { context: string }) => r.context)).toEqual(['search']);
      expect((await ok('hour_overview', JUNE, token)).totals).toMatchObject({ impressions: 100, total_spent: 10 });
      const advertisers = await ok('advertisers', JUNE, token);
      expect(advertisers.totals).toMatchObject({ impressions: 100, total_spent: 10 });
      expect(advertisers.rows.find((r: { advertiser_id: number }) => r.advertiser_id === f.ids.aurora)).toMatchObject({ impressions: 100, total_spent: 10 });
      const consolidated = await ok('daily_consolidation', JUNE, token);
      expect(consolidated.rows.map((r: { date: string; impressions: number }) => [r.date, r.impressions])).toEqual([['2025-06-02', 100]]);
      const ads = await ok('ads', JUNE, token);
      expect(ads.data.map((r: { campaign_id: number }) => r.campaign_id)).toEqual([kept]);
      const state = await ok('advertisers_state', { ...JUNE, advertiser_id: f.ids.aurora }, token);
      expect(JSON.stringify(state)).not.toContain('Aurora excluída');
    }
    expect((await ok('opportunity_cost', JUNE, f.tokens.admin)).totals).toMatchObject({ requests: 100, revenue: 10 });
  });
});
