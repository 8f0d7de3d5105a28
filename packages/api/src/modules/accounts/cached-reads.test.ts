import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { moduleIds } from '../../db/access-modules.ts';
import { bearer, createTestDatabase, DEMO, DEMO_PASSWORD, expectEnvelope } from '../../../test/helpers.ts';

// What every instance keeps in memory for authenticated reads (plugins/identity.ts: verified tokens,
// member contexts, account info, access modules, member list pages) must follow the writes that
// change it at once, on the instance that wrote and on every other: two app instances share one
// PostgreSQL database and one Redis prefix here, each read goes to the instance that did not write,
// right after the write's answer. Across instances this needs Redis (the tag versions live there).

const MANAGER = 'juliana.alves@varejo.test';
const OTHER_MANAGER = 'beatriz.rocha@varejo.test';

interface Instance {
  app: FastifyInstance;
  http: ReturnType<typeof supertest>;
}

describe.runIf(process.env.REDIS_URL)('cached authenticated reads on two instances', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;
  const userId: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let bomPreco: number;
  let atacado: number;
  let seq = 0;
  const freshEmail = () => `cache.${++seq}.${Date.now().toString(36)}@teste.test`;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' }, { redisPrefix: `test-${randomBytes(6).toString('hex')}`, webDist: undefined });
    const instance = async (): Promise<Instance> => {
      const app = await buildApp(config, { logger: false, database });
      await app.ready();
      return { app, http: supertest(app.server) };
    };
    a = await instance();
    b = await instance();
    for (const u of await database.prisma.user.findMany({ select: { id: true, email: true } })) userId[u.email] = u.id;
    bomPreco = (await database.prisma.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
    atacado = (await database.prisma.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
    for (const email of [DEMO.admin, DEMO.operator, MANAGER, OTHER_MANAGER]) tokens[email] = await login(a, email);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await database?.close();
    await drop?.();
  });

  async function login(on: Instance, email: string, password = DEMO_PASSWORD) {
    const res = await on.http.post('/authenticate').send({ email, password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.token as string;
  }
  const get = async (on: Instance, path: string, email: string) => on.http.get(path).set(bearer(tokens[email]!));
  const accountInfo = async (on: Instance, email: string) => {
    const res = await get(on, '/api/account/account-info', email);
    expect(res.status).toBe(200);
    return res.body as Array<{ id: number; name: string; role: string; current: boolean }>;
  };
  const members = async (on: Instance) => {
    const res = await get(on, '/api/user/', DEMO.admin);
    expect(res.status).toBe(200);
    return res.body.data as Array<{ id: number; email: string; name: string; role: string; status: string; last_login_at: string | null }>;
  };
  const member = async (on: Instance, email: string) => (await members(on)).find((m) => m.email === email);
  const moduleKeys = async (on: Instance, email: string) => {
    const res = await get(on, '/api/access-module', email);
    expect(res.status).toBe(200);
    return (res.body.modules as Array<{ key: string }>).map((m) => m.key);
  };
  /** An admin-only call that answers 422 to an admin (the member is not an invite) and 403 to anyone else. */
  const adminOnly = (on: Instance, email: string) => on.http.post(`/api/user/${userId[DEMO.operator]}/resend-invite`).set(bearer(tokens[email]!));
  const changeRole = (on: Instance, email: string, role: string) =>
    on.http.put('/api/user/change-role').set(bearer(tokens[DEMO.admin]!)).send({ user_id: userId[email], role });

  it('reads the same answers from both instances, each from its own memory after the first', async () => {
    for (const on of [a, b, a, b]) {
      expect((await accountInfo(on, DEMO.admin)).map((i) => i.id)).toEqual([bomPreco, atacado]);
      expect(await member(on, MANAGER)).toMatchObject({ role: 'manager', status: 'active' });
      expect(await moduleKeys(on, DEMO.operator)).toEqual(['dashboard', 'orders', 'shopping_carts', 'chats', 'products', 'customers']);
    }
  });

  it('a role change on A is seen on B at once: the permission check, the account info and the member list', async () => {
    // Everything cached on both instances first.
    for (const on of [a, b]) {
      expect((await adminOnly(on, MANAGER)).status).toBe(403);
      expect((await accountInfo(on, MANAGER))[0]).toMatchObject({ id: bomPreco, role: 'manager' });
      expect(await member(on, MANAGER)).toMatchObject({ role: 'manager' });
    }
    expect((await changeRole(a, MANAGER, 'admin')).status).toBe(200);
    const promoted = await adminOnly(b, MANAGER);
    expect(promoted.status).toBe(422);
    expectEnvelope(promoted.body, 'INVITE_NOT_PENDING');
    expect((await accountInfo(b, MANAGER))[0]).toMatchObject({ id: bomPreco, role: 'admin' });
    expect(await member(b, MANAGER)).toMatchObject({ role: 'admin' });

    // And back, written on B this time, read on A.
    expect((await changeRole(b, MANAGER, 'manager')).status).toBe(200);
    expect((await adminOnly(a, MANAGER)).status).toBe(403);
    expect((await accountInfo(a, MANAGER))[0]).toMatchObject({ role: 'manager' });
    expect(await member(a, MANAGER)).toMatchObject({ role: 'manager' });
  });

  it('a member removed on A is refused on B at once (401) and leaves the member list', async () => {
    for (const on of [a, b]) {
      expect((await accountInfo(on, OTHER_MANAGER)).map((i) => i.id)).toEqual([bomPreco]);
      expect(await member(on, OTHER_MANAGER)).toBeDefined();
    }
    const removed = await a.http.delete(`/api/user/${userId[OTHER_MANAGER]}/remove-from-account`).set(bearer(tokens[DEMO.admin]!));
    expect(removed.status).toBe(200);
    for (const path of ['/api/account/account-info', '/api/access-module', '/api/user/']) {
      const res = await get(b, path, OTHER_MANAGER);
      expect(res.status, path).toBe(401);
      expectEnvelope(res.body, 'UNAUTHENTICATED');
    }
    expect(await member(b, OTHER_MANAGER)).toBeUndefined();
  });

  it('an invite on A shows in the member list on B at once, and its acceptance in the account info and the list', async () => {
    expect(await member(b, DEMO.brand)).toBeUndefined();
    // An existing user (Café Aurora's manager) is invited to Bom Preço, and reads their account info on B before accepting.
    tokens[DEMO.brand] = await login(a, DEMO.brand);
    expect((await accountInfo(b, DEMO.brand)).map((i) => i.name)).toEqual(['Café Aurora']);
    const invited = await a.http.post('/api/user/invite').set(bearer(tokens[DEMO.admin]!)).send({ email: DEMO.brand, name: 'Marina Costa', role: 'operator' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(await member(b, DEMO.brand)).toMatchObject({ status: 'invited', role: 'operator' });

    const mail = await database.prisma.emailOutbox.findFirstOrThrow({ where: { to: DEMO.brand, kind: 'invite' }, orderBy: { id: 'desc' } });
    const code = /\/confirm-invite\?code=([\w-]+)/.exec(mail.text)![1];
    expect((await a.http.post('/api/user/active-invite').send({ code, password: DEMO_PASSWORD })).status).toBe(200);
    expect((await accountInfo(b, DEMO.brand)).map((i) => i.name).sort()).toEqual(['Café Aurora', 'Supermercado Bom Preço']);
    expect(await member(b, DEMO.brand)).toMatchObject({ status: 'active' });
  });

  it("a new user's name, set when accepting on A, shows on B at once", async () => {
    const email = freshEmail();
    expect((await a.http.post('/api/user/invite').set(bearer(tokens[DEMO.admin]!)).send({ email, name: 'Nome do Convite', role: 'operator' })).status).toBe(201);
    expect(await member(b, email)).toMatchObject({ name: 'Nome do Convite', status: 'invited' });
    const mail = await database.prisma.emailOutbox.findFirstOrThrow({ where: { to: email, kind: 'invite' }, orderBy: { id: 'desc' } });
    const code = /\/confirm-invite\?code=([\w-]+)/.exec(mail.text)![1];
    expect((await a.http.post('/api/user/active-invite').send({ code, name: 'Nome Escolhido', password: DEMO_PASSWORD })).status).toBe(200);
    expect(await member(b, email)).toMatchObject({ name: 'Nome Escolhido', status: 'active' });
  });

  it('a profile change on A shows in the member lists on B at once, in every account of the user', async () => {
    const atacadoMembers = async (on: Instance) => {
      const token = (await a.http.post('/changeaccount').set(bearer(tokens[DEMO.admin]!)).send({ account_id: atacado })).body.newToken as string;
      const res = await on.http.get('/api/user/').set(bearer(token));
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ email: string; name: string }>).find((m) => m.email === DEMO.admin)!;
    };
    expect((await member(b, DEMO.admin))!.name).toBe('Ana Paula Souza');
    expect((await atacadoMembers(b)).name).toBe('Ana Paula Souza');
    const renamed = await a.http.put('/api/user/profile').set(bearer(tokens[DEMO.admin]!)).send({ name: 'Ana Paula Renomeada' });
    expect(renamed.status).toBe(200);
    expect((await member(b, DEMO.admin))!.name).toBe('Ana Paula Renomeada');
    expect((await atacadoMembers(b)).name).toBe('Ana Paula Renomeada');
  });

  it('a sign-in on A updates last_login_at in the member list on B at once', async () => {
    await database.prisma.user.update({ where: { email: DEMO.operator }, data: { lastLoginAt: null } });
    // The direct write above tells no one: the list is read fresh only because a sign-in follows.
    await login(a, DEMO.operator);
    const row = await database.prisma.user.findUniqueOrThrow({ where: { email: DEMO.operator }, select: { lastLoginAt: true } });
    expect((await member(b, DEMO.operator))!.last_login_at).toBe(row.lastLoginAt!.toISOString());
  });

  it("a membership's modules changed and forgotten on A (identity.forget) are seen on B at once", async () => {
    const operator = await database.prisma.membership.findFirstOrThrow({ where: { accountId: bomPreco, userId: userId[DEMO.operator] } });
    expect(await moduleKeys(b, DEMO.operator)).not.toContain('users');
    expect((await get(b, '/api/user/', DEMO.operator)).status).toBe(403);
    await database.prisma.membershipAccessModule.create({ data: { membershipId: operator.id, moduleId: moduleIds('users')[0]! } });
    await a.app.identity.forget(userId[DEMO.operator]!, bomPreco);
    expect(await moduleKeys(b, DEMO.operator)).toContain('users');
    expect((await get(b, '/api/user/', DEMO.operator)).status).toBe(200);
  });

  it("an account's own data and modules changed and announced on A (identity.accountChanged) are seen on B at once", async () => {
    expect((await accountInfo(b, DEMO.admin)).find((i) => i.id === atacado)!.name).toBe('Bom Preço Atacado');
    expect(await moduleKeys(b, DEMO.admin)).toContain('users');
    await database.prisma.account.update({ where: { id: atacado }, data: { name: 'Atacado Renomeado' } });
    await database.prisma.accountAccessModule.deleteMany({ where: { accountId: bomPreco, moduleId: moduleIds('users')[0]! } });
    await a.app.identity.accountChanged(atacado);
    await a.app.identity.accountChanged(bomPreco);
    expect((await accountInfo(b, DEMO.admin)).find((i) => i.id === atacado)!.name).toBe('Atacado Renomeado');
    expect(await moduleKeys(b, DEMO.admin)).not.toContain('users');
    const refused = await get(b, '/api/user/', DEMO.admin);
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body, 'FORBIDDEN_MODULE');
  });

  it('refuses a tampered or expired token on either instance, even once the genuine one was verified there', async () => {
    for (const on of [a, b]) expect((await get(on, '/api/account/account-info', MANAGER)).status).toBe(200);
    const [header, payload, signature] = tokens[MANAGER]!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: userId[DEMO.admin] })).toString('base64url')}.${signature}`;
    for (const on of [a, b]) {
      for (const token of [forged, `${tokens[MANAGER]}x`]) {
        const res = await on.http.get('/api/account/account-info').set(bearer(token));
        expect(res.status).toBe(401);
      }
    }
    // A token that both instances verified (and hold as verified) stops working when it expires.
    // Its expiry is in whole seconds: at least two seconds ahead, so a busy machine still serves it in time.
    const shortLived = a.app.jwt.sign({ sub: userId[MANAGER]!, account_id: bomPreco }, { expiresIn: 3 });
    const { exp } = a.app.jwt.decode<{ exp: number }>(shortLived)!;
    for (const on of [a, b]) expect((await on.http.get('/api/account/account-info').set(bearer(shortLived))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 100));
    for (const on of [a, b]) expect((await on.http.get('/api/account/account-info').set(bearer(shortLived))).status).toBe(401);
  });
});
