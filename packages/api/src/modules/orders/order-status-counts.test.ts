import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import { createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { placeOrder } from '../../../test/fixtures/orders.ts';

// The board's column counts and the list's total come from counters a trigger keeps
// (order_status_daily, order_status_totals): they must equal counting the orders, whoever writes them.

let t: TestApp;
let admin: string;
let store: CartStore;
let accountId = 0;

const post = (path: string, body: object) => t.http.post(path).set(bearer(admin)).send(body);

const order = async (channel: string) => (await placeOrder(t, admin, store, { channel })).order.id;

/** The counters against a count of the orders, per (day, store, channel, status) and in all. */
async function compare() {
  const counted = await t.db.$queryRaw<Array<{ k: string; n: bigint }>>`
    SELECT concat_ws('|', (created_at AT TIME ZONE 'America/Sao_Paulo')::date, location_id, channel, status) AS k, count(*) AS n
      FROM orders WHERE account_id = ${accountId} GROUP BY 1 ORDER BY 1`;
  const daily = await t.db.$queryRaw<Array<{ k: string; n: bigint }>>`
    SELECT concat_ws('|', day, location_id, channel, status) AS k, orders::bigint AS n
      FROM order_status_daily WHERE account_id = ${accountId} AND orders <> 0 ORDER BY 1`;
  const totals = await t.db.$queryRaw<Array<{ k: string; n: bigint }>>`
    SELECT concat_ws('|', location_id, channel, status) AS k, orders::bigint AS n FROM order_status_totals WHERE account_id = ${accountId} AND orders <> 0 ORDER BY 1`;
  const countedTotals = await t.db.$queryRaw<Array<{ k: string; n: bigint }>>`
    SELECT concat_ws('|', location_id, channel, status) AS k, count(*) AS n FROM orders WHERE account_id = ${accountId} GROUP BY 1 ORDER BY 1`;
  expect(daily).toEqual(counted);
  expect(totals).toEqual(countedTotals);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  accountId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  store = await createCartStore(t, admin, 'Loja dos contadores');
});
afterAll(() => t?.close());

describe('order cards (JSON built by the database)', () => {
  it('are the full order’s fields, to the millisecond and the cent', async () => {
    const id = await order('magento');
    const full = (await t.http.get(`/api/order/full-order/${id}`).set(bearer(admin))).body as { order: Record<string, unknown>; items: unknown[] };
    const list = (await t.http.get(`/search/orders?number=${full.order.number as number}`).set(bearer(admin))).body as { data: Array<Record<string, unknown>> };
    const board = (await t.http.get(`/search/orders-by-status?location_id=${store.locationId}`).set(bearer(admin))).body as { columns: Array<{ status: string; orders: Array<Record<string, unknown>> }> };
    const fields = ['id', 'number', 'status', 'fraud_status', 'channel', 'external_id', 'fulfilment', 'pays_in_person', 'location', 'customer', 'total', 'created_at', 'updated_at'];
    const expected = { ...Object.fromEntries(fields.map((f) => [f, full.order[f]])), items_count: full.items.length };
    expect(list.data).toEqual([expected]);
    expect(board.columns.find((c) => c.status === 'created')!.orders.find((o) => o.id === id)).toEqual(expected);
  });
});

describe('order status counters', () => {
  it('follow intakes, moves, cancels, direct writes and deletes, and the rebuild gives the same', async () => {
    const [a, b, c] = [await order('vtex'), await order('rappi'), await order('vtex')];
    await compare();
    for (const status of ['paid', 'picking', 'picked']) expect((await post(`/api/picking/status/${a}`, { status })).status).toBe(200);
    expect((await post(`/api/order/cancel/${b}`, {})).status).toBe(200);
    await compare();
    // Written outside the API: a store change, a creation day moved, a delete.
    const other = await t.db.location.findFirstOrThrow({ where: { accountId, id: { not: store.locationId } }, select: { id: true } });
    await t.db.order.update({ where: { id: a }, data: { locationId: other.id, createdAt: new Date(Date.now() - 3 * 86_400_000) } });
    await t.db.order.delete({ where: { id: c } });
    await compare();

    const board = await t.http.get(`/search/orders-by-status?location_id=${store.locationId}`).set(bearer(admin));
    const columns = (board.body as { columns: Array<{ status: string; count: number }> }).columns;
    const counted = await t.db.order.groupBy({ by: ['status'], where: { accountId, locationId: store.locationId }, _count: true });
    for (const col of columns) expect(col.count, col.status).toBe(counted.find((x) => x.status === col.status)?._count ?? 0);

    const list = await t.http.get(`/search/orders?channel=vtex&location_id=${other.id}`).set(bearer(admin));
    expect((list.body as { meta: { total: number } }).meta.total).toBe(await t.db.order.count({ where: { accountId, channel: 'vtex', locationId: other.id } }));

    await t.db.$executeRaw`UPDATE order_status_totals SET orders = orders + 5 WHERE account_id = ${accountId}`;
    await t.db.$executeRaw`SELECT order_status_counts_rebuild(${accountId})`;
    await compare();
  });
});
