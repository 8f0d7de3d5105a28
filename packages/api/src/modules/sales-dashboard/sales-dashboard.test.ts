import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ordersTestBed, placeOrder } from '../../../test/fixtures/orders.ts';
import { comparisonOf } from './sales-dashboard.service.ts';

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let a: CartStore;
let b: CartStore;

const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));
const post = (path: string, body?: unknown) => t.http.post(path).set(bearer(admin)).send((body ?? {}) as object);

/** An order placed through the API at `store` (its own external id), with these lines. */
async function createOrder(store: CartStore, over: Record<string, unknown>, items: Array<Record<string, unknown>>) {
  const { order } = await placeOrder(t, admin, store, { ...over, items });
  return { id: order.id, total: order.total };
}

const dashboard = async (path: string, query: string, token = admin) => {
  const res = await get(`/api/data-service/dashboard/${path}?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** The account's sales rollups, without the rows left at zero (the rebuild writes none of those). */
async function rollups(accountId: number) {
  const q = (sql: string) => t.db.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, accountId);
  const text = (rows: Array<Record<string, unknown>>) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)])));
  return {
    sales: text(
      await q(`SELECT account_id, day, location_id, channel::text, product_id, lines, units::text, gmv_cents, cost_cents, costed_gmv_cents FROM sales_daily_stats
                WHERE account_id = $1 AND (lines <> 0 OR units <> 0 OR gmv_cents <> 0 OR cost_cents <> 0 OR costed_gmv_cents <> 0)
                ORDER BY day, location_id, channel, product_id`),
    ),
    totals: text(
      await q(`SELECT account_id, day, location_id, channel::text, orders, orders_gmv_cents, lines, units::text, gmv_cents, cost_cents, costed_gmv_cents FROM sales_daily_totals
                WHERE account_id = $1 AND (orders <> 0 OR orders_gmv_cents <> 0 OR lines <> 0 OR units <> 0 OR gmv_cents <> 0 OR cost_cents <> 0 OR costed_gmv_cents <> 0)
                ORDER BY day, location_id, channel`),
    ),
    products: text(
      await q(`SELECT account_id, day, product_id, lines, units::text, gmv_cents, cost_cents, costed_gmv_cents FROM sales_product_daily
                WHERE account_id = $1 AND (lines <> 0 OR units <> 0 OR gmv_cents <> 0 OR cost_cents <> 0 OR costed_gmv_cents <> 0)
                ORDER BY day, product_id`),
    ),
    customers: text(
      await q(`SELECT account_id, day, location_id, channel::text, customer_id, orders, gmv_cents FROM customer_daily_stats
                WHERE account_id = $1 AND (orders <> 0 OR gmv_cents <> 0) ORDER BY day, location_id, channel, customer_id`),
    ),
    brands: text(
      await q(`SELECT account_id, brand, day, location_id, customer_id, lines, units::text, gmv_cents FROM sales_brand_customer_daily
                WHERE account_id = $1 AND (lines <> 0 OR units <> 0 OR gmv_cents <> 0) ORDER BY brand, day, location_id, customer_id`),
    ),
  };
}

beforeAll(async () => {
  // Promotions paused: these tests count the cents of the offers.
  ({ t, admin, bomPreco, atacado, store: a } = await ordersTestBed('Loja Painel Margem A'));
  b = await createCartStore(t, admin, 'Loja Painel Margem B');
  // Milk costs R$ 3,00 (the lines keep it when written); the cheese's cost is not known.
  await t.db.product.update({ where: { id: a.products.leite }, data: { costCents: 300n } });
});
afterAll(() => t?.close());

describe('the dashboard data service', () => {
  let o2: number;

  beforeAll(async () => {
    const o1 = await createOrder(a, {}, [{ product_id: a.products.leite, quantity: 2 }, { product_id: a.products.queijo, weight: 0.4 }]);
    const second = await createOrder(a, { channel: 'whatsapp' }, [{ product_id: a.products.leite, quantity: 1 }]);
    const o3 = await createOrder(b, {}, [{ product_id: b.products.leite, quantity: 3 }]);
    // 9 March (São Paulo) for the first; 10 March for the others.
    await t.db.order.update({ where: { id: o1.id }, data: { createdAt: new Date('2026-03-10T02:59:59.999Z') } });
    await t.db.order.update({ where: { id: second.id }, data: { createdAt: new Date('2026-03-10T03:00:00.000Z') } });
    await t.db.order.update({ where: { id: o3.id }, data: { createdAt: new Date('2026-03-10T14:00:00.000Z') } });
    expect([o1.total, second.total, o3.total]).toEqual([29.94, 4.99, 14.97]);
    o2 = second.id;
  });

  it('cards: GMV, orders, ticket, customers, units and margin beside the previous period', async () => {
    const d = await dashboard('cards', 'from=2026-03-10&to=2026-03-10');
    expect(d).toMatchObject({ from: '2026-03-10', to: '2026-03-10', compare: 'previous_period', previous: { from: '2026-03-09', to: '2026-03-09' } });
    expect(d.cards).toEqual({
      gmv: { value: 19.96, previous: 29.94, change: -0.3333 },
      orders: { value: 2, previous: 1, change: 1 },
      average_ticket: { value: 9.98, previous: 29.94, change: -0.6667 },
      customers: { value: 2, previous: 1, change: 1 },
      units: { value: 4, previous: 2.4, change: 0.6667 },
      // Milk only: 19,96 sold at a cost of 12,00; before, 9,98 at 6,00 (the cheese has no cost).
      margin: { value: 7.96, previous: 3.98, change: 1 },
      margin_rate: { value: 0.3988, previous: 0.3988, change: 0 },
      costed_share: { value: 1, previous: 0.3333, change: 2.0003 },
    });
    const none = await dashboard('cards', 'from=2026-03-10&to=2026-03-10&compare=none');
    expect(none.previous).toBeNull();
    expect(none.cards.gmv).toEqual({ value: 19.96, previous: null, change: null });
    const store = await dashboard('cards', `from=2026-03-09&to=2026-03-10&location_id=${a.locationId}&channel=vtex`);
    expect(store.cards.gmv.value).toBe(29.94);
    expect(store.cards.orders.value).toBe(1);
  });

  it('GMV and margin per day, each day beside its match in the comparison', async () => {
    const gmv = await dashboard('gmv-per-day', 'from=2026-03-09&to=2026-03-10');
    expect(gmv.previous).toEqual({ from: '2026-03-07', to: '2026-03-08' });
    expect(gmv.days).toEqual([
      { date: '2026-03-09', gmv: 29.94, orders: 1, previous_date: '2026-03-07', previous_gmv: 0, previous_orders: 0 },
      { date: '2026-03-10', gmv: 19.96, orders: 2, previous_date: '2026-03-08', previous_gmv: 0, previous_orders: 0 },
    ]);
    const margin = await dashboard('margin-per-day', 'from=2026-03-10&to=2026-03-10&compare=previous_year');
    expect(margin.previous).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(margin.days).toEqual([
      { date: '2026-03-10', items_value: 19.96, costed_value: 19.96, cost: 12, margin: 7.96, margin_rate: 0.3988, previous_date: '2025-03-10', previous_margin: 0, previous_margin_rate: null },
    ]);
    const day9 = await dashboard('margin-per-day', 'from=2026-03-09&to=2026-03-09&compare=none');
    expect(day9.days[0]).toMatchObject({ items_value: 29.94, costed_value: 9.98, cost: 6, margin: 3.98, previous_date: null, previous_margin: null });
  });

  it('top products and customers by value', async () => {
    const p = await dashboard('top-products', 'from=2026-03-09&to=2026-03-10');
    expect(p.items_value).toBe(49.9);
    expect(p.products).toEqual([
      {
        product_id: a.products.leite, sku: 'CART-LEITE-TREM-1L', name: 'Leite Integral Tremelique 1L', brand: 'Tremelique', category: 'Testes de carrinho',
        units: 6, value: 29.94, margin: 11.94, share: 0.6, previous_value: 0, change: null,
      },
      {
        product_id: a.products.queijo, sku: 'CART-QUEIJO-QUIX-KG', name: 'Queijo Prato Quixabeira', brand: 'Quixabeira', category: 'Testes de carrinho',
        units: 0.4, value: 19.96, margin: null, share: 0.4, previous_value: 0, change: null,
      },
    ]);
    const one = await dashboard('top-products', 'from=2026-03-09&to=2026-03-10&limit=1&compare=none');
    expect(one.products.map((r: { product_id: number }) => r.product_id)).toEqual([a.products.leite]);
    expect(one.products[0].previous_value).toBeNull();

    const c = await dashboard('top-customers', 'from=2026-03-09&to=2026-03-10');
    expect(c.customers).toEqual([
      { customer_id: a.customerId, name: expect.any(String), orders: 2, gmv: 34.93, average_ticket: 17.47, last_order_date: '2026-03-10', previous_gmv: 0 },
      { customer_id: b.customerId, name: expect.any(String), orders: 1, gmv: 14.97, average_ticket: 14.97, last_order_date: '2026-03-10', previous_gmv: 0 },
    ]);
  });

  it('a product or customer renamed shows at once in kept answers; an order after the period leaves them', async () => {
    const query = 'from=2026-03-09&to=2026-03-10&compare=none';
    const kept = [await dashboard('top-products', query), await dashboard('top-customers', query)];
    const [product, customer] = await Promise.all([
      t.db.product.findUniqueOrThrow({ where: { id: a.products.queijo } }),
      t.db.customer.findUniqueOrThrow({ where: { id: b.customerId } }),
    ]);
    // An order today, after the period: the answers stay as they were, not loaded again.
    await createOrder(a, {}, [{ product_id: a.products.queijo, weight: 0.2 }]);
    expect([await dashboard('top-products', query), await dashboard('top-customers', query)]).toEqual(kept);
    try {
      await t.db.product.update({ where: { id: product.id }, data: { name: 'Queijo Renomeado' } });
      await t.db.customer.update({ where: { id: customer.id }, data: { name: 'Cliente Renomeado' } });
      const products = await dashboard('top-products', query);
      expect(products.products.find((r: { product_id: number }) => r.product_id === product.id).name).toBe('Queijo Renomeado');
      const customers = await dashboard('top-customers', query);
      expect(customers.customers.find((r: { customer_id: number }) => r.customer_id === customer.id).name).toBe('Cliente Renomeado');
    } finally {
      await t.db.product.update({ where: { id: product.id }, data: { name: product.name } });
      await t.db.customer.update({ where: { id: customer.id }, data: { name: customer.name } });
    }
  });

  it('a canceled order leaves every figure', async () => {
    const res = await post(`/api/picking/status/${o2}`, { status: 'canceled' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = await dashboard('cards', `from=2026-03-10&to=2026-03-10&location_id=${a.locationId}&compare=none`);
    expect(d.cards.gmv.value).toBe(0);
    expect(d.cards.orders.value).toBe(0);
    expect(d.cards.units.value).toBe(0);
    const c = await dashboard('top-customers', 'from=2026-03-09&to=2026-03-10');
    expect(c.customers[0]).toMatchObject({ customer_id: a.customerId, orders: 1, gmv: 29.94, last_order_date: '2026-03-09' });
  });

  it('downloads the days, products and customers as CSV or XLSX, with the screen filters (the canceled order left out)', async () => {
    const csv = await get('/api/data-service/dashboard/export?report=products&format=csv&from=2026-03-09&to=2026-03-10');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="produtos-mais-vendidos-2026-03-09-2026-03-10.csv"');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('SKU;Produto;Marca;Categoria;Unidades;Vendas (R$);Margem (R$);Participação (%);Vendas no período anterior (R$);Variação (%)');
    expect(lines[1]).toBe('CART-LEITE-TREM-1L;Leite Integral Tremelique 1L;Tremelique;Testes de carrinho;5,00;24,95;9,95;55,56;0,00;');
    expect(lines).toHaveLength(3);
    const days = await get('/api/data-service/dashboard/export?report=days&format=csv&from=2026-03-09&to=2026-03-10&compare=none');
    const dayLines = days.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(dayLines[1]).toBe('09/03/2026;1;29,94;29,94;6,00;3,98;39,88;;;;');
    const xlsx = await get('/api/data-service/dashboard/export?report=customers&from=2026-03-09&to=2026-03-10')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const bad = await get('/api/data-service/dashboard/export?report=orders');
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('report');
  });

  it('another account sees its own sales only (none of these)', async () => {
    for (const path of ['cards', 'gmv-per-day', 'margin-per-day', 'top-products', 'top-customers', 'export?report=products&format=csv']) {
      const res = await get(`/api/data-service/dashboard/${path}${path.includes('?') ? '&' : '?'}from=2026-03-09&to=2026-03-10`, atacado);
      expect(res.status, path).toBe(200);
      const text = res.headers['content-type']?.includes('json') ? JSON.stringify(res.body) : res.text;
      expect(text).not.toContain('Tremelique');
      expect(text).not.toContain('34.93');
    }
    const cards = await dashboard('cards', 'from=2026-03-09&to=2026-03-10', atacado);
    expect(cards.cards.gmv.value).toBe(0);
    // A store of Bom Preço named by the other account: 404, as an unknown one.
    const store = await get(`/api/data-service/dashboard/cards?location_id=${a.locationId}`, atacado);
    expect(store.status).toBe(404);
    expectEnvelope(store.body, 'LOCATION_NOT_FOUND');
  });

  it('400 naming the field for a bad comparison, limit or period', async () => {
    const compare = await get('/api/data-service/dashboard/cards?compare=ontem');
    expect(compare.status).toBe(400);
    expect(expectEnvelope(compare.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('compare');
    const limit = await get('/api/data-service/dashboard/top-products?limit=0');
    expect(limit.status).toBe(400);
    expect(expectEnvelope(limit.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('limit');
    const reversed = await get('/api/data-service/dashboard/gmv-per-day?from=2026-03-10&to=2026-03-09');
    expect(reversed.status).toBe(400);
    expect(expectEnvelope(reversed.body, 'VALIDATION_ERROR').details).toEqual([expect.objectContaining({ field: 'to', message: 'A data final deve ser igual ou posterior à inicial.' })]);
  });

  it('comparison periods: the days just before, or a year before (29 February: the 28th)', () => {
    expect(comparisonOf('2026-03-01', '2026-03-31', 'previous_period')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(comparisonOf('2024-02-29', '2024-03-01', 'previous_year')).toEqual({ from: '2023-02-28', to: '2023-03-01' });
    expect(comparisonOf('2026-03-01', '2026-03-01', 'none')).toBeNull();
  });
});

describe('the sales rollups', () => {
  const STATUSES = ['created', 'paid', 'picking', 'delivered', 'canceled', 'refunded'] as const;
  const CHANNELS = ['vtex', 'whatsapp', 'rappi'] as const;
  let pool: number[];
  let products: number[];

  beforeAll(async () => {
    products = [a.products.leite, a.products.queijo, a.products.arroz1, a.products.feijao, a.products.vagalume];
    await t.db.product.update({ where: { id: a.products.arroz1 }, data: { costCents: 410n } });
    pool = [];
    for (let i = 0; i < 6; i++) {
      const store = i % 2 ? a : b;
      const o = await createOrder(store, { channel: CHANNELS[i % 3] }, [
        { product_id: store.products.leite, quantity: 1 + i },
        { product_id: store.products.queijo, weight: 0.25 * (i + 1) },
        { product_id: store.products.arroz1, quantity: 2 },
      ]);
      pool.push(o.id);
    }
  });

  /** One write to the orders or their lines, as any writer could do it (raw SQL: the triggers keep the rollups). */
  const op = fc.oneof(
    fc.record({ kind: fc.constant('status' as const), order: fc.nat(), status: fc.constantFrom(...STATUSES) }),
    fc.record({ kind: fc.constant('channel' as const), order: fc.nat(), channel: fc.constantFrom(...CHANNELS) }),
    fc.record({ kind: fc.constant('move' as const), order: fc.nat(), toA: fc.boolean() }),
    fc.record({ kind: fc.constant('day' as const), order: fc.nat(), days: fc.integer({ min: -40, max: 40 }) }),
    fc.record({ kind: fc.constant('total' as const), order: fc.nat(), cents: fc.integer({ min: 0, max: 90_000 }) }),
    fc.record({
      kind: fc.constant('pick' as const),
      line: fc.nat(),
      status: fc.constantFrom('pending', 'picked', 'substituted', 'missing'),
      quantity: fc.option(fc.integer({ min: 0, max: 9 })),
      weight: fc.option(fc.double({ min: 0, max: 3, noNaN: true })),
      substitute: fc.nat(),
    }),
    fc.record({ kind: fc.constant('lineTotal' as const), line: fc.nat(), cents: fc.integer({ min: 0, max: 20_000 }) }),
    fc.record({ kind: fc.constant('relink' as const), line: fc.nat(), product: fc.nat() }),
    fc.record({ kind: fc.constant('cost' as const), product: fc.nat(), cents: fc.option(fc.integer({ min: 1, max: 5_000 })) }),
    fc.record({ kind: fc.constant('copyLine' as const), line: fc.nat() }),
    fc.record({ kind: fc.constant('deleteLine' as const), line: fc.nat() }),
    fc.record({ kind: fc.constant('customer' as const), order: fc.nat() }),
    fc.record({ kind: fc.constant('brand' as const), product: fc.nat(), brand: fc.constantFrom('Tremelique', 'Quixabeira', 'TREMELIQUE', null) }),
  );
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

  async function apply(o: Op) {
    const x = (sql: string, ...args: unknown[]) => t.db.$executeRawUnsafe(sql, ...args);
    const lines = (await t.db.orderItem.findMany({ where: { orderId: { in: pool } }, select: { id: true }, orderBy: { id: 'asc' } })).map((l) => l.id);
    const order = 'order' in o ? pool[o.order % pool.length]! : 0;
    const line = 'line' in o && lines.length ? lines[o.line % lines.length]! : 0;
    switch (o.kind) {
      case 'status':
        return x(`UPDATE orders SET status = $2::order_status WHERE id = $1`, order, o.status);
      case 'channel':
        return x(`UPDATE orders SET channel = $2::order_channel WHERE id = $1`, order, o.channel);
      case 'move':
        return x(`UPDATE orders SET location_id = $2 WHERE id = $1`, order, o.toA ? a.locationId : b.locationId);
      case 'day':
        return x(`UPDATE orders SET created_at = created_at + make_interval(days => $2) WHERE id = $1`, order, o.days);
      case 'total':
        return x(`UPDATE orders SET total_cents = $2 WHERE id = $1`, order, o.cents);
      case 'customer':
        return x(`UPDATE orders SET customer_id = CASE WHEN customer_id = $2 THEN $3 ELSE $2 END WHERE id = $1`, order, a.customerId, b.customerId);
      case 'pick':
        if (!line) return;
        return x(
          `UPDATE order_items SET pick_status = $2::pick_status, picked_quantity = $3, picked_weight = $4, substitute_product_id = CASE WHEN $2 = 'substituted' THEN $5::int END WHERE id = $1`,
          line, o.status, o.quantity, o.weight, products[o.substitute % products.length],
        );
      case 'lineTotal':
        if (!line) return;
        return x(`UPDATE order_items SET total_cents = $2 WHERE id = $1`, line, o.cents);
      case 'relink':
        if (!line) return;
        return x(`UPDATE order_items SET product_id = $2 WHERE id = $1`, line, products[o.product % products.length]);
      case 'cost':
        return x(`UPDATE products SET cost_cents = $2 WHERE id = $1`, products[o.product % products.length], o.cents);
      case 'brand':
        return x(`UPDATE products SET brand = $2 WHERE id = $1`, products[o.product % products.length], o.brand);
      case 'copyLine':
        if (!line) return;
        return x(
          `INSERT INTO order_items (order_id, position, product_id, sku, name, unit_measurement, quantity, weight, unit_price_cents, sub_total_cents, discount_cents, total_cents)
           SELECT order_id, position + 100, product_id, sku, name, unit_measurement, quantity, weight, unit_price_cents, sub_total_cents, discount_cents, total_cents
             FROM order_items WHERE id = $1`,
          line,
        );
      case 'deleteLine':
        if (!line || lines.length < 4) return;
        return x(`DELETE FROM order_items WHERE id = $1`, line);
    }
  }

  it('equal a recomputation from the raw rows after random sequences of writes, cancels and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const o of ops) await apply(o);
        const kept = await rollups(bomPreco);
        await t.db.$executeRawUnsafe('SELECT sales_stats_rebuild_all($1)', bomPreco);
        expect(await rollups(bomPreco)).toEqual(kept);
      }),
      { numRuns: 40, seed: 23 },
    );
    // The sequences did move the figures: some orders count, with lines sold.
    expect((await rollups(bomPreco)).sales.length).toBeGreaterThan(0);
  });

  it('concurrent writes of two stores that touch the same products in opposite orders both go through (no deadlock)', async () => {
    const lineOf = async (order: number, product: number) =>
      (await t.db.orderItem.findFirstOrThrow({ where: { orderId: order, productId: product }, select: { id: true } })).id;
    const x = (await createOrder(a, {}, [{ product_id: a.products.leite, quantity: 1 }, { product_id: a.products.arroz1, quantity: 1 }])).id;
    const y = (await createOrder(b, {}, [{ product_id: b.products.arroz1, quantity: 1 }, { product_id: b.products.leite, quantity: 1 }])).id;
    const order = [await lineOf(x, a.products.leite), await lineOf(x, a.products.arroz1)];
    const reversed = [await lineOf(y, b.products.arroz1), await lineOf(y, b.products.leite)];
    // Each transaction picks its first line, waits for the other to pick its own, then picks the second.
    const pickBoth = (lines: number[]) =>
      t.db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE order_items SET pick_status = 'picked', picked_quantity = quantity WHERE id = $1`, lines[0]);
        await tx.$executeRawUnsafe('SELECT pg_sleep(0.3)');
        await tx.$executeRawUnsafe(`UPDATE order_items SET pick_status = 'picked', picked_quantity = quantity + 1 WHERE id = $1`, lines[1]);
      });
    await Promise.all([pickBoth(order), pickBoth(reversed)]);
    const kept = await rollups(bomPreco);
    await t.db.$executeRawUnsafe('SELECT sales_stats_rebuild_all($1)', bomPreco);
    expect(await rollups(bomPreco)).toEqual(kept);
  });

  it('a deleted order takes its sales along', async () => {
    const before = await rollups(bomPreco);
    await t.db.$executeRawUnsafe(`UPDATE orders SET status = 'paid' WHERE id = $1`, pool[0]);
    const counted = await rollups(bomPreco);
    await t.db.$executeRawUnsafe('DELETE FROM orders WHERE id = $1', pool[0]);
    const after = await rollups(bomPreco);
    await t.db.$executeRawUnsafe('SELECT sales_stats_rebuild_all($1)', bomPreco);
    expect(await rollups(bomPreco)).toEqual(after);
    expect(after).not.toEqual(counted);
    expect(before).toBeDefined();
  });
});
