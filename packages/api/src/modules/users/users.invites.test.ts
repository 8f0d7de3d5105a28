import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createTestApp, DEMO, DEMO_PASSWORD, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { hashCode } from '../../lib/password.ts';
import { checkPassword } from '../../lib/password.ts';

const MANAGER = 'juliana.alves@varejo.test';
const INVITED = 'pedro.santos@varejo.test';
const NEW_PASSWORD = 'NovaSenha2026';

let t: TestApp;
let adminToken: string;
let brandToken: string;
const userId: Record<string, number> = {};
let bomPreco: number;
let aurora: number;
let rede: number;
let seq = 0;
const freshEmail = () => `convidado.${++seq}.${Date.now().toString(36)}@teste.test`;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.user.findMany({ select: { id: true, email: true } })) userId[u.email] = u.id;
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const bySlug = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  bomPreco = bySlug('supermercado-bom-preco');
  aurora = bySlug('cafe-aurora');
  rede = bySlug('rede-parceira-midia');
  adminToken = await t.login(DEMO.admin);
  brandToken = await t.login(DEMO.brand);
});
afterAll(() => t?.close());

const invite = (body: Record<string, unknown>, token = adminToken) => t.http.post('/api/user/invite').set(bearer(token)).send(body);

/** The code in the newest invite email sent to `to`. */
async function inviteCode(to: string) {
  const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to, kind: 'invite' }, orderBy: { id: 'desc' } });
  const code = /\/confirm-invite\?code=([\w-]+)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no invite link in: ${mail.text}`);
  return code;
}

const accept = (body: Record<string, unknown>) => t.http.post('/api/user/active-invite').send(body);

const writes = async () => ({
  users: await t.db.user.count(),
  memberships: await t.db.membership.count(),
  codes: await t.db.inviteCode.count(),
  emails: await t.db.emailOutbox.count(),
});

describe('POST /api/user/invite', () => {
  it('invites a new person: invited member, hashed code, outbox email that gets sent', async () => {
    const email = freshEmail();
    const res = await invite({ email: email.toUpperCase(), name: ' Fernanda Oliveira ', role: 'operator', access_module_ids: [1, 7] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Fernanda Oliveira', email, role: 'operator', status: 'invited', last_login_at: null });
    expect(Object.keys(res.body).sort()).toEqual(['created_at', 'email', 'id', 'last_login_at', 'name', 'role', 'status']);

    const user = await t.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: { include: { accessModules: true, inviteCodes: true } } } });
    expect(user).toMatchObject({ id: res.body.id, name: 'Fernanda Oliveira', passwordHash: null });
    expect(user.memberships).toHaveLength(1);
    const [m] = user.memberships;
    expect(m).toMatchObject({ accountId: bomPreco, role: 'operator', status: 'invited', invitedById: userId[DEMO.admin], allModules: false });
    expect(m!.accessModules.map((a) => a.moduleId).sort((a, b) => a - b)).toEqual([1, 7]);
    expect(m!.inviteCodes).toHaveLength(1);
    expect(m!.inviteCodes[0]!.usedAt).toBeNull();
    expect(m!.inviteCodes[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    await t.drainJobs();
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(mail).toMatchObject({ kind: 'invite', accountId: bomPreco, status: 'sent', subject: 'Convite para Supermercado Bom Preço' });
    expect(mail.providerMessageId).toBeTruthy();
    expect(mail.text).toContain('http://localhost:3000/confirm-invite?code=');
    expect(mail.text).toContain('Ana Paula Souza convidou você');
    const code = await inviteCode(email);
    // Only the hash is stored.
    expect(m!.inviteCodes[0]!.codeHash).toBe(hashCode(code));
    expect(await t.db.inviteCode.count({ where: { codeHash: code } })).toBe(0);

    const detail = await t.http.get(`/api/user/${res.body.id}`).set(bearer(adminToken));
    expect(detail.body).toMatchObject({ status: 'invited', all_modules: false, access_module_ids: [1, 7] });
  });

  it('accepts a repeated module id once', async () => {
    const res = await invite({ email: freshEmail(), name: 'Módulos Repetidos', role: 'manager', access_module_ids: [7, 1, 7] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const detail = await t.http.get(`/api/user/${res.body.id}`).set(bearer(adminToken));
    expect(detail.body.access_module_ids).toEqual([1, 7]);
  });

  it.each([
    [MANAGER, 'USER_ALREADY_MEMBER'],
    ['JULIANA.ALVES@VAREJO.TEST', 'USER_ALREADY_MEMBER'],
    [INVITED, 'USER_ALREADY_INVITED'],
  ])('answers 409 for %s and writes nothing', async (email, code) => {
    const before = await writes();
    const res = await invite({ email, name: 'Já Conhecida', role: 'manager' });
    expect(res.status).toBe(409);
    expectEnvelope(res.body, code);
    expect(await writes()).toEqual(before);
  });

  it('answers 409 to the second of two simultaneous invites of the same person', async () => {
    const email = freshEmail();
    const results = await Promise.all([1, 2].map(() => invite({ email, name: 'Convite Duplo', role: 'operator' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.user.count({ where: { email } })).toBe(1);
    expect(await t.db.membership.count({ where: { user: { email } } })).toBe(1);
    expect(await t.db.emailOutbox.count({ where: { to: email } })).toBe(1);
  });

  it.each([
    [[17], '17'],
    [[1, 9999], '9999'],
  ])('refuses modules %j not granted to the account (422) and writes nothing', async (ids, named) => {
    const email = freshEmail();
    const before = await writes();
    const res = await invite({ email, name: 'Módulo Alheio', role: 'operator', access_module_ids: ids });
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'UNKNOWN_ACCESS_MODULE').message).toContain(named);
    expect(await writes()).toEqual(before);
  });

  it.each([
    [{ name: 'Campo Extra', role: 'operator', is_admin: true }, 'is_admin'],
    [{ email: 'nao-e-email', name: 'Email Ruim', role: 'operator' }, 'email'],
    [{ name: 'Sem Perfil' }, 'role'],
    [{ name: 'Perfil Ruim', role: 'chief' }, 'role'],
    [{ name: 'A', role: 'operator' }, 'name'],
    [{ name: 'Módulo Ruim', role: 'operator', access_module_ids: ['x'] }, 'access_module_ids.0'],
  ])('rejects %j with a 400 naming %s and writes nothing', async (body, field) => {
    const email = freshEmail();
    const before = await writes();
    const res = await invite({ email, ...body });
    expect(res.status).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.map((d) => d.field)).toContain(field);
    expect(error.message).toContain(`"${field}"`);
    expect(await t.db.user.count({ where: { email } })).toBe(0);
    expect(await writes()).toEqual(before);
  });

  it("invites an existing user of another account: a membership only", async () => {
    const before = await writes();
    const brand = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.brand } });
    const res = await invite({ email: DEMO.brand, name: 'Outro Nome', role: 'manager' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: brand.id, name: 'Marina Costa', email: DEMO.brand, role: 'manager', status: 'invited' });
    expect(await writes()).toEqual({ ...before, memberships: before.memberships + 1, codes: before.codes + 1, emails: before.emails + 1 });
    expect(await t.db.user.findUniqueOrThrow({ where: { email: DEMO.brand } })).toEqual(brand);
    const memberships = await t.db.membership.findMany({ where: { userId: brand.id }, orderBy: { id: 'asc' } });
    expect(memberships.map((m) => [m.accountId, m.role, m.status])).toEqual([
      [aurora, 'admin', 'active'],
      [bomPreco, 'manager', 'invited'],
    ]);
    // Still signs in to their own account until they accept.
    const login = await t.http.post('/authenticate').send({ email: DEMO.brand, password: DEMO_PASSWORD });
    expect(login.body.account.id).toBe(aurora);
  });
});

describe('GET /api/user/validate-invite/{code}', () => {
  it('describes the invite of an existing user', async () => {
    const res = await t.http.get(`/api/user/validate-invite/${await inviteCode(DEMO.brand)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      email: DEMO.brand,
      name: 'Marina Costa',
      account_name: 'Supermercado Bom Preço',
      user_exists: true,
      expires_at: expect.any(String),
    });
    expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('describes the invite of a new person', async () => {
    const email = freshEmail();
    expect((await invite({ email, name: 'Pessoa Nova', role: 'operator' })).status).toBe(201);
    const res = await t.http.get(`/api/user/validate-invite/${await inviteCode(email)}`);
    expect(res.body).toMatchObject({ email, name: 'Pessoa Nova', account_name: 'Supermercado Bom Preço', user_exists: false });
  });

  it('answers 404 INVITE_NOT_FOUND for an unknown code, 400 for a malformed one', async () => {
    const res = await t.http.get(`/api/user/validate-invite/${'x'.repeat(32)}`);
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'INVITE_NOT_FOUND');
    const short = await t.http.get('/api/user/validate-invite/abc');
    expect(short.status).toBe(400);
    expect(expectEnvelope(short.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('code');
  });
});

describe('POST /api/user/active-invite', () => {
  it('lets a new person set name and password and enter the account, once', async () => {
    const email = freshEmail();
    const invited = await invite({ email, name: 'Nome Provisório', role: 'operator' });
    const code = await inviteCode(email);

    const res = await accept({ code, name: 'Luiza Ferreira', password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token: expect.any(String),
      user: { id: invited.body.id, name: 'Luiza Ferreira', email, language: 'pt-BR', is_platform_operator: false },
      account: { id: bomPreco, name: 'Supermercado Bom Preço', type: 'grocery' },
    });
    const user = await t.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: { include: { inviteCodes: true } } } });
    expect(user.name).toBe('Luiza Ferreira');
    expect(user.passwordHash).not.toContain(NEW_PASSWORD);
    expect(await checkPassword(user.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(user.memberships[0]).toMatchObject({ accountId: bomPreco, status: 'active' });
    expect(user.memberships[0]!.inviteCodes[0]!.usedAt).toBeInstanceOf(Date);
    const notification = await t.db.notification.findFirstOrThrow({ where: { kind: 'invite_accepted' }, orderBy: { id: 'desc' } });
    expect(notification).toMatchObject({ accountId: bomPreco, userId: null, link: '/users/list' });
    expect(notification.body).toContain(email);

    const info = await t.http.get('/api/account/account-info').set(bearer(res.body.token));
    expect(info.status).toBe(200);
    expect(info.body.map((a: { id: number }) => a.id)).toEqual([bomPreco]);
    expect(info.body[0]).toMatchObject({ role: 'operator', current: true });
    expect((await t.http.post('/authenticate').send({ email, password: NEW_PASSWORD })).status).toBe(200);

    const again = await accept({ code, name: 'Outra Pessoa', password: 'OutraSenha99' });
    expect(again.status).toBe(404);
    expectEnvelope(again.body, 'INVITE_NOT_FOUND');
    expect((await t.http.get(`/api/user/validate-invite/${code}`)).status).toBe(404);
    expect(await checkPassword((await t.db.user.findUniqueOrThrow({ where: { email } })).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('keeps the invited name when none is given', async () => {
    const email = freshEmail();
    await invite({ email, name: 'Nome do Convite', role: 'manager' });
    const res = await accept({ code: await inviteCode(email), password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Nome do Convite');
  });

  it.each([
    [{ password: NEW_PASSWORD }, 'code'],
    [{ password: 'curta1' }, 'password'],
    [{ password: 'semnumeros' }, 'password'],
    [{ password: NEW_PASSWORD, name: 'X' }, 'name'],
    [{ password: NEW_PASSWORD, role: 'admin' }, 'role'],
  ])('rejects %j with a 400 naming %s and keeps the invite', async (body, field) => {
    const email = freshEmail();
    await invite({ email, name: 'Convite Intacto', role: 'operator' });
    const code = await inviteCode(email);
    const res = await accept(field === 'code' ? body : { code, ...body });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field)).toContain(field);
    expect((await t.http.get(`/api/user/validate-invite/${code}`)).status).toBe(200);
  });

  it('makes an existing user prove their password, then lets them switch accounts', async () => {
    const code = await inviteCode(DEMO.brand);
    const wrong = await accept({ code, password: 'SenhaErrada123' });
    expect(wrong.status).toBe(422);
    expectEnvelope(wrong.body, 'WRONG_PASSWORD');
    expect((await t.db.membership.findFirstOrThrow({ where: { accountId: bomPreco, userId: userId[DEMO.brand] } })).status).toBe('invited');
    expect((await t.http.get(`/api/user/validate-invite/${code}`)).status).toBe(200);

    const res = await accept({ code, name: 'Nome Ignorado', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: userId[DEMO.brand], name: 'Marina Costa' }, account: { id: bomPreco } });
    const brand = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.brand } });
    expect(brand.name).toBe('Marina Costa');
    expect(await checkPassword(brand.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect((await t.db.membership.findFirstOrThrow({ where: { accountId: bomPreco, userId: brand.id } })).status).toBe('active');

    const inBomPreco = res.body.token as string;
    const info = await t.http.get('/api/account/account-info').set(bearer(inBomPreco));
    expect(info.body.map((a: { id: number; current: boolean }) => [a.id, a.current])).toEqual([
      [bomPreco, true],
      [aurora, false],
    ]);
    expect((await t.http.get('/api/user/').set(bearer(inBomPreco))).status).toBe(200);

    const toAurora = await t.http.post('/changeaccount').set(bearer(inBomPreco)).send({ account_id: aurora });
    expect(toAurora.status).toBe(200);
    const auroraInfo = await t.http.get('/api/account/account-info').set(bearer(toAurora.body.newToken));
    expect(auroraInfo.body[0]).toMatchObject({ id: aurora, role: 'admin', current: true });
    const back = await t.http.post('/changeaccount').set(bearer(toAurora.body.newToken)).send({ account_id: bomPreco });
    expect(back.status).toBe(200);
    expect((await t.http.get('/api/account/account-info').set(bearer(back.body.newToken))).body[0]).toMatchObject({ id: bomPreco, role: 'manager' });
    const elsewhere = await t.http.post('/changeaccount').set(bearer(inBomPreco)).send({ account_id: rede });
    expect(elsewhere.status).toBe(404);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    await invite({ email, name: 'Convite Vencido', role: 'operator' });
    const code = await inviteCode(email);
    await t.db.inviteCode.update({ where: { codeHash: hashCode(code) }, data: { expiresAt: new Date(Date.now() - 1000) } });

    const validate = await t.http.get(`/api/user/validate-invite/${code}`);
    expect(validate.status).toBe(404);
    expectEnvelope(validate.body, 'INVITE_NOT_FOUND');
    const res = await accept({ code, name: 'Convite Vencido', password: NEW_PASSWORD });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'INVITE_NOT_FOUND');
    const user = await t.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(user.passwordHash).toBeNull();
    expect(user.memberships[0]!.status).toBe('invited');
  });
});

describe('POST /api/user/{id}/resend-invite', () => {
  it('sends a new code and voids the old one', async () => {
    const pedro = userId[INVITED]!;
    const before = await t.db.emailOutbox.count({ where: { to: INVITED } });
    const first = await t.http.post(`/api/user/${pedro}/resend-invite`).set(bearer(adminToken));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Convite reenviado com sucesso.' });
    const oldCode = await inviteCode(INVITED);
    expect((await t.http.get(`/api/user/validate-invite/${oldCode}`)).body).toMatchObject({ email: INVITED, user_exists: false });

    const second = await t.http.post(`/api/user/${pedro}/resend-invite`).set(bearer(adminToken));
    expect(second.status).toBe(200);
    const newCode = await inviteCode(INVITED);
    expect(newCode).not.toBe(oldCode);
    expect(await t.db.emailOutbox.count({ where: { to: INVITED, kind: 'invite' } })).toBe(before + 2);
    expect(await t.db.inviteCode.count({ where: { membership: { userId: pedro }, usedAt: null } })).toBe(1);

    const old = await t.http.get(`/api/user/validate-invite/${oldCode}`);
    expect(old.status).toBe(404);
    expectEnvelope(old.body, 'INVITE_NOT_FOUND');
    expect((await accept({ code: oldCode, password: NEW_PASSWORD })).status).toBe(404);
    expect((await t.http.get(`/api/user/validate-invite/${newCode}`)).status).toBe(200);

    await t.drainJobs();
    expect(await t.db.emailOutbox.count({ where: { to: INVITED, status: { not: 'sent' } } })).toBe(0);
  });

  it("writes in the invited user's language", async () => {
    const email = freshEmail();
    const invited = await invite({ email, name: 'Invited Person', role: 'operator' });
    await t.db.user.update({ where: { email }, data: { language: 'en' } });
    expect((await t.http.post(`/api/user/${invited.body.id}/resend-invite`).set(bearer(adminToken))).status).toBe(200);
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { id: 'desc' } });
    expect(mail.subject).toBe('Invitation to Supermercado Bom Preço');
  });

  it('answers 422 INVITE_NOT_PENDING for an active member and sends nothing', async () => {
    const before = await writes();
    const res = await t.http.post(`/api/user/${userId[MANAGER]}/resend-invite`).set(bearer(adminToken));
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'INVITE_NOT_PENDING');
    expect(await writes()).toEqual(before);
  });

  it("answers 404 for another account's user, also when that user has a pending invite there", async () => {
    const partnerInvitee = freshEmail();
    const invited = await invite({ email: partnerInvitee, name: 'Convidado Parceiro', role: 'operator' }, await t.login(DEMO.partner));
    expect(invited.status).toBe(201);
    for (const id of [userId[DEMO.partner], invited.body.id]) {
      const before = await writes();
      const res = await t.http.post(`/api/user/${id}/resend-invite`).set(bearer(adminToken));
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'USER_NOT_FOUND');
      expect(await writes()).toEqual(before);
    }
    // And the other way round: Café Aurora's admin cannot resend Bom Preço's invite.
    const res = await t.http.post(`/api/user/${userId[INVITED]}/resend-invite`).set(bearer(brandToken));
    expect(res.status).toBe(404);
  });
});

describe('realtime', () => {
  let url: string;
  const sockets: Socket[] = [];
  const connect = (auth: Record<string, unknown>) => {
    const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = address;
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('tells the account when an invite is accepted', async () => {
    const socket = connect({ token: adminToken });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const received = new Promise<Record<string, unknown>>((resolve) => socket.once('app_notification', resolve));

    const email = freshEmail();
    await invite({ email, name: 'Helena Martins', role: 'operator' });
    const res = await accept({ code: await inviteCode(email), name: 'Helena Martins', password: NEW_PASSWORD });
    expect(res.status).toBe(200);

    const event = await received;
    const row = await t.db.notification.findFirstOrThrow({ where: { kind: 'invite_accepted', body: { contains: email } } });
    expect(event).toEqual({
      id: row.id,
      kind: 'invite_accepted',
      title: row.title,
      body: row.body,
      link: '/users/list',
      created_at: row.createdAt.toISOString(),
    });
    expect(row.accountId).toBe(bomPreco);
    expect(event.body).toContain('Helena Martins');
  });

  it.each([
    ['a bad token', { token: 'not-a-token' }],
    ['no token', {}],
  ])('refuses a socket with %s', async (_, auth) => {
    const socket = connect(auth);
    const error = await new Promise<Error>((resolve, reject) => {
      socket.once('connect_error', resolve);
      socket.once('connect', () => reject(new Error('connected without a valid token')));
    });
    expect(error.message).toBe('unauthorized');
  });

  it('closes the sockets of a member removed from the account', async () => {
    const token = await t.login('beatriz.rocha@varejo.test');
    const socket = connect({ token });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const beatriz = await t.db.user.findUniqueOrThrow({ where: { email: 'beatriz.rocha@varejo.test' } });
    const res = await t.http.delete(`/api/user/${beatriz.id}/remove-from-account`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('password guessing through an invite', () => {
  it('counts wrong passwords of an existing user like sign-in does, and then answers 429', async () => {
    const inviteRes = await invite({ email: DEMO.partner, name: 'Rafael Mendes', role: 'operator' });
    expect(inviteRes.status).toBe(201);
    const code = await inviteCode(DEMO.partner);
    for (let i = 0; i < t.config.login.maxFailuresPerEmail; i++) {
      expect((await accept({ code, password: `SenhaErrada${i}` })).status).toBe(422);
    }
    const blocked = await accept({ code, password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expectEnvelope(blocked.body, 'TOO_MANY_LOGIN_ATTEMPTS');
    expect((await t.db.membership.findFirstOrThrow({ where: { accountId: bomPreco, userId: userId[DEMO.partner] } })).status).toBe('invited');
    // Sign-in shares the same counter.
    expect((await t.http.post('/authenticate').send({ email: DEMO.partner, password: DEMO_PASSWORD })).status).toBe(429);
  });
});
