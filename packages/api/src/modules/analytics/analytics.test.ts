import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ordersTestBed, placeOrder } from '../../../test/fixtures/orders.ts';
import { loadConfig } from '../../config.ts';
import { createOrdersCache } from '../orders/orders-cache.ts';
import { createMetabaseEmbeds } from './metabase-embed.ts';

let t: TestApp;
let admin: string;
let atacado: string;
let brand: string;
let bomPreco: number;
let a: CartStore;
let b: CartStore;
/** The customers of the orders below: a's own, then seven more. */
let buyers: number[];

const post = (path: string, body: unknown, token = admin) => t.http.post(path).set(bearer(token)).send(body as object);
const ok = async (path: string, body: unknown, token = admin) => {
  const res = await post(path, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const PERIOD = { from: '2026-03-09', to: '2026-03-10' };
/** An order of `customer` at `store`, dated `createdAt`. */
const orderAt = async (store: CartStore, customer: number, items: Array<Record<string, unknown>>, createdAt: string) => {
  const { order } = await placeOrder(t, admin, store, { customer_id: customer, items });
  await t.db.order.update({ where: { id: order.id }, data: { createdAt: new Date(createdAt) } });
  return order;
};

beforeAll(async () => {
  ({ t, admin, bomPreco, atacado, store: a } = await ordersTestBed('Loja Analytics A'));
  b = await createCartStore(t, admin, 'Loja Analytics B');
  await t.db.product.update({ where: { id: a.products.leite }, data: { costCents: 300n } });
  buyers = [a.customerId];
  for (let i = 1; i <= 7; i++) buyers.push((await t.db.customer.create({ data: { accountId: bomPreco, name: `Cliente Analytics ${i}` } })).id);
  // 10 March (São Paulo): seven customers buy milk at A (one of them twice), one buys cheese; 9 March: the first buys milk at B.
  for (const c of buyers.slice(0, 7)) await orderAt(a, c, [{ product_id: a.products.leite, quantity: 2 }], '2026-03-10T13:00:00Z');
  await orderAt(a, buyers[1]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-10T18:00:00Z');
  await orderAt(a, buyers[7]!, [{ product_id: a.products.queijo, weight: 0.5 }], '2026-03-10T15:00:00Z');
  await orderAt(b, buyers[0]!, [{ product_id: b.products.leite, quantity: 3 }], '2026-03-09T15:00:00Z');
  // Café Aurora's link to Bom Preço gives it the milk's brand too.
  const aurora = await t.db.account.findUniqueOrThrow({ where: { slug: 'cafe-aurora' } });
  await t.db.advertiserLink.update({ where: { publisherId_advertiserId: { publisherId: bomPreco, advertiserId: aurora.id } }, data: { brands: ['Café Aurora', 'TREMELIQUE'] } });
  brand = await t.login('gestor@marca.test');
});
afterAll(() => t?.close());

describe('grocery sell-out (POST /metabase/analytics-grocery)', () => {
  it('is about one supermarket: its sales by day, category, brand and product beside the comparison', async () => {
    const d = await ok('/metabase/analytics-grocery', { ...PERIOD, location_id: a.locationId, queries: ['summary', 'per_day', 'by_category', 'by_brand', 'by_product'] });
    expect(d).toMatchObject({ ...PERIOD, location_id: a.locationId, compare: 'previous_period', previous: { from: '2026-03-07', to: '2026-03-08' }, embed_url: null });
    // 15 packs of milk at 4,99 and 0,5 kg of cheese at 49,90.
    expect(d.cards.summary.sales).toEqual({ value: 99.8, previous: 0, change: null });
    expect(d.cards.summary.units.value).toBe(15.5);
    expect(d.cards.summary.orders.value).toBe(9);
    expect(d.cards.per_day.map((r: { sales: number }) => r.sales)).toEqual([0, 99.8]);
    expect(d.cards.by_brand.map((r: { brand: string; sales: number; share: number }) => [r.brand, r.sales, r.share])).toEqual([
      ['Tremelique', 74.85, 0.75],
      ['Quixabeira', 24.95, 0.25],
    ]);
    expect(d.cards.by_category).toEqual([expect.objectContaining({ category: 'Testes de carrinho', sales: 99.8, share: 1 })]);
    expect(d.cards.by_product[0]).toMatchObject({ product_id: a.products.leite, units: 15, sales: 74.85, margin: 29.85 });
    // Only the cards asked for.
    const one = await ok('/metabase/analytics-grocery', { ...PERIOD, location_id: b.locationId, queries: ['summary'] });
    expect(Object.keys(one.cards)).toEqual(['summary']);
    expect(one.cards.summary.sales.value).toBe(14.97);
  });

  it('needs the supermarket (400), one of the account\'s (404), each card once (400)', async () => {
    const none = await post('/metabase/analytics-grocery', { queries: ['summary'] });
    expect(none.status).toBe(400);
    expect(expectEnvelope(none.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('location_id');
    const twice = await post('/metabase/analytics-grocery', { location_id: a.locationId, queries: ['summary', 'summary'] });
    expect(twice.status).toBe(400);
    expect(expectEnvelope(twice.body).details?.[0]?.message).toBe('Cada cartão pode ser pedido uma vez só.');
    const unknown = await post('/metabase/analytics-grocery', { location_id: a.locationId, queries: ['vendas'] });
    expect(unknown.status).toBe(400);
    const other = await post('/metabase/analytics-grocery', { location_id: a.locationId, queries: ['summary'] }, atacado);
    expect(other.status).toBe(404);
    expectEnvelope(other.body, 'LOCATION_NOT_FOUND');
  });
});

describe('grocery customers (POST /metabase/customers-grocery)', () => {
  it('new and returning customers, frequency, ticket, RFM segments and cohorts', async () => {
    const d = await ok('/metabase/customers-grocery', { ...PERIOD, location_id: a.locationId, queries: ['summary', 'per_day', 'frequency', 'rfm', 'cohorts'] });
    expect(d.cards.summary.customers.value).toBe(8);
    expect(d.cards.summary.new_customers.value).toBe(8);
    expect(d.cards.summary.returning_customers.value).toBe(0);
    expect(d.cards.summary.orders.value).toBe(9);
    expect(d.cards.summary.frequency.value).toBe(1.13);
    expect(d.cards.per_day[1]).toEqual({ date: '2026-03-10', customers: 8, new_customers: 8, returning_customers: 0, orders: 9 });
    expect(d.cards.frequency.map((r: { bucket: string; customers: number }) => [r.bucket, r.customers])).toEqual([['1', 7], ['2', 1], ['3', 0], ['4-5', 0], ['6+', 0]]);
    const rfm = Object.fromEntries(d.cards.rfm.map((r: { segment: string; customers: number }) => [r.segment, r.customers]));
    expect(rfm).toMatchObject({ new: 7, promising: 1, champions: 0, lost: 0 });
    expect(d.cards.cohorts).toEqual([{ cohort: '2026-03', customers: 8, retention: [1] }]);
    // At B, the first customer bought on the 9th: a returning customer of B on the 10th would count so.
    const atB = await ok('/metabase/customers-grocery', { from: '2026-03-10', to: '2026-03-10', location_id: b.locationId, queries: ['summary'] });
    expect(atB.cards.summary.customers.value).toBe(0);
  });
});

describe('attendance (POST /metabase/attendance)', () => {
  it('answers the chats between start and finish as cards', async () => {
    const d = await ok('/metabase/attendance', { start: '2026-03-01', finish: '2026-03-10', queries: ['summary', 'per_day', 'per_attendant'] });
    expect(d).toMatchObject({ start: '2026-03-01', finish: '2026-03-10', embed_url: null });
    expect(d.cards.per_day).toHaveLength(10);
    expect(d.cards.summary).toMatchObject({ conversations: expect.any(Number), closed: expect.any(Number) });
    const bad = await post('/metabase/attendance', { start: '2026-03-10', finish: '2026-03-01', queries: ['summary'] });
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body).details?.[0]?.field).toBe('finish');
  });
});

describe('the industry: its own brands at its retailers, as aggregates', () => {
  it('KPI tree: each parent is the product of its children', async () => {
    const d = await ok('/metabase/kpi', { ...PERIOD, queries: ['tree', 'drill'] }, brand);
    const node = Object.fromEntries(d.cards.tree.map((n: { key: string; value: number | null }) => [n.key, n.value]));
    // Milk only (the brand's): 15 + 3 packs, 8 purchase occasions of 7 customers.
    expect(node.sell_out_value).toBe(89.82);
    expect(node.units).toBe(18);
    expect(node.buying_customers).toBe(7);
    expect(node.sell_out_value).toBeCloseTo(node.units * node.average_price, 4);
    expect(node.units).toBeCloseTo(node.buying_customers * node.frequency * node.units_per_purchase, 4);
    const parents = d.cards.tree.filter((n: { parent: string | null }) => n.parent === 'units').map((n: { key: string }) => n.key);
    expect(parents).toEqual(['buying_customers', 'frequency', 'units_per_purchase']);
    // Drill by retailer: one row, Bom Preço, the whole tree.
    expect(d.drill).toBe('retailer');
    expect(d.cards.drill).toEqual([expect.objectContaining({ key: String(bomPreco), label: 'Supermercado Bom Preço', sell_out_value: 89.82, units: 18, buying_customers: 7 })]);
    // By store, B's one customer is hidden (k-anonymity); and A's seven too: with the retailer's total
    // shown, A's would give B's away.
    const stores = await ok('/metabase/kpi', { ...PERIOD, drill: 'store', queries: ['drill'] }, brand);
    const byStore = Object.fromEntries(stores.cards.drill.map((r: { key: string; buying_customers: number | null }) => [r.key, r.buying_customers]));
    expect(byStore).toEqual({ [`${bomPreco}:${a.locationId}`]: null, [`${bomPreco}:${b.locationId}`]: null });
    expect(stores.cards.drill.every((r: { frequency: number | null; sell_out_value: number }) => r.frequency === null && r.sell_out_value > 0)).toBe(true);
    // A product narrows the tree to sales figures: customers are not measured there.
    const product = await ok('/metabase/kpi', { ...PERIOD, retailer_id: bomPreco, location_id: a.locationId, product_id: a.products.leite, queries: ['tree'] }, brand);
    const p = Object.fromEntries(product.cards.tree.map((n: { key: string; value: number | null }) => [n.key, n.value]));
    expect(p).toMatchObject({ sell_out_value: 74.85, units: 15, buying_customers: null });
  });

  it('sell-out, stock and consumers see only the brand\'s products', async () => {
    const s = await ok('/metabase/analytics', { ...PERIOD, queries: ['summary', 'per_day', 'by_retailer', 'by_store', 'by_category', 'by_product'] }, brand);
    expect(s.cards.summary.sales.value).toBe(89.82);
    expect(JSON.stringify(s)).not.toContain('Quixabeira');
    expect(s.cards.by_product.every((r: { brand: string }) => ['Tremelique', 'Café Aurora'].includes(r.brand))).toBe(true);
    expect(s.cards.by_retailer).toEqual([expect.objectContaining({ retailer_id: bomPreco, sales: 89.82 })]);

    const c = await ok('/metabase/customers', { ...PERIOD, queries: ['summary', 'per_day', 'by_retailer', 'segments', 'frequency'] }, brand);
    expect(c.cards.summary.buying_customers.value).toBe(7);
    expect(c.cards.summary.purchases.value).toBe(8);
    // Every count shown counts 5 customers or more; the rest is null.
    const counts = JSON.stringify(c).match(/"(buying_customers|new_buyers|repeat_buyers)":(\d+)/g) ?? [];
    expect(counts.length).toBeGreaterThan(0);
    for (const m of counts) expect(Number(m.split(':')[1])).toBeGreaterThanOrEqual(5);
    expect(c.cards.summary.repeat_buyers.value).toBeNull();
    expect(c.cards.frequency.find((r: { bucket: string }) => r.bucket === '2').buying_customers).toBeNull();
    expect(JSON.stringify(c)).not.toMatch(/Cliente Analytics|customer_id/);

    const k = await ok('/metabase/stocks', { ...PERIOD, retailer_id: bomPreco, location_id: a.locationId, queries: ['summary', 'per_day', 'by_retailer', 'by_store', 'by_product'] }, brand);
    const milk = k.cards.by_product.find((r: { product_id: number }) => r.product_id === a.products.leite);
    expect(milk).toMatchObject({ retailer_id: bomPreco, tracked: 1, missing_lines: 0 });
    expect(milk.daily_units).toBe(7.5);
    // The milk runs out at A: the stock says so now, and the day's snapshot keeps it.
    await t.db.offer.update({ where: { locationId_productId: { locationId: a.locationId, productId: a.products.leite } }, data: { stock: 0 } });
    const after = await ok('/metabase/stocks', { retailer_id: bomPreco, location_id: a.locationId, queries: ['summary', 'per_day'] }, brand);
    expect(after.cards.summary.out_of_stock).toBeGreaterThanOrEqual(1);
    expect(after.cards.per_day.at(-1).out_of_stock).toBeGreaterThanOrEqual(1);
  });

  it('a retailer, store or product outside the brand\'s is not found; a grocery account may not call them', async () => {
    const atacadoId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
    const retailer = await post('/metabase/analytics', { retailer_id: atacadoId, queries: ['summary'] }, brand);
    expect(retailer.status).toBe(404);
    expectEnvelope(retailer.body, 'ANALYTICS_RETAILER_NOT_FOUND');
    const otherStore = await t.db.location.findFirstOrThrow({ where: { accountId: atacadoId } });
    const store = await post('/metabase/stocks', { retailer_id: bomPreco, location_id: otherStore.id, queries: ['summary'] }, brand);
    expect(store.status).toBe(404);
    const product = await post('/metabase/kpi', { product_id: a.products.queijo, queries: ['tree'] }, brand);
    expect(product.status).toBe(404);
    expectEnvelope(product.body, 'ANALYTICS_PRODUCT_NOT_FOUND');
    const noRetailer = await post('/metabase/kpi', { location_id: a.locationId, queries: ['tree'] }, brand);
    expect(noRetailer.status).toBe(400);
    expect(expectEnvelope(noRetailer.body).details?.[0]?.field).toBe('retailer_id');
    const grocery = await post('/metabase/kpi', { queries: ['tree'] });
    expect(grocery.status).toBe(403);
  });

  it('an industry account linked to no retailer sees nothing', async () => {
    const other = await createTestApp();
    try {
      const account = await other.db.account.create({ data: { name: 'Marca Sem Vínculo', slug: 'marca-sem-vinculo', type: 'industry', retailMediaRole: 'advertiser' } });
      const user = await other.db.user.findFirstOrThrow({ where: { email: 'gestor@marca.test' } });
      await other.db.membership.create({ data: { userId: user.id, accountId: account.id, role: 'admin', status: 'active' } });
      const modules = await other.db.accessModule.findMany({ where: { key: { in: ['kpi', 'sell_out', 'stock', 'consumers'] } } });
      await other.db.accountAccessModule.createMany({ data: modules.map((m) => ({ accountId: account.id, moduleId: m.id })) });
      const token = (await other.http.post('/changeaccount').set(bearer(await other.login('gestor@marca.test'))).send({ account_id: account.id })).body.newToken as string;
      const s = await other.http.post('/metabase/analytics').set(bearer(token)).send({ queries: ['summary', 'by_retailer'] });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect(s.body.cards.summary.sales.value).toBe(0);
      expect(s.body.cards.by_retailer).toEqual([]);
    } finally {
      await other.close();
    }
    // An app of its own: on ClickHouse its start creates its tables and loads the sales so far (20 s on a quiet machine).
  }, 120_000);
});

describe('downloads and embeds', () => {
  it('downloads one card as CSV or XLSX', async () => {
    const csv = await post('/metabase/analytics-grocery/export', { body: { ...PERIOD, location_id: a.locationId, queries: ['summary'] }, card: 'by_brand', format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sell-out-por-marca-2026-03-09-2026-03-10.csv"');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Marca;Margem (R$);Unidades;Vendas (R$);Participação (%);Vendas na comparação (R$);Variação (%)');
    expect(lines[1]).toBe('Tremelique;29,85;15,00;74,85;75,00;0,00;');
    const tree = await post('/metabase/kpi/export', { body: { ...PERIOD, queries: ['tree'] }, card: 'tree', format: 'xlsx' }, brand)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(tree.status).toBe(200);
    expect((tree.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const bad = await post('/metabase/kpi/export', { body: { queries: ['tree'] }, card: 'nada' }, brand);
    expect(bad.status).toBe(400);
  });

  it('signs a Metabase embed URL when the server has a Metabase', () => {
    const config = loadConfig({ NODE_ENV: 'test', METABASE_SITE_URL: 'https://metabase.varejo.test/', METABASE_SECRET_KEY: 'x'.repeat(32), METABASE_DASHBOARDS: 'kpi=7, attendance=9' });
    const embeds = createMetabaseEmbeds(config, () => new Date('2026-03-10T12:00:00Z'));
    const url = embeds.url('kpi', { account_id: 3, location_id: undefined, from: '2026-03-01' })!;
    const [, token] = /^https:\/\/metabase\.varejo\.test\/embed\/dashboard\/([^#]+)#bordered=true&titled=true$/.exec(url)!;
    const [head, payload, signature] = token!.split('.');
    expect(createHmac('sha256', 'x'.repeat(32)).update(`${head}.${payload}`).digest('base64url')).toBe(signature);
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({ resource: { dashboard: 7 }, params: { account_id: 3, from: '2026-03-01' }, exp: Date.parse('2026-03-10T12:10:00Z') / 1000 });
    expect(embeds.url('stocks', { account_id: 3 })).toBeNull();
    expect(createMetabaseEmbeds(loadConfig({ NODE_ENV: 'test' })).url('kpi', {})).toBeNull();
  });
});

describe('answers kept', () => {
  it('until an order of the retailer changes', async () => {
    const tree = async () => Object.fromEntries((await ok('/metabase/kpi', { ...PERIOD, queries: ['tree'] }, brand)).cards.tree.map((n: { key: string; value: number }) => [n.key, n.value]));
    expect((await tree()).sell_out_value).toBe(89.82);
    const { order } = await placeOrder(t, admin, b, { customer_id: buyers[2], items: [{ product_id: b.products.leite, quantity: 1 }] });
    await t.db.order.update({ where: { id: order.id }, data: { createdAt: new Date('2026-03-09T16:00:00Z') } });
    expect((await tree()).sell_out_value).toBe(94.81);
    const sellout = async () => (await ok('/metabase/analytics-grocery', { ...PERIOD, location_id: b.locationId, queries: ['summary'] })).cards.summary.sales.value;
    expect(await sellout()).toBe(19.96);
  });

  it('per brand and day: another brand\'s order, or a later day\'s, leaves a brand\'s answer; its own reloads it, and so does a product moved into it', async () => {
    // The versions as the triggers raise them, on a cache of this test's own.
    const cache = createOrdersCache(t.db);
    let loads = 0;
    const read = () => cache.readBrands({ brands: [{ accountId: bomPreco, brand: 'tremelique' }], upTo: PERIOD.to }, 'k', async () => String(++loads));
    expect(await read()).toBe('1');
    expect(await read()).toBe('1');
    // Cheese (Quixabeira) at the same retailer, in the period.
    await orderAt(a, buyers[3]!, [{ product_id: a.products.queijo, weight: 0.5 }], '2026-03-10T16:00:00Z');
    expect(await read()).toBe('1');
    // Milk (Tremelique) after the period's last day.
    await orderAt(a, buyers[3]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-12T16:00:00Z');
    expect(await read()).toBe('1');
    // Milk in the period, and in a month before it (new buyers and segments look back).
    await orderAt(a, buyers[3]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-10T16:00:00Z');
    expect(await read()).toBe('2');
    expect(await read()).toBe('2');
    await orderAt(a, buyers[3]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-02-20T16:00:00Z');
    expect(await read()).toBe('3');
    // A product renamed into the brand, sold or not.
    await t.db.product.update({ where: { id: a.products.feijao }, data: { brand: ' TREMELIQUE' } });
    expect(await read()).toBe('4');
    // A store renamed (the answers name stores).
    await t.db.location.update({ where: { id: b.locationId }, data: { name: 'Loja Analytics B renomeada' } });
    expect(await read()).toBe('5');

    // Through the API: the brand's answer sees its milk, and a stock answer its offers.
    const tree = async () => Object.fromEntries((await ok('/metabase/kpi', { ...PERIOD, queries: ['tree'] }, brand)).cards.tree.map((n: { key: string; value: number }) => [n.key, n.value]));
    const before = (await tree()).sell_out_value;
    await orderAt(a, buyers[4]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-09T16:00:00Z');
    expect((await tree()).sell_out_value).toBe(Math.round((before + 4.99) * 100) / 100);
    const stock = async () => (await ok('/metabase/stocks', { ...PERIOD, retailer_id: bomPreco, location_id: a.locationId, queries: ['summary'] }, brand)).cards.summary.stock_units;
    const units = await stock();
    const offer = { locationId_productId: { locationId: a.locationId, productId: a.products.leite } };
    const { stock: was } = await t.db.offer.findUniqueOrThrow({ where: offer, select: { stock: true } });
    await t.db.offer.update({ where: offer, data: { stock: Math.max(was, 0) + 7 } });
    expect(await stock()).toBe(units + 7);
  });
});

describe('a supermarket\'s answers kept per store and day', () => {
  it('another store\'s order, or a later day\'s, leaves them; the store\'s own in the period reloads them, and so does a rebuild', async () => {
    const cache = createOrdersCache(t.db);
    let loads = 0;
    const read = () => cache.readStoreDays(bomPreco, a.locationId, PERIOD.to, 'k', async () => String(++loads));
    expect(await read()).toBe('1');
    expect(await read()).toBe('1');
    // Another store of the account, in the period.
    await orderAt(b, buyers[5]!, [{ product_id: b.products.leite, quantity: 1 }], '2026-03-10T16:00:00Z');
    expect(await read()).toBe('1');
    // The store, after the period's last day.
    await orderAt(a, buyers[5]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-11T16:00:00Z');
    expect(await read()).toBe('1');
    // The store, in the period; then in an earlier month (first purchases and cohorts look back).
    const { id } = await orderAt(a, buyers[5]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-10T17:00:00Z');
    expect(await read()).toBe('2');
    await orderAt(a, buyers[6]!, [{ product_id: a.products.queijo, weight: 0.3 }], '2026-01-15T16:00:00Z');
    expect(await read()).toBe('3');
    // Canceled: taken away on its day.
    await t.db.order.update({ where: { id }, data: { status: 'canceled', canceledAt: new Date() } });
    expect(await read()).toBe('4');
    // Every store's answer (no store chosen) sees the other store's orders too.
    const every = () => cache.readStoreDays(bomPreco, undefined, PERIOD.to, 'k', async () => `every ${++loads}`);
    const first = await every();
    expect(await every()).toBe(first);
    await orderAt(b, buyers[5]!, [{ product_id: b.products.leite, quantity: 1 }], '2026-03-09T10:00:00Z');
    expect(await every()).not.toBe(first);
    // A rebuild of the rollups raises every day of every store (what db:rebuild-rollups does after it).
    const kept = await read();
    await t.db.$executeRaw`
      INSERT INTO sales_store_versions AS v (account_id, location_id, whole_month, day, version)
      SELECT account_id, id, TRUE, '-infinity', 1 FROM locations WHERE account_id = ${bomPreco} ORDER BY 1, 2
      ON CONFLICT (account_id, location_id, whole_month, day) DO UPDATE SET version = v.version + 1`;
    expect(await read()).not.toBe(kept);

    // Through the API: a store's customers card sees an order of its period at once.
    const customers = async () => (await ok('/metabase/customers-grocery', { ...PERIOD, location_id: a.locationId, queries: ['summary'] })).cards.summary.orders.value;
    const orders = await customers();
    await orderAt(a, buyers[7]!, [{ product_id: a.products.leite, quantity: 1 }], '2026-03-09T16:00:00Z');
    expect(await customers()).toBe(orders + 1);
  });
});

describe('k-anonymity', () => {
  it('hides a count under 5, and more while the hidden ones together are under 5 (a shown total would give them away)', async () => {
    const { suppressed } = await import('./industry-analytics.service.ts');
    expect(suppressed([9, 6, 0, 0])).toEqual([9, 6, null, null]);
    expect(suppressed([9, 6, 2, 0])).toEqual([9, null, null, null]);
    expect(suppressed([9, 6, 3, 2])).toEqual([9, 6, null, null]);
    expect(suppressed([7, 1])).toEqual([null, null]);
    expect(suppressed([5, 5])).toEqual([5, 5]);
  });
});

describe('names in kept answers', () => {
  it('a product, store or retailer renamed reaches the answers kept at once, and a price change leaves them', async () => {
    const sellout = async () => (await ok('/metabase/analytics-grocery', { ...PERIOD, location_id: a.locationId, queries: ['by_category', 'by_product'] })).cards;
    const industry = async () => (await ok('/metabase/analytics', { ...PERIOD, queries: ['by_retailer', 'by_store'] }, brand)).cards;
    const [product, store, retailer] = await Promise.all([
      t.db.product.findUniqueOrThrow({ where: { id: a.products.leite } }),
      t.db.location.findUniqueOrThrow({ where: { id: a.locationId } }),
      t.db.account.findUniqueOrThrow({ where: { id: bomPreco } }),
    ]);
    const before = await sellout();
    await sellout();
    const kept = await industry();
    const labelVersion = async () => (await t.db.labelVersion.findUnique({ where: { accountId: bomPreco } }))?.version ?? 0n;
    // A price is not a name: nothing to raise.
    const version = await labelVersion();
    await t.db.product.update({ where: { id: product.id }, data: { priceCents: product.priceCents + 1n } });
    expect(await labelVersion()).toBe(version);
    expect(await sellout()).toEqual(before);
    try {
      await t.db.product.update({ where: { id: product.id }, data: { name: 'Leite Renomeado', categories: ['Laticínios'] } });
      const renamed = await sellout();
      expect(renamed.by_product.find((r: { product_id: number }) => r.product_id === product.id).name).toBe('Leite Renomeado');
      expect(renamed.by_category.map((r: { category: string }) => r.category)).toContain('Laticínios');
      await t.db.location.update({ where: { id: store.id }, data: { name: 'Loja Renomeada' } });
      await t.db.account.update({ where: { id: bomPreco }, data: { name: 'Bom Preço Renomeado' } });
      const now = await industry();
      expect(now.by_retailer.map((r: { retailer: string }) => r.retailer)).toContain('Bom Preço Renomeado');
      expect(now.by_store.map((r: { store: string }) => r.store)).toContain('Loja Renomeada');
      expect(kept.by_store.map((r: { store: string }) => r.store)).toContain(store.name);
    } finally {
      await t.db.product.update({ where: { id: product.id }, data: { name: product.name, categories: product.categories, priceCents: product.priceCents } });
      await t.db.location.update({ where: { id: store.id }, data: { name: store.name } });
      await t.db.account.update({ where: { id: bomPreco }, data: { name: retailer.name } });
    }
  });
});
