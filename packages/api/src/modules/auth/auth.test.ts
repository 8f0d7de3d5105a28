import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/password.ts';
import { translate } from '../../i18n/messages.ts';

const ACCOUNT_INFO = '/api/account/account-info';

/** The account each demo user lands in at sign-in (seed.ts). */
const LANDING_ACCOUNT: Record<string, { name: string; type: string }> = {
  [DEMO.admin]: { name: 'Supermercado Bom Preço', type: 'grocery' },
  [DEMO.operator]: { name: 'Supermercado Bom Preço', type: 'grocery' },
  [DEMO.brand]: { name: 'Café Aurora', type: 'industry' },
  [DEMO.partner]: { name: 'Rede Parceira Mídia', type: 'white_label' },
};

/** Users with a password and an active membership that no other block touches. */
const RESET_USER = 'juliana.alves@varejo.test';
const CHANGE_USER = 'beatriz.rocha@varejo.test';
/** Invited, never accepted: has no password. */
const INVITED_ONLY = 'pedro.santos@varejo.test';

const NEW_PASSWORD = 'Nova#Senha2027';

// ---- small helpers -------------------------------------------------------------------------

const authenticate = (t: TestApp, email: unknown, password: unknown, headers: Record<string, string> = {}) =>
  t.http.post('/authenticate').set(headers).send({ email, password });

const userRow = (t: TestApp, email: string) =>
  t.db.user.findUniqueOrThrow({ where: { email }, select: { id: true, passwordHash: true, lastLoginAt: true } });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** An HS256 JWT built by hand, so a test can sign with any secret. */
function hs256(payload: object, secret: string): string {
  const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Asks for a recovery email, lets the outbox job send it and returns the code in its link. */
async function recoveryCode(t: TestApp, email: string): Promise<string> {
  const res = await t.http.post('/password-recovery').send({ email });
  expect(res.status).toBe(202);
  await t.drainJobs();
  const mail = await t.db.emailOutbox.findFirstOrThrow({
    where: { to: email, kind: 'password_recovery' },
    orderBy: { id: 'desc' },
  });
  const code = /\/reset-password\?code=([\w-]+)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no reset link in: ${mail.text}`);
  return code;
}

const updatePassword = (t: TestApp, code: string, password: string) =>
  t.http.post('/update-password').send({ code, password });

// ---- the app most blocks share ---------------------------------------------------------------

let t: TestApp;
beforeAll(async () => {
  // Every request comes from the same loopback address, so the per-IP ceiling is raised here;
  // the throttle has its own apps below.
  t = await createTestApp({ login: { maxFailuresPerEmail: 5, maxFailuresPerIp: 1000, windowSeconds: 900 } });
});
afterAll(() => t?.close());

describe('POST /authenticate', () => {
  it.each(Object.keys(LANDING_ACCOUNT))('signs %s in to the right account', async (email) => {
    const res = await authenticate(t, email, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['account', 'token', 'user']);

    const user = await userRow(t, email);
    const account = await t.db.account.findFirstOrThrow({ where: { name: LANDING_ACCOUNT[email]!.name } });
    expect(res.body.user).toEqual({
      id: user.id,
      name: expect.any(String),
      email,
      language: 'pt-BR',
      is_platform_operator: false,
    });
    expect(res.body.account).toMatchObject({ id: account.id, ...LANDING_ACCOUNT[email] });
    expect(claimsOf(res.body.token)).toMatchObject({ sub: user.id, account_id: account.id });

    const info = await t.http.get(ACCOUNT_INFO).set(bearer(res.body.token));
    expect(info.status).toBe(200);
    expect(info.body[0]).toMatchObject({ id: account.id, name: account.name, current: true });
  });

  it('treats the email case-insensitively', async () => {
    const res = await authenticate(t, 'Operador@VAREJO.test', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(DEMO.operator);
  });

  it('updates last_login_at on success', async () => {
    await t.db.user.update({ where: { email: DEMO.brand }, data: { lastLoginAt: null } });
    const res = await authenticate(t, DEMO.brand, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const { lastLoginAt } = await userRow(t, DEMO.brand);
    expect(lastLoginAt).toBeInstanceOf(Date);
    expect(Math.abs(lastLoginAt!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers a wrong password, an unknown email and a user with no password alike', async () => {
    const before = await userRow(t, DEMO.partner);
    const attempts = [
      await authenticate(t, DEMO.partner, 'Senha#Errada2026'),
      await authenticate(t, 'ninguem@varejo.test', DEMO_PASSWORD),
      await authenticate(t, INVITED_ONLY, DEMO_PASSWORD),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(401);
      expect(expectEnvelope(res.body, 'INVALID_CREDENTIALS')).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'E-mail ou senha incorretos.',
      });
      expect(res.body.token).toBeUndefined();
    }
    expect(await userRow(t, DEMO.partner)).toEqual(before);
    expect((await userRow(t, INVITED_ONLY)).lastLoginAt).toBeNull();
  });

  it('says so in English with Accept-Language: en', async () => {
    const res = await authenticate(t, DEMO.partner, 'Senha#Errada2026', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.status).toBe(401);
    expect(expectEnvelope(res.body, 'INVALID_CREDENTIALS').message).toBe('Incorrect email or password.');
  });

  it('refuses with 403 a right password of a user with no active account', async () => {
    await t.db.user.create({
      data: { email: 'sem.conta@varejo.test', name: 'Sem Conta', passwordHash: await hashPassword(DEMO_PASSWORD) },
    });
    const res = await authenticate(t, 'sem.conta@varejo.test', DEMO_PASSWORD);
    expect(res.status).toBe(403);
    expectEnvelope(res.body, 'NO_ACTIVE_ACCOUNT');
    expect((await userRow(t, 'sem.conta@varejo.test')).lastLoginAt).toBeNull();
  });

  describe('bad input', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing email', { password: DEMO_PASSWORD }, 'email'],
      ['email of the wrong type', { email: 42, password: DEMO_PASSWORD }, 'email'],
      ['password of the wrong type', { email: DEMO.admin, password: ['x'] }, 'password'],
      ['invalid email', { email: 'admin-at-varejo.test', password: DEMO_PASSWORD }, 'email'],
      ['empty password', { email: DEMO.admin, password: '' }, 'password'],
      ['extra field', { email: DEMO.admin, password: DEMO_PASSWORD, remember_me: true }, 'remember_me'],
    ];

    it.each(cases)('%s → 400 naming the field, in Portuguese', async (_, body, field) => {
      const res = await t.http.post('/authenticate').send(body);
      expect(res.status).toBe(400);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.details?.map((d) => d.field)).toContain(field);
      expect(error.message).toMatch(new RegExp(`^Dados inválidos em "${field}": `));
      expect(res.body.token).toBeUndefined();
    });

    it.each(cases)('%s → 400 in English with Accept-Language: en', async (_, body, field) => {
      const res = await t.http.post('/authenticate').set('accept-language', 'en').send(body);
      expect(res.status).toBe(400);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.details?.map((d) => d.field)).toContain(field);
      expect(error.message).toMatch(new RegExp(`^Invalid data in "${field}": `));
    });

    it('a body that is not JSON → 400 INVALID_BODY', async () => {
      const res = await t.http.post('/authenticate').set('content-type', 'application/json').send('{"email":');
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 'INVALID_BODY');
    });

    it('does not touch the user', async () => {
      const before = await userRow(t, DEMO.admin);
      await t.http.post('/authenticate').send({ email: DEMO.admin, password: DEMO_PASSWORD, extra: 1 });
      expect(await userRow(t, DEMO.admin)).toEqual(before);
    });
  });
});

describe('login throttling', () => {
  describe('per email', () => {
    let th: TestApp;
    beforeAll(async () => {
      th = await createTestApp({ login: { maxFailuresPerEmail: 3, maxFailuresPerIp: 50, windowSeconds: 60 } });
    });
    afterAll(() => th?.close());

    it('blocks the 4th attempt for an email with 429 and Retry-After, even with the right password', async () => {
      for (let i = 0; i < 3; i++) expect((await authenticate(th, DEMO.admin, `Errada#${i}xx`)).status).toBe(401);
      const before = await userRow(th, DEMO.admin);

      const res = await authenticate(th, DEMO.admin, DEMO_PASSWORD);
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(expectEnvelope(res.body, 'TOO_MANY_LOGIN_ATTEMPTS').message).toBe(
        translate('TOO_MANY_LOGIN_ATTEMPTS', 'pt-BR', { minutes: 1 }),
      );
      expect(res.body.token).toBeUndefined();
      expect(await userRow(th, DEMO.admin)).toEqual(before);

      // The same address in another case is the same email; other emails are not affected.
      expect((await authenticate(th, 'ADMIN@varejo.test', DEMO_PASSWORD)).status).toBe(429);
      expect((await authenticate(th, DEMO.brand, DEMO_PASSWORD)).status).toBe(200);
    });

    it('resets the count for an email on a successful sign-in', async () => {
      const email = DEMO.operator;
      for (let i = 0; i < 2; i++) expect((await authenticate(th, email, 'Errada#1xx')).status).toBe(401);
      expect((await authenticate(th, email, DEMO_PASSWORD)).status).toBe(200);
      // Without the reset these two would make four failures, past the limit of three.
      for (let i = 0; i < 2; i++) expect((await authenticate(th, email, 'Errada#1xx')).status).toBe(401);
      expect((await authenticate(th, email, DEMO_PASSWORD)).status).toBe(200);
    });
  });

  describe('per IP', () => {
    let th: TestApp;
    beforeAll(async () => {
      th = await createTestApp({ login: { maxFailuresPerEmail: 50, maxFailuresPerIp: 3, windowSeconds: 60 } });
    });
    afterAll(() => th?.close());

    /** A sign-in from another client address (the app does not trust X-Forwarded-For by default). */
    const authenticateFrom = (remoteAddress: string, email: string, password: string) =>
      th.app.inject({ method: 'POST', url: '/authenticate', payload: { email, password }, remoteAddress });

    it('blocks an address after failures across different emails, and only that address', async () => {
      const emails = ['um@varejo.test', 'dois@varejo.test', DEMO.brand];
      for (const [i, email] of emails.entries()) {
        // A forged X-Forwarded-For does not make the same client look like another one.
        const res = await authenticate(th, email, 'Errada#1xx', { 'x-forwarded-for': `203.0.113.${i + 1}` });
        expect(res.status).toBe(401);
      }
      const blocked = await authenticate(th, DEMO.partner, DEMO_PASSWORD, { 'x-forwarded-for': '203.0.113.99' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expectEnvelope(blocked.body, 'TOO_MANY_LOGIN_ATTEMPTS');

      const elsewhere = await authenticateFrom('198.51.100.20', DEMO.partner, DEMO_PASSWORD);
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.json().account.name).toBe('Rede Parceira Mídia');
      // A success elsewhere does not clear the blocked address's count.
      expect((await authenticate(th, DEMO.admin, DEMO_PASSWORD)).status).toBe(429);
    });
  });
});

describe('bearer tokens', () => {
  let admin: { id: number; accountId: number };
  beforeAll(async () => {
    const res = await authenticate(t, DEMO.admin, DEMO_PASSWORD);
    admin = { id: res.body.user.id, accountId: res.body.account.id };
  });

  const expect401 = async (headers: Record<string, string>) => {
    const res = await t.http.get(ACCOUNT_INFO).set(headers);
    expect(res.status).toBe(401);
    expect(expectEnvelope(res.body, 'UNAUTHENTICATED').message).toBe('Sessão expirada ou inválida. Entre novamente.');
  };
  const claims = () => ({ sub: admin.id, account_id: admin.accountId, iat: Math.floor(Date.now() / 1000) });

  it('a hand-built HS256 token with the app secret is accepted (the helper is sound)', async () => {
    const res = await t.http.get(ACCOUNT_INFO).set(bearer(hs256(claims(), t.config.jwtSecret)));
    expect(res.status).toBe(200);
  });

  it('no token → 401', () => expect401({}));
  it('another scheme → 401', () => expect401({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }));
  it('garbage token → 401', () => expect401(bearer('not.a.jwt')));
  it('token signed with another secret → 401', () => expect401(bearer(hs256(claims(), 'outro-segredo-qualquer-123456'))));

  it('alg "none" token → 401', async () => {
    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims())}.`;
    await expect401(bearer(none));
  });

  it('expired token → 401', async () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = t.app.jwt.sign({ sub: admin.id, account_id: admin.accountId, iat: hourAgo }, { expiresIn: 60 });
    expect(claimsOf(expired).exp).toBe(hourAgo + 60);
    await expect401(bearer(expired));
  });

  it('token whose claims have the wrong shape → 401', () =>
    expect401(bearer(t.app.jwt.sign({ sub: String(admin.id), account_id: admin.accountId }))));

  it('token for an account the user is only invited to → 401', async () => {
    const pedro = await userRow(t, INVITED_ONLY);
    await expect401(bearer(t.app.jwt.sign({ sub: pedro.id, account_id: admin.accountId })));
  });
});

describe('POST /password-recovery', () => {
  const EMAIL = DEMO.operator;
  const outbox = (to: string) =>
    t.db.emailOutbox.findMany({ where: { to, kind: 'password_recovery' }, orderBy: { id: 'asc' } });

  it('for a known email: 202, one email sent with a single-use link, the code stored hashed', async () => {
    const res = await t.http.post('/password-recovery').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: translate('PASSWORD_RECOVERY_SENT', 'pt-BR') });

    await t.drainJobs();
    const rows = await outbox(EMAIL);
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail).toMatchObject({ kind: 'password_recovery', to: EMAIL, status: 'sent', accountId: null });
    expect(mail.providerMessageId).toMatch(/^local-/);
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(mail.subject).toBe('Redefinição de senha');

    const code = /http:\/\/localhost:3000\/reset-password\?code=([\w-]+)/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toContain(`/reset-password?code=${code}`);

    const user = await userRow(t, EMAIL);
    const stored = await t.db.passwordResetCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).toBe(createHash('sha256').update(code!).digest('hex'));
    expect(stored[0]!.codeHash).not.toContain(code!);
    expect(stored[0]!.usedAt).toBeNull();
    const minutesLeft = (stored[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(55);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('for an unknown email: the same 202 and nothing written', async () => {
    const [mails, codes] = await Promise.all([t.db.emailOutbox.count(), t.db.passwordResetCode.count()]);
    const res = await t.http.post('/password-recovery').send({ email: 'ninguem@varejo.test' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: translate('PASSWORD_RECOVERY_SENT', 'pt-BR') });
    await t.drainJobs();
    expect(await t.db.emailOutbox.count()).toBe(mails);
    expect(await t.db.passwordResetCode.count()).toBe(codes);
  });

  it('answers and writes the email in English with Accept-Language: en', async () => {
    const res = await t.http.post('/password-recovery').set('accept-language', 'en').send({ email: DEMO.partner });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(translate('PASSWORD_RECOVERY_SENT', 'en'));
    await t.drainJobs();
    const [mail] = await outbox(DEMO.partner);
    expect(mail).toMatchObject({ subject: 'Password reset', status: 'sent' });
  });

  it('an invalid email → 400 naming email, nothing written', async () => {
    const mails = await t.db.emailOutbox.count();
    const res = await t.http.post('/password-recovery').send({ email: 'nao-e-email' });
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('email');
    expect(await t.db.emailOutbox.count()).toBe(mails);
  });

  it('a second request replaces the first code', async () => {
    const first = await recoveryCode(t, DEMO.brand);
    const second = await recoveryCode(t, DEMO.brand);
    expect(second).not.toBe(first);

    const user = await userRow(t, DEMO.brand);
    expect(await t.db.passwordResetCode.count({ where: { userId: user.id, usedAt: null } })).toBe(1);

    const stale = await updatePassword(t, first, NEW_PASSWORD);
    expect(stale.status).toBe(422);
    expectEnvelope(stale.body, 'RESET_CODE_INVALID');
    expect((await userRow(t, DEMO.brand)).passwordHash).toBe(user.passwordHash);

    expect((await updatePassword(t, second, DEMO_PASSWORD)).status).toBe(200);
  });

  it('concurrent requests still leave a single live code', async () => {
    const user = await userRow(t, DEMO.partner);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.http.post('/password-recovery').send({ email: DEMO.partner })),
    );
    expect(results.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    expect(await t.db.passwordResetCode.count({ where: { userId: user.id, usedAt: null } })).toBe(1);
  });
});

describe('POST /update-password', () => {
  it('with the emailed code: 200, the new password signs in and the old one no longer does', async () => {
    const code = await recoveryCode(t, RESET_USER);
    const before = await userRow(t, RESET_USER);

    const res = await updatePassword(t, code, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: translate('PASSWORD_UPDATED', 'pt-BR') });

    const after = await userRow(t, RESET_USER);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).not.toContain(NEW_PASSWORD);
    const used = await t.db.passwordResetCode.findFirstOrThrow({ where: { userId: after.id }, orderBy: { id: 'desc' } });
    expect(used.usedAt).toBeInstanceOf(Date);

    expect((await authenticate(t, RESET_USER, NEW_PASSWORD)).status).toBe(200);
    expect((await authenticate(t, RESET_USER, DEMO_PASSWORD)).status).toBe(401);

    // Single use: the same code again changes nothing.
    const again = await updatePassword(t, code, 'Outra#Senha2028');
    expect(again.status).toBe(422);
    expect(expectEnvelope(again.body, 'RESET_CODE_INVALID').message).toBe('Código de redefinição inválido ou expirado.');
    expect((await userRow(t, RESET_USER)).passwordHash).toBe(after.passwordHash);
  });

  it('an expired code → 422 and nothing changes', async () => {
    const code = await recoveryCode(t, RESET_USER);
    const user = await userRow(t, RESET_USER);
    await t.db.passwordResetCode.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });

    const res = await updatePassword(t, code, 'Outra#Senha2028');
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'RESET_CODE_INVALID');
    expect((await userRow(t, RESET_USER)).passwordHash).toBe(user.passwordHash);
    expect(await t.db.passwordResetCode.count({ where: { userId: user.id, usedAt: null } })).toBe(1);
  });

  it('an unknown code → 422', async () => {
    const res = await updatePassword(t, randomBytes(24).toString('base64url'), 'Outra#Senha2028');
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'RESET_CODE_INVALID');
  });

  it.each([
    ['no digit', 'SomenteLetras'],
    ['too short', 'ab1'],
    ['no letter', '1234567890'],
  ])('a weak password (%s) → 400 naming password; the code stays usable', async (_, weak) => {
    const code = await recoveryCode(t, RESET_USER);
    const user = await userRow(t, RESET_USER);

    const res = await updatePassword(t, code, weak);
    expect(res.status).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(new Set(error.details?.map((d) => d.field))).toEqual(new Set(['password']));
    expect((await userRow(t, RESET_USER)).passwordHash).toBe(user.passwordHash);
    expect(await t.db.passwordResetCode.count({ where: { userId: user.id, usedAt: null } })).toBe(1);

    expect((await updatePassword(t, code, NEW_PASSWORD)).status).toBe(200);
  });

  it('a code that is too short → 400 naming code', async () => {
    const res = await updatePassword(t, 'curto', NEW_PASSWORD);
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('code');
  });

  it('two concurrent requests with the same code: exactly one succeeds', async () => {
    const code = await recoveryCode(t, RESET_USER);
    const [a, b] = await Promise.all([
      updatePassword(t, code, 'Primeira#Senha1'),
      updatePassword(t, code, 'Segunda#Senha2'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const loser = a.status === 422 ? a : b;
    expectEnvelope(loser.body, 'RESET_CODE_INVALID');

    const winner = a.status === 200 ? 'Primeira#Senha1' : 'Segunda#Senha2';
    const other = a.status === 200 ? 'Segunda#Senha2' : 'Primeira#Senha1';
    expect((await authenticate(t, RESET_USER, winner)).status).toBe(200);
    expect((await authenticate(t, RESET_USER, other)).status).toBe(401);
  });
});

describe('POST /api/user/change-password', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login(CHANGE_USER);
  });
  const change = (body: object, headers: Record<string, string> = bearer(token)) =>
    t.http.post('/api/user/change-password').set(headers).send(body);

  it('without a token → 401', async () => {
    const before = await userRow(t, CHANGE_USER);
    const res = await change({ current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD }, {});
    expect(res.status).toBe(401);
    expectEnvelope(res.body, 'UNAUTHENTICATED');
    expect((await userRow(t, CHANGE_USER)).passwordHash).toBe(before.passwordHash);
  });

  it('a wrong current password → 422 and the password is unchanged', async () => {
    const before = await userRow(t, CHANGE_USER);
    const res = await change({ current_password: 'Senha#Errada2026', new_password: NEW_PASSWORD });
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'WRONG_CURRENT_PASSWORD').message).toBe('A senha atual está incorreta.');
    expect((await userRow(t, CHANGE_USER)).passwordHash).toBe(before.passwordHash);
    expect((await authenticate(t, CHANGE_USER, DEMO_PASSWORD)).status).toBe(200);
  });

  it('a weak new password → 400 naming new_password', async () => {
    const before = await userRow(t, CHANGE_USER);
    const res = await change({ current_password: DEMO_PASSWORD, new_password: 'fraca' });
    expect(res.status).toBe(400);
    const fields = expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field);
    expect(new Set(fields)).toEqual(new Set(['new_password']));
    expect((await userRow(t, CHANGE_USER)).passwordHash).toBe(before.passwordHash);
  });

  it('the right current password → 200; the new password works and the old one does not', async () => {
    const res = await change({ current_password: DEMO_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: translate('PASSWORD_UPDATED', 'pt-BR') });
    expect((await authenticate(t, CHANGE_USER, NEW_PASSWORD)).status).toBe(200);
    expect((await authenticate(t, CHANGE_USER, DEMO_PASSWORD)).status).toBe(401);
  });

  it('voids a pending reset code, so a leaked link cannot undo the change', async () => {
    const code = await recoveryCode(t, CHANGE_USER);
    const res = await change({ current_password: NEW_PASSWORD, new_password: 'Mais#Nova2028' });
    expect(res.status).toBe(200);

    const reset = await updatePassword(t, code, 'Do#Atacante2028');
    expect(reset.status).toBe(422);
    expectEnvelope(reset.body, 'RESET_CODE_INVALID');
    expect((await authenticate(t, CHANGE_USER, 'Mais#Nova2028')).status).toBe(200);
  });
});
