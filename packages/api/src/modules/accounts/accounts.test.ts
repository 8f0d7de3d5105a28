import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';

type Info = { id: number; name: string; current: boolean; role: string } & Record<string, unknown>;
type Module = { id: number; key: string; name: string; submodules: Array<{ id: number; key: string; name: string }> };

const GROCERY_KEYS = [
  'dashboard', 'orders', 'shopping_carts', 'chats', 'analytics', 'messaging_campaigns', 'products', 'retail_media',
  'promotional', 'locations', 'logistic', 'customers', 'financial', 'operators', 'users', 'config',
];

describe('accounts', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const accountIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of Object.values(DEMO)) tokens[email] = await t.login(email);
    for (const a of await t.db.account.findMany({ select: { id: true, slug: true } })) accountIds[a.slug] = a.id;
  });
  afterAll(() => t?.close());

  const accountInfo = async (token: string) => {
    const res = await t.http.get('/api/account/account-info').set(bearer(token));
    expect(res.status).toBe(200);
    return res.body as Info[];
  };
  const accessModules = async (token: string) => {
    const res = await t.http.get('/api/access-module').set(bearer(token));
    expect(res.status).toBe(200);
    return (res.body as { modules: Module[] }).modules;
  };

  describe('GET /api/account/account-info', () => {
    it('gives the grocery admin the current account first, then the other one', async () => {
      const infos = await accountInfo(tokens[DEMO.admin]!);
      expect(infos).toHaveLength(2);
      expect(infos[0]).toEqual({
        id: accountIds['supermercado-bom-preco'],
        name: 'Supermercado Bom Preço',
        type: 'grocery',
        white_label_variant: null,
        retail_media_role: 'both',
        is_network: false,
        currency_cents: false,
        logo: '/brand/bom-preco.svg',
        header_color: '#c92a2a',
        host: 'bompreco.varejo.test',
        checkout_link: 'https://loja.bompreco.varejo.test/checkout',
        seller_id: 'bompreco',
        role: 'admin',
        current: true,
      });
      expect(infos[1]).toMatchObject({
        id: accountIds['bom-preco-atacado'],
        name: 'Bom Preço Atacado',
        current: false,
        role: 'admin',
        seller_id: 'bompreco-atacado',
      });
    });

    it('gives the operator only the retailer, with the operator role', async () => {
      const infos = await accountInfo(tokens[DEMO.operator]!);
      expect(infos).toHaveLength(1);
      expect(infos[0]).toMatchObject({ name: 'Supermercado Bom Preço', role: 'operator', current: true });
    });

    it('gives the brand manager the industry account', async () => {
      const infos = await accountInfo(tokens[DEMO.brand]!);
      expect(infos).toEqual([
        expect.objectContaining({
          name: 'Café Aurora',
          type: 'industry',
          retail_media_role: 'advertiser',
          currency_cents: true,
          host: null,
          checkout_link: null,
          seller_id: 'cafe-aurora',
          header_color: '#5c3d2e',
          role: 'admin',
          current: true,
        }),
      ]);
    });

    it('gives the partner the white-label network account', async () => {
      const infos = await accountInfo(tokens[DEMO.partner]!);
      expect(infos).toEqual([
        expect.objectContaining({
          name: 'Rede Parceira Mídia',
          type: 'white_label',
          white_label_variant: 'retail_media',
          retail_media_role: 'publisher',
          is_network: true,
          host: 'midia.parceiro.test',
          current: true,
        }),
      ]);
    });

    it('never leaks internal columns', async () => {
      const [info] = await accountInfo(tokens[DEMO.admin]!);
      for (const key of ['slug', 'document', 'logo_url', 'created_at', 'updated_at', 'account_id']) expect(info).not.toHaveProperty(key);
    });
  });

  describe('POST /changeaccount', () => {
    it('switches the admin to the wholesale account; account-info and modules follow the new token', async () => {
      const res = await t.http
        .post('/changeaccount')
        .set(bearer(tokens[DEMO.admin]!))
        .send({ account_id: accountIds['bom-preco-atacado'] });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['newToken']);
      const newToken = res.body.newToken as string;
      expect(newToken).not.toBe(tokens[DEMO.admin]);

      const infos = await accountInfo(newToken);
      expect(infos.map((i) => [i.name, i.current])).toEqual([
        ['Bom Preço Atacado', true],
        ['Supermercado Bom Preço', false],
      ]);

      // The wholesale account is not granted retail media.
      const keys = (await accessModules(newToken)).map((m) => m.key);
      expect(keys).not.toContain('retail_media');
      expect(keys).toContain('orders');

      // The old token still speaks for the account it was issued for.
      expect((await accountInfo(tokens[DEMO.admin]!))[0]!.name).toBe('Supermercado Bom Preço');
    });

    it('switching back to the current account gives a token for it', async () => {
      const res = await t.http
        .post('/changeaccount')
        .set(bearer(tokens[DEMO.admin]!))
        .send({ account_id: accountIds['supermercado-bom-preco'] });
      expect(res.status).toBe(200);
      expect((await accountInfo(res.body.newToken))[0]!.name).toBe('Supermercado Bom Preço');
    });

    it('answers 404 and no token for an account the user does not belong to', async () => {
      for (const [email, slug] of [
        [DEMO.admin, 'cafe-aurora'],
        [DEMO.operator, 'bom-preco-atacado'],
        [DEMO.brand, 'supermercado-bom-preco'],
      ] as const) {
        const res = await t.http.post('/changeaccount').set(bearer(tokens[email]!)).send({ account_id: accountIds[slug] });
        expect(res.status).toBe(404);
        expect(res.body).not.toHaveProperty('newToken');
        expectEnvelope(res.body, 'ACCOUNT_NOT_FOUND');
      }
      const missing = await t.http.post('/changeaccount').set(bearer(tokens[DEMO.admin]!)).send({ account_id: 987654 });
      expect(missing.status).toBe(404);
      expect(missing.body).not.toHaveProperty('newToken');
    });

    it('answers 404 for an account where the membership is only an invite', async () => {
      const operator = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.operator }, select: { id: true } });
      await t.db.membership.create({
        data: { accountId: accountIds['bom-preco-atacado']!, userId: operator.id, role: 'operator', status: 'invited' },
      });
      const res = await t.http
        .post('/changeaccount')
        .set(bearer(tokens[DEMO.operator]!))
        .send({ account_id: accountIds['bom-preco-atacado'] });
      expect(res.status).toBe(404);
      expect(res.body).not.toHaveProperty('newToken');
      // Nor does the invited account show up in account-info.
      expect((await accountInfo(tokens[DEMO.operator]!)).map((i) => i.name)).toEqual(['Supermercado Bom Preço']);
    });

    it('rejects a bad body with 400 naming account_id', async () => {
      for (const body of [{}, { account_id: 'abc' }, { account_id: -1 }, { account_id: 1.5 }]) {
        const res = await t.http.post('/changeaccount').set(bearer(tokens[DEMO.admin]!)).send(body);
        expect(res.status).toBe(400);
        const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
        expect(error.message).toContain('account_id');
        expect(error.details?.map((d) => d.field)).toContain('account_id');
        expect(res.body).not.toHaveProperty('newToken');
      }
      const extra = await t.http
        .post('/changeaccount')
        .set(bearer(tokens[DEMO.admin]!))
        .send({ account_id: accountIds['bom-preco-atacado'], accountId: 1 });
      expect(extra.status).toBe(400);
    });
  });

  describe('GET /api/access-module', () => {
    it('gives the grocery admin every grocery module with its submodules', async () => {
      const modules = await accessModules(tokens[DEMO.admin]!);
      expect(modules.map((m) => m.key)).toEqual(GROCERY_KEYS);
      const byKey = new Map(modules.map((m) => [m.key, m]));
      expect(byKey.get('orders')!.submodules.map((s) => s.key)).toEqual(['orders.list', 'orders.board', 'orders.dashboards']);
      expect(byKey.get('retail_media')!.submodules).toHaveLength(8);
      expect(byKey.get('retail_media')!.submodules[0]).toEqual({ id: 801, key: 'retail_media.campaigns', name: 'Campanhas' });
      expect(byKey.get('dashboard')).toEqual({ id: 1, key: 'dashboard', name: 'Dashboard', submodules: [] });
      // Submodules are nested, never listed at the top level.
      expect(modules.every((m) => !m.key.includes('.'))).toBe(true);
    });

    it('gives the industry account its own modules and no commerce ones', async () => {
      const modules = await accessModules(tokens[DEMO.brand]!);
      const keys = modules.map((m) => m.key);
      expect([...keys].sort()).toEqual(['config', 'consumers', 'dashboard', 'kpi', 'promotional.trade', 'retail_media', 'sell_out', 'stock', 'users']);
      expect(keys).not.toContain('orders');
      expect(keys).not.toContain('products');
      // Trade without the rest of promotional: the submodule stands at the top level, promotions and flyers stay out.
      expect(modules.find((m) => m.key === 'promotional.trade')).toEqual({ id: 904, key: 'promotional.trade', name: 'Trade', submodules: [] });
      expect(keys).not.toContain('promotional');
    });

    it('gives the white-label account only dashboard, retail media, users and config', async () => {
      const modules = await accessModules(tokens[DEMO.partner]!);
      expect(modules.map((m) => m.key)).toEqual(['dashboard', 'retail_media', 'users', 'config']);
      expect(modules.find((m) => m.key === 'retail_media')!.submodules.length).toBeGreaterThan(0);
    });

    it('gives the operator only the modules of their membership', async () => {
      const modules = await accessModules(tokens[DEMO.operator]!);
      const keys = modules.map((m) => m.key);
      expect(keys).toEqual(['dashboard', 'orders', 'shopping_carts', 'chats', 'products', 'customers']);
      expect(keys).not.toContain('users');
      expect(keys).not.toContain('retail_media');
      expect(keys.length).toBeLessThan(GROCERY_KEYS.length);
      expect(modules.find((m) => m.key === 'chats')!.submodules).toHaveLength(5);
    });
  });

  describe('anonymous and invalid callers', () => {
    const calls = [
      ['GET', '/api/account/account-info'],
      ['POST', '/changeaccount'],
      ['GET', '/api/access-module'],
    ] as const;

    it.each(calls)('%s %s without a token is 401', async (method, path) => {
      const res = await t.app.inject({ method, url: path, ...(method === 'POST' ? { payload: { account_id: 1 } } : {}) });
      expect(res.statusCode).toBe(401);
      expectEnvelope(res.json(), 'UNAUTHENTICATED');
      expect(res.json()).not.toHaveProperty('newToken');
    });

    it.each(calls)('%s %s with a forged token is 401', async (method, path) => {
      const [header, , signature] = tokens[DEMO.admin]!.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 1, account_id: 3 })).toString('base64url')}.${signature}`;
      const res = await t.app.inject({
        method,
        url: path,
        headers: bearer(forged),
        ...(method === 'POST' ? { payload: { account_id: 1 } } : {}),
      });
      expect(res.statusCode).toBe(401);
      expectEnvelope(res.json(), 'UNAUTHENTICATED');
    });
  });
});
