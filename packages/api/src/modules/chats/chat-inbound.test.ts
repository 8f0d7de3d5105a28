import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { bearer, createTestApp, DEMO, type TestApp } from '../../../test/helpers.ts';
import { chatPhone, createAttendantUser } from '../../../test/fixtures/chats.ts';
import type { InboundMessage } from '../messaging/whatsapp.ts';
import { createChatAdminRepo } from './chat-admin.repo.ts';
import { createChatAssignment, pickAttendant, type Candidate } from './chat-assignment.ts';
import { createChatInbound, DEFAULT_BOT_FLOW, menuChoice } from './chat-inbound.ts';
import type { ChatNotifier } from './chat-view.ts';
import { createChatsRepo } from './chats.repo.ts';
import type { ChatChannelPort } from './chats.service.ts';

describe('pickAttendant', () => {
  const c = (userId: number, open: number, extra: Partial<Candidate> = {}): Candidate => ({ userId, name: `A${userId}`, maxChats: 3, locationIds: [], open, lastAssignedAt: null, ...extra });

  it('takes the least busy attendant under their maximum', () => {
    expect(pickAttendant([c(1, 2), c(2, 0), c(3, 1)], 10)?.userId).toBe(2);
    expect(pickAttendant([c(1, 3), c(2, 3, { maxChats: 3 })], 10)).toBeNull();
    expect(pickAttendant([c(1, 5, { maxChats: 6 }), c(2, 1, { maxChats: 1 })], 10)?.userId).toBe(1);
  });

  it('only takes attendants of the chat’s store (none listed: every store); a chat with no store goes to those of every store', () => {
    expect(pickAttendant([c(1, 0, { locationIds: [7] }), c(2, 2, { locationIds: [10] })], 10)?.userId).toBe(2);
    expect(pickAttendant([c(1, 0, { locationIds: [7] })], 10)).toBeNull();
    expect(pickAttendant([c(1, 0, { locationIds: [7] }), c(2, 1)], null)?.userId).toBe(2);
  });

  it('breaks ties by who was assigned longest ago (never first), then by user id', () => {
    const at = (iso: string) => new Date(iso);
    expect(pickAttendant([c(1, 1, { lastAssignedAt: at('2026-11-23T10:00:00Z') }), c(2, 1, { lastAssignedAt: at('2026-11-23T09:00:00Z') })], 1)?.userId).toBe(2);
    expect(pickAttendant([c(1, 1, { lastAssignedAt: at('2026-11-23T10:00:00Z') }), c(2, 1)], 1)?.userId).toBe(2);
    expect(pickAttendant([c(4, 0), c(3, 0)], 1)?.userId).toBe(3);
  });
});

describe('menuChoice', () => {
  it('reads the option by number or by words, with or without accents', () => {
    expect(menuChoice('1')).toBe('list');
    expect(menuChoice('1 - enviar lista')).toBe('list');
    expect(menuChoice('Quero mandar minha LISTA de compras')).toBe('list');
    expect(menuChoice('2')).toBe('handover');
    expect(menuChoice('quero falar com um atendente')).toBe('handover');
    expect(menuChoice('Qual o horário?')).toBeNull();
    expect(menuChoice('12 ovos')).toBeNull();
  });
});

describe('the inbound handler (service with a fake channel and carts)', () => {
  let t: TestApp;
  let accountId = 0;
  const sent: Array<{ to: string; body: string }> = [];
  const events: Array<{ type: string; chat_id: number }> = [];
  let now = new Date();

  const channel: ChatChannelPort = {
    async record(m) {
      sent.push({ to: m.to, body: m.body });
      return { id: sent.length, status: 'queued' };
    },
    async dispatch() {},
    async latestFor() {
      return new Map();
    },
  };
  const notify: ChatNotifier = (_accountId, event) => void events.push(event as { type: string; chat_id: number });
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
  let inbound: ReturnType<typeof createChatInbound>;

  // Five minutes: the embedded database's migration and seed on a loaded machine.
  beforeAll(async () => {
    t = await createTestApp();
    accountId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } })).id;
    await t.db.chatAttendant.updateMany({ where: { accountId }, data: { status: 'away' } });
    // The seeded stores open always here, whatever the hour the tests run at (the business-hours test has its own store).
    await t.db.location.updateMany({ where: { accountId }, data: { openingHours: [] } });
    const repo = createChatsRepo(t.db);
    const admin = createChatAdminRepo(t.db);
    inbound = createChatInbound({
      repo,
      admin,
      channel,
      carts: { generate: async () => ({ id: 1, items: [{}, {}, {}] }) as never },
      assignment: createChatAssignment({ chats: repo, admin, notify }),
      notify,
      log,
      clock: () => now,
    });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const message = (phone: string, id: string, text: string): InboundMessage => ({
    accountId,
    provider: 'local',
    providerMessageId: id,
    from: phone,
    profileName: 'Célia Matos',
    kind: 'text',
    text,
    media: null,
    button: null,
    replyTo: null,
    at: now,
  });

  it('stores a message once when the handler runs again for it (a retried job), and answers it once', async () => {
    const phone = chatPhone();
    await inbound.handleInbound(message(phone, `idem-${phone}`, 'Oi'));
    const before = sent.length;
    await inbound.handleInbound(message(phone, `idem-${phone}`, 'Oi'));
    expect(sent.length).toBe(before);
    const chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone } });
    expect(await t.db.chatMessage.count({ where: { chatId: chat.id, author: 'customer' } })).toBe(1);
    expect(chat.unreadCount).toBe(1);
    expect(events.filter((e) => e.chat_id === chat.id && e.type === 'chat.message')).toHaveLength(3); // the customer's, the greeting, the menu
  });

  it('takes a job’s messages together: those to an attendant’s chat in one statement, a new phone through the bot, a replay once', async () => {
    const agent = await createAttendantUser(t, 'Atendente Lote', { status: 'online' });
    const [talking, fresh] = [chatPhone(), chatPhone()];
    await inbound.handleInbound(message(talking, `lote0-${talking}`, 'Oi'));
    await inbound.handleInbound(message(talking, `lote1-${talking}`, '2'));
    const chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone: talking } });
    expect(chat).toMatchObject({ status: 'open', attendantUserId: agent.userId });
    await t.db.chatAttendant.updateMany({ where: { accountId }, data: { status: 'away' } });
    await t.db.chat.update({ where: { id: chat.id }, data: { unreadCount: 0 } });
    const eventsBefore = events.length;
    const sentBefore = sent.length;
    const later = new Date(now.getTime() + 60_000);
    const photo: InboundMessage = {
      ...message(talking, `lote3-${talking}`, ''),
      kind: 'media',
      text: null,
      media: { url: 'https://cdn.example.test/nota.jpg', mediaType: 'image', filename: 'nota.jpg' },
      at: later,
    };
    await inbound.handleInboundMany([
      message(talking, `lote2-${talking}`, 'Pode incluir 2 kg de tomate?'),
      message(fresh, `lote0-${fresh}`, 'Boa tarde'),
      photo,
      message(talking, `lote1-${talking}`, '2'), // stored before: a replay
    ]);
    const after = await t.db.chat.findUniqueOrThrow({ where: { id: chat.id } });
    expect(after).toMatchObject({ status: 'open', unreadCount: 2, lastMessagePreview: '📎 Mídia' });
    expect(after.lastMessageAt?.toISOString()).toBe(later.toISOString());
    const stored = await t.db.chatMessage.findMany({ where: { chatId: chat.id, author: 'customer' }, orderBy: { id: 'asc' } });
    expect(stored.map((m) => [m.kind, m.body])).toEqual([
      ['text', 'Oi'],
      ['text', '2'],
      ['text', 'Pode incluir 2 kg de tomate?'],
      ['media', null],
    ]);
    expect(stored[3]!.media).toEqual({ url: 'https://cdn.example.test/nota.jpg', media_type: 'image', name: 'nota.jpg' });
    // Each stored message told once, with the chat as it ended; the new phone greeted by the bot.
    const told = events.slice(eventsBefore).filter((e) => e.chat_id === chat.id) as Array<{ type: string; chat_id: number; chat: { unread_count: number } }>;
    expect(told.map((e) => [e.type, e.chat.unread_count])).toEqual([
      ['chat.message', 2],
      ['chat.message', 2],
    ]);
    expect((await t.db.chat.findFirstOrThrow({ where: { accountId, phone: fresh } })).botStep).toBe('menu');
    expect(sent.slice(sentBefore).map((m) => m.to)).toEqual([fresh, fresh]);
  });

  it('answers the business-hours message outside the store’s hours (a Saturday night) and leaves the chat waiting', async () => {
    const store = await t.db.location.create({
      data: { accountId, name: 'Loja Seg a Sex', openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '08:00', close: '18:00' })) },
    });
    await t.db.chatBotFlow.upsert({
      where: { accountId },
      create: { accountId, ...DEFAULT_BOT_FLOW, defaultLocationId: store.id },
      update: { defaultLocationId: store.id },
    });
    now = new Date('2026-11-28T23:00:00-03:00');
    const phone = chatPhone();
    await inbound.handleInbound(message(phone, `night-${phone}`, 'Boa noite, vocês entregam amanhã?'));
    const chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone } });
    expect(chat).toMatchObject({ status: 'waiting', botStep: 'business_hours', locationId: store.id });
    expect(sent.at(-1)).toEqual({ to: phone, body: DEFAULT_BOT_FLOW.businessHours });
    const steps = await t.db.chatBotStep.findMany({ where: { chatId: chat.id } });
    expect(steps.map((s) => [s.step, s.outcome])).toEqual([['business_hours', 'advanced']]);

    // Monday 09:00: the next customer is greeted.
    now = new Date('2026-11-30T09:00:00-03:00');
    const morning = chatPhone();
    await inbound.handleInbound(message(morning, `morning-${morning}`, 'Bom dia'));
    expect((await t.db.chat.findFirstOrThrow({ where: { accountId, phone: morning } })).botStep).toBe('menu');
    await t.db.chatBotFlow.delete({ where: { accountId } });
    now = new Date();
  });

  it('hands over on "2", and the waiting chat goes to an online attendant', async () => {
    const agent = await createAttendantUser(t, 'Atendente Inbound', { status: 'online' });
    const phone = chatPhone();
    await inbound.handleInbound(message(phone, `h1-${phone}`, 'Olá'));
    await inbound.handleInbound(message(phone, `h2-${phone}`, '2'));
    const chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone } });
    expect(chat).toMatchObject({ status: 'open', attendantUserId: agent.userId });
    expect(sent.at(-1)!.body).toBe(DEFAULT_BOT_FLOW.handover);
    expect(events.some((e) => e.type === 'chat.assigned' && e.chat_id === chat.id)).toBe(true);
    await t.db.chatAttendant.updateMany({ where: { accountId }, data: { status: 'away' } });
  });

  it('records the step a customer left the bot at as abandoned when an attendant takes the chat, and the dashboard counts it', async () => {
    const phone = chatPhone();
    await inbound.handleInbound(message(phone, `ab-${phone}`, 'Oi'));
    const chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone } });
    const token = await t.login(DEMO.admin);
    const took = await t.http.post(`/api/chats/${chat.id}/take`).set(bearer(token));
    expect(took.status).toBe(200);
    const steps = await t.db.chatBotStep.findMany({ where: { chatId: chat.id }, orderBy: { id: 'asc' } });
    expect(steps.map((s) => [s.step, s.outcome])).toEqual([
      ['greeting', 'advanced'],
      ['menu', 'abandoned'],
    ]);
    const dash = await t.http.get('/api/chats/dashboard/bot-steps').set(bearer(token));
    const menu = dash.body.steps.find((s: { step: string }) => s.step === 'menu');
    expect(menu.abandoned).toBeGreaterThanOrEqual(1);
    expect(menu.abandon_rate).toBeGreaterThan(0);
  });

  it('applies delivery statuses of chat messages and of cart links to the chat', async () => {
    const phone = chatPhone();
    await inbound.handleInbound(message(phone, `st-${phone}`, 'Oi'));
    const chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone } });
    const bot = await t.db.chatMessage.findFirstOrThrow({ where: { chatId: chat.id, author: 'bot' } });
    await inbound.handleStatus({ accountId, messageId: bot.outboundMessageId!, subjectType: 'chat_message', subjectId: bot.id, status: 'read', reported: 'read', at: new Date(), error: null });
    expect((await t.db.chatMessage.findUniqueOrThrow({ where: { id: bot.id } })).deliveryStatus).toBe('read');
    expect(events.at(-1)).toMatchObject({ type: 'chat.delivery', chat_id: chat.id, message_id: bot.id, delivery_status: 'read' });
    // Another account's update touches nothing here.
    await inbound.handleStatus({ accountId: accountId + 1000, messageId: 1, subjectType: 'chat_message', subjectId: bot.id, status: 'failed', reported: 'failed', at: new Date(), error: 'x' });
    expect((await t.db.chatMessage.findUniqueOrThrow({ where: { id: bot.id } })).deliveryStatus).toBe('read');
  });
});
