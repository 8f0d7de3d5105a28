import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { placeOrder } from '../../../test/fixtures/orders.ts';
import { createCartStore } from '../../../test/fixtures/shopping-carts.ts';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;

const search = (query: Record<string, string | number>, token = adminToken) => t.http.get('/search/products').query(query).set(bearer(token));
const skusOf = (body: { data: Array<{ product_sku: string }> }) => body.data.map((p) => p.product_sku);

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());

describe('GET /search/products', () => {
  it('pages the account’s catalog 50 at a time by default, by name, prices in reais', async () => {
    const res = await search({});
    expect(res.status).toBe(200);
    const total = await t.db.product.count({ where: { accountId: bomPreco } });
    expect(res.body.meta).toEqual({ page: 1, quantity: 50, total, total_pages: Math.ceil(total / 50) });
    const names = res.body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    const cafe = (await search({ skus: 'cafe-aurora-tradicional-500g' })).body.data[0];
    expect(cafe).toMatchObject({ name: 'Café Aurora Tradicional 500g', price: 18.9, brand: 'Café Aurora', is_available: true });
    expect(cafe.categories).toEqual(['Mercearia', 'Café', 'Café em pó']);
    expect(cafe.tags).toEqual(['café', 'café da manhã', 'mais vendidos']);
    expect(cafe.image_url).toBe('/brand/products/cafe-aurora-tradicional-500g.svg');
    expect(Object.keys(cafe)).not.toContain('account_id');
    expect(cafe.offer).toBeNull();
  });

  it('searches by name, SKU or brand in any case, wildcards literally', async () => {
    expect(skusOf((await search({ query: 'CAFÉ aurora' })).body)).toEqual(
      expect.arrayContaining(['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g', 'cafe-aurora-capsulas-10un']),
    );
    expect(skusOf((await search({ query: 'picanha-bovina-kg' })).body)[0]).toBe('picanha-bovina-kg');
    const serra = (await search({ query: 'serra verde', quantity: 200 })).body.data as Array<{ brand: string }>;
    expect(serra.length).toBeGreaterThan(5);
    expect(serra.slice(0, 5).every((p) => p.brand === 'Serra Verde')).toBe(true);
    expect((await search({ query: '%' })).body.data).toEqual([]);
  });

  it('resolves exact SKUs (chosen products) and filters availability', async () => {
    const res = await search({ skus: 'picanha-bovina-kg, leite-integral-1l,nao-existe' });
    expect(skusOf(res.body).sort()).toEqual(['leite-integral-1l', 'picanha-bovina-kg']);
    const unavailable = (await search({ available: 'false', quantity: 500 })).body.data as Array<{ product_sku: string; is_available: boolean }>;
    expect(unavailable.map((p) => p.product_sku)).toContain('racao-caes-adultos-10kg');
    expect(unavailable.every((p) => !p.is_available)).toBe(true);
  });

  it('pages with quantity and page', async () => {
    const first = await search({ quantity: 10, page: 1 });
    const second = await search({ quantity: 10, page: 2 });
    expect(first.body.data).toHaveLength(10);
    expect(second.body.meta.page).toBe(2);
    expect(skusOf(second.body).some((s) => skusOf(first.body).includes(s))).toBe(false);
  });

  it('answers bad input with a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ quantity: 0 }, 'quantity'],
      [{ page: 'abc' }, 'page'],
      [{ available: 'maybe' }, 'available'],
    ] as const) {
      const res = await search(query);
      expect(res.status).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe(field);
    }
  });

  it('never shows another account’s catalog, and needs a session', async () => {
    const other = await search({ query: 'picanha' }, atacadoToken);
    expect(other.body.data).toEqual([]);
    expect(skusOf((await search({ skus: 'picanha-bovina-kg' }, atacadoToken)).body)).toEqual([]);
    expect(skusOf((await search({}, atacadoToken)).body)).toEqual(
      expect.arrayContaining(['arroz-tipo1-5kg-fardo', 'cafe-aurora-tradicional-fardo']),
    );
    expect((await t.http.get('/search/products')).status).toBe(401);
    // Operators (fewer modules) still pick products: any member reads the catalog.
    expect((await search({}, operatorToken)).status).toBe(200);
  });
});

describe('product cost', () => {
  const productOf = (sku: string) => t.db.product.findFirstOrThrow({ where: { accountId: bomPreco, sku } });
  const read = (id: number, token = adminToken) => t.http.get(`/api/product/${id}`).set(bearer(token));
  const patch = (id: number, body: Record<string, unknown>, token = adminToken) => t.http.patch(`/api/product/${id}`).set(bearer(token)).send(body);

  it('GET answers the cost in reais (null when not known); PATCH sets it and null clears it', async () => {
    const p = await productOf('cafe-aurora-tradicional-500g');
    await t.db.product.update({ where: { id: p.id }, data: { costCents: 1234n } });
    const before = await read(p.id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ price: 18.9, cost: 12.34 });

    const set = await patch(p.id, { cost: 13.07 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ id: p.id, price: 18.9, cost: 13.07 });
    expect((await productOf(p.sku)).costCents).toBe(1307n);
    expect((await read(p.id)).body.cost).toBe(13.07);

    // Another field alone leaves the cost as it is.
    const stock = await patch(p.id, { available_stock: p.availableStock });
    expect(stock.body.cost).toBe(13.07);

    expect((await patch(p.id, { cost: 0 })).body.cost).toBe(0);
    const cleared = await patch(p.id, { cost: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.cost).toBeNull();
    expect((await productOf(p.sku)).costCents).toBeNull();
    expect((await read(p.id)).body.cost).toBeNull();
    await patch(p.id, { cost: 12.34 });
  });

  it('refuses a negative cost, a fraction of a cent or more than R$ 1.000.000 (400 naming the field, in Portuguese), changing nothing', async () => {
    const p = await productOf('leite-integral-1l');
    await patch(p.id, { cost: 3.2 });
    for (const [cost, message] of [
      [-1, 'Deve ser maior ou igual a 0.'],
      [1.234, 'Deve ser múltiplo de 0.01.'],
      [1_000_000.01, 'Deve ser menor ou igual a 1000000.'],
      ['3,20', null],
    ] as const) {
      const res = await patch(p.id, { cost });
      expect(res.status, String(cost)).toBe(400);
      const detail = expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0];
      expect(detail?.field).toBe('cost');
      if (message) expect(detail?.message).toBe(message);
    }
    expect((await productOf(p.sku)).costCents).toBe(320n);
  });

  it('another account neither reads nor changes it (404); a member without the role cannot change it', async () => {
    const p = await productOf('leite-integral-1l');
    await patch(p.id, { cost: 3.2 });
    const other = await read(p.id, atacadoToken);
    expect(other.status).toBe(404);
    expectEnvelope(other.body, 'PRODUCT_NOT_FOUND');
    expect(JSON.stringify(other.body)).not.toContain('3.2');
    for (const body of [{ cost: 1 }, { cost: null }]) {
      const res = await patch(p.id, body, atacadoToken);
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'PRODUCT_NOT_FOUND');
    }
    expect((await patch(p.id, { cost: 1 }, operatorToken)).status).toBe(403);
    expect((await patch(p.id, { cost: 1 })).status).toBe(200);
    expect((await t.http.patch(`/api/product/${p.id}`).send({ cost: 2 })).status).toBe(401);
    expect((await productOf(p.sku)).costCents).toBe(100n);
  });

  it('an order line written after the cost is set keeps that cost, and a later change does not rewrite it', async () => {
    const store = await createCartStore(t, adminToken, 'Loja Custo Teste');
    const leite = store.products.leite;
    expect((await patch(leite, { cost: 3.15 })).status).toBe(200);
    const first = await placeOrder(t, adminToken, store);
    const lineOf = async (orderId: number) => t.db.orderItem.findFirstOrThrow({ where: { orderId, productId: leite }, select: { unitCostCents: true } });
    expect((await lineOf(first.order.id)).unitCostCents).toBe(315n);

    expect((await patch(leite, { cost: 3.4 })).status).toBe(200);
    const second = await placeOrder(t, adminToken, store);
    expect((await lineOf(second.order.id)).unitCostCents).toBe(340n);
    expect((await lineOf(first.order.id)).unitCostCents).toBe(315n);

    expect((await patch(leite, { cost: null })).status).toBe(200);
    const third = await placeOrder(t, adminToken, store);
    expect((await lineOf(third.order.id)).unitCostCents).toBeNull();
  });
});

describe('GET /api/location/minified', () => {
  it('lists the account’s stores, active first, with nothing but id, name, city, state and active', async () => {
    const res = await t.http.get('/api/location/minified').set(bearer(adminToken));
    expect(res.status).toBe(200);
    const count = await t.db.location.count({ where: { accountId: bomPreco } });
    expect(res.body.data).toHaveLength(count);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['active', 'city', 'id', 'name', 'state']);
    const actives = res.body.data.map((l: { active: boolean }) => l.active);
    expect(actives).toEqual([...actives].sort((a, b) => Number(b) - Number(a)));
    expect(res.body.data.at(-1)).toMatchObject({ name: 'Bom Preço Santo André', active: false });
  });

  it('shows another account only its own stores', async () => {
    const res = await t.http.get('/api/location/minified').set(bearer(atacadoToken));
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['Atacado Guarulhos', 'Atacado Osasco']);
    expect((await t.http.get('/api/location/minified')).status).toBe(401);
  });
});
