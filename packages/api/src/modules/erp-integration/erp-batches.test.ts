import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { hashRows } from './erp-batches.service.ts';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
let erpKey: string;
let ordersKey: string;
let atacadoKey: string;
/** A SKU of the owner's catalog and the id of its store LJ001. */
let sku: string;
let lj001: number;
let seq = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${++seq}`;

type Auth = { token?: string; key?: string };
const as = (a: Auth) => (a.key ? { 'x-api-key': a.key } : bearer(a.token!));
const send = (kind: 'products' | 'offers' | 'customers', body: unknown, a: Auth = { key: erpKey }) =>
  t.http.post(`/api/integration/erp/${kind}`).set(as(a)).send(body as object);
const batch = (id: number, a: Auth = { key: erpKey }, query = '') => t.http.get(`/api/integration/erp/batches/${id}${query}`).set(as(a));

async function keyFor(token: string, scopes: string[]) {
  const res = await t.http.post('/api/integration-key').set(bearer(token)).send({ name: unique('ERP'), scopes });
  expect(res.status, res.text).toBe(201);
  return res.body.key as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
  erpKey = await keyFor(adminToken, ['erp']);
  ordersKey = await keyFor(adminToken, ['orders']);
  atacadoKey = await keyFor(atacadoToken, ['erp', 'orders']);
  sku = (await t.db.product.findFirst({ where: { accountId: bomPreco }, orderBy: { id: 'asc' }, select: { sku: true } }))!.sku;
  lj001 = (await t.db.location.findFirst({ where: { accountId: bomPreco, externalId: 'LJ001' }, select: { id: true } }))!.id;
});
afterAll(() => t?.close());

describe('receiving a batch once', () => {
  it('applies a replayed batch once: the same batch_id and rows answer the batch already received (200)', async () => {
    const externalId = unique('CLI');
    const body = { batch_id: unique('lote-clientes'), rows: [{ external_id: externalId, name: 'Maria ERP', phone: '(11) 98111-2233', email: 'maria.erp@exemplo.com.br' }] };
    const first = await send('customers', body);
    expect(first.status, first.text).toBe(202);
    expect(first.body.batch).toMatchObject({ kind: 'customers', batch_id: body.batch_id, status: 'queued', total: 1 });
    // Replayed before and after the job ran, once with the keys in another order: the same batch.
    const early = await send('customers', body);
    expect(early.status).toBe(200);
    expect(early.body.batch.id).toBe(first.body.batch.id);
    await t.drainJobs();
    const reordered = { rows: [{ email: 'maria.erp@exemplo.com.br', phone: '(11) 98111-2233', name: 'Maria ERP', external_id: externalId }], batch_id: body.batch_id };
    const late = await send('customers', reordered);
    expect(late.status).toBe(200);
    expect(late.body.batch).toMatchObject({ id: first.body.batch.id, status: 'done', applied: 1, rejected_count: 0 });
    await t.drainJobs();

    const customers = await t.db.customer.findMany({ where: { accountId: bomPreco, phone: '+5511981112233' }, select: { id: true, name: true, email: true } });
    expect(customers).toEqual([{ id: expect.any(Number), name: 'Maria ERP', email: 'maria.erp@exemplo.com.br' }]);
    expect(await t.db.customerAudit.count({ where: { customerId: customers[0]!.id } })).toBe(1);
    expect(await t.db.erpBatch.count({ where: { accountId: bomPreco, batchId: body.batch_id } })).toBe(1);
    expect(await t.db.erpCustomerLink.findMany({ where: { accountId: bomPreco, externalId }, select: { customerId: true } })).toEqual([{ customerId: customers[0]!.id }]);
  });

  it('runs a replayed products batch as one product import', async () => {
    const newSku = unique('ERP-PROD').toUpperCase();
    const body = { batch_id: unique('lote-produtos'), rows: [{ sku: newSku, name: 'Granola ERP 1kg', price: 24.9 }] };
    const first = await send('products', body);
    expect(first.status, first.text).toBe(202);
    const again = await send('products', body);
    expect(again.status).toBe(200);
    await t.drainJobs();
    const read = await batch(first.body.batch.id);
    expect(read.body).toMatchObject({ kind: 'products', status: 'done', total: 1, applied: 1, rejected_count: 0 });
    const row = await t.db.erpBatch.findFirstOrThrow({ where: { id: first.body.batch.id }, select: { productImportId: true } });
    expect(await t.db.productImport.count({ where: { accountId: bomPreco, idempotencyKey: `erp-batch-${first.body.batch.id}` } })).toBe(1);
    expect(row.productImportId).not.toBeNull();
    expect(await t.db.product.count({ where: { accountId: bomPreco, sku: newSku } })).toBe(1);
  });

  it('refuses the same batch_id with other rows (409), and takes it in another kind or another account', async () => {
    const batchId = unique('lote-409');
    const rows = [{ sku, store_code: 'LJ001', price: 12.5 }];
    expect((await send('offers', { batch_id: batchId, rows })).status).toBe(202);
    const changed = await send('offers', { batch_id: batchId, rows: [{ ...rows[0], price: 12.6 }] });
    expect(changed.status).toBe(409);
    expectEnvelope(changed.body, 'ERP_BATCH_ID_REUSED');
    expect(changed.body.error.message).toContain(batchId);
    expect((await send('customers', { batch_id: batchId, rows: [{ external_id: unique('X'), name: 'Outro Tipo' }] })).status).toBe(202);
    expect((await send('offers', { batch_id: batchId, rows }, { key: atacadoKey })).status).toBe(202);
    await t.drainJobs();
    expect(hashRows([{ a: 1, b: [{ y: 2, x: 1 }] }])).toBe(hashRows([{ b: [{ x: 1, y: 2 }], a: 1 }]));
  });

  it('refuses a batch beyond its row limit or without rows (400), applying nothing', async () => {
    const tooMany = await send('offers', { batch_id: unique('grande'), rows: Array.from({ length: 5001 }, () => ({ sku })) });
    expect([400, 413]).toContain(tooMany.status);
    const empty = await send('offers', { batch_id: unique('vazio'), rows: [] });
    expect(empty.status).toBe(400);
    expectEnvelope(empty.body, 'VALIDATION_ERROR');
  });
});

describe('rows checked one by one', () => {
  it('reports each bad row with its index and a Portuguese reason, and applies the others', async () => {
    const otherStore = (await t.db.location.findFirst({ where: { accountId: bomPreco, NOT: { id: lj001 } }, select: { id: true } }))!.id;
    const body = {
      batch_id: unique('ofertas-mistas'),
      rows: [
        { sku, store_code: 'LJ001', price: 15.99, promotional_price: 13.49, stock: 42, available: true },
        { sku, store_code: 'LJ001', price: 'quinze' },
        { sku: 'SKU-INEXISTENTE-ERP', store_id: lj001, price: 3 },
        { sku, store_code: 'LOJA-QUE-NAO-EXISTE', price: 3 },
        { sku, store_id: otherStore, price: 9.9, promotional_price: 10 },
        { sku, price: 5 },
        { sku, store_id: otherStore, price: 7.77 },
      ],
    };
    const res = await send('offers', body);
    expect(res.status).toBe(202);
    await t.drainJobs();
    const read = await batch(res.body.batch.id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'done', total: 7, processed: 7, applied: 2, rejected_count: 5 });
    expect(read.body.errors.meta).toMatchObject({ total: 5 });
    const byIndex = new Map((read.body.errors.data as Array<{ index: number; key: string | null; reason: string }>).map((e) => [e.index, e]));
    expect([...byIndex.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(byIndex.get(1)).toMatchObject({ key: sku, reason: expect.stringMatching(/^price: /) });
    expect(byIndex.get(2)!.reason).toBe('sku: produto não encontrado nesta conta (cadastre-o antes, pelo lote de produtos).');
    expect(byIndex.get(3)!.reason).toBe('store_code: loja não encontrada nesta conta.');
    expect(byIndex.get(4)!.reason).toBe('promotional_price: O preço promocional deve ser menor que o preço.');
    expect(byIndex.get(5)!.reason).toBe('store_id: Informe a loja: store_id ou store_code.');

    const product = await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco, sku }, select: { id: true } });
    const at = (locationId: number) => t.db.offer.findUnique({ where: { locationId_productId: { locationId, productId: product.id } } });
    expect(await at(lj001)).toMatchObject({ priceCents: 1599n, promotionalPriceCents: 1349n, stock: 42, isAvailable: true });
    expect((await at(otherStore))!.priceCents).toBe(777n);

    // A page of the refused rows.
    const second = await batch(res.body.batch.id, { key: erpKey }, '?page=2&quantity=2');
    expect(second.body.errors.data.map((e: { index: number }) => e.index)).toEqual([3, 4]);
    expect(second.body.errors.meta).toMatchObject({ page: 2, quantity: 2, total: 5, total_pages: 3 });
  });

  it('keeps a stock and availability the row leaves out', async () => {
    const product = await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco, sku }, select: { id: true } });
    await send('offers', { batch_id: unique('estoque'), rows: [{ sku, store_id: lj001, price: 15.99, stock: 11, available: false }] });
    await t.drainJobs();
    await send('offers', { batch_id: unique('so-preco'), rows: [{ sku, store_id: lj001, price: 14.5 }] });
    await t.drainJobs();
    expect(await t.db.offer.findUnique({ where: { locationId_productId: { locationId: lj001, productId: product.id } } })).toMatchObject({
      priceCents: 1450n,
      promotionalPriceCents: null,
      stock: 11,
      isAvailable: false,
    });
  });

  it('reports bad customers (CPF check digits, a phone another customer holds, no key) and applies the rest', async () => {
    const holder = await t.db.customer.findFirstOrThrow({ where: { accountId: bomPreco, phone: { not: null }, anonymizedAt: null }, select: { phone: true } });
    const ext = unique('CLI');
    const body = {
      batch_id: unique('clientes-mistos'),
      rows: [
        { external_id: ext, name: 'João do ERP', document: '529.982.247-25' },
        { external_id: unique('CLI'), name: 'CPF Errado', document: '111.111.111-12' },
        { name: 'Sem Chave' },
        { name: 'CPF de Um, Telefone de Outro', document: '529.982.247-25', phone: holder.phone },
        { external_id: ext, name: 'João do ERP Atualizado', email: 'joao@erp.com.br' },
        'não é um objeto',
      ],
    };
    const refusedShape = await send('customers', body);
    expect(refusedShape.status).toBe(400);
    body.rows.pop();
    const res = await send('customers', body);
    expect(res.status).toBe(202);
    await t.drainJobs();
    const read = await batch(res.body.batch.id);
    expect(read.body).toMatchObject({ status: 'done', applied: 2, rejected_count: 3 });
    const errors = read.body.errors.data as Array<{ index: number; reason: string }>;
    expect(errors.map((e) => e.index)).toEqual([1, 2, 3]);
    expect(errors[0]!.reason).toMatch(/^document: /);
    expect(errors[1]!.reason).toBe('external_id: Identifique o cliente: external_id, document ou phone.');
    expect(errors[2]!.reason).toBe('phone: este telefone já pertence a outro cliente da conta.');
    const joao = await t.db.customer.findMany({ where: { accountId: bomPreco, cpf: '52998224725' }, select: { name: true, email: true } });
    expect(joao).toEqual([{ name: 'João do ERP Atualizado', email: 'joao@erp.com.br' }]);
  });

  it('reports a bad products row by its index, through the product import', async () => {
    const good = unique('ERP-OK').toUpperCase();
    const res = await send('products', {
      batch_id: unique('produtos-mistos'),
      rows: [
        { sku: good, name: 'Achocolatado ERP', price: 8.9 },
        { sku: unique('ERP-RUIM').toUpperCase(), name: 'Preço Negativo', price: -1 },
      ],
    });
    await t.drainJobs();
    const read = await batch(res.body.batch.id);
    expect(read.body).toMatchObject({ status: 'done', applied: 1, rejected_count: 1 });
    expect(read.body.errors.data).toEqual([{ index: 1, key: expect.stringMatching(/^ERP-RUIM/), reason: expect.stringMatching(/^price: /) }]);
    expect(await t.db.product.count({ where: { accountId: bomPreco, sku: good } })).toBe(1);
  });
});

describe('who sends and who reads', () => {
  it('takes a key with the erp scope or an admin session; refuses a key without it (403), no key (401) and an operator (403)', async () => {
    const body = () => ({ batch_id: unique('auth'), rows: [{ sku, store_code: 'LJ001', price: 10 }] });
    expect((await send('offers', body(), { token: adminToken })).status).toBe(202);
    const noScope = await send('offers', body(), { key: ordersKey });
    expect(noScope.status).toBe(403);
    expectEnvelope(noScope.body, 'INTEGRATION_KEY_SCOPE_MISSING');
    const anonymous = await t.http.post('/api/integration/erp/offers').send(body());
    expect(anonymous.status).toBe(401);
    expect((await send('offers', body(), { token: operatorToken })).status).toBe(403);
    expect((await t.http.get('/api/integration/erp/batches').set({ 'x-api-key': ordersKey })).status).toBe(403);
    await t.drainJobs();
  });

  it("never shows or touches another account's batch (404), by session or by key", async () => {
    const res = await send('offers', { batch_id: unique('privado'), rows: [{ sku, store_code: 'LJ001', price: 10 }] });
    const id = res.body.batch.id as number;
    await t.drainJobs();
    for (const other of [{ token: atacadoToken }, { key: atacadoKey }]) {
      const read = await batch(id, other);
      expect(read.status).toBe(404);
      expectEnvelope(read.body, 'ERP_BATCH_NOT_FOUND');
      const list = await t.http.get('/api/integration/erp/batches?quantity=500').set(as(other));
      expect(list.status).toBe(200);
      expect(list.body.data.map((b: { id: number }) => b.id)).not.toContain(id);
    }
    const own = await t.http.get('/api/integration/erp/batches?kind=offers&quantity=5').set(bearer(adminToken));
    expect(own.body.data[0].id).toBe(id);
    expect(own.body.data.every((b: { kind: string }) => b.kind === 'offers')).toBe(true);
    expect((await batch(id, { token: adminToken })).status).toBe(200);
  });
});
