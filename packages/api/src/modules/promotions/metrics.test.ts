import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearOfBusinessMidnight, createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { businessDate } from '../../lib/business-day.ts';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let adminToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
let seq = 0;

async function createPromotion(over: Record<string, unknown>, token = adminToken): Promise<{ id: number; name: string; code: string | null }> {
  const res = await t.http
    .post('/api/promotion')
    .set(bearer(token))
    .send({
      name: `Métricas ${++seq}`,
      promotion_type: 'discount',
      start_promotion: iso(-400),
      end_promotion: iso(30),
      benefits: { type: 'percent', value: 10 },
      trigger: { kind: 'quantity', quantity: 1 },
      ...over,
    });
  if (res.status !== 201) throw new Error(`create promotion: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const coupon = (code: string, token = adminToken) =>
  createPromotion({ promotion_type: 'coupon', code, benefits: { type: 'fixed', value: 5 }, trigger: { kind: 'total', offers_ids: [], min_value: 0 } }, token);

let orderSeq = 0;
/** A redemption with known values, as the redemption transaction records it. */
const use = (accountId: number, promotionId: number, at: string, customer: string, discountCents: number, totalCents: number, released = false) =>
  t.db.promotionRedemption.create({
    data: {
      accountId,
      promotionId,
      orderId: `MET-${++orderSeq}`,
      customer,
      discountCents: BigInt(discountCents),
      orderTotalCents: BigInt(totalCents),
      redeemedAt: new Date(at),
      ...(released ? { status: 'released' as const, releasedAt: new Date(at) } : {}),
    },
  });

const metrics = (id: number, query: Record<string, string> = {}, token = adminToken) => t.http.get(`/api/promotion/${id}/metrics`).query(query).set(bearer(token));
const couponMetrics = (query: Record<string, string> = {}, token = adminToken) => t.http.get('/api/promotion/coupon-metrics').query(query).set(bearer(token));
const zero = (date: string) => ({ date, uses: 0, customers: 0, discount: 0, revenue: 0 });

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());
// Orders redeemed through the API must get only the promotions their test created.
beforeEach(() => t.db.promotion.updateMany({ where: { active: true }, data: { active: false, disabledAt: new Date() } }));

describe('GET /api/promotion/:id/metrics', () => {
  it('sums the redemptions per São Paulo day, with zeros on quiet days', async () => {
    const p = await createPromotion({});
    await use(bomPreco, p.id, '2025-02-28T02:59:59Z', 'ANTES', 9999, 9999); // 27/02 in São Paulo: outside
    await use(bomPreco, p.id, '2025-03-01T12:00:00Z', 'ANA', 1000, 10_000);
    await use(bomPreco, p.id, '2025-03-02T02:59:59Z', 'BIA', 250, 5000); // still 01/03 in São Paulo
    await use(bomPreco, p.id, '2025-03-02T03:00:00Z', 'ANA', 500, 7000); // 02/03, 00:00 in São Paulo
    await use(bomPreco, p.id, '2025-03-03T15:00:00Z', 'CAIO', 999, 9999, true); // released
    await use(bomPreco, p.id, '2025-03-04T15:00:00Z', 'ANA', 100, 1000);
    await use(bomPreco, p.id, '2025-03-06T03:00:00Z', 'DEPOIS', 9999, 9999); // 06/03: outside

    const res = await metrics(p.id, { start_date: '2025-02-28', end_date: '2025-03-05' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      promotion_id: p.id,
      start_date: '2025-02-28',
      end_date: '2025-03-05',
      totals: { uses: 4, customers: 2, discount: 18.5, revenue: 230, released: 1 },
      per_day: [
        zero('2025-02-28'),
        { date: '2025-03-01', uses: 2, customers: 2, discount: 12.5, revenue: 150 },
        { date: '2025-03-02', uses: 1, customers: 1, discount: 5, revenue: 70 },
        zero('2025-03-03'),
        { date: '2025-03-04', uses: 1, customers: 1, discount: 1, revenue: 10 },
        zero('2025-03-05'),
      ],
    });
  });

  it('defaults to the last 30 São Paulo days and agrees with redemptions made through the API', async () => {
    await clearOfBusinessMidnight();
    const c = await coupon('METRICAHOJE');
    const cart = { items: [{ sku: 'MET-SKU', quantity: 2, unit_price: 20 }], shipping: 5, coupon_code: 'metricahoje' };
    const redeem = (orderId: string, customer: string) =>
      t.http.post('/api/promotion/redemptions').set(bearer(adminToken)).send({ ...cart, order_id: orderId, customer });
    expect((await redeem('PED-MET-1', 'ana')).status).toBe(201);
    expect((await redeem('PED-MET-2', 'bia')).status).toBe(201);
    expect((await redeem('PED-MET-3', 'ana')).status).toBe(201);
    expect((await t.http.post('/api/promotion/redemptions/PED-MET-2/release').set(bearer(adminToken))).status).toBe(200);

    const res = await metrics(c.id);
    const today = businessDate(new Date());
    expect(res.body.end_date).toBe(today);
    expect(res.body.per_day).toHaveLength(30);
    expect(res.body.per_day[0].date).toBe(res.body.start_date);
    // Each order: 40,00 − 5,00 + 5,00 frete = 40,00.
    expect(res.body.totals).toEqual({ uses: 2, customers: 1, discount: 10, revenue: 80, released: 1 });
    expect(res.body.per_day.at(-1)).toEqual({ date: today, uses: 2, customers: 1, discount: 10, revenue: 80 });
    expect(res.body.per_day.slice(0, -1).every((d: { uses: number }) => d.uses === 0)).toBe(true);
  }, 30_000);

  it("answers 404 for another account's promotion and for an unknown id", async () => {
    const other = await createPromotion({}, atacadoToken);
    expectEnvelope((await metrics(other.id)).body, 'PROMOTION_NOT_FOUND');
    expect((await metrics(other.id)).status).toBe(404);
    expect((await metrics(999_999)).status).toBe(404);
    expect((await metrics(other.id, {}, atacadoToken)).status).toBe(200);
  });

  it.each([
    [{ start_date: '2025-03-05', end_date: '2025-03-01' }, 'end_date'],
    [{ start_date: '01/03/2025' }, 'start_date'],
    [{ start_date: '2024-01-01', end_date: '2025-03-01' }, 'end_date'],
    [{ end_date: '2024-13-01' }, 'end_date'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const p = await createPromotion({});
    const res = await metrics(p.id, query);
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe(field);
  });
});

describe('GET /api/promotion/coupon-metrics', () => {
  it("covers every coupon of the account, and only coupons, with the most used first", async () => {
    const c1 = await coupon('TOPUM');
    const c2 = await coupon('TOPDOIS');
    const notCoupon = await createPromotion({});
    const foreign = await coupon('TOPALHEIO', atacadoToken);
    await use(bomPreco, c2.id, '2025-06-01T15:00:00Z', 'ANA', 500, 6000);
    for (const customer of ['ANA', 'BIA', 'ANA']) await use(bomPreco, c1.id, '2025-06-03T15:00:00Z', customer, 500, 5000);
    await use(bomPreco, c1.id, '2025-06-03T16:00:00Z', 'CAIO', 500, 5000, true);
    await use(bomPreco, notCoupon.id, '2025-06-02T15:00:00Z', 'ANA', 7777, 77_777);
    await use(atacado, foreign.id, '2025-06-02T15:00:00Z', 'ANA', 8888, 88_888);

    const res = await couponMetrics({ start_date: '2025-06-01', end_date: '2025-06-03' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      start_date: '2025-06-01',
      end_date: '2025-06-03',
      totals: { uses: 4, customers: 2, discount: 20, revenue: 210, released: 1 },
      per_day: [
        { date: '2025-06-01', uses: 1, customers: 1, discount: 5, revenue: 60 },
        zero('2025-06-02'),
        { date: '2025-06-03', uses: 3, customers: 2, discount: 15, revenue: 150 },
      ],
      top_coupons: [
        { id: c1.id, name: c1.name, code: 'TOPUM', status: 'active', uses: 3, customers: 2, discount: 15, revenue: 150 },
        { id: c2.id, name: c2.name, code: 'TOPDOIS', status: 'active', uses: 1, customers: 1, discount: 5, revenue: 60 },
      ],
    });
  });

  it('lists at most 10 coupons and defaults to the last 30 days', async () => {
    const res = await couponMetrics();
    expect(res.status).toBe(200);
    expect(res.body.per_day).toHaveLength(30);
    expect(res.body.top_coupons.length).toBeLessThanOrEqual(10);
    // The seed's 30 days of coupon uses of the demo account show up.
    expect(res.body.totals.uses).toBeGreaterThan(0);
    const uses = res.body.top_coupons.map((c: { uses: number }) => c.uses);
    expect(uses).toEqual([...uses].sort((a: number, b: number) => b - a));
  });

  it("does not count another account's coupons", async () => {
    const res = await couponMetrics({ start_date: '2025-06-01', end_date: '2025-06-03' }, atacadoToken);
    expect(res.body.totals).toEqual({ uses: 1, customers: 1, discount: 88.88, revenue: 888.88, released: 0 });
    expect(res.body.top_coupons.map((c: { code: string }) => c.code)).toEqual(['TOPALHEIO']);
  });

  it('requires a session', async () => {
    expect((await t.http.get('/api/promotion/coupon-metrics')).status).toBe(401);
  });
});
