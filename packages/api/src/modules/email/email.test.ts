import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createEmailRepo } from './email.repo.ts';
import { createEmailService, MAX_EMAIL_ATTEMPTS, type EmailService } from './email.service.ts';
import type { EmailTransport, OutgoingEmail } from './email.transport.ts';

const message = (to: string) => ({
  kind: 'test',
  to,
  subject: 'Assunto de teste',
  text: 'Olá! Este é um e-mail de teste.',
  html: '<p>Olá! Este é um e-mail de teste.</p>',
});

/** A transport that answers like a provider would, scripted per call. */
function scriptedTransport(script: Array<'fail' | 'ok'>, error = '550 5.1.1 mailbox unavailable') {
  const sent: OutgoingEmail[] = [];
  let calls = 0;
  const transport: EmailTransport = {
    kind: 'smtp',
    async send(email) {
      const step = script[Math.min(calls++, script.length - 1)];
      if (step === 'fail') throw new Error(error);
      sent.push(email);
      return `<${calls}@smtp.test>`;
    },
  };
  return { transport, sent, calls: () => calls };
}

const row = (t: TestApp, id: number) => t.db.emailOutbox.findUniqueOrThrow({ where: { id } });

describe('email outbox with the local transport', () => {
  let t: TestApp;
  let email: EmailService;
  beforeAll(async () => {
    t = await createTestApp();
    email = createEmailService({ repo: createEmailRepo(t.db), queue: t.app.queue });
  });
  afterAll(() => t?.close());

  it('records an email as pending, and the dispatched job marks it sent with a provider id', async () => {
    const account = await t.db.account.findUniqueOrThrow({ where: { slug: 'cafe-aurora' }, select: { id: true } });
    const id = await email.record({ ...message('marina@marca.test'), accountId: account.id });
    expect(await row(t, id)).toMatchObject({ status: 'pending', attempts: 0, sentAt: null, providerMessageId: null });

    await email.dispatch(id);
    await t.drainJobs();
    const sent = await row(t, id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      accountId: account.id,
      to: 'marina@marca.test',
      subject: 'Assunto de teste',
    });
    expect(sent.providerMessageId).toMatch(/^local-[0-9a-f-]{36}$/);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(sent.createdAt.getTime());
  });

  it('sends a row once however often it is dispatched', async () => {
    const id = await email.record(message('duplo@varejo.test'));
    await Promise.all([email.dispatch(id), email.dispatch(id)]);
    await t.drainJobs();
    const first = await row(t, id);
    expect(first).toMatchObject({ status: 'sent', attempts: 1 });

    await email.dispatch(id);
    await t.drainJobs();
    expect(await row(t, id)).toEqual(first);
  });

  it('writes the row inside the caller transaction, so a rollback leaves nothing to send', async () => {
    const before = await t.db.emailOutbox.count();
    await expect(
      t.db.$transaction(async (tx) => {
        await email.record(message('rollback@varejo.test'), tx);
        throw new Error('business rule failed after the email was recorded');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await t.db.emailOutbox.count()).toBe(before);

    const id = await t.db.$transaction((tx) => email.record(message('commit@varejo.test'), tx));
    expect((await row(t, id)).status).toBe('pending');
  });

  it('the sweep sends a pending row whose job was never queued (a crash between commit and enqueue)', async () => {
    const id = await email.record(message('perdido@varejo.test'));
    await t.db.emailOutbox.update({ where: { id }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    await t.app.queue.add('email.sweep', {});
    await t.drainJobs();
    expect(await row(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('email outbox with a failing transport', () => {
  let t: TestApp;
  let email: EmailService;
  const smtp = scriptedTransport(['fail']);
  beforeAll(async () => {
    t = await createTestApp({ jobBackoffMs: 1 }, { emailTransport: smtp.transport });
    email = createEmailService({ repo: createEmailRepo(t.db), queue: t.app.queue });
  });
  afterAll(() => t?.close());

  it('records every attempt and the last error, and ends failed after the maximum attempts', async () => {
    const id = await email.record(message('inexistente@varejo.test'));
    await email.dispatch(id);
    await t.drainJobs();
    expect(smtp.calls()).toBe(MAX_EMAIL_ATTEMPTS);
    expect(await row(t, id)).toMatchObject({
      status: 'failed',
      attempts: MAX_EMAIL_ATTEMPTS,
      lastError: '550 5.1.1 mailbox unavailable',
      providerMessageId: null,
      sentAt: null,
    });

    // A failed row is not picked up again, by a new dispatch or by the sweep.
    await t.db.emailOutbox.update({ where: { id }, data: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    await t.app.queue.add('email.sweep', {});
    await t.drainJobs();
    expect(smtp.calls()).toBe(MAX_EMAIL_ATTEMPTS);
    expect((await row(t, id)).status).toBe('failed');
  });
});

describe('email outbox with a transport that recovers', () => {
  let t: TestApp;
  const smtp = scriptedTransport(['fail', 'fail', 'ok'], 'ETIMEDOUT');
  beforeAll(async () => {
    t = await createTestApp({ jobBackoffMs: 1 }, { emailTransport: smtp.transport });
  });
  afterAll(() => t?.close());

  it('retries until the provider accepts, and keeps the attempt count', async () => {
    const email = createEmailService({ repo: createEmailRepo(t.db), queue: t.app.queue });
    const id = await email.record(message('tarde@varejo.test'));
    await email.dispatch(id);
    await t.drainJobs();
    const sent = await row(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, providerMessageId: '<3@smtp.test>' });
    expect(smtp.sent).toEqual([expect.objectContaining({ to: 'tarde@varejo.test', subject: 'Assunto de teste', html: expect.stringContaining('<p>') })]);
  });
});
