import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Test } from 'supertest';
import { createTestApp, DEMO, DEMO_PASSWORD, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { moduleIds } from '../../db/access-modules.ts';

const MANAGER = 'juliana.alves@varejo.test';
const MANAGER_2 = 'beatriz.rocha@varejo.test';
const INVITED = 'pedro.santos@varejo.test';
/** Platform staff, a manager at Bom Preço (the ad-request tester). */
const SUPPORT = 'suporte@plataforma.test';

/** Bom Preço's members by name, as the list orders them. */
const BOM_PRECO_BY_NAME = [DEMO.admin, MANAGER_2, DEMO.operator, SUPPORT, MANAGER, INVITED];

let t: TestApp;
const userId: Record<string, number> = {};
const token: Record<'admin' | 'operator' | 'manager' | 'brand', string> = { admin: '', operator: '', manager: '', brand: '' };
let bomPreco: number;
let aurora: number;
let seq = 0;
const freshEmail = () => `pessoa.${++seq}.${Date.now().toString(36)}@teste.test`;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.user.findMany({ select: { id: true, email: true } })) userId[u.email] = u.id;
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  aurora = (await t.db.account.findUniqueOrThrow({ where: { slug: 'cafe-aurora' } })).id;
  token.admin = await t.login(DEMO.admin);
  token.operator = await t.login(DEMO.operator);
  token.manager = await t.login(MANAGER);
  token.brand = await t.login(DEMO.brand);
});
afterAll(() => t?.close());

const membership = (accountId: number, email: string) =>
  t.db.membership.findUnique({ where: { accountId_userId: { accountId, userId: userId[email]! } } });

/** Invites a fresh person into Bom Preço as its admin and returns their user id. */
async function inviteFresh(role: 'admin' | 'manager' | 'operator' = 'operator') {
  const email = freshEmail();
  const res = await t.http.post('/api/user/invite').set(bearer(token.admin)).send({ email, name: 'Pessoa de Teste', role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  userId[email] = res.body.id;
  return res.body.id as number;
}

const emails = (body: { data: Array<{ email: string }> }) => body.data.map((u) => u.email);

describe('GET /api/user/', () => {
  it('lists only the current account members, ordered by name, with whitelisted fields', async () => {
    const res = await t.http.get('/api/user/').set(bearer(token.admin));
    expect(res.status).toBe(200);
    expect(emails(res.body)).toEqual(BOM_PRECO_BY_NAME);
    expect(res.body.meta).toEqual({ page: 1, quantity: 50, total: 6, total_pages: 1 });
    for (const u of res.body.data) {
      expect(Object.keys(u).sort()).toEqual(['created_at', 'email', 'id', 'last_login_at', 'name', 'role', 'status']);
    }
    const pedro = res.body.data.find((u: { email: string }) => u.email === INVITED);
    expect(pedro).toMatchObject({ id: userId[INVITED], role: 'operator', status: 'invited', last_login_at: null });
    const ana = res.body.data.find((u: { email: string }) => u.email === DEMO.admin);
    expect(ana).toMatchObject({ id: userId[DEMO.admin], name: 'Ana Paula Souza', role: 'admin', status: 'active' });
    // Signed in by beforeAll.
    expect(new Date(ana.last_login_at).getTime()).toBeGreaterThan(0);
  });

  it('another account sees its own members only', async () => {
    const res = await t.http.get('/api/user/').set(bearer(token.brand));
    expect(res.status).toBe(200);
    expect(emails(res.body)).toEqual([DEMO.brand]);
  });

  it.each([
    ['name=ALVES', [MANAGER]],
    ['name=eduardo', [DEMO.operator]],
    ['name=%25', []],
    ['name=_', []],
    ['name=%5C', []],
    ['email=%25varejo', []],
    ['email=JULIANA', [MANAGER]],
    ['email=marca.test', []],
    ['email=varejo.test', BOM_PRECO_BY_NAME.filter((e) => e !== SUPPORT)],
    ['role=manager', [MANAGER_2, SUPPORT, MANAGER]],
    ['role=operator', [DEMO.operator, INVITED]],
    ['name=a&role=manager&email=rocha', [MANAGER_2]],
    ['name=&email=', BOM_PRECO_BY_NAME],
  ])('filters by %s', async (query, expected) => {
    const res = await t.http.get(`/api/user/?${query}`).set(bearer(token.admin));
    expect(res.status).toBe(200);
    expect(emails(res.body)).toEqual(expected);
    expect(res.body.meta.total).toBe(expected.length);
  });

  it('pages with quantity=2', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await t.http.get(`/api/user/?page=${page}&quantity=2`).set(bearer(token.admin));
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ page, quantity: 2, total: 6, total_pages: 3 });
      pages.push(emails(res.body));
    }
    expect(pages).toEqual([BOM_PRECO_BY_NAME.slice(0, 2), BOM_PRECO_BY_NAME.slice(2, 4), BOM_PRECO_BY_NAME.slice(4, 6), []]);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['quantity=abc', 'quantity'],
    ['quantity=501', 'quantity'],
    ['role=chief', 'role'],
    [`name=${'x'.repeat(121)}`, 'name'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const res = await t.http.get(`/api/user/?${query}`).set(bearer(token.admin));
    expect(res.status).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.message).toContain(`"${field}"`);
    expect(error.details?.map((d) => d.field)).toContain(field);
  });
});

describe('GET /api/user/{id}', () => {
  it("shows the operator's restricted module list", async () => {
    const res = await t.http.get(`/api/user/${userId[DEMO.operator]}`).set(bearer(token.admin));
    expect(res.status).toBe(200);
    const expected = moduleIds('dashboard', 'orders', 'shopping_carts', 'chats', 'products', 'customers').sort((a, b) => a - b);
    expect(res.body).toMatchObject({ id: userId[DEMO.operator], email: DEMO.operator, role: 'operator', status: 'active', all_modules: false });
    expect(res.body.access_module_ids).toEqual(expected);
    expect(res.body.access_module_ids).not.toContain(moduleIds('users')[0]);
  });

  it("shows every module of the account for a member without a restricted list", async () => {
    const granted = (await t.db.accountAccessModule.findMany({ where: { accountId: bomPreco } })).map((g) => g.moduleId).sort((a, b) => a - b);
    const res = await t.http.get(`/api/user/${userId[MANAGER]}`).set(bearer(token.admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: MANAGER, name: 'Juliana Alves', role: 'manager', all_modules: true });
    expect(res.body.access_module_ids).toEqual(granted);
    expect(res.body.access_module_ids).not.toContain(moduleIds('kpi')[0]);
  });

  it('shows an invited member', async () => {
    const res = await t.http.get(`/api/user/${userId[INVITED]}`).set(bearer(token.manager));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: INVITED, status: 'invited', last_login_at: null });
  });

  it("answers 404 for another account's user and for an unknown id", async () => {
    for (const id of [userId[DEMO.brand], userId[DEMO.partner], 999_999]) {
      const res = await t.http.get(`/api/user/${id}`).set(bearer(token.admin));
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'USER_NOT_FOUND');
    }
  });

  it.each(['abc', '0', '-3', '1.5'])('rejects id %s with a 400 naming the field', async (id) => {
    const res = await t.http.get(`/api/user/${id}`).set(bearer(token.admin));
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('id');
  });
});

describe('profile', () => {
  it('returns the signed-in user', async () => {
    const res = await t.http.get('/api/user/profile').set(bearer(token.admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: userId[DEMO.admin], name: 'Ana Paula Souza', email: DEMO.admin, phone: '(11) 98765-4321', language: 'pt-BR', is_platform_operator: false });
    const brand = await t.http.get('/api/user/profile').set(bearer(token.brand));
    expect(brand.body).toMatchObject({ id: userId[DEMO.brand], email: DEMO.brand, name: 'Marina Costa' });
  });

  it('updates name, phone and language, and can clear the phone', async () => {
    const res = await t.http
      .put('/api/user/profile')
      .set(bearer(token.manager))
      .send({ name: '  Juliana A. Alves ', phone: '+55 (11) 91234-5678', language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: userId[MANAGER], name: 'Juliana A. Alves', email: MANAGER, phone: '+55 (11) 91234-5678', language: 'en', is_platform_operator: false });
    expect(await t.db.user.findUnique({ where: { id: userId[MANAGER] }, select: { name: true, phone: true, language: true } })).toEqual({
      name: 'Juliana A. Alves',
      phone: '+55 (11) 91234-5678',
      language: 'en',
    });
    expect((await t.http.get('/api/user/profile').set(bearer(token.manager))).body).toEqual(res.body);

    const cleared = await t.http.put('/api/user/profile').set(bearer(token.manager)).send({ name: 'Juliana Alves', phone: null, language: 'pt-BR' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'Juliana Alves', phone: null, language: 'pt-BR' });
    // Leaving phone out keeps it as it is.
    await t.http.put('/api/user/profile').set(bearer(token.admin)).send({ name: 'Ana Paula Souza' });
    expect((await t.db.user.findUnique({ where: { id: userId[DEMO.admin] } }))?.phone).toBe('(11) 98765-4321');
  });

  it.each([
    [{ name: 'Ana Paula Souza', phone: 'abc' }, 'phone'],
    [{ name: 'Ana Paula Souza', phone: '1234' }, 'phone'],
    [{ name: 'A' }, 'name'],
    [{ phone: '(11) 91234-5678' }, 'name'],
    [{ name: 'Ana Paula Souza', language: 'fr' }, 'language'],
    [{ name: 'Ana Paula Souza', email: 'outro@varejo.test' }, 'email'],
  ])('rejects %j with a 400 naming %s, and changes nothing', async (body, field) => {
    const before = await t.db.user.findUnique({ where: { id: userId[DEMO.admin] } });
    const res = await t.http.put('/api/user/profile').set(bearer(token.admin)).send(body);
    expect(res.status).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.map((d) => d.field)).toContain(field);
    expect(await t.db.user.findUnique({ where: { id: userId[DEMO.admin] } })).toEqual(before);
  });

  it('speaks English when asked', async () => {
    const res = await t.http.put('/api/user/profile').set(bearer(token.admin)).set('accept-language', 'en-US').send({ name: 'Ana', phone: 'abc' });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body).message).toMatch(/^Invalid data in "phone"/);
  });
});

type Actor = 'anonymous' | 'admin' | 'otherAdmin' | 'manager' | 'operator';
const ACTORS: Actor[] = ['anonymous', 'admin', 'otherAdmin', 'manager', 'operator'];
const tokenOf = (a: Actor) => ({ anonymous: undefined, admin: token.admin, otherAdmin: token.brand, manager: token.manager, operator: token.operator })[a];

interface Outcome {
  status: number;
  code?: string;
}
interface Operation {
  op: string;
  /** The Bom Preço user the request is about (fresh when a successful request would change it). */
  target: () => Promise<number>;
  request: (id: number) => Test;
  outcomes: Record<Actor, Outcome>;
  /** After a successful request by the given actor. */
  succeeded?: (id: number, actor: Actor) => Promise<void>;
  /** After a refused request: nothing was written. */
  unchanged: (id: number) => Promise<void>;
}

const ok = (status = 200): Outcome => ({ status });
const UNAUTH: Outcome = { status: 401, code: 'UNAUTHENTICATED' };
const NOT_FOUND: Outcome = { status: 404, code: 'USER_NOT_FOUND' };
const BAD_ROLE: Outcome = { status: 403, code: 'FORBIDDEN_ROLE' };
const BAD_MODULE: Outcome = { status: 403, code: 'FORBIDDEN_MODULE' };
const existingTarget = async () => userId[MANAGER]!;
const nothing = async () => undefined;
let matrixEmail = '';

const OPERATIONS: Operation[] = [
  {
    op: 'list users',
    target: existingTarget,
    request: () => t.http.get('/api/user/'),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: ok(), manager: ok(), operator: BAD_MODULE },
    unchanged: nothing,
  },
  {
    op: 'get user',
    target: existingTarget,
    request: (id) => t.http.get(`/api/user/${id}`),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: NOT_FOUND, manager: ok(), operator: BAD_MODULE },
    unchanged: nothing,
  },
  {
    op: 'invite',
    target: async () => {
      matrixEmail = freshEmail();
      return 0;
    },
    request: () => t.http.post('/api/user/invite').send({ email: matrixEmail, name: 'Pessoa Matriz', role: 'operator' }),
    // Another account's admin invites into their own account: the only account an invite can reach.
    outcomes: { anonymous: UNAUTH, admin: ok(201), otherAdmin: ok(201), manager: BAD_ROLE, operator: BAD_ROLE },
    succeeded: async (_, actor) => {
      const user = await t.db.user.findUniqueOrThrow({ where: { email: matrixEmail }, include: { memberships: true } });
      expect(user.memberships.map((m) => [m.accountId, m.status])).toEqual([[actor === 'admin' ? bomPreco : aurora, 'invited']]);
    },
    unchanged: async () => {
      expect(await t.db.user.findUnique({ where: { email: matrixEmail } })).toBeNull();
      expect(await t.db.emailOutbox.count({ where: { to: matrixEmail } })).toBe(0);
    },
  },
  {
    op: 'resend invite',
    target: () => inviteFresh(),
    request: (id) => t.http.post(`/api/user/${id}/resend-invite`),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: NOT_FOUND, manager: BAD_ROLE, operator: BAD_ROLE },
    succeeded: async (id) => {
      const user = await t.db.user.findUniqueOrThrow({ where: { id } });
      expect(await t.db.emailOutbox.count({ where: { to: user.email, kind: 'invite' } })).toBe(2);
    },
    unchanged: async (id) => {
      const user = await t.db.user.findUniqueOrThrow({ where: { id } });
      expect(await t.db.emailOutbox.count({ where: { to: user.email } })).toBe(1);
    },
  },
  {
    op: 'change role',
    target: () => inviteFresh('operator'),
    request: (id) => t.http.put('/api/user/change-role').send({ user_id: id, role: 'manager' }),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: NOT_FOUND, manager: BAD_ROLE, operator: BAD_ROLE },
    succeeded: async (id) => {
      expect((await t.db.membership.findFirstOrThrow({ where: { accountId: bomPreco, userId: id } })).role).toBe('manager');
    },
    unchanged: async (id) => {
      expect((await t.db.membership.findFirstOrThrow({ where: { accountId: bomPreco, userId: id } })).role).toBe('operator');
    },
  },
  {
    op: 'remove from account',
    target: () => inviteFresh(),
    request: (id) => t.http.delete(`/api/user/${id}/remove-from-account`),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: NOT_FOUND, manager: BAD_ROLE, operator: BAD_ROLE },
    succeeded: async (id) => {
      expect(await t.db.membership.count({ where: { accountId: bomPreco, userId: id } })).toBe(0);
      expect(await t.db.user.count({ where: { id } })).toBe(1);
    },
    unchanged: async (id) => {
      expect(await t.db.membership.count({ where: { accountId: bomPreco, userId: id } })).toBe(1);
    },
  },
  {
    op: 'get profile',
    target: existingTarget,
    request: () => t.http.get('/api/user/profile'),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: ok(), manager: ok(), operator: ok() },
    unchanged: nothing,
  },
  {
    op: 'update profile',
    target: existingTarget,
    request: () => t.http.put('/api/user/profile').send({ name: 'Nome Trocado' }),
    outcomes: { anonymous: UNAUTH, admin: ok(), otherAdmin: ok(), manager: ok(), operator: ok() },
    succeeded: async (_, actor) => {
      const email = { admin: DEMO.admin, otherAdmin: DEMO.brand, manager: MANAGER, operator: DEMO.operator, anonymous: '' }[actor];
      const user = await t.db.user.findUniqueOrThrow({ where: { email } });
      expect(user.name).toBe('Nome Trocado');
      await t.db.user.update({ where: { email }, data: { name: originalNames[email] } });
    },
    unchanged: async () => {
      expect(await t.db.user.count({ where: { name: 'Nome Trocado' } })).toBe(0);
    },
  },
];
const originalNames: Record<string, string> = {
  [DEMO.admin]: 'Ana Paula Souza',
  [DEMO.brand]: 'Marina Costa',
  [MANAGER]: 'Juliana Alves',
  [DEMO.operator]: 'Carlos Eduardo Lima',
};

describe('authorisation matrix', () => {
  const cases = OPERATIONS.flatMap((op) => ACTORS.map((actor) => ({ ...op, actor, outcome: op.outcomes[actor] })));

  it.each(cases)('$op as $actor → $outcome.status', async ({ actor, outcome, target, request, succeeded, unchanged }) => {
    const id = await target();
    const tk = tokenOf(actor);
    const req = request(id);
    const res = await (tk ? req.set(bearer(tk)) : req);
    expect(res.status, JSON.stringify(res.body)).toBe(outcome.status);
    if (outcome.status < 400) {
      await succeeded?.(id, actor);
      if (actor === 'otherAdmin' && Array.isArray(res.body.data)) {
        expect(emails(res.body).every((e: string) => !e.endsWith('@varejo.test'))).toBe(true);
      }
    } else {
      expectEnvelope(res.body, outcome.code);
      await unchanged(id);
    }
  });

  it('refuses a forged or malformed token like no token', async () => {
    const forged = `${token.admin.slice(0, -4)}AAAA`;
    for (const header of [`Bearer ${forged}`, 'Bearer not-a-jwt', `Basic ${token.admin}`, token.admin]) {
      const res = await t.http.get('/api/user/').set('authorization', header);
      expect(res.status).toBe(401);
      expectEnvelope(res.body, 'UNAUTHENTICATED');
    }
  });
});

describe('PUT /api/user/change-role', () => {
  it('refuses to demote the only admin', async () => {
    const res = await t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[DEMO.admin], role: 'manager' });
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'LAST_ADMIN');
    expect((await membership(bomPreco, DEMO.admin))?.role).toBe('admin');
  });

  it("answers 404 for another account's user and leaves them alone", async () => {
    const res = await t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[DEMO.brand], role: 'operator' });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'USER_NOT_FOUND');
    expect((await membership(aurora, DEMO.brand))?.role).toBe('admin');
    expect(await membership(bomPreco, DEMO.brand)).toBeNull();
  });

  it.each([
    [{ user_id: 1, role: 'chief' }, 'role'],
    [{ user_id: 'x', role: 'manager' }, 'user_id'],
    [{ role: 'manager' }, 'user_id'],
    [{ user_id: 1, role: 'manager', account_id: 2 }, 'account_id'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const res = await t.http.put('/api/user/change-role').set(bearer(token.admin)).send(body);
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field)).toContain(field);
  });

  it("changes the user's permissions right away", async () => {
    // The operator's membership is read (and cached) before the change.
    expectEnvelope((await t.http.get('/api/user/').set(bearer(token.operator))).body, 'FORBIDDEN_MODULE');
    const email = freshEmail();
    const invite = () => t.http.post('/api/user/invite').set(bearer(token.operator)).send({ email, name: 'Convidada do Operador', role: 'operator' });
    expectEnvelope((await invite()).body, 'FORBIDDEN_ROLE');

    const promoted = await t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[DEMO.operator], role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: userId[DEMO.operator], email: DEMO.operator, role: 'admin', status: 'active' });
    expect((await membership(bomPreco, DEMO.operator))?.role).toBe('admin');
    const granted = (await t.db.accountAccessModule.findMany({ where: { accountId: bomPreco } })).map((g) => g.moduleId).sort((a, b) => a - b);
    const asAdmin = await t.http.get(`/api/user/${userId[DEMO.operator]}`).set(bearer(token.admin));
    expect(asAdmin.body).toMatchObject({ role: 'admin', all_modules: true, access_module_ids: granted });

    expect((await t.http.get('/api/user/').set(bearer(token.operator))).status).toBe(200);
    const invited = await invite();
    expect(invited.status).toBe(201);
    const row = await t.db.membership.findFirstOrThrow({ where: { accountId: bomPreco, user: { email } } });
    expect(row.invitedById).toBe(userId[DEMO.operator]);
    const info = await t.http.get('/api/account/account-info').set(bearer(token.operator));
    expect(info.body[0]).toMatchObject({ id: bomPreco, role: 'admin' });

    const demoted = await t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[DEMO.operator], role: 'operator' });
    expect(demoted.status).toBe(200);
    expectEnvelope((await t.http.get('/api/user/').set(bearer(token.operator))).body, 'FORBIDDEN_MODULE');
    expect((await t.http.get('/api/account/account-info').set(bearer(token.operator))).body[0]).toMatchObject({ role: 'operator' });
    // The restricted list was kept and applies again.
    const asOperator = await t.http.get(`/api/user/${userId[DEMO.operator]}`).set(bearer(token.admin));
    expect(asOperator.body).toMatchObject({ role: 'operator', all_modules: false });
    expect(asOperator.body.access_module_ids).not.toContain(moduleIds('users')[0]);
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    const promote = await t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[MANAGER], role: 'admin' });
    expect(promote.status).toBe(200);
    const results = await Promise.all([
      t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[MANAGER], role: 'manager' }),
      t.http.put('/api/user/change-role').set(bearer(token.manager)).send({ user_id: userId[DEMO.admin], role: 'manager' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // Either both pass (the second actor is already demoted → 403) or one meets the last-admin rule.
    expect([[200, 403], [200, 422]]).toContainEqual(statuses);
    expect(await t.db.membership.count({ where: { accountId: bomPreco, role: 'admin', status: 'active' } })).toBe(1);

    // Put things back: Ana admin, Juliana manager.
    const adminLeft = (await membership(bomPreco, DEMO.admin))?.role === 'admin';
    if (!adminLeft) {
      expect((await t.http.put('/api/user/change-role').set(bearer(token.manager)).send({ user_id: userId[DEMO.admin], role: 'admin' })).status).toBe(200);
      expect((await t.http.put('/api/user/change-role').set(bearer(token.admin)).send({ user_id: userId[MANAGER], role: 'manager' })).status).toBe(200);
    }
    expect((await membership(bomPreco, DEMO.admin))?.role).toBe('admin');
    expect((await membership(bomPreco, MANAGER))?.role).toBe('manager');
  });
});

describe('DELETE /api/user/{id}/remove-from-account', () => {
  it('refuses to remove yourself', async () => {
    const res = await t.http.delete(`/api/user/${userId[DEMO.admin]}/remove-from-account`).set(bearer(token.admin));
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'CANNOT_REMOVE_SELF');
    expect(await membership(bomPreco, DEMO.admin)).not.toBeNull();
  });

  it("answers 404 for another account's user and leaves their membership", async () => {
    const res = await t.http.delete(`/api/user/${userId[DEMO.brand]}/remove-from-account`).set(bearer(token.admin));
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'USER_NOT_FOUND');
    expect(await membership(aurora, DEMO.brand)).not.toBeNull();
  });

  it('removes the membership only; the removed token is refused at once', async () => {
    const removedToken = await t.login(MANAGER_2);
    expect((await t.http.get('/api/user/').set(bearer(removedToken))).status).toBe(200);

    const res = await t.http.delete(`/api/user/${userId[MANAGER_2]}/remove-from-account`).set(bearer(token.admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Usuário removido com sucesso.' });
    expect(await membership(bomPreco, MANAGER_2)).toBeNull();
    expect(await t.db.user.findUnique({ where: { email: MANAGER_2 } })).toMatchObject({ name: 'Beatriz Rocha' });

    for (const path of ['/api/user/', `/api/user/${userId[DEMO.admin]}`, '/api/account/account-info', '/api/access-module']) {
      const denied = await t.http.get(path).set(bearer(removedToken));
      expect(denied.status, path).toBe(401);
      expectEnvelope(denied.body, 'UNAUTHENTICATED');
    }
    const list = await t.http.get('/api/user/').set(bearer(token.admin));
    expect(emails(list.body)).not.toContain(MANAGER_2);
    const login = await t.http.post('/authenticate').send({ email: MANAGER_2, password: DEMO_PASSWORD });
    expect(login.status).toBe(403);
    expectEnvelope(login.body, 'NO_ACTIVE_ACCOUNT');

    const again = await t.http.delete(`/api/user/${userId[MANAGER_2]}/remove-from-account`).set(bearer(token.admin));
    expect(again.status).toBe(404);
  });

  it('removing an invited member voids their invite', async () => {
    const email = freshEmail();
    const invited = await t.http.post('/api/user/invite').set(bearer(token.admin)).send({ email, name: 'Convite Desfeito', role: 'manager' });
    expect(invited.status).toBe(201);
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: email, kind: 'invite' } });
    const code = /confirm-invite\?code=([\w-]+)/.exec(mail.text)![1]!;
    expect((await t.http.get(`/api/user/validate-invite/${code}`)).status).toBe(200);

    expect((await t.http.delete(`/api/user/${invited.body.id}/remove-from-account`).set(bearer(token.admin))).status).toBe(200);
    expect(await t.db.inviteCode.count({ where: { membership: { userId: invited.body.id } } })).toBe(0);
    expect(await t.db.user.count({ where: { email } })).toBe(1);
    const validate = await t.http.get(`/api/user/validate-invite/${code}`);
    expect(validate.status).toBe(404);
    expectEnvelope(validate.body, 'INVITE_NOT_FOUND');
    const accept = await t.http.post('/api/user/active-invite').send({ code, name: 'Convite Desfeito', password: 'Segredo123' });
    expect(accept.status).toBe(404);
  });
});
