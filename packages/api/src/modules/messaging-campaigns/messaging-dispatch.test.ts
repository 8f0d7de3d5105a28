import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, type TestApp } from '../../../test/helpers.ts';
import { campaignBody, templateBody } from '../../../test/fixtures/messaging-campaigns.ts';
import type { MessageProvider } from '../messaging/message-provider.ts';
import { createMessagingRepo } from '../messaging/messaging.repo.ts';
import { createMessagingService } from '../messaging/messaging.service.ts';
import { createMessagingCampaignsRepo } from './messaging-campaigns.repo.ts';
import { createMessagingRecipientsRepo } from './messaging-recipients.repo.ts';
import { CLAIM_LEASE_MS, RECIPIENT_SUBJECT, createCampaignDispatcher, nextDue, type CampaignMessaging } from './messaging-dispatch.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
let admin: string;
let bomPreco: number;
let templateId: number;
let seq = 0;

/**
 * The provider as the customers' phones see it: how many times each message (by its key) reached
 * them. `beforeSend` runs before each send is taken (numbered from 1): it may hold it, or throw.
 */
function countingProvider(beforeSend?: (n: number) => Promise<void>) {
  const received = new Map<string, number>();
  let sends = 0;
  const provider: MessageProvider = {
    name: 'counting',
    async send(m) {
      await beforeSend?.(++sends);
      received.set(m.key, (received.get(m.key) ?? 0) + 1);
      return { providerMessageId: `counting-${randomUUID()}` };
    },
    async submitTemplate() {
      return { status: 'approved', reason: null };
    },
  };
  return { provider, received };
}

/** The messaging service on the test's database with the counting provider, at `rate` messages a second. */
function channel(rate: number, beforeSend?: (n: number) => Promise<void>) {
  const { provider, received } = countingProvider(beforeSend);
  const messaging = createMessagingService({ repo: createMessagingRepo(t.db), queue: t.app.queue, provider, ratePerSecond: rate });
  return { messaging, received };
}

/**
 * A dispatcher as one worker process runs it, with its own clock (`at`: milliseconds from now, or a
 * shared offset the test moves too) and no real waiting: a wait moves its clock on.
 */
function worker(messaging: CampaignMessaging, at: number | { offset: number }, sleep: (ms: number) => Promise<void> = async () => undefined) {
  const time = typeof at === 'number' ? { offset: at } : at;
  return createCampaignDispatcher({
    campaigns: createMessagingCampaignsRepo(t.db),
    recipients: createMessagingRecipientsRepo(t.db),
    messaging,
    clock: () => new Date(Date.now() + time.offset),
    sleep: async (ms) => {
      time.offset += ms;
      await sleep(ms);
    },
  });
}

/** Customers of Bom Preço sharing a new tag: `optedIn` who accept messages, `optedOut` who do not. */
async function audience(optedIn: number, optedOut = 0) {
  const tag = `dispatch-${randomBytes(4).toString('hex')}`;
  const ids: number[] = [];
  for (let i = 0; i < optedIn + optedOut; i++) {
    const phone = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const c = await t.db.customer.create({
      data: { accountId: bomPreco, name: `Cliente ${++seq} Teste`, phone, tags: [tag], optIn: i < optedIn, optInAt: i < optedIn ? new Date() : null },
      select: { id: true },
    });
    ids.push(c.id);
  }
  return { tag, optedIn: ids.slice(0, optedIn), optedOut: ids.slice(optedIn) };
}

/** A campaign scheduled to start tomorrow (the app's own tick leaves it alone: the workers' clocks are a day ahead). */
async function scheduled(tag: string) {
  const start = new Date(Date.now() + DAY);
  const res = await t.http
    .post('/api/messaging-campaign')
    .set(bearer(admin))
    .send({ ...campaignBody(`Disparo ${++seq}`, templateId), audience: { type: 'tags', tags: [tag] }, start_at: start.toISOString(), end_at: new Date(start.getTime() + DAY).toISOString(), draft: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const recipientsOf = (campaignId: number) =>
  t.db.messagingCampaignRecipient.findMany({ where: { campaignId }, orderBy: { id: 'asc' }, select: { id: true, customerId: true, status: true, messageId: true, repliedAt: true, optedOutAt: true, deliveredAt: true, readAt: true } });

/** Each customer's message: recorded once, and how many times the provider got it. */
async function deliveries(campaignId: number, received: Map<string, number>) {
  const rows = await t.db.outboundMessage.findMany({ where: { accountId: bomPreco, dedupKey: { startsWith: `messaging_campaign:${campaignId}:` } }, select: { customerId: true, dedupKey: true, status: true } });
  return new Map(rows.map((m) => [m.customerId!, { status: m.status, sends: received.get(`${bomPreco}:${m.dedupKey}`) ?? 0 }]));
}

beforeAll(async () => {
  t = await createTestApp();
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } })).id;
  admin = await t.login(DEMO.admin);
  const created = await t.http.post('/api/messaging-campaign/template').set(bearer(admin)).send(templateBody(`disparo_${randomBytes(3).toString('hex')}`));
  templateId = created.body.id;
  await t.drainJobs();
  await t.db.messagingTemplate.update({ where: { id: templateId }, data: { status: 'approved' } });
  // The embedded database (PGlite) is migrated and seeded per file: slow on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('dispatch: each customer messaged at most once per campaign', () => {
  it('a worker killed mid-batch, and another run after the claim lease: every opted-in customer gets exactly one message', async () => {
    const { tag, optedIn, optedOut } = await audience(10, 2);
    const id = await scheduled(tag);
    // The first worker's 6th send never returns: the process died there, its second batch (customers
    // 5 to 8) half done: the provider took three of them. Its third batch (the last two customers),
    // under way beside the second, went through.
    let calls = 0;
    let die!: () => void;
    const dead = new Promise<void>((r) => (die = r));
    const { messaging, received } = channel(4, async () => {
      if (++calls !== 6) return;
      await dead;
      throw new Error('the worker died before this send');
    });
    const first = worker(messaging, DAY + MINUTE).run(id);
    const sentMessages = async () => [...(await deliveries(id, received)).values()].filter((m) => m.status === 'sent').length;
    const settled = async () => calls === 10 && (await sentMessages()) === 9 && (await recipientsOf(id)).filter((r) => r.status === 'sent').length === 6;
    for (let i = 0; i < 400 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(10);
    expect(await sentMessages()).toBe(9);
    const midway = await recipientsOf(id);
    expect(midway.filter((r) => r.status === 'sent')).toHaveLength(6);
    expect(midway.filter((r) => r.status === 'sending')).toHaveLength(4);
    expect(midway.filter((r) => r.status === 'pending')).toHaveLength(0);

    // A restarted worker, once the dead one's claim expired, resumes from what is left.
    await worker(messaging, DAY + MINUTE + CLAIM_LEASE_MS + MINUTE).run(id);
    const rows = await recipientsOf(id);
    expect(rows.map((r) => r.customerId).sort()).toEqual([...optedIn].sort());
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const sent = await deliveries(id, received);
    expect([...sent.keys()].sort()).toEqual([...optedIn].sort());
    for (const customer of optedIn) expect(sent.get(customer)).toEqual({ status: 'sent', sends: 1 });
    for (const customer of optedOut) expect(sent.has(customer)).toBe(false);
    expect((await t.db.messagingCampaign.findUniqueOrThrow({ where: { id } })).status).toBe('sent');

    // The dead worker's last send ends (it never reached the provider): nothing changes.
    die();
    await first;
    expect((await recipientsOf(id)).every((r) => r.status === 'sent')).toBe(true);
    for (const customer of optedIn) expect((await deliveries(id, received)).get(customer)!.sends).toBe(1);
  });

  it('a batch handler that throws midway, run again: the rest are sent and none twice', async () => {
    const { tag, optedIn } = await audience(9);
    const id = await scheduled(tag);
    const { messaging, received } = channel(3);
    let batches = 0;
    const crashing: CampaignMessaging = {
      ratePerSecond: 3,
      recordMany: async (m) => {
        if (++batches === 2) throw new Error('worker killed');
        return messaging.recordMany(m);
      },
      deliverMany: (ids) => messaging.deliverMany(ids),
    };
    await expect(worker(crashing, DAY + MINUTE).run(id)).rejects.toThrow('worker killed');
    expect((await recipientsOf(id)).filter((r) => r.status === 'sent')).toHaveLength(3);
    // BullMQ retries the job; within the lease the claimed rows wait, after it they are taken again.
    await worker(messaging, DAY + MINUTE + 10_000).run(id);
    expect((await recipientsOf(id)).filter((r) => r.status === 'sending')).toHaveLength(3);
    await worker(messaging, DAY + MINUTE + CLAIM_LEASE_MS + MINUTE).run(id);
    const sent = await deliveries(id, received);
    for (const customer of optedIn) expect(sent.get(customer)).toEqual({ status: 'sent', sends: 1 });
    expect((await recipientsOf(id)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('throttles to the provider rate: a batch of one second’s sends, then a wait', async () => {
    const { tag } = await audience(5);
    const id = await scheduled(tag);
    const { messaging } = channel(2);
    const waits: number[] = [];
    await worker(messaging, DAY + MINUTE, async (ms) => void waits.push(ms)).run(id);
    // 5 customers at 2 a second: batches of 2, 2 and 1, each followed by the rest of its time slice.
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(waits[2]).toBeLessThanOrEqual(500);
  });

  it('makes up a batch that took longer than its second with the next one at once, but not a long stall', () => {
    // On time: the next batch a second's sends later. Half a second behind: due already (no wait), and
    // the one after comes back on the schedule. Five seconds behind: only one second is made up.
    expect(nextDue(0, 2, 2, 300)).toBe(1_000);
    expect(nextDue(1_000, 1, 1, 2_500)).toBe(2_000);
    expect(nextDue(2_000, 1, 1, 2_600)).toBe(3_000);
    expect(nextDue(3_000, 1, 1, 9_000)).toBe(8_000);
  });

  it('sends every customer once when batches stall (two under way at once)', async () => {
    const { tag, optedIn } = await audience(6);
    const id = await scheduled(tag);
    // The second batch's send takes 1.5 s of the dispatcher's clock; the fourth's, 5 s.
    const time = { offset: DAY + MINUTE };
    const { messaging, received } = channel(1, async (n) => {
      if (n === 2) time.offset += 1_500;
      if (n === 4) time.offset += 5_000;
    });
    await worker(messaging, time).run(id);
    const sent = [...(await deliveries(id, received)).values()].filter((m) => m.status === 'sent');
    expect(sent).toHaveLength(optedIn.length);
  });
});

describe('dispatch: cancel, opt-outs and the end of the period', () => {
  it('cancel is honoured between batches: what was not sent is never sent', async () => {
    const { tag } = await audience(6);
    const id = await scheduled(tag);
    const { messaging, received } = channel(2);
    const cancelAfterFirstBatch = async () => {
      const res = await t.http.post(`/api/messaging-campaign/cancel/${id}`).set(bearer(admin));
      expect(res.status).toBe(200);
    };
    await worker(messaging, DAY + MINUTE, cancelAfterFirstBatch).run(id);
    const rows = await recipientsOf(id);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'skipped')).toHaveLength(4);
    expect([...received.values()].reduce((a, b) => a + b, 0)).toBe(2);
    // A later run (a retried job) sends nothing more.
    await worker(messaging, DAY + 10 * MINUTE).run(id);
    expect([...received.values()].reduce((a, b) => a + b, 0)).toBe(2);
    const campaign = (await t.http.get(`/api/messaging-campaign/${id}`).set(bearer(admin))).body;
    expect(campaign).toMatchObject({ status: 'canceled', counts: { recipients: 6, sent: 2, pending: 0 } });
  });

  it('never messages a customer who opted out, even after the audience was chosen', async () => {
    const { tag, optedIn } = await audience(4);
    const id = await scheduled(tag);
    const { messaging, received } = channel(2);
    const campaigns = createMessagingCampaignsRepo(t.db);
    expect(await campaigns.start(id, new Date(Date.now() + DAY + MINUTE))).toBe(true);
    expect(await campaigns.start(id, new Date(Date.now() + DAY + MINUTE))).toBe(false);
    await t.db.customer.update({ where: { id: optedIn[3]! }, data: { optIn: false } });
    await worker(messaging, DAY + MINUTE).run(id);
    const rows = await recipientsOf(id);
    expect(rows.find((r) => r.customerId === optedIn[3])!.status).toBe('skipped');
    expect((await deliveries(id, received)).has(optedIn[3]!)).toBe(false);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
  });

  it('stops at the end of the period: the rest is skipped and the campaign is sent', async () => {
    const { tag } = await audience(3);
    const id = await scheduled(tag);
    const { messaging, received } = channel(1);
    let clockOffset = DAY + MINUTE;
    const w = createCampaignDispatcher({
      campaigns: createMessagingCampaignsRepo(t.db),
      recipients: createMessagingRecipientsRepo(t.db),
      messaging,
      clock: () => new Date(Date.now() + clockOffset),
      sleep: async () => void (clockOffset += 2 * DAY),
    });
    await w.run(id);
    expect((await recipientsOf(id)).map((r) => r.status).sort()).toEqual(['sent', 'skipped', 'skipped']);
    expect(received.size).toBe(1);
    expect((await t.db.messagingCampaign.findUniqueOrThrow({ where: { id } })).status).toBe('sent');
  });
});

describe('statuses and replies', () => {
  it('moves a recipient only forward (an older status arriving late changes nothing) and records each time once', async () => {
    const { tag } = await audience(1);
    const id = await scheduled(tag);
    const { messaging } = channel(5);
    const w = worker(messaging, DAY + MINUTE);
    await w.run(id);
    const [r] = await recipientsOf(id);
    const base = Date.now() + DAY;
    const at = (min: number) => new Date(base + min * MINUTE);
    const update = (reported: 'sent' | 'delivered' | 'read' | 'failed', when: Date) =>
      w.onStatuses([{ accountId: bomPreco, messageId: r!.messageId!, subjectType: RECIPIENT_SUBJECT, subjectId: r!.id, status: reported, reported, at: when, error: reported === 'failed' ? 'falhou' : null }]);
    await update('read', at(5));
    await update('delivered', at(3));
    await update('sent', at(2));
    await update('failed', at(6));
    const [after] = await recipientsOf(id);
    expect(after).toMatchObject({ status: 'read', deliveredAt: at(5), readAt: at(5) });
    // Another account's status for the same recipient id changes nothing.
    await w.onStatuses([{ accountId: bomPreco + 10_000, messageId: 1, subjectType: RECIPIENT_SUBJECT, subjectId: r!.id, status: 'failed', reported: 'failed', at: at(7), error: 'x' }]);
    expect((await recipientsOf(id))[0]!.status).toBe('read');
  });

  it('"Quero aproveitar" counts as a reply; "Não quero mensagens" opts the customer out at once, and the next campaign skips them', async () => {
    const { tag, optedIn } = await audience(2);
    const id = await scheduled(tag);
    const { messaging, received } = channel(5);
    const w = worker(messaging, DAY + MINUTE);
    await w.run(id);
    const [a, b] = await recipientsOf(id);
    const customer = (cid: number) => t.db.customer.findUniqueOrThrow({ where: { id: cid }, select: { phone: true, optIn: true, optInAt: true } });
    const inbound = async (r: typeof a, text: string) =>
      w.onInbound({
        accountId: bomPreco, provider: 'local', providerMessageId: randomUUID(), from: (await customer(r!.customerId)).phone!, profileName: null, kind: 'button', text,
        media: null, button: { text, payload: null }, replyTo: { messageId: r!.messageId!, subjectType: RECIPIENT_SUBJECT, subjectId: r!.id }, at: new Date(),
      });
    await inbound(a, 'Quero aproveitar');
    await inbound(b, 'Não quero mensagens');
    const rows = await recipientsOf(id);
    expect(rows[0]!.repliedAt).not.toBeNull();
    expect(rows[1]!.optedOutAt).not.toBeNull();
    expect(await customer(optedIn[0]!)).toMatchObject({ optIn: true });
    expect(await customer(optedIn[1]!)).toMatchObject({ optIn: false });

    const next = await scheduled(tag);
    await w.run(next);
    expect((await recipientsOf(next)).map((r) => r.customerId)).toEqual([optedIn[0]]);
    expect(received.get(`${bomPreco}:messaging_campaign:${next}:${optedIn[1]}`)).toBeUndefined();
  });

  it('the same words typed without a reply context still opt the customer out (by phone)', async () => {
    const { optedIn } = await audience(1);
    const { phone } = await t.db.customer.findUniqueOrThrow({ where: { id: optedIn[0]! }, select: { phone: true } });
    const { messaging } = channel(5);
    await worker(messaging, 0).onInbound({
      accountId: bomPreco, provider: 'local', providerMessageId: randomUUID(), from: phone!, profileName: null, kind: 'text', text: '  não quero mensagens ',
      media: null, button: null, replyTo: null, at: new Date(),
    });
    expect((await t.db.customer.findUniqueOrThrow({ where: { id: optedIn[0]! }, select: { optIn: true } })).optIn).toBe(false);
  });
});
