import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import { nextPromotionChange } from './catalog-cache.ts';

let t: TestApp;
let admin: string;
let bomPreco: number;
let atacado: number;
let store: number;

interface Row {
  id: number;
  name: string;
  offer: null | { stock: number; available: boolean };
}
const search = async (query: Record<string, string | number>) => {
  const res = await t.http.get('/search/products').query(query).set(bearer(admin));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Row[]; meta: { total: number } };
};
const versionOf = async (accountId: number) =>
  (await t.db.$queryRaw<Array<{ version: bigint }>>`SELECT version FROM catalog_versions WHERE account_id = ${accountId}`)[0]?.version ?? 0n;
/** Letters no seeded product has, so that each test's words are its own. */
const word = () =>
  `Zq${[...randomBytes(4)]
    .map((b) => 'bcdfghjklmnprstvz'[b % 17])
    .join('')}olho`;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  admin = await t.login(DEMO.admin);
  store = (await t.db.location.findFirstOrThrow({ where: { accountId: bomPreco, active: true }, orderBy: { id: 'asc' } })).id;
});
afterAll(() => t.close());

/** A product of Bom Preço named with a word of its own, with an offer at the store. */
async function product(name: string, stock = 10) {
  const p = await t.db.product.create({
    data: { accountId: bomPreco, sku: `CACHE-${randomBytes(4).toString('hex')}`, name, categories: ['Testes de cache'], priceCents: 500n, availableStock: stock },
  });
  await t.db.offer.create({ data: { accountId: bomPreco, locationId: store, productId: p.id, priceCents: 500n, stock, isAvailable: true } });
  return p;
}

describe('cached catalog reads', () => {
  it('show an offer changed through the API at the next search', async () => {
    const name = word();
    const p = await product(`Biscoito ${name}`);
    const before = await search({ query: name, location_id: store });
    expect(before.data.map((r) => [r.id, r.offer?.stock])).toEqual([[p.id, 10]]);
    expect((await search({ query: name, location_id: store })).data[0]!.offer!.stock).toBe(10);
    const res = await t.http.patch(`/api/offer/${store}/${p.id}`).set(bearer(admin)).send({ stock: 0 });
    expect(res.status).toBe(200);
    const after = await search({ query: name, location_id: store });
    expect(after.data[0]!.offer).toMatchObject({ stock: 0, available: false });
  });

  it('show a write made outside the API (an import, a script) at the next search: the database raises the version', async () => {
    const name = word();
    const p = await product(`Bolacha ${name}`);
    expect((await search({ query: name, location_id: store })).data[0]!.offer!.stock).toBe(10);
    await t.db.$executeRaw`UPDATE offers SET stock = 3 WHERE product_id = ${p.id}`;
    expect((await search({ query: name, location_id: store })).data[0]!.offer!.stock).toBe(3);
    await t.db.$executeRaw`DELETE FROM offers WHERE product_id = ${p.id}`;
    expect((await search({ query: name, location_id: store })).data).toEqual([]);
    expect((await search({ query: name })).data.map((r) => r.id)).toEqual([p.id]);
    await t.db.$executeRaw`DELETE FROM products WHERE id = ${p.id}`;
    expect((await search({ query: name })).data).toEqual([]);
  });

  it("raise only the written account's version, once per statement", async () => {
    const [own, other] = [await versionOf(bomPreco), await versionOf(atacado)];
    await t.db.$executeRaw`UPDATE products SET available_stock = available_stock WHERE account_id = ${bomPreco} AND sku LIKE 'CACHE-%'`;
    expect(await versionOf(bomPreco)).toBe(own + 1n);
    expect(await versionOf(atacado)).toBe(other);
  });

  it('keep facets until the catalog changes', async () => {
    const facets = async () => (await t.http.get('/search/products/facets').set(bearer(admin))).body as { brands: Array<{ name: string; count: number }> };
    const brand = word();
    expect((await facets()).brands.some((b) => b.name === brand)).toBe(false);
    await t.db.product.create({ data: { accountId: bomPreco, sku: `CACHE-${randomBytes(4).toString('hex')}`, name: `Suco ${brand}`, brand, priceCents: 300n } });
    expect((await facets()).brands.find((b) => b.name === brand)).toEqual({ name: brand, count: 1 });
  });
});

describe('misspellings corrected with the catalog words', () => {
  it("learns a new product's words: its misspelt name finds it, an unknown extra word is left out", async () => {
    const name = word();
    const p = await product(`Geleia ${name} Morango`);
    const words = await t.db.catalogWord.findMany({ where: { accountId: bomPreco, word: { in: [name.toLowerCase(), 'geleia', 'morango'] } } });
    expect(words.map((w) => w.word).sort()).toEqual(['geleia', 'morango', name.toLowerCase()].sort());
    // One letter dropped, one doubled: nothing matches as typed, the corrected word does.
    const typo = name.toLowerCase().replace(/olho$/, 'olo');
    expect((await search({ query: typo })).data.map((r) => r.id)).toEqual([p.id]);
    expect((await search({ query: `${name} xkwyqz` })).data.map((r) => r.id)).toEqual([p.id]);
    expect((await search({ query: 'xkwyqz' })).data).toEqual([]);
  });

  it('keeps words to the account: another account does not find them', async () => {
    const name = word();
    await product(`Geleia ${name}`);
    const atacadoToken = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacado })).body.newToken as string;
    const res = await t.http.get('/search/products').query({ query: name }).set(bearer(atacadoToken));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('nextPromotionChange', () => {
  const at = (iso: string) => new Date(iso);
  const now = at('2026-03-10T12:00:00Z').getTime();
  it('is the earliest start or end still ahead, null when none is', () => {
    expect(
      nextPromotionChange(
        [
          { promotionStartAt: at('2026-03-01T00:00:00Z'), promotionEndAt: at('2026-03-20T00:00:00Z') },
          null,
          { promotionStartAt: at('2026-03-15T00:00:00Z'), promotionEndAt: null },
          { promotionStartAt: null, promotionEndAt: null },
        ],
        now,
      ),
    ).toBe(at('2026-03-15T00:00:00Z').getTime());
    expect(nextPromotionChange([{ promotionStartAt: at('2026-03-01T00:00:00Z'), promotionEndAt: at('2026-03-10T12:00:00Z') }], now)).toBeNull();
    expect(nextPromotionChange([], now)).toBeNull();
  });
});
