import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { createWalletsRepo } from './wallets.repo.ts';
import { createWalletsService } from './wallets.service.ts';

let t: TestApp;
const ids = { bomPreco: 0, atacado: 0, aurora: 0, rede: 0 };
const tokens = { admin: '', operator: '', brand: '', partner: '', atacado: '' };
/** Seeded wallets: publisher → advertiser. */
const wallets = { bomPrecoAurora: 0, bomPrecoSelf: 0, redeAurora: 0 };
let seq = 0;
const key = () => `recarga-${Date.now()}-${++seq}`;

const list = (token: string, query: Record<string, string | number> = {}) => t.http.get('/api/wallet').query(query).set(bearer(token));
const recharge = (id: number, body: unknown, k: string | null, token = tokens.admin) => {
  const req = t.http.post(`/api/wallet/${id}/recharge`).set(bearer(token));
  return (k === null ? req : req.set('Idempotency-Key', k)).send(body as object);
};
const sumOf = async (walletId: number) =>
  (await t.db.walletTransaction.aggregate({ where: { walletId }, _sum: { amountCents: true } }))._sum.amountCents ?? 0n;
const balanceOf = async (walletId: number) => (await t.db.wallet.findUniqueOrThrow({ where: { id: walletId } })).balanceCents;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), atacado: idOf('bom-preco-atacado'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') });
  const walletOf = async (publisherId: number, advertiserId: number) =>
    (await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId, advertiserId } } })).id;
  wallets.bomPrecoAurora = await walletOf(ids.bomPreco, ids.aurora);
  wallets.bomPrecoSelf = await walletOf(ids.bomPreco, ids.bomPreco);
  wallets.redeAurora = await walletOf(ids.rede, ids.aurora);
  tokens.admin = await t.login(DEMO.admin);
  tokens.operator = await t.login(DEMO.operator);
  tokens.brand = await t.login(DEMO.brand);
  tokens.partner = await t.login(DEMO.partner);
  tokens.atacado = (await t.http.post('/changeaccount').set(bearer(tokens.admin)).send({ account_id: ids.atacado })).body.newToken;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/wallet', () => {
  it('shows a publisher the wallets of its advertisers, sorted by advertiser name', async () => {
    const res = await list(tokens.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, quantity: 50, total: 2, total_pages: 1 });
    expect(res.body.data.map((w: { advertiser: { name: string } }) => w.advertiser.name)).toEqual(['Café Aurora', 'Supermercado Bom Preço']);
    const aurora = res.body.data[0];
    expect(aurora).toMatchObject({
      id: wallets.bomPrecoAurora,
      advertiser: { id: ids.aurora, name: 'Café Aurora' },
      publisher: { id: ids.bomPreco, name: 'Supermercado Bom Preço' },
    });
    expect(aurora.balance).toBe(Number(await balanceOf(wallets.bomPrecoAurora)) / 100);
  });

  it('shows an advertiser its wallets on each publisher, then by publisher name', async () => {
    const res = await list(tokens.brand);
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { id: number }) => w.id)).toEqual([wallets.redeAurora, wallets.bomPrecoAurora]);
    expect(res.body.data.map((w: { publisher: { name: string } }) => w.publisher.name)).toEqual(['Rede Parceira Mídia', 'Supermercado Bom Preço']);
  });

  it('shows a network publisher only its own wallets and filters by either name', async () => {
    const res = await list(tokens.partner);
    expect(res.body.data.map((w: { id: number }) => w.id)).toEqual([wallets.redeAurora]);
    expect((await list(tokens.admin, { name: 'aurora' })).body.data.map((w: { id: number }) => w.id)).toEqual([wallets.bomPrecoAurora]);
    expect((await list(tokens.brand, { name: 'PARCEIRA' })).body.data.map((w: { id: number }) => w.id)).toEqual([wallets.redeAurora]);
    expect((await list(tokens.brand, { name: 'ninguém' })).body.meta.total).toBe(0);
  });

  it('refuses an account without the retail media module', async () => {
    const res = await list(tokens.atacado);
    expect(res.status).toBe(403);
    expectEnvelope(res.body, 'FORBIDDEN_MODULE');
  });
});

describe('GET /api/wallet/:id and its transactions', () => {
  it('returns the wallet to both sides and 404 to anyone else', async () => {
    for (const token of [tokens.admin, tokens.brand]) {
      const res = await t.http.get(`/api/wallet/${wallets.bomPrecoAurora}`).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(wallets.bomPrecoAurora);
    }
    const res = await t.http.get(`/api/wallet/${wallets.bomPrecoAurora}`).set(bearer(tokens.partner));
    expect(res.status).toBe(404);
    expect(expectEnvelope(res.body, 'WALLET_NOT_FOUND').message).toBe('Carteira não encontrada.');
    expect((await t.http.get(`/api/wallet/${wallets.redeAurora}`).set(bearer(tokens.admin))).status).toBe(404);
  });

  it('lists the movements newest first with signed amounts, users and running balances', async () => {
    const res = await t.http.get(`/api/wallet/${wallets.bomPrecoAurora}/transactions`).set(bearer(tokens.admin));
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<{ created_at: string; amount: number; transaction_type: string; balanceAfter: number; user_email: string | null; user_name: string | null }>;
    expect(res.body.meta.quantity).toBe(50);
    expect(rows.length).toBe(res.body.meta.total);
    expect([...rows].sort((a, b) => b.created_at.localeCompare(a.created_at))).toEqual(rows);
    expect(rows[0]!.balanceAfter).toBe(Number(await balanceOf(wallets.bomPrecoAurora)) / 100);
    for (const [i, row] of rows.entries()) {
      if (row.transaction_type === 'debit') expect(row.amount).toBeLessThan(0);
      const older = rows[i + 1];
      if (older) expect(Math.round((older.balanceAfter + row.amount) * 100)).toBe(Math.round(row.balanceAfter * 100));
    }
    const recharges = rows.filter((r) => r.transaction_type === 'credit');
    expect(recharges.map((r) => r.amount).sort()).toEqual([2500, 5000]);
    expect(recharges[0]).toMatchObject({ user_name: 'Marina Costa', user_email: 'gestor@marca.test' });
  });
});

describe('POST /api/wallet/:id/recharge', () => {
  it('credits once: 201 first, then 200 with the original movement and no second credit', async () => {
    const before = await balanceOf(wallets.bomPrecoSelf);
    const k = key();
    const first = await recharge(wallets.bomPrecoSelf, { amount: 1234.56, note: ' Recarga de teste ' }, k);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.transaction).toMatchObject({
      amount: 1234.56,
      transaction_type: 'credit',
      transaction_subtype: 'recharge',
      user_email: DEMO.admin,
      note: 'Recarga de teste',
      balanceAfter: Number(before + 123_456n) / 100,
    });
    expect(first.body.wallet.balance).toBe(Number(before + 123_456n) / 100);
    const replay = await recharge(wallets.bomPrecoSelf, { amount: 1234.56, note: 'Recarga de teste' }, k);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await balanceOf(wallets.bomPrecoSelf)).toBe(before + 123_456n);
    expect(await sumOf(wallets.bomPrecoSelf)).toBe(before + 123_456n);
  });

  it('answers 409 in pt-BR to the same key with another amount', async () => {
    const k = key();
    expect((await recharge(wallets.bomPrecoSelf, { amount: 10 }, k)).status).toBe(201);
    const before = await balanceOf(wallets.bomPrecoSelf);
    const res = await recharge(wallets.bomPrecoSelf, { amount: 11 }, k);
    expect(res.status).toBe(409);
    expect(expectEnvelope(res.body, 'WALLET_IDEMPOTENCY_CONFLICT').message).toMatch(/chave de idempotência/);
    expect(await balanceOf(wallets.bomPrecoSelf)).toBe(before);
  });

  it('requires a well-formed Idempotency-Key header', async () => {
    for (const k of [null, 'curta', 'com espaço inválido', 'x'.repeat(129)]) {
      const res = await recharge(wallets.bomPrecoSelf, { amount: 10 }, k);
      expect(res.status, String(k)).toBe(400);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.details?.[0]?.field).toBe('Idempotency-Key');
      expect(error.message).toContain('Idempotency-Key');
    }
  });

  it('rejects an amount that is zero, negative, of three decimals or too large, naming `amount`', async () => {
    const before = await balanceOf(wallets.bomPrecoSelf);
    for (const amount of [0, -5, 10.005, 1_000_000.01, '10']) {
      const res = await recharge(wallets.bomPrecoSelf, { amount }, key());
      expect(res.status, String(amount)).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('amount');
    }
    expect((await recharge(wallets.bomPrecoSelf, { amount: 10, note: 'x'.repeat(501) }, key())).status).toBe(400);
    expect(await balanceOf(wallets.bomPrecoSelf)).toBe(before);
  });

  it('lets the publisher side recharge too, within its own wallets', async () => {
    const res = await recharge(wallets.redeAurora, { amount: 50 }, key(), tokens.partner);
    expect(res.status).toBe(201);
    expect(res.body.transaction.user_email).toBe(DEMO.partner);
  });

  it('keeps balance = sum of movements under 20 parallel recharges and 20 parallel debits', async () => {
    const wallet = await t.db.wallet.create({ data: { publisherId: ids.rede, advertiserId: ids.bomPreco } });
    const service = createWalletsService({ repo: createWalletsRepo(t.db) });
    const [credits, debits] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => recharge(wallet.id, { amount: 10 }, key(), tokens.partner))),
      Promise.all(Array.from({ length: 20 }, () => service.debit(wallet.id, 7, 'cpc'))),
    ]);
    expect(credits.map((r) => r.status)).toEqual(Array(20).fill(201));
    const debited = debits.filter((d) => d !== null).length;
    const balance = await balanceOf(wallet.id);
    expect(balance).toBe(BigInt(20 * 1000 - debited * 7));
    expect(await sumOf(wallet.id)).toBe(balance);
    const movements = await t.db.walletTransaction.findMany({ where: { walletId: wallet.id }, orderBy: { id: 'asc' } });
    expect(movements).toHaveLength(20 + debited);
    let running = 0n;
    for (const m of movements) {
      running += m.amountCents;
      expect(m.balanceAfterCents).toBe(running);
      expect(running >= 0n).toBe(true);
    }
    expect(new Set(movements.map((m) => m.balanceAfterCents)).size).toBe(movements.length);
  });

  it('writes exactly one movement for 10 parallel replays of one key', async () => {
    const before = await balanceOf(wallets.bomPrecoAurora);
    const k = key();
    const responses = await Promise.all(Array.from({ length: 10 }, () => recharge(wallets.bomPrecoAurora, { amount: 25 }, k, tokens.brand)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.body.transaction.id)).size).toBe(1);
    expect(await t.db.walletTransaction.count({ where: { walletId: wallets.bomPrecoAurora, idempotencyKey: k } })).toBe(1);
    expect(await balanceOf(wallets.bomPrecoAurora)).toBe(before + 2500n);
    expect(await sumOf(wallets.bomPrecoAurora)).toBe(before + 2500n);
  });
});

describe('wallet authorisation', () => {
  const own = () => wallets.bomPrecoSelf;
  const idOperations = () =>
    [
      ['get', () => t.http.get(`/api/wallet/${own()}`)],
      ['transactions', () => t.http.get(`/api/wallet/${own()}/transactions`)],
      ['recharge', () => t.http.post(`/api/wallet/${own()}/recharge`).set('Idempotency-Key', 'matriz-recarga-1').send({ amount: 99 })],
    ] as const;
  authorizationMatrix({
    operations: () => [['list', () => t.http.get('/api/wallet')], ...idOperations()],
    reads: ['list', 'get', 'transactions'],
    idOperations,
    notFound: 'WALLET_NOT_FOUND',
    tokens: () => ({ operator: tokens.operator, otherAccount: tokens.partner }),
    snapshot: () => t.db.wallet.findUniqueOrThrow({ where: { id: own() }, include: { transactions: true } }),
  });

  it('also hides a wallet from the advertiser of another publisher', async () => {
    const before = await balanceOf(wallets.bomPrecoSelf);
    for (const res of [
      await t.http.get(`/api/wallet/${wallets.bomPrecoSelf}/transactions`).set(bearer(tokens.brand)),
      await recharge(wallets.bomPrecoSelf, { amount: 1 }, key(), tokens.brand),
    ]) {
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'WALLET_NOT_FOUND');
    }
    expect(await balanceOf(wallets.bomPrecoSelf)).toBe(before);
  });
});

describe('GET /api/wallet paging', () => {
  it('pages 50 at a time in advertiser-name order', async () => {
    const names = Array.from({ length: 55 }, (_, i) => `Anunciante ${String(i + 1).padStart(3, '0')}`);
    await t.db.account.createMany({ data: names.map((name) => ({ name, slug: name.toLowerCase().replace(' ', '-'), type: 'industry', retailMediaRole: 'advertiser' })) });
    const created = await t.db.account.findMany({ where: { name: { in: names } }, select: { id: true } });
    await t.db.wallet.createMany({ data: created.map((a) => ({ publisherId: ids.rede, advertiserId: a.id })) });
    const first = await list(tokens.partner);
    expect(first.body.meta).toMatchObject({ page: 1, quantity: 50, total: 57, total_pages: 2 });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data.slice(0, 3).map((w: { advertiser: { name: string } }) => w.advertiser.name)).toEqual(names.slice(0, 3));
    const second = await list(tokens.partner, { page: 2 });
    expect(second.body.data.map((w: { advertiser: { name: string } }) => w.advertiser.name)).toEqual([...names.slice(50), 'Café Aurora', 'Supermercado Bom Preço']);
  });
});
