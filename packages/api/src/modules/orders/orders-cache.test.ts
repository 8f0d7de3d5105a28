import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../../../test/helpers.ts';
import type { CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { createCartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ordersTestBed, placeOrder } from '../../../test/fixtures/orders.ts';
import { createOrdersCache } from './orders-cache.ts';

// The orders list's pages and the board's columns are kept while the versions of the stores they read
// stay the same: every write of an order (by the API or not), its lines, its store's or its customer's
// name raises them, so no read after a write answers what was true before it.

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
let store: CartStore;
let other: CartStore;

interface Card {
  id: number;
  status: string;
  items_count: number;
  location: { name: string };
  customer: { name: string };
}
interface Board {
  columns: Array<{ status: string; count: number; orders: Card[] }>;
}

const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));

const createOrder = async (at: CartStore) => (await placeOrder(t, admin, at)).order.id;

const board = async (at: CartStore) => (await get(`/search/orders-by-status?location_id=${at.locationId}`)).body as Board;
const cardOf = (b: Board, id: number) => b.columns.flatMap((c) => c.orders).find((o) => o.id === id);
const listed = async (at: CartStore) => ((await get(`/search/orders?location_id=${at.locationId}&quantity=50`)).body as { data: Card[]; meta: { total: number } });
const versions = async (locationId: number) =>
  Number((await t.db.orderVersion.findUnique({ where: { accountId_locationId: { accountId: bomPreco, locationId } } }))?.version ?? 0);

beforeAll(async () => {
  ({ t, admin, bomPreco, atacado, store } = await ordersTestBed('Loja do cache de pedidos'));
  other = await createCartStore(t, admin, 'Outra loja do cache');
});
afterAll(() => t?.close());

describe('orders list and board reads, kept while their orders are unchanged', () => {
  it('show an order created, moved by the API and moved by a statement outside it', async () => {
    const before = await board(store);
    const id = await createOrder(store);
    const after = await board(store);
    expect(cardOf(after, id)?.status).toBe('created');
    expect(after.columns.find((c) => c.status === 'created')!.count).toBe(before.columns.find((c) => c.status === 'created')!.count + 1);

    expect((await t.http.post(`/api/order/cancel/${id}`).set(bearer(admin)).send({})).status).toBe(200);
    expect(cardOf(await board(store), id)?.status).toBe('canceled');
    expect((await listed(store)).data.find((o) => o.id === id)?.status).toBe('canceled');

    // A script, a job or another instance: the trigger raises the store's version all the same.
    await t.db.$executeRaw`UPDATE orders SET status = 'refunded' WHERE id = ${id}`;
    expect(cardOf(await board(store), id)?.status).toBe('refunded');
    expect((await listed(store)).data.find((o) => o.id === id)?.status).toBe('refunded');
  });

  it('show a line added, the store renamed and the customer renamed', async () => {
    const id = await createOrder(store);
    expect(cardOf(await board(store), id)?.items_count).toBe(1);
    const [line] = await t.db.$queryRaw<Array<Record<string, unknown>>>`SELECT * FROM order_items WHERE order_id = ${id}`;
    await t.db.$executeRaw`
      INSERT INTO order_items (order_id, position, product_id, sku, name, unit_measurement, quantity, unit_price_cents, sub_total_cents, total_cents)
      VALUES (${id}, 2, ${line!.product_id as number}, ${line!.sku as string}, ${line!.name as string}, 'un', 1, 100, 100, 100)`;
    expect(cardOf(await board(store), id)?.items_count).toBe(2);

    await t.db.location.update({ where: { id: store.locationId }, data: { name: 'Loja do cache renomeada' } });
    expect(cardOf(await board(store), id)?.location.name).toBe('Loja do cache renomeada');
    expect((await listed(store)).data.find((o) => o.id === id)?.location.name).toBe('Loja do cache renomeada');

    await t.db.customer.update({ where: { id: store.customerId }, data: { name: 'Cliente do cache renomeado' } });
    expect(cardOf(await board(store), id)?.customer.name).toBe('Cliente do cache renomeado');
  });

  it('a write in one store raises that store’s version and the account’s, not another store’s', async () => {
    await createOrder(other);
    const [mine, theirs] = [await versions(store.locationId), await versions(other.locationId)];
    const id = await createOrder(store);
    await t.db.$executeRaw`UPDATE orders SET updated_at = now() WHERE id = ${id}`;
    expect(await versions(store.locationId)).toBeGreaterThan(mine);
    expect(await versions(other.locationId)).toBe(theirs);

    // The account's board (no store) sees every store's writes.
    const all = (await get('/search/orders-by-status?quantity=100')).body as Board;
    const otherId = await createOrder(other);
    expect(cardOf((await get('/search/orders-by-status?quantity=100')).body as Board, otherId)?.status).toBe('created');
    expect(cardOf(all, otherId)).toBeUndefined();
  });

  it('loads once while nothing changes, and again after any write, on every instance', async () => {
    const [a, b] = [createOrdersCache(t.db), createOrdersCache(t.db)];
    let loads = 0;
    const load = async () => String(++loads);
    expect(await a.read(bomPreco, store.locationId, 'k', load)).toBe('1');
    expect(await a.read(bomPreco, store.locationId, 'k', load)).toBe('1');
    expect(await b.read(bomPreco, store.locationId, 'k', load)).toBe('2');
    // Concurrent misses of one key share one load.
    await createOrder(store);
    const burst = await Promise.all(Array.from({ length: 5 }, () => a.read(bomPreco, store.locationId, 'k', load)));
    expect(new Set(burst)).toEqual(new Set(['3']));
    expect(await b.read(bomPreco, store.locationId, 'k', load)).toBe('4');
    // Another store's write leaves this store's entry; the account's entry reloads.
    expect(await a.read(bomPreco, undefined, 'k', load)).toBe('5');
    await createOrder(other);
    expect(await a.read(bomPreco, store.locationId, 'k', load)).toBe('3');
    expect(await a.read(bomPreco, undefined, 'k', load)).toBe('6');
    // Nothing kept at 0 bytes.
    const none = createOrdersCache(t.db, { maxBytes: 0 });
    expect([await none.read(bomPreco, undefined, 'k', load), await none.read(bomPreco, undefined, 'k', load)]).toEqual(['7', '8']);
  });

  it('never answers one account’s page to another', async () => {
    expect((await listed(store)).meta.total).toBeGreaterThan(0);
    const theirs = (await get(`/search/orders?location_id=${store.locationId}&quantity=50`, atacado)).body as { data: Card[]; meta: { total: number } };
    expect(theirs).toMatchObject({ data: [], meta: { total: 0 } });
    const theirBoard = (await get(`/search/orders-by-status?location_id=${store.locationId}`, atacado)).body as Board;
    expect(theirBoard.columns.every((c) => c.count === 0 && c.orders.length === 0)).toBe(true);
  });
});
