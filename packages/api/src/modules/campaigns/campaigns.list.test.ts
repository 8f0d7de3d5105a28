import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers.ts';
import { campaignsFixture, dayFromNow, type CampaignsFixture } from './campaigns.fixtures.ts';

let f: CampaignsFixture;
/** Laticínios Serra's campaigns on Bom Preço, by role in the tests. */
const c = { alpha: 0, beta: 0, gama: 0, delta: 0, epsilon: 0, startsToday: 0, endsToday: 0 };
const extras: number[] = [];
let tagId = 0;

type Row = { id: number; name: string; status: string; metrics: Record<string, number>; consumed_budget: number };
const list = async (query: Record<string, string | number> = {}, token = f.tokens.serra) => {
  const res = await f.t.http.get('/campaign/v2').query(query).set(bearer(token));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body as { data: Row[]; meta: { page: number; quantity: number; total: number; total_pages: number } };
};
const idsOf = async (query: Record<string, string | number> = {}, token?: string) => (await list({ quantity: 100, ...query }, token)).data.map((r) => r.id);

beforeAll(async () => {
  f = await campaignsFixture();
  const own = { publisherId: f.ids.bomPreco, advertiserId: f.ids.serra };
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  c.alpha = await f.campaign({ ...own, name: 'Alpha iogurte', adType: 'banner', createdAt: at(9), dailyBudgetCents: 30_000n });
  c.beta = await f.campaign({ ...own, name: 'Beta queijo 100%', targeting: 'category', start: 3, createdAt: at(8), dailyBudgetCents: 5_000n });
  c.gama = await f.campaign({ ...own, name: 'Gama manteiga', active: false, createdAt: at(7) });
  c.delta = await f.campaign({ ...own, name: 'Delta leite', start: -20, end: -1, createdAt: at(6) });
  c.epsilon = await f.campaign({ ...own, name: 'Épsilon requeijão', canceledAt: at(1), active: false, createdAt: at(5) });
  c.startsToday = await f.campaign({ ...own, name: 'Começa hoje', start: 0, end: null, createdAt: at(4) });
  c.endsToday = await f.campaign({ ...own, name: 'Termina hoje', start: -3, end: 0, createdAt: at(3) });
  for (let i = 1; i <= 5; i++) extras.push(await f.campaign({ ...own, name: `Extra ${i}`, createdAt: at(2 - i / 10) }));

  tagId = (await f.t.db.campaignTag.create({ data: { advertiserId: f.ids.serra, name: 'Laticínios' } })).id;
  await f.t.db.campaignTagLink.create({ data: { campaignId: c.gama, tagId } });
  await f.t.db.ad.create({ data: { campaignId: c.gama, adType: 'product', sku: 'x', status: 'rejected', reviewNote: 'Imagem ruim' } });

  // Impressions: alpha 5000 (old) + 100 (yesterday); delta 3000 (yesterday); gama 4000 (3 days ago).
  await f.stat(c.alpha, dayFromNow(-10), { impressions: 5_000, clicks: 50, spentCents: 2_500, incomeCents: 10_000, conversions: 5 });
  await f.stat(c.alpha, dayFromNow(-1), { impressions: 100, clicks: 1, spentCents: 100 });
  await f.stat(c.delta, dayFromNow(-1), { impressions: 3_000, clicks: 90, spentCents: 9_000, incomeCents: 45_000, conversions: 9 });
  await f.stat(c.gama, dayFromNow(-3), { impressions: 4_000, clicks: 20, spentCents: 1_000 });
});
afterAll(async () => {
  await f?.close();
});

describe('GET /campaign/v2', () => {
  it('pages by 10 by default, newest first', async () => {
    const res = await list();
    expect(res.meta).toEqual({ page: 1, quantity: 10, total: 12, total_pages: 2 });
    expect(res.data[0]!.name).toBe('Extra 5');
    expect(res.data.at(-1)!.id).toBe(c.gama);
    expect((await list({ page: 2 })).data.map((r) => r.id)).toEqual([c.beta, c.alpha]);
  });

  it('computes the status, also at the day boundaries', async () => {
    const rows = (await list({ quantity: 100 })).data;
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toMatchObject({
      [c.alpha]: 'active',
      [c.beta]: 'scheduled',
      [c.gama]: 'paused',
      [c.delta]: 'finished',
      [c.epsilon]: 'canceled',
      [c.startsToday]: 'active',
      [c.endsToday]: 'active',
    });
  });

  it('filters by status, type, targeting, ad status, tag and name', async () => {
    expect(await idsOf({ campaign_status: 'scheduled' })).toEqual([c.beta]);
    expect(await idsOf({ campaign_status: 'finished' })).toEqual([c.delta]);
    expect(await idsOf({ campaign_status: 'canceled' })).toEqual([c.epsilon]);
    expect(await idsOf({ campaign_status: 'paused' })).toEqual([c.gama]);
    expect((await idsOf({ campaign_status: 'active' })).sort()).toEqual([c.alpha, c.startsToday, c.endsToday, ...extras].sort());
    expect(await idsOf({ ad_type: 'banner' })).toEqual([c.alpha]);
    expect(await idsOf({ campaign_targeting: 'category' })).toEqual([c.beta]);
    expect(await idsOf({ ad_status: 'rejected' })).toEqual([c.gama]);
    expect(await idsOf({ tag_id: tagId })).toEqual([c.gama]);
    expect(await idsOf({ campaign_name: 'QUEIJO' })).toEqual([c.beta]);
    expect(await idsOf({ campaign_name: '100%' })).toEqual([c.beta]);
    expect(await idsOf({ campaign_name: '%' })).toEqual([c.beta]);
    expect(await idsOf({ campaign_name: '_' })).toEqual([]);
  });

  it('filters by the counterpart account (rmid) on either side', async () => {
    expect((await idsOf({ rmid: f.ids.bomPreco })).length).toBe(12);
    expect(await idsOf({ rmid: f.ids.rede })).toEqual([]);
    const publisherView = await idsOf({ rmid: f.ids.serra }, f.tokens.admin);
    expect(publisherView.sort()).toEqual(Object.values(c).concat(extras).sort());
  });

  it('orders by a metric in SQL, consistently across pages', async () => {
    const page1 = await list({ order_by: 'impressions', order_direction: 'desc', quantity: 2 });
    const page2 = await list({ order_by: 'impressions', order_direction: 'desc', quantity: 2, page: 2 });
    expect(page1.data.map((r) => [r.id, r.metrics.impressions])).toEqual([
      [c.alpha, 5_100],
      [c.gama, 4_000],
    ]);
    expect(page2.data.map((r) => [r.id, r.metrics.impressions])[0]).toEqual([c.delta, 3_000]);
    expect(page2.meta.total).toBe(12);

    const spent = await list({ order_by: 'total_spent', quantity: 1 });
    expect(spent.data[0]).toMatchObject({ id: c.delta, consumed_budget: 90, metrics: { total_spent: 90, clicks: 90, ctr: 0.03, roas: 5, avg_cpc: 1, ecpm: 30 } });

    const income = await list({ order_by: 'income', order_direction: 'asc', quantity: 100 });
    expect(income.data.at(-1)!.id).toBe(c.delta);
  });

  it('sums metrics over the requested period only, and sorts by them', async () => {
    const recent = await list({ order_by: 'impressions', start_date: dayFromNow(-2), end_date: dayFromNow(0), quantity: 2 });
    expect(recent.data.map((r) => [r.id, r.metrics.impressions])).toEqual([
      [c.delta, 3_000],
      [c.alpha, 100],
    ]);
    expect(recent.data[1]!.consumed_budget).toBe(26);
  });

  it('orders by name, dates and budget', async () => {
    const byName = (await list({ order_by: 'name', order_direction: 'asc', quantity: 3 })).data.map((r) => r.name);
    expect(byName).toEqual(['Alpha iogurte', 'Beta queijo 100%', 'Começa hoje']);
    const byBudget = (await list({ order_by: 'daily_budget', quantity: 1 })).data[0]!.id;
    expect(byBudget).toBe(c.alpha);
    const byStart = (await list({ order_by: 'start_at', quantity: 1 })).data[0]!.id;
    expect(byStart).toBe(c.beta);
  });
});

describe('GET /campaign/count-by-status', () => {
  it('counts the visible campaigns by status, with the same filters', async () => {
    const res = await f.t.http.get('/campaign/count-by-status').set(bearer(f.tokens.serra));
    expect(res.body).toEqual({ active: 8, scheduled: 1, paused: 1, finished: 1, canceled: 1, total: 12 });
    const banner = await f.t.http.get('/campaign/count-by-status').query({ ad_type: 'banner' }).set(bearer(f.tokens.serra));
    expect(banner.body).toEqual({ active: 1, scheduled: 0, paused: 0, finished: 0, canceled: 0, total: 1 });
  });
});

describe('GET /campaign/:id/dashboard', () => {
  it('returns every day of the default 30-day range, zeros included, and the totals', async () => {
    const res = await f.t.http.get(`/campaign/${c.alpha}/dashboard`).set(bearer(f.tokens.admin));
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.end_date).toBe(dayFromNow(0));
    expect(res.body.days.find((d: { date: string }) => d.date === dayFromNow(-10))).toMatchObject({ impressions: 5_000, total_spent: 25 });
    expect(res.body.days.find((d: { date: string }) => d.date === dayFromNow(-2))).toMatchObject({ impressions: 0, total_spent: 0 });
    expect(res.body.totals).toMatchObject({ impressions: 5_100, clicks: 51, total_spent: 26, income: 100 });

    const short = await f.t.http
      .get(`/campaign/${c.alpha}/dashboard`)
      .query({ start_date: dayFromNow(-1), end_date: dayFromNow(0) })
      .set(bearer(f.tokens.serra));
    expect(short.body.days.map((d: { impressions: number }) => d.impressions)).toEqual([100, 0]);
  });
});
