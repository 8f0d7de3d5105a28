import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { businessDate } from '../../lib/business-day.ts';

const MANAGER = 'juliana.alves@varejo.test';
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacadoPromotionId: number;
let seq = 0;

const body = (over: Record<string, unknown> = {}) => ({
  name: `Leve 4 Pague 3 Leite Integral ${++seq}`,
  description: 'Leite integral 1L',
  promotion_type: 'buy_pay',
  start_promotion: iso(-1),
  end_promotion: iso(10),
  benefits: { pay: 3, take: 4 },
  trigger: { kind: 'quantity', quantity: 4 },
  selected_offers: ['leite-integral-1l'],
  ...over,
});
const coupon = (code: string, over: Record<string, unknown> = {}) =>
  body({ promotion_type: 'coupon', code, benefits: { type: 'percent', value: 15 }, trigger: { kind: 'total', offers_ids: [], min_value: 80 }, ...over });

const create = (b: Record<string, unknown>, token = adminToken) => t.http.post('/api/promotion').set(bearer(token)).send(b);
const list = (query: Record<string, string | number>, token = adminToken) => t.http.get('/api/promotion').query(query).set(bearer(token));
const act = (id: number, action: string, token = adminToken) => t.http.post(`/api/promotion/${id}/actions/${action}`).set(bearer(token));
const count = () => t.db.promotion.count();

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  const switched = await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado });
  atacadoToken = switched.body.newToken;
  atacadoPromotionId = (await t.db.promotion.findFirstOrThrow({ where: { accountId: atacado } })).id;
});
afterAll(() => t?.close());

describe('POST /api/promotion', () => {
  it('creates a promotion of the current account and answers it with its computed status', async () => {
    const res = await create(body({ name: 'Leve 4 Pague 3 Leite Integral' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Leve 4 Pague 3 Leite Integral',
      promotion_type: 'buy_pay',
      code: null,
      active: true,
      disabled_at: null,
      status: 'active',
      benefits: { pay: 3, take: 4 },
      trigger: { kind: 'quantity', quantity: 4 },
      limits: { total: null, per_customer: null },
      location_ids: [],
      customers: [],
      selected_offers: ['leite-integral-1l'],
      priority: 0,
      exclusive: false,
    });
    const row = await t.db.promotion.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.accountId).toBe(bomPreco);
  });

  it('stores money in cents and answers it in reais', async () => {
    const res = await create(
      coupon('Natal25', {
        benefits: { type: 'fixed', value: 12.5 },
        trigger: { kind: 'total', offers_ids: ['panetone-500g'], min_value: 99.9 },
        limits: { total: 500, per_customer: 1 },
        location_ids: [3, 1, 3],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      code: 'Natal25',
      benefits: { type: 'fixed', value: 12.5 },
      trigger: { kind: 'total', offers_ids: ['panetone-500g'], min_value: 99.9 },
      limits: { total: 500, per_customer: 1 },
      location_ids: [3, 1],
    });
    const row = await t.db.promotion.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ codeNormalized: 'NATAL25', benefits: { type: 'fixed', value: 1250 }, trigger: { min_value: 9990 }, limitTotal: 500 });
  });

  it('creates an inactive promotion as paused, with its disabled date', async () => {
    const res = await create(body({ active: false }));
    expect(res.body).toMatchObject({ active: false, status: 'paused', disabled_at: expect.any(String) });
  });

  it.each([
    ['a coupon without a code', coupon('X', { code: undefined }), 'code'],
    ['a code on a non-coupon', body({ code: 'ABC123' }), 'code'],
    ['a malformed code', coupon('tem espaço'), 'code'],
    ['an end before the start', body({ start_promotion: iso(5), end_promotion: iso(1) }), 'end_promotion'],
    ['an end equal to the start', body({ start_promotion: iso(1), end_promotion: iso(1) }), 'end_promotion'],
    ['a date without an offset', body({ start_promotion: '2026-12-01T00:00:00' }), 'start_promotion'],
    ['a percent above 100', coupon('PCT101', { benefits: { type: 'percent', value: 101 } }), 'benefits.value'],
    ['a negative percent', body({ promotion_type: 'discount', benefits: { type: 'percent', value: -1 } }), 'benefits.value'],
    ['a fixed value with three decimals', body({ promotion_type: 'discount', benefits: { type: 'fixed', value: 1.005 } }), 'benefits.value'],
    ['a discount without its type', body({ promotion_type: 'items_discount', benefits: { value: 10 } }), 'benefits.type'],
    ['a shipping discount without its value', body({ promotion_type: 'shipping_discount', benefits: { type: 'percent' } }), 'benefits.value'],
    ['take not above pay', body({ benefits: { pay: 3, take: 3 } }), 'benefits.take'],
    ['buy_pay without pay', body({ benefits: { take: 3 } }), 'benefits.pay'],
    ['buy_pay with a price', body({ benefits: { pay: 2, price: 10 } }), 'benefits.price'],
    ['fixed_price without a price', body({ promotion_type: 'fixed_price', benefits: {} }), 'benefits.price'],
    ['an unknown benefit field', body({ benefits: { pay: 2, bonus: 1 } }), 'benefits.bonus'],
    ['an unknown trigger kind', body({ trigger: { kind: 'weekday', quantity: 1 } }), 'trigger.kind'],
    ['a total trigger without min_value', body({ trigger: { kind: 'total', offers_ids: [] } }), 'trigger.min_value'],
    ['an items trigger with zero quantity', body({ trigger: { kind: 'items', offers_ids: ['a'], min_quantity: 0 } }), 'trigger.min_quantity'],
    ['an unknown type', body({ promotion_type: 'cashback' }), 'promotion_type'],
    ['a short name', body({ name: 'A' }), 'name'],
    ['an unknown field', body({ account_id: 99 }), 'account_id'],
    ['a negative location id', body({ location_ids: [-1] }), 'location_ids.0'],
  ])('rejects %s with a 400 naming %s and writes nothing', async (_, payload, field) => {
    const before = await count();
    const res = await create(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.map((d) => d.field)).toContain(field);
    expect(await count()).toBe(before);
  });

  it.each(['BEMVINDO10', 'bemvindo10', 'BemVindo10'])('refuses the coupon code %s, taken in any case, with 409', async (code) => {
    const before = await count();
    const res = await create(coupon(code));
    expect(res.status).toBe(409);
    expect(expectEnvelope(res.body, 'PROMOTION_CODE_TAKEN').message).toBe(`Já existe uma promoção com o código de cupom "${code}" nesta conta.`);
    expect(await count()).toBe(before);
  });

  it('lets another account use the same coupon code', async () => {
    const res = await create(coupon('BEMVINDO10'), atacadoToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('GET /api/promotion', () => {
  it('pages the account’s promotions, newest first, without other accounts’', async () => {
    const first = await list({ quantity: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    const total = await t.db.promotion.count({ where: { accountId: bomPreco } });
    expect(first.body.meta).toEqual({ page: 1, quantity: 2, total, total_pages: Math.ceil(total / 2) });
    const all = await list({ quantity: 500 });
    const created = all.body.data.map((p: { created_at: string }) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.body.data.map((p: { id: number }) => p.id)).not.toContain(atacadoPromotionId);
    const second = await list({ quantity: 2, page: 2 });
    expect(second.body.data[0].id).toBe(all.body.data[2].id);
  });

  it.each([
    ['scheduled', 'scheduled', 'Frete grátis acima de R$ 150'],
    ['running', 'active', 'Leve 3 Pague 2 Café Aurora 500g'],
    ['active', 'active', 'Cupom de boas-vindas 10%'],
    ['paused', 'paused', 'Picanha bovina kg por R$ 59,90'],
    ['finished', 'finished', 'Semana do Hortifrúti 15% off'],
    ['canceled', 'canceled', 'R$ 10 off em cervejas artesanais'],
  ])('filters by status=%s in the database', async (status, computed, seeded) => {
    const res = await list({ status, quantity: 500 });
    expect(res.status).toBe(200);
    const names = res.body.data.map((p: { name: string }) => p.name);
    expect(names).toContain(seeded);
    expect(new Set(res.body.data.map((p: { status: string }) => p.status))).toEqual(new Set([computed]));
    expect(res.body.meta.total).toBe(res.body.data.length);
  });

  it('filters by type', async () => {
    const res = await list({ promotion_type: 'fixed_price' });
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((p: { promotion_type: string }) => p.promotion_type === 'fixed_price')).toBe(true);
  });

  it('filters by São Paulo date range: promotions running on some day of it', async () => {
    const inside = await create(body({ name: 'Aniversário 2031', start_promotion: '2031-03-10T00:00:00-03:00', end_promotion: '2031-03-12T23:59:59-03:00' }));
    expect(inside.status).toBe(201);
    const later = await create(body({ name: 'Páscoa 2031', start_promotion: '2031-04-13T00:00:00-03:00', end_promotion: '2031-04-20T23:59:59-03:00' }));
    expect(later.status).toBe(201);
    const names = async (q: Record<string, string>) => (await list({ ...q, quantity: 500 })).body.data.map((p: { name: string }) => p.name);
    expect(await names({ start_date: '2031-03-12', end_date: '2031-04-12' })).toEqual(['Aniversário 2031']);
    expect(await names({ start_date: '2031-03-13', end_date: '2031-04-12' })).toEqual([]);
    expect(await names({ start_date: '2031-03-01', end_date: '2031-03-09' })).toEqual([]);
    expect(await names({ start_date: '2031-03-01' })).toEqual(['Páscoa 2031', 'Aniversário 2031']);
    const bad = await list({ start_date: '2031-03-10', end_date: '2031-03-01' });
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('end_date');
    expect((await list({ start_date: '10/03/2031' })).status).toBe(400);
  });

  it('searches by name (any case) or coupon code', async () => {
    const byName = await list({ search: 'café AURORA' });
    expect(byName.body.data.map((p: { name: string }) => p.name)).toEqual(['Leve 3 Pague 2 Café Aurora 500g']);
    const byCode = await list({ search: 'bemvindo' });
    expect(byCode.body.data.map((p: { code: string }) => p.code)).toEqual(['BEMVINDO10']);
    // LIKE wildcards match literally.
    const percent = await list({ search: '%' });
    expect(percent.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['Cupom de boas-vindas 10%', 'Semana do Hortifrúti 15% off', 'Sextou 15% no carrinho']);
  });

  it('shows each promotion’s applied uses', async () => {
    const res = await list({ search: 'BEMVINDO10' });
    const applied = await t.db.promotionRedemption.count({ where: { promotionId: res.body.data[0].id, status: 'applied' } });
    expect(applied).toBeGreaterThan(0);
    expect(res.body.data[0].uses_count).toBe(applied);
  });

  it('rejects an unknown status', async () => {
    const res = await list({ status: 'deleted' });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('status');
  });
});

describe('GET, PUT and DELETE /api/promotion/{id}', () => {
  it('reads, replaces and deletes a promotion', async () => {
    const created = (await create(body())).body;
    const got = await t.http.get(`/api/promotion/${created.id}`).set(bearer(adminToken));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);

    const put = await t.http
      .put(`/api/promotion/${created.id}`)
      .set(bearer(adminToken))
      .send(body({ name: 'Queijo muçarela R$ 39,90 kg', promotion_type: 'fixed_price', benefits: { price: 39.9 }, trigger: { kind: 'quantity', quantity: 1 } }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ id: created.id, name: 'Queijo muçarela R$ 39,90 kg', promotion_type: 'fixed_price', benefits: { price: 39.9 } });
    expect((await t.db.promotion.findUniqueOrThrow({ where: { id: created.id } })).benefits).toEqual({ price: 3990 });

    const del = await t.http.delete(`/api/promotion/${created.id}`).set(bearer(adminToken));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Promoção excluída com sucesso.' });
    expect(await t.db.promotion.count({ where: { id: created.id } })).toBe(0);
    expect((await t.http.get(`/api/promotion/${created.id}`).set(bearer(adminToken))).status).toBe(404);
  });

  it('refuses an update to a coupon code taken in another case, and changes nothing', async () => {
    const created = (await create(coupon('PRIMAVERA'))).body;
    const res = await t.http.put(`/api/promotion/${created.id}`).set(bearer(adminToken)).send(coupon('bemVindo10'));
    expect(res.status).toBe(409);
    expectEnvelope(res.body, 'PROMOTION_CODE_TAKEN');
    expect((await t.db.promotion.findUniqueOrThrow({ where: { id: created.id } })).code).toBe('PRIMAVERA');
    // Its own code, in another case, is no conflict.
    const same = await t.http.put(`/api/promotion/${created.id}`).set(bearer(adminToken)).send(coupon('primavera'));
    expect(same.status).toBe(200);
    expect(same.body.code).toBe('primavera');
  });

  it('rejects an invalid update with a 400 and changes nothing', async () => {
    const created = (await create(body())).body;
    const res = await t.http.put(`/api/promotion/${created.id}`).set(bearer(adminToken)).send(body({ benefits: { pay: 5, take: 2 } }));
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field)).toContain('benefits.take');
    expect((await t.db.promotion.findUniqueOrThrow({ where: { id: created.id } })).benefits).toEqual({ pay: 3, take: 4 });
  });

  it('answers 404 PROMOTION_NOT_FOUND for an unknown id', async () => {
    const res = await t.http.get('/api/promotion/999999').set(bearer(adminToken));
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'PROMOTION_NOT_FOUND');
  });
});

describe('POST /api/promotion/{id}/actions/{action}', () => {
  it('pauses, reactivates, cancels and finishes, each with its message and effect', async () => {
    const { id } = (await create(body())).body;

    const pause = await act(id, 'pause');
    expect(pause.status).toBe(200);
    expect(pause.body.message).toBe('Promoção pausada com sucesso.');
    expect(pause.body.promotion).toMatchObject({ id, active: false, status: 'paused', disabled_at: expect.any(String) });

    const reactivate = await act(id, 'reactivate');
    expect(reactivate.body).toMatchObject({ message: 'Promoção reativada com sucesso.', promotion: { active: true, disabled_at: null, status: 'active' } });

    const cancel = await act(id, 'cancel');
    expect(cancel.body.message).toBe('Promoção cancelada com sucesso.');
    expect(cancel.body.promotion).toMatchObject({ active: false, disabled_at: expect.any(String) });
    const row = await t.db.promotion.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ active: false });
    expect(Math.abs(row.disabledAt!.getTime() - Date.now())).toBeLessThan(60_000);

    await act(id, 'reactivate');
    const finish = await act(id, 'finish');
    expect(finish.body.message).toBe('Promoção finalizada com sucesso.');
    // Spec §4: it ends today, at the moment just passed, so it reads finished at once.
    expect(finish.body.promotion.status).toBe('finished');
    const endAt = new Date(finish.body.promotion.end_promotion);
    expect(businessDate(endAt)).toBe(businessDate(new Date()));
    expect(Date.now() - endAt.getTime()).toBeLessThan(60_000);
    expect((await t.db.promotion.findUniqueOrThrow({ where: { id } })).endAt.toISOString()).toBe(endAt.toISOString());
  });

  it('finishes a scheduled promotion as having run, briefly, today', async () => {
    const { id } = (await create(body({ start_promotion: iso(3), end_promotion: iso(10) }))).body;
    const finish = await act(id, 'finish');
    expect(finish.body.promotion.status).toBe('finished');
    const { start_promotion, end_promotion } = finish.body.promotion;
    expect(Date.parse(start_promotion)).toBeLessThan(Date.parse(end_promotion));
    expect(businessDate(new Date(start_promotion))).toBe(businessDate(new Date()));
  });

  it('answers in English when asked', async () => {
    const { id } = (await create(body())).body;
    const res = await act(id, 'pause').set('accept-language', 'en');
    expect(res.body.message).toBe('Promotion paused successfully.');
  });

  it('cancels an ended promotion: canceled', async () => {
    const { id } = (await create(body({ start_promotion: iso(-10), end_promotion: iso(-2) }))).body;
    expect((await act(id, 'cancel')).body.promotion.status).toBe('canceled');
  });

  it('rejects an unknown action with 400', async () => {
    const { id } = (await create(body())).body;
    const res = await act(id, 'archive');
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('action');
  });
});

describe('authorisation', () => {
  let own: number;
  beforeAll(async () => {
    own = (await create(body())).body.id;
  });

  const operations = () => [
    ['list', () => t.http.get('/api/promotion')],
    ['get', () => t.http.get(`/api/promotion/${own}`)],
    ['create', () => t.http.post('/api/promotion').send(body())],
    ['update', () => t.http.put(`/api/promotion/${own}`).send(body())],
    ['action', () => t.http.post(`/api/promotion/${own}/actions/pause`)],
    ['delete', () => t.http.delete(`/api/promotion/${own}`)],
  ] as const;

  authorizationMatrix({
    operations,
    reads: ['list', 'get'],
    idOperations: () => [
      ...operations().filter(([n]) => n !== 'list' && n !== 'create'),
      ...(['cancel', 'finish', 'reactivate'] as const).map((a) => [`action ${a}`, () => t.http.post(`/api/promotion/${own}/actions/${a}`)] as const),
    ],
    notFound: 'PROMOTION_NOT_FOUND',
    tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
    snapshot: () => t.db.promotion.findUniqueOrThrow({ where: { id: own } }),
  });

  it('answers 404 for another account’s promotion to this account', async () => {
    const theirs = await t.http.get(`/api/promotion/${atacadoPromotionId}`).set(bearer(adminToken));
    expect(theirs.status).toBe(404);
  });

  it('lets a manager write', async () => {
    const created = await create(body(), managerToken);
    expect(created.status).toBe(201);
    expect((await t.http.put(`/api/promotion/${created.body.id}`).set(bearer(managerToken)).send(body({ name: 'Editada pela gerente' }))).status).toBe(200);
    expect((await act(created.body.id, 'pause', managerToken)).status).toBe(200);
    expect((await t.http.delete(`/api/promotion/${created.body.id}`).set(bearer(managerToken))).status).toBe(200);
  });

  it('lets its own admin do everything', async () => {
    for (const [name, call] of operations()) {
      const res = await call().set(bearer(adminToken));
      expect([200, 201], name).toContain(res.status);
    }
  });
});
