import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { gtin13 } from './catalog.seed-data.ts';
import { createOfferMatching, numberVariants, prepareQuery } from './offer-matching.ts';

let t: TestApp;
let admin: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
let store: number;
let otherStore: number;

interface Row {
  id: number;
  name: string;
  product_sku: string;
  gtin: string | null;
  brand: string | null;
  categories: string[];
  is_available: boolean;
  unit_measurement: string;
  weight_per_unit: number | null;
  offer: null | { price: number; effective_price: number; promotional_price: number | null; stock: number; available: boolean; promotion_active: boolean };
}
const search = async (query: Record<string, string | number>, token = admin) => {
  const res = await t.http.get('/search/products').query(query).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Row[]; meta: { total: number; page: number; quantity: number } };
};

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  admin = await t.login(DEMO.admin);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacado })).body.newToken;
  store = (await t.db.location.findFirstOrThrow({ where: { accountId: bomPreco, active: true }, orderBy: { id: 'asc' } })).id;
  otherStore = (await t.db.location.findFirstOrThrow({ where: { accountId: atacado } })).id;
});
afterAll(() => t?.close());

describe('query preparation', () => {
  it('knows singular and plural', () => {
    expect(numberVariants('ovo')).toEqual(['ovo', 'ovos']);
    expect(numberVariants('ovos')).toContain('ovo');
    expect(numberVariants('feijoes')).toContain('feijao');
    expect(numberVariants('integral')).toContain('integrais');
    const q = prepareQuery('Leite Integral 1L');
    expect(q.folded).toBe('leite integral 1l');
    expect(q.strict).toMatch(/^\(leite \| leites\) & \(integral \| integrais.*\) & 1l$/);
    expect(gtin13(1)).toMatch(/^789\d{10}$/);
  });
});

describe('catalog search finds what Brazilians type', () => {
  it('ignores accents and case: "acucar" finds Açúcar Refinado first', async () => {
    const { data } = await search({ query: 'acucar' });
    expect(data[0]!.name).toMatch(/^Açúcar/);
    expect(data.some((p) => p.name.startsWith('Açúcar Refinado'))).toBe(true);
  });

  it('tolerates typos: "aroz" finds Arroz', async () => {
    const { data } = await search({ query: 'aroz' });
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.name).toMatch(/^Arroz/);
  });

  it('knows plural and singular: "ovo" finds Ovos, "ovos" too', async () => {
    for (const q of ['ovo', 'ovos', 'OVOS']) {
      const { data } = await search({ query: q });
      expect(data[0]!.name, q).toMatch(/^Ovos/);
    }
  });

  it('"arroz tio joão" finds the Tio João rice', async () => {
    const { data } = await search({ query: 'arroz tio joão' });
    expect(data[0]).toMatchObject({ brand: 'Tio João' });
    expect(data[0]!.name).toMatch(/^Arroz/);
  });

  it('puts an exact GTIN or SKU first', async () => {
    const p = await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco, gtin: { not: null }, name: { startsWith: 'Leite' } } });
    expect((await search({ query: p.gtin! })).data[0]!.id).toBe(p.id);
    expect((await search({ query: p.sku })).data[0]!.id).toBe(p.id);
  });

  it('ranks by relevance, then availability', async () => {
    const { data } = await search({ query: 'arroz', location_id: store, quantity: 100 });
    const first = data.filter((p) => p.name.startsWith('Arroz'));
    expect(first.length).toBeGreaterThan(5);
    // Among the equally relevant rice, the ones sold now come before the stock-outs.
    const avail = data.slice(0, first.length).map((p) => p.offer!.available);
    expect(avail).toEqual([...avail].sort((a, b) => Number(b) - Number(a)));
  });

  it('pages 50 at a time with a cheap, exact count for small results', async () => {
    const all = await search({ query: 'arroz' });
    expect(all.meta.quantity).toBe(50);
    const direct = await t.db.product.count({ where: { accountId: bomPreco, name: { contains: 'Arroz', mode: 'insensitive' } } });
    expect(all.meta.total).toBeGreaterThanOrEqual(direct);
    const p2 = await search({ query: 'arroz', page: 2, quantity: 10 });
    expect(p2.meta.page).toBe(2);
    expect(p2.data.length).toBe(Math.min(10, Math.max(0, all.meta.total - 10)));
  });
});

describe('filters, sort and the store offer', () => {
  it('filters by category prefix and brand', async () => {
    const merc = await search({ category: 'Mercearia', quantity: 500 });
    expect(merc.data.every((p) => p.categories[0] === 'Mercearia')).toBe(true);
    const cafe = await search({ category: 'Mercearia > Café', quantity: 500 });
    expect(cafe.data.length).toBeGreaterThan(0);
    expect(cafe.data.every((p) => p.categories[1] === 'Café')).toBe(true);
    const brand = await search({ brand: 'tio joão', quantity: 500 });
    expect(brand.data.length).toBeGreaterThan(0);
    expect(brand.data.every((p) => p.brand === 'Tio João')).toBe(true);
  });

  it('carries the store offer with location_id and sorts by price and stock', async () => {
    const asc = await search({ location_id: store, sort: 'price_asc', category: 'Frios e Laticínios' });
    expect(asc.data[0]!.offer).toMatchObject({ price: expect.any(Number), stock: expect.any(Number) });
    const prices = asc.data.map((p) => p.offer!.effective_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search({ location_id: store, sort: 'price_desc', category: 'Frios e Laticínios' });
    expect(desc.data[0]!.offer!.effective_price).toBeGreaterThanOrEqual(desc.data[1]!.offer!.effective_price);
    const stock = await search({ location_id: store, sort: 'stock_desc' });
    const stocks = stock.data.map((p) => p.offer!.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
    const avail = await search({ location_id: store, available: 'true', quantity: 500 });
    expect(avail.data.every((p) => p.offer!.available)).toBe(true);
    const promo = (await search({ location_id: store, quantity: 500, category: 'Mercearia' })).data.find((p) => p.offer!.promotion_active);
    expect(promo?.offer!.effective_price).toBe(promo?.offer!.promotional_price);
  });

  it('gives kg items 0.5 kg a unit when the product has no weight', async () => {
    const banana = (await search({ skus: 'banana-prata-kg' })).data[0]!;
    expect(banana).toMatchObject({ unit_measurement: 'kg', weight_per_unit: 0.5 });
  });

  it('another account’s store is not found', async () => {
    const res = await t.http.get('/search/products').query({ location_id: otherStore }).set(bearer(admin));
    expect(res.status).toBe(404);
  });

  it('lists facets: top-level categories with their second level, brands, with counts', async () => {
    const res = await t.http.get('/search/products/facets').set(bearer(admin));
    expect(res.status).toBe(200);
    const tops = res.body.categories as Array<{ name: string; count: number; children: Array<{ path: string; count: number }> }>;
    expect(tops.length).toBeGreaterThanOrEqual(25);
    const merc = tops.find((c) => c.name === 'Mercearia')!;
    expect(merc.children.some((c) => c.path === 'Mercearia > Café')).toBe(true);
    expect(merc.count).toBe(await t.db.product.count({ where: { accountId: bomPreco, categories: { has: 'Mercearia' } } }));
    expect(res.body.brands.find((b: { name: string }) => b.name === 'Tio João').count).toBeGreaterThan(0);
  });
});

describe('product and offer', () => {
  const productIdOf = async (sku: string) => (await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco, sku } })).id;

  it('reads a product with its offers per store by name, and changes availability and stock', async () => {
    const id = await productIdOf('leite-integral-1l');
    const res = await t.http.get(`/api/product/${id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.offers.length).toBe(await t.db.location.count({ where: { accountId: bomPreco } }));
    expect(res.body.offers[0].location_name).toMatch(/^Bom Preço/);
    const patched = await t.http.patch(`/api/product/${id}`).set(bearer(admin)).send({ is_available: false, available_stock: 7 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ is_available: false, available_stock: 7 });
    await t.http.patch(`/api/product/${id}`).set(bearer(admin)).send({ is_available: true });
  });

  it('changes an offer, and refuses a promotional price not below the price or an end before the start (400 naming the field)', async () => {
    const id = await productIdOf('cafe-aurora-extraforte-500g');
    const url = `/api/offer/${store}/${id}`;
    const ok = await t.http.patch(url).set(bearer(admin)).send({
      price: 20,
      promotional_price: 17.5,
      promotion_start: new Date(Date.now() - 86_400_000).toISOString(),
      promotion_end: new Date(Date.now() + 86_400_000).toISOString(),
      stock: 12,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ price: 20, promotional_price: 17.5, effective_price: 17.5, promotion_active: true, stock: 12, available: true });
    for (const [body, field] of [
      [{ price: 10, promotional_price: 12 }, 'promotional_price'],
      [{ price: 15 }, 'price'], // the stored promotional price (17.50) is not below it
      [{ promotion_start: '2026-12-10T00:00:00Z', promotion_end: '2026-12-01T00:00:00Z' }, 'promotion_end'],
      [{ stock: -1 }, 'stock'],
    ] as const) {
      const res = await t.http.patch(url).set(bearer(admin)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe(field);
    }
    const pt = await t.http.patch(url).set(bearer(admin)).send({ price: 10, promotional_price: 12 });
    expect(JSON.stringify(pt.body)).toMatch(/preço promocional/);
    const off = await t.http.patch(url).set(bearer(admin)).send({ promotional_price: null, is_available: false });
    expect(off.body).toMatchObject({ promotional_price: null, promotion_start: null, effective_price: 20, available: false });
  });

  it('does not find another account’s product, offer or store', async () => {
    const id = await productIdOf('leite-integral-1l');
    expect((await t.http.get(`/api/product/${id}`).set(bearer(atacadoToken))).status).toBe(404);
    expect((await t.http.patch(`/api/product/${id}`).set(bearer(atacadoToken)).send({ available_stock: 1 })).status).toBe(404);
    expect((await t.http.patch(`/api/offer/${store}/${id}`).set(bearer(atacadoToken)).send({ stock: 1 })).status).toBe(404);
    expect((await t.http.patch(`/api/offer/${otherStore}/${id}`).set(bearer(admin)).send({ stock: 1 })).status).toBe(404);
    expect((await t.http.get('/api/product/99999999').set(bearer(admin))).status).toBe(404);
  });
});

describe('what a shopper sees at a store', () => {
  it('public offers: available offers only, at the price paid now', async () => {
    const res = await t.http.get('/search/public-offers').query({ query: 'leite', location_id: store }).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((o: { available: boolean }) => o.available)).toBe(true);
    expect(res.body.data[0]).toMatchObject({ location_id: store, price: expect.any(Number), list_price: expect.any(Number) });
    expect((await t.http.get('/search/public-offers').query({ query: 'leite' }).set(bearer(admin))).status).toBe(400);
    expect((await t.http.get('/search/public-offers').query({ location_id: otherStore }).set(bearer(admin))).status).toBe(404);
  });

  it('unique offers: one current offer per product, by id or SKU', async () => {
    const ids = (await t.db.product.findMany({ where: { accountId: bomPreco }, take: 3, orderBy: { id: 'asc' } })).map((p) => p.id);
    const res = await t.http.post('/search/offers/unique').set(bearer(admin)).send({ location_id: store, product_ids: [...ids, ids[0]], skus: ['banana-prata-kg', 'nao-existe'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { product_id: number }) => o.product_id).slice(0, 3)).toEqual(ids);
    expect(res.body.data.at(-1).product_sku).toBe('banana-prata-kg');
    expect(res.body.data).toHaveLength(4);
    const tooMany = await t.http.post('/search/offers/unique').set(bearer(admin)).send({ location_id: store, product_ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
  });
});

describe('services.catalog offer matching', () => {
  it('matchMany answers each line, best first, with the offer fields', async () => {
    const catalog = createOfferMatching(t.db);
    const res = await catalog.matchMany(bomPreco, store, ['arroz tio joão', 'ovos', 'leite integral 1L', 'aroz', 'acucar', 'xyzzy qwerty', '']);
    expect(res).toHaveLength(7);
    expect(res[0]![0]).toMatchObject({ brand: 'Tio João', unitMeasurement: 'un', priceCents: expect.any(Number), listPriceCents: expect.any(Number) });
    expect(res[0]![0]!.name).toMatch(/^Arroz/);
    expect(res[1]![0]!.name).toMatch(/^Ovos/);
    expect(res[2]![0]!.name).toMatch(/^Leite Integral/);
    expect(res[3]![0]!.name).toMatch(/^Arroz/);
    expect(res[4]![0]!.name).toMatch(/^Açúcar/);
    expect(res[5]).toEqual([]);
    expect(res[6]).toEqual([]);
    for (const line of res) {
      const scores = line.map((m) => m.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(line.length).toBeLessThanOrEqual(5);
    }
    const sku = await catalog.matchOffers(bomPreco, store, 'picanha-bovina-kg');
    expect(sku[0]).toMatchObject({ sku: 'picanha-bovina-kg', score: 1 });
  });

  it('alternatives: available offers of the same category, nearest size then price', async () => {
    const catalog = createOfferMatching(t.db);
    const source = await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco, sku: 'leite-integral-1l' } });
    const alts = await catalog.alternatives(bomPreco, store, source.id);
    expect(alts.length).toBeGreaterThan(0);
    expect(alts.length).toBeLessThanOrEqual(3);
    expect(alts.every((a) => a.available && a.productId !== source.id)).toBe(true);
    expect(alts[0]!.categories).toEqual(source.categories);
    const offers = await catalog.offersFor(bomPreco, store, [source.id, 99999999]);
    expect(offers).toHaveLength(1);
  });
});
