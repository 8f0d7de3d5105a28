import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStoresChanged } from '../../../test/fixtures/locations.ts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { cartMetricsRange } from './cart-metrics.service.ts';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
let centro: { id: number; name: string };
let norte: { id: number; name: string };
let atacadoStore: number;
let customerSeq = 0;

const store = (accountId: number, name: string) => t.db.location.create({ data: { accountId, name }, select: { id: true, name: true } });
async function customer(accountId: number) {
  return (await t.db.customer.create({ data: { accountId, name: `Cliente métricas ${++customerSeq}` }, select: { id: true } })).id;
}

interface CartSpec {
  at: string;
  sent?: boolean;
  opened?: boolean;
  converted?: boolean;
  total: number;
  status?: 'in_review' | 'approved' | 'opened' | 'deleted' | 'link_sent';
}
/** A cart as the carts module leaves it: created at `at`, then sent, opened, converted an hour apart each. */
async function cart(accountId: number, locationId: number, spec: CartSpec) {
  const at = new Date(spec.at);
  const later = (h: number) => new Date(at.getTime() + h * 3_600_000);
  await t.db.shoppingCart.create({
    data: {
      accountId,
      locationId,
      customerId: await customer(accountId),
      listText: 'arroz\nfeijão',
      status: spec.status ?? (spec.opened ? 'opened' : spec.sent ? 'link_sent' : 'in_review'),
      totalCents: BigInt(spec.total),
      subTotalCents: BigInt(spec.total),
      createdAt: at,
      linkSentAt: spec.sent ? later(1) : null,
      openedAt: spec.opened ? later(2) : null,
      convertedAt: spec.converted ? later(3) : null,
    },
  });
}

const get = (query: Record<string, string | number> = {}, token = adminToken) =>
  t.http.get('/api/shopping-cart/metrics/cart-abandonment').query(query).set(bearer(token));
const zero = { created: 0, links_sent: 0, opened: 0, converted: 0, abandoned: 0, abandonment_rate: 0, abandoned_value: 0 };
const PERIOD = { from: '2025-03-01', to: '2025-03-04' };

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
  centro = await store(bomPreco, 'Métricas Centro');
  norte = await store(bomPreco, 'Métricas Norte');
  atacadoStore = (await store(atacado, 'Atacado Métricas')).id;

  await cart(bomPreco, centro.id, { at: '2025-02-28T02:59:59Z', sent: true, total: 99_999 }); // 27/02 in São Paulo: outside
  // 01/03 (São Paulo): created only; sent and abandoned; opened and abandoned; converted.
  await cart(bomPreco, centro.id, { at: '2025-03-01T12:00:00Z', total: 5_000 });
  await cart(bomPreco, centro.id, { at: '2025-03-01T13:00:00Z', sent: true, total: 10_050 });
  await cart(bomPreco, norte.id, { at: '2025-03-02T02:59:59Z', sent: true, opened: true, total: 20_000 }); // still 01/03
  await cart(bomPreco, norte.id, { at: '2025-03-01T15:00:00Z', sent: true, opened: true, converted: true, total: 30_000 });
  // 03/03: one opened and abandoned at Centro.
  await cart(bomPreco, centro.id, { at: '2025-03-03T15:00:00Z', sent: true, opened: true, total: 7_525 });
  await cart(bomPreco, centro.id, { at: '2025-03-05T03:00:00Z', sent: true, total: 99_999 }); // 05/03: outside
  // Another account's carts in the same days: never counted.
  await cart(atacado, atacadoStore, { at: '2025-03-01T12:00:00Z', sent: true, opened: true, total: 88_888 });
  await cart(atacado, atacadoStore, { at: '2025-03-03T12:00:00Z', sent: true, total: 77_777 });
});
afterAll(() => t?.close());

describe('GET /api/shopping-cart/metrics/cart-abandonment', () => {
  it('counts the funnel per São Paulo creation day (zeros on quiet days) and per store, with the value left behind', async () => {
    const res = await get(PERIOD);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      from: '2025-03-01',
      to: '2025-03-04',
      location_id: null,
      totals: { created: 5, links_sent: 4, opened: 3, converted: 1, abandoned: 3, abandonment_rate: 0.75, abandoned_value: 375.75 },
      per_day: [
        { date: '2025-03-01', created: 4, links_sent: 3, opened: 2, converted: 1, abandoned: 2, abandonment_rate: 0.6667, abandoned_value: 300.5 },
        { date: '2025-03-02', ...zero },
        { date: '2025-03-03', created: 1, links_sent: 1, opened: 1, converted: 0, abandoned: 1, abandonment_rate: 1, abandoned_value: 75.25 },
        { date: '2025-03-04', ...zero },
      ],
      stores: [
        { location_id: norte.id, name: 'Métricas Norte', created: 2, links_sent: 2, opened: 2, converted: 1, abandoned: 1, abandonment_rate: 0.5, abandoned_value: 200 },
        { location_id: centro.id, name: 'Métricas Centro', created: 3, links_sent: 2, opened: 1, converted: 0, abandoned: 2, abandonment_rate: 1, abandoned_value: 175.75 },
      ],
    });
  });

  it('filters by store', async () => {
    const res = await get({ ...PERIOD, location_id: centro.id });
    expect(res.status).toBe(200);
    expect(res.body.location_id).toBe(centro.id);
    expect(res.body.totals).toEqual({ created: 3, links_sent: 2, opened: 1, converted: 0, abandoned: 2, abandonment_rate: 1, abandoned_value: 175.75 });
    expect(res.body.stores.map((s: { name: string }) => s.name)).toEqual(['Métricas Centro']);
  });

  it("shows another account only its own carts, and answers 404 for a store that is not its own", async () => {
    const own = await get(PERIOD, atacadoToken);
    expect(own.status).toBe(200);
    expect(own.body.totals).toEqual({ created: 2, links_sent: 2, opened: 1, converted: 0, abandoned: 2, abandonment_rate: 1, abandoned_value: 1666.65 });
    expect(own.body.stores).toEqual([expect.objectContaining({ location_id: atacadoStore, name: 'Atacado Métricas' })]);
    const other = await get({ ...PERIOD, location_id: centro.id }, atacadoToken);
    expect(other.status).toBe(404);
    expectEnvelope(other.body, 'LOCATION_NOT_FOUND');
    expect(JSON.stringify(other.body)).not.toContain('Métricas Centro');
  });

  it('limits a member linked to stores to those stores', async () => {
    const operator = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.operator }, select: { id: true } });
    await t.db.userLocation.create({ data: { accountId: bomPreco, locationId: norte.id, userId: operator.id } });
    await userStoresChanged(t, bomPreco, operator.id);
    try {
      const res = await get(PERIOD, operatorToken);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.stores.map((s: { location_id: number }) => s.location_id)).toEqual([norte.id]);
      expect(res.body.totals.created).toBe(2);
      const refused = await get({ ...PERIOD, location_id: centro.id }, operatorToken);
      expect(refused.status).toBe(404);
      expectEnvelope(refused.body, 'LOCATION_NOT_FOUND');
    } finally {
      await t.db.userLocation.delete({ where: { locationId_userId: { locationId: norte.id, userId: operator.id } } });
      await userStoresChanged(t, bomPreco, operator.id);
    }
  });

  it('defaults to the last 30 São Paulo days, today included', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.per_day).toHaveLength(30);
    expect(res.body.per_day.at(-1).date).toBe(res.body.to);
    expect(res.body.per_day[0].date).toBe(res.body.from);
  });

  it('refuses a reversed or too long period and a malformed date, naming the field', async () => {
    const reversed = await get({ from: '2025-03-04', to: '2025-03-01' });
    expect(reversed.status).toBe(400);
    expectEnvelope(reversed.body, 'VALIDATION_ERROR');
    expect(JSON.stringify(reversed.body.error.details)).toContain('to');
    const long = await get({ from: '2024-01-01', to: '2025-03-01' });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error.details)).toContain('366');
    const malformed = await get({ from: '01/03/2025' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body.error.details)).toContain('from');
  });

  it('answers 401 without a token and 403 to a member without the module', async () => {
    const anonymous = await t.http.get('/api/shopping-cart/metrics/cart-abandonment');
    expect(anonymous.status).toBe(401);
    const brand = await get({}, await t.login(DEMO.brand));
    expect(brand.status).toBe(403);
    expectEnvelope(brand.body, 'FORBIDDEN_MODULE');
  });
});

describe('cartMetricsRange', () => {
  const now = new Date('2026-11-23T02:30:00Z'); // still the 22nd in São Paulo
  it('ends today in São Paulo and starts 29 days before by default', () => {
    expect(cartMetricsRange({}, now)).toMatchObject({ from: '2026-10-24', to: '2026-11-22' });
  });
  it('takes a lone start up to today, and refuses one more than 366 days back', () => {
    expect(cartMetricsRange({ from: '2026-11-01' }, now)).toMatchObject({ from: '2026-11-01', to: '2026-11-22' });
    expect(() => cartMetricsRange({ from: '2025-01-01' }, now)).toThrow();
  });
  it('covers whole São Paulo days', () => {
    const r = cartMetricsRange({ from: '2025-03-01', to: '2025-03-01' }, now);
    expect(r.fromAt.toISOString()).toBe('2025-03-01T03:00:00.000Z');
    expect(r.toAt.toISOString()).toBe('2025-03-02T02:59:59.999Z');
  });
});
