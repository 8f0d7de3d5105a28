import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';

const MANAGER = 'juliana.alves@varejo.test';
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let seq = 0;

/** A running promotion of the current account, created through the API (money in reais). */
async function createPromotion(over: Record<string, unknown>, token = adminToken): Promise<{ id: number; code: string | null }> {
  const res = await t.http
    .post('/api/promotion')
    .set(bearer(token))
    .send({
      name: `Promoção de teste ${++seq}`,
      promotion_type: 'discount',
      start_promotion: iso(-1),
      end_promotion: iso(10),
      benefits: { type: 'percent', value: 10 },
      trigger: { kind: 'quantity', quantity: 1 },
      ...over,
    });
  if (res.status !== 201) throw new Error(`create promotion: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const coupon = (code: string, over: Record<string, unknown> = {}) =>
  createPromotion({ promotion_type: 'coupon', code, benefits: { type: 'fixed', value: 10 }, trigger: { kind: 'total', offers_ids: [], min_value: 50 }, ...over });

// Café R$ 18,90 × 2 + Arroz R$ 27,50 = 65,30; frete 12,00.
const items = [
  { sku: `CAFE-${Date.now()}`, quantity: 2, unit_price: 18.9 },
  { sku: `ARROZ-${Date.now()}`, quantity: 1, unit_price: 27.5 },
];
const evaluate = (body: Record<string, unknown>, token = adminToken) => t.http.post('/api/promotion/evaluate').set(bearer(token)).send(body);
const redeem = (body: Record<string, unknown>, token = adminToken) => t.http.post('/api/promotion/redemptions').set(bearer(token)).send(body);
const release = (orderId: string, token = adminToken) => t.http.post(`/api/promotion/redemptions/${orderId}/release`).set(bearer(token));
const usesCount = async (id: number) => (await t.db.promotion.findUniqueOrThrow({ where: { id } })).usesCount;
const appliedRows = (promotionId: number) => t.db.promotionRedemption.count({ where: { promotionId, status: 'applied' } });

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
// The seeded promotions and those of earlier tests would apply to these carts too: each test
// prices exactly the promotions it creates.
const pauseAll = () => t.db.promotion.updateMany({ where: { active: true }, data: { active: false, disabledAt: new Date() } });
beforeAll(pauseAll);
afterEach(pauseAll);
afterAll(() => t?.close());

describe('POST /api/promotion/evaluate', () => {
  it.each([
    ['empty items', { items: [] }, 'items'],
    ['a negative price', { items: [{ sku: 'A', quantity: 1, unit_price: -1 }] }, 'items.0.unit_price'],
    ['a price with three decimals', { items: [{ sku: 'A', quantity: 1, unit_price: 1.005 }] }, 'items.0.unit_price'],
    ['a zero quantity', { items: [{ sku: 'A', quantity: 0, unit_price: 1 }] }, 'items.0.quantity'],
    ['a duplicate sku', { items: [{ sku: 'A', quantity: 1, unit_price: 1 }, { sku: 'A', quantity: 2, unit_price: 1 }] }, 'items.1.sku'],
    ['a negative shipping', { items: [{ sku: 'A', quantity: 1, unit_price: 1 }], shipping: -5 }, 'shipping'],
    ['an unknown field', { items: [{ sku: 'A', quantity: 1, unit_price: 1 }], cupom: 'X' }, 'cupom'],
  ])('answers 400 naming the field for %s', async (_, body, field) => {
    const res = await evaluate(body);
    expect(res.status).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.[0]?.field).toBe(field);
    expect(error.message).toContain(field);
  });

  it('prices a cart with stacked promotions and a coupon, in reais', async () => {
    const buyPay = await createPromotion({
      promotion_type: 'buy_pay',
      benefits: { pay: 1, take: 2 },
      trigger: { kind: 'quantity', quantity: 2 },
      selected_offers: [items[0]!.sku],
      priority: 10,
    });
    const cup = await coupon('TESTE10');
    const res = await evaluate({ items, shipping: 12, coupon_code: 'teste10' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Leve 2 pague 1 on café: 18,90; then R$ 10 off the 46,40 left, split 18,90 : 27,50 → 4,07 + 5,93.
    expect(res.body).toMatchObject({
      applied: [
        { promotion_id: buyPay.id, promotion_type: 'buy_pay', code: null, discount: 18.9, items: [{ sku: items[0]!.sku, discount: 18.9 }], shipping_discount: 0 },
        { promotion_id: cup.id, promotion_type: 'coupon', code: 'TESTE10', discount: 10, shipping_discount: 0 },
      ],
      items: [
        { sku: items[0]!.sku, quantity: 2, unit_price: 18.9, subtotal: 37.8, discount: 22.97, total: 14.83 },
        { sku: items[1]!.sku, quantity: 1, unit_price: 27.5, subtotal: 27.5, discount: 5.93, total: 21.57 },
      ],
      subtotal: 65.3,
      items_discount: 28.9,
      shipping: 12,
      shipping_discount: 0,
      discount: 28.9,
      total: 48.4,
    });
    expect(res.body.rejected_coupon).toBeUndefined();
  });

  it('explains in pt-BR why a coupon did not apply', async () => {
    await coupon('MINIMO99', { trigger: { kind: 'total', offers_ids: [], min_value: 99.9 } });
    const res = await evaluate({ items, coupon_code: 'minimo99' });
    expect(res.body.rejected_coupon).toEqual({ code: 'minimo99', reason: 'O cupom "minimo99" vale para compras a partir de R$ 99,90.' });
    expect(res.body).toMatchObject({ applied: [], total: 65.3 });
    const unknown = await evaluate({ items, coupon_code: 'NAOEXISTE' });
    expect(unknown.body.rejected_coupon).toEqual({ code: 'NAOEXISTE', reason: 'Cupom "NAOEXISTE" não encontrado.' });
  });

  it('respects locations and cleaned customers', async () => {
    const p = await createPromotion({ promotion_type: 'shipping_discount', benefits: { type: 'percent', value: 100 }, location_ids: [101], customers: ['cli-0042'] });
    const body = { items, shipping: 12 };
    expect((await evaluate(body)).body.shipping_discount).toBe(0);
    expect((await evaluate({ ...body, location_id: 101 })).body.shipping_discount).toBe(0);
    expect((await evaluate({ ...body, location_id: 102, customer: 'CLI0042' })).body.shipping_discount).toBe(0);
    const ok = await evaluate({ ...body, location_id: 101, customer: 'cli 0042' });
    expect(ok.body).toMatchObject({ shipping_discount: 12, total: 65.3, applied: [{ promotion_id: p.id }] });
  });

  it("never applies another account's coupon", async () => {
    const atacadoCoupon = await createPromotion(
      { promotion_type: 'coupon', code: 'DOATACADO', benefits: { type: 'percent', value: 50 }, trigger: { kind: 'quantity', quantity: 1 } },
      atacadoToken,
    );
    expect(atacadoCoupon.code).toBe('DOATACADO');
    const res = await evaluate({ items, coupon_code: 'DOATACADO' });
    expect(res.body.applied).toEqual([]);
    expect(res.body.rejected_coupon.reason).toBe('Cupom "DOATACADO" não encontrado.');
  });

  it('needs a session and the promotional module; a manager may redeem', async () => {
    expect((await t.http.post('/api/promotion/evaluate').send({ items })).status).toBe(401);
    expectEnvelope((await evaluate({ items }, operatorToken)).body, 'FORBIDDEN_MODULE');
    // Writes also need the admin or manager role, checked before the module.
    expectEnvelope((await redeem({ items, order_id: 'OP-1' }, operatorToken)).body, 'FORBIDDEN_ROLE');
    const manager = await t.login(MANAGER);
    expect((await evaluate({ items }, manager)).status).toBe(200);
    expect((await redeem({ items, order_id: 'PED-GERENTE-1' }, manager)).status).toBe(201);
  });
});

describe('POST /api/promotion/redemptions', () => {
  it('records one redemption per applied promotion, counts the use, and replays idempotently', async () => {
    const cup = await coupon('REGISTRA', { limits: { total: 10 } });
    const body = { items, shipping: 12, coupon_code: 'registra', customer: 'Ana-01', order_id: 'PED-REG-1' };
    const first = await redeem(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      order_id: 'PED-REG-1',
      replayed: false,
      redemptions: [{ promotion_id: cup.id, order_id: 'PED-REG-1', customer: 'ANA01', status: 'applied', discount: 10, order_total: 67.3, released_at: null }],
      evaluation: { total: 67.3 },
    });
    expect(await usesCount(cup.id)).toBe(1);
    const again = await redeem(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, redemptions: [{ id: first.body.redemptions[0].id }] });
    expect(again.body.evaluation).toBeUndefined();
    expect(await usesCount(cup.id)).toBe(1);
    expect(await appliedRows(cup.id)).toBe(1);
  });

  it('fails with 422 and writes nothing when the coupon does not apply', async () => {
    await coupon('ESGOTADO', { limits: { total: 1 } });
    expect((await redeem({ items, coupon_code: 'esgotado', order_id: 'PED-ESG-1' })).status).toBe(201);
    const res = await redeem({ items, coupon_code: 'esgotado', order_id: 'PED-ESG-2' });
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'COUPON_EXHAUSTED').message).toBe('O cupom "esgotado" atingiu o limite de usos.');
    expect(await t.db.promotionRedemption.count({ where: { orderId: 'PED-ESG-2' } })).toBe(0);
  });

  it(`N=20 parallel redemptions of a coupon limited to K=5 → exactly 5 succeed`, async () => {
    const cup = await coupon('CORRIDA5', { limits: { total: 5 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => redeem({ items, coupon_code: 'CORRIDA5', customer: `C${i}`, order_id: `PED-RACE-${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(15);
    for (const r of results.filter((x) => x.status === 422)) expectEnvelope(r.body, 'COUPON_EXHAUSTED');
    expect(await usesCount(cup.id)).toBe(5);
    expect(await appliedRows(cup.id)).toBe(5);
  });

  it('holds the per-customer limit under concurrency', async () => {
    const cup = await coupon('PORCLIENTE2', { limits: { per_customer: 2 } });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => redeem({ items, coupon_code: 'porcliente2', customer: 'cli-777', order_id: `PED-PC-${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expectEnvelope(r.body, 'COUPON_CUSTOMER_EXHAUSTED');
    }
    expect(await usesCount(cup.id)).toBe(2);
    expect(await t.db.promotionRedemption.count({ where: { promotionId: cup.id, customer: 'CLI777', status: 'applied' } })).toBe(2);
    // Another customer still may use it.
    expect((await redeem({ items, coupon_code: 'porcliente2', customer: 'cli-778', order_id: 'PED-PC-X' })).status).toBe(201);
  });

  it('refuses a coupon with a per-customer limit when no customer is given', async () => {
    await coupon('SEMCLIENTE', { limits: { per_customer: 1 } });
    const res = await redeem({ items, coupon_code: 'semcliente', order_id: 'PED-SC-1' });
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'COUPON_CUSTOMER_REQUIRED').message).toBe('Informe o cliente para usar o cupom "semcliente".');
  });
});

describe('POST /api/promotion/redemptions/:order_id/release', () => {
  it('releases the uses of a canceled order, idempotently, freeing a use', async () => {
    const cup = await coupon('LIBERA1', { limits: { total: 1 } });
    expect((await redeem({ items, coupon_code: 'libera1', order_id: 'PED-LIB-1' })).status).toBe(201);
    expect((await redeem({ items, coupon_code: 'libera1', order_id: 'PED-LIB-2' })).status).toBe(422);

    const res = await release('PED-LIB-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ order_id: 'PED-LIB-1', released: 1, redemptions: [{ promotion_id: cup.id, status: 'released', released_at: expect.any(String) }] });
    expect(await usesCount(cup.id)).toBe(0);
    const twice = await release('PED-LIB-1');
    expect(twice.body).toMatchObject({ released: 0, redemptions: [{ status: 'released' }] });
    expect(await usesCount(cup.id)).toBe(0);

    expect((await redeem({ items, coupon_code: 'libera1', order_id: 'PED-LIB-2' })).status).toBe(201);
    expect(await usesCount(cup.id)).toBe(1);
    // A replay of the released order does not count it again.
    expect((await redeem({ items, coupon_code: 'libera1', order_id: 'PED-LIB-1' })).body).toMatchObject({ replayed: true, redemptions: [{ status: 'released' }] });
    expect(await usesCount(cup.id)).toBe(1);
  });

  it("changes nothing when another account releases this account's order", async () => {
    const cup = await coupon('ALHEIO', { limits: { total: 3 } });
    expect((await redeem({ items, coupon_code: 'alheio', order_id: 'PED-ALH-1' })).status).toBe(201);
    const res = await release('PED-ALH-1', atacadoToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ order_id: 'PED-ALH-1', released: 0, redemptions: [] });
    expect(await usesCount(cup.id)).toBe(1);
    const row = await t.db.promotionRedemption.findFirstOrThrow({ where: { orderId: 'PED-ALH-1' } });
    expect(row).toMatchObject({ accountId: bomPreco, status: 'applied', releasedAt: null });
  });

  it('is refused to an operator', async () => {
    expectEnvelope((await release('PED-ALH-1', operatorToken)).body, 'FORBIDDEN_ROLE');
  });
});
