import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStoresChanged } from '../../../test/fixtures/locations.ts';
import { io, type Socket } from 'socket.io-client';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { BOT_FLOW_BODY, chatPhone, createAttendantUser, createChat, userIdOf } from '../../../test/fixtures/chats.ts';
import { createCartStore } from '../../../test/fixtures/shopping-carts.ts';
import { ChatListQuery } from '@backoffice/contracts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { pageOf } from '../../lib/paging.ts';
import { toChatSummary } from './chat-view.ts';
import { chatSelect } from './chats.repo.ts';

let t: TestApp;
let admin = '';
let other = '';
let operator = '';
let accountId = 0;
let adminId = 0;

// Five minutes: the embedded database's migration and seed on a loaded machine.
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  operator = await t.login(DEMO.operator);
  accountId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } })).id;
  const atacado = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' }, select: { id: true } })).id;
  const res = await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacado });
  other = res.body.newToken as string;
  adminId = await userIdOf(t, DEMO.admin);
  // Nobody of the seed is online: each test puts its own attendants online.
  await t.db.chatAttendant.updateMany({ where: { accountId }, data: { status: 'away' } });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const as = (token: string) => ({
  get: (path: string) => t.http.get(path).set(bearer(token)),
  post: (path: string, body?: object) => t.http.post(path).set(bearer(token)).send(body),
  put: (path: string, body?: object) => t.http.put(path).set(bearer(token)).send(body),
  del: (path: string) => t.http.delete(path).set(bearer(token)),
});

/** Makes every attendant of Bom Preço away and empties the queue (tests of the assignment start from an empty floor). */
const allAway = async () => {
  await t.db.chatAttendant.updateMany({ where: { accountId }, data: { status: 'away' } });
  await t.db.chat.updateMany({ where: { accountId, status: { in: ['waiting', 'bot'] } }, data: { status: 'closed' } });
  // Written around the app: its list cache is told.
  await t.app.cache.versions.bump([`chats:${accountId}`]);
};

describe('conversations', () => {
  it('lists with filters and both sorts, and answers one with its customer panel and messages', async () => {
    const a = await createChat(t, 'Lívia Antiga', { status: 'open', attendantUserId: adminId, channel: 'rappi' });
    await t.db.chat.update({ where: { id: a.id }, data: { lastMessageAt: new Date(Date.now() - 3_600_000) } });
    const b = await createChat(t, 'Lívia Recente', { status: 'open', attendantUserId: adminId, channel: 'rappi' });
    const desc = await as(admin).get('/api/chats?channel=rappi&search=Lívia');
    expect(desc.status).toBe(200);
    expect(desc.body.data.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    const asc = await as(admin).get(`/api/chats?channel=rappi&search=Lívia&sort=asc&attendant_user_id=${adminId}&status=open`);
    expect(asc.body.data.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    expect(asc.body.meta.total).toBe(2);

    const one = await as(admin).get(`/api/chats/${b.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: b.id, channel: 'rappi', customer: { name: 'Lívia Recente', phone: b.phone }, carts: [], orders: [], orders_count: 0 });
    const messages = await as(admin).get(`/api/chats/${b.id}/messages`);
    expect(messages.body.data).toEqual([expect.objectContaining({ direction: 'in', author: 'customer', body: 'Olá, aqui é Lívia Recente' })]);
  });

  it("answers 404 for another account's chat, template and tag", async () => {
    const c = await createChat(t, 'Cliente Alheio');
    const tag = await as(admin).post('/api/chats/tags', { name: 'VIP alheio', color: '#000000' });
    const tpl = await as(admin).post('/api/chats/templates', { templateId: 'alheio', title: 'Alheio', body: 'Oi', global: true });
    for (const res of [
      await as(other).get(`/api/chats/${c.id}`),
      await as(other).post(`/api/chats/${c.id}/messages`, { kind: 'text', text: 'Oi' }),
      await as(other).post(`/api/chats/${c.id}/close`),
      await as(other).get(`/api/chats/templates/${tpl.body.id}`),
      await as(other).put(`/api/chats/tags/${tag.body.id}`, { name: 'Outro', color: '#000000' }),
      await as(other).del(`/api/chats/tags/${tag.body.id}`),
    ]) {
      expect(res.status).toBe(404);
      expectEnvelope(res.body);
    }
    expect((await as(other).get('/api/chats?search=Cliente Alheio')).body.data).toEqual([]);
  });

  it('refuses bad input with a 400 in Portuguese naming the field', async () => {
    const c = await createChat(t, 'Cliente Validação');
    const cases: Array<[Promise<{ status: number; body: unknown }>, string]> = [
      [as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'text', text: '   ' }), 'text'],
      [as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'media', media_url: 'https://fora.test/x.png', media_type: 'image/png' }), 'media_url'],
      [as(admin).post(`/api/chats/${c.id}/transfer`, {}), 'to_user_id'],
      [as(admin).post('/api/chats/templates', { templateId: 'Com Espaço', title: 'x', body: 'y' }), 'templateId'],
      [as(admin).post('/api/chats/tags', { name: 'Cor', color: 'vermelho' }), 'color'],
      [as(admin).get('/api/chats?sort=random'), 'sort'],
      [as(admin).get('/api/chats/attendance?start=2026-11-10&finish=2026-11-01'), 'finish'],
    ];
    for (const [req, field] of cases) {
      const res = await req;
      expect(res.status, field).toBe(400);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.details?.[0]?.field).toBe(field);
      expect(error.message).toMatch(/[ãçéíóúâêô]|Dados inválidos/);
    }
  });

  it('sends text (the sender takes a chat nobody has), a template filled with the name, and records the first response', async () => {
    const c = await createChat(t, 'Rita Cardoso', { status: 'waiting' });
    const sent = await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'text', text: 'Bom dia! Vou ver seu pedido.' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ direction: 'out', author: 'attendant', kind: 'text', delivery_status: 'queued' });
    expect(sent.body.chat).toMatchObject({ status: 'open', attendant: { user_id: adminId }, unread_count: 0 });
    expect(sent.body.chat.first_response_at).not.toBeNull();
    const outbound = await t.db.outboundMessage.findFirstOrThrow({ where: { accountId, subjectType: 'chat_message', subjectId: sent.body.message.id } });
    expect(outbound).toMatchObject({ to: c.phone, body: 'Bom dia! Vou ver seu pedido.' });

    const tpl = await as(admin).post('/api/chats/templates', { templateId: 'saudacao_rita', title: 'Saudação', body: 'Oi {{nome}}, tudo bem?' });
    const viaTemplate = await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'template', template_id: tpl.body.id });
    expect(viaTemplate.body.message).toMatchObject({ kind: 'template', body: 'Oi Rita, tudo bem?', template_id: tpl.body.id });
    // Delivery statuses come back to the chat message.
    await t.drainJobs();
    const after = await as(admin).get(`/api/chats/${c.id}/messages`);
    const statuses = after.body.data.filter((m: { direction: string }) => m.direction === 'out').map((m: { delivery_status: string }) => m.delivery_status);
    expect(statuses.every((s: string) => ['sent', 'delivered', 'read'].includes(s))).toBe(true);
  });

  it('sends an uploaded media, and refuses a media of no upload', async () => {
    const c = await createChat(t, 'Cliente Mídia', { status: 'open', attendantUserId: adminId });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const up = await t.http.post('/api/chats/media').set(bearer(admin)).attach('file', Buffer.concat([png, Buffer.alloc(64)]), { filename: 'oferta.png', contentType: 'image/png' });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ media_type: 'image/png', media_name: 'oferta.png' });
    const sent = await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'media', media_url: up.body.media_url, media_type: 'image/png', caption: 'Nossa oferta' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ kind: 'media', body: 'Nossa oferta', media: { url: up.body.media_url, media_type: 'image/png' } });
    const missing = await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'media', media_url: `/uploads/${accountId}/00000000-0000-4000-8000-000000000000.png`, media_type: 'image/png' });
    expect(missing.status).toBe(422);
    expect(expectEnvelope(missing.body, 'CHAT_MEDIA_UNKNOWN').details?.[0]?.field).toBe('media_url');
  });

  it("builds a cart from the customer's list and sends its link once approved", async () => {
    const store = await createCartStore(t, admin, 'Loja Conversas Carrinho');
    const c = await createChat(t, 'Cliente Carrinho Chat', { status: 'open', attendantUserId: adminId, locationId: store.locationId, customerId: store.customerId });
    await t.db.chatMessage.create({ data: { accountId, chatId: c.id, direction: 'in', author: 'customer', kind: 'text', body: 'leite integral tremelique 1L x2' } });
    const cart = await as(admin).post(`/api/chats/${c.id}/cart`, {});
    expect(cart.status).toBe(201);
    expect(cart.body).toMatchObject({ status: 'in_review', customer: { id: store.customerId }, location: { id: store.locationId } });
    expect(cart.body.items[0]).toMatchObject({ status: 'confirmed', quantity: 2 });

    const early = await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'cart_link', cart_id: cart.body.id });
    expect(early.status).toBe(409);
    await as(admin).put(`/api/shopping-cart/${cart.body.id}/status`, { statusType: 'approved' });
    const sent = await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'cart_link', cart_id: cart.body.id });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ kind: 'cart_link', cart_id: cart.body.id });
    expect(sent.body.message.body).toContain('/carrinho/');
    await t.drainJobs();
    const panel = await as(admin).get(`/api/chats/${c.id}`);
    expect(panel.body.carts[0]).toMatchObject({ id: cart.body.id, status: 'link_sent' });

    const otherCustomer = await createChat(t, 'Outro Cliente Carrinho', { status: 'open', attendantUserId: adminId });
    const wrong = await as(admin).post(`/api/chats/${otherCustomer.id}/messages`, { kind: 'cart_link', cart_id: cart.body.id });
    expect(wrong.status).toBe(422);
    expect(expectEnvelope(wrong.body, 'CHAT_CART_UNKNOWN').details?.[0]?.field).toBe('cart_id');
  });

  it('tags a chat and filters by tag; refuses tags of no such id naming tag_ids', async () => {
    const c = await createChat(t, 'Cliente Etiquetado');
    const tag = await as(admin).post('/api/chats/tags', { name: 'Entrega expressa', color: '#c92a2a' });
    const tagged = await as(admin).put(`/api/chats/${c.id}/tags`, { tag_ids: [tag.body.id] });
    expect(tagged.body.tags).toEqual([{ id: tag.body.id, name: 'Entrega expressa', color: '#c92a2a' }]);
    expect((await as(admin).get(`/api/chats?tag_id=${tag.body.id}`)).body.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const bad = await as(admin).put(`/api/chats/${c.id}/tags`, { tag_ids: [999_999] });
    expect(bad.status).toBe(422);
    expect(expectEnvelope(bad.body).details?.[0]?.field).toBe('tag_ids');
    expect((await as(admin).post('/api/chats/tags', { name: 'entrega EXPRESSA', color: '#c92a2a' })).status).toBe(409);
  });
});

describe('the list, written by the database', () => {
  /** The list as Prisma's relations and `toChatSummary` answer it (what the route answered before its JSON came from the database). */
  async function expected(raw: Record<string, string>, scope: number[] | null = null) {
    const q = ChatListQuery.parse(raw);
    const digits = q.search?.replace(/\D/g, '') ?? '';
    const phone = q.search && /^[\d\s+()-]+$/.test(q.search) && digits.length >= 3 ? [{ phone: { contains: digits } }] : [];
    // The store scope and the search both hold (the spread of two `OR`s let a search escape the scope).
    const where: Prisma.ChatWhereInput = {
      accountId,
      AND: [
        scope ? { OR: [{ locationId: { in: scope } }, { locationId: null }] } : {},
        q.search ? { OR: [...phone, { customer: { name: { contains: q.search, mode: 'insensitive' } } }] } : {},
      ],
      ...(q.status ? { status: q.status } : {}),
      ...(q.channel ? { channel: q.channel } : {}),
      ...(q.attendant_user_id ? { attendantUserId: q.attendant_user_id } : {}),
      ...(q.unassigned ? { attendantUserId: null } : {}),
      ...(q.location_id ? { locationId: q.location_id } : {}),
      ...(q.tag_id ? { tagLinks: { some: { tagId: q.tag_id } } } : {}),
    };
    const [rows, total] = await Promise.all([
      t.db.chat.findMany({ where, select: chatSelect, orderBy: [{ lastMessageAt: q.sort }, { id: q.sort }], skip: (q.page - 1) * q.quantity, take: q.quantity }),
      t.db.chat.count({ where }),
    ]);
    return pageOf(rows.map(toChatSummary), q, total);
  }

  /** The counters as they should be: the chats counted per (account, store, status, channel, attendant), 0 for none. */
  const countsFromChats = () =>
    t.db.$queryRaw<Array<{ key: string; chats: number }>>`
      SELECT concat_ws('|', account_id, coalesce(location_id, 0), status, channel, coalesce(attendant_user_id, 0)) AS key, count(*)::int AS chats
        FROM chats GROUP BY 1 ORDER BY 1`;
  const counters = () =>
    t.db.$queryRaw<Array<{ key: string; chats: number }>>`
      SELECT concat_ws('|', account_id, location_id, status, channel, attendant_user_id) AS key, chats FROM chat_counts WHERE chats <> 0 ORDER BY 1`;

  it('answers every filter, both sorts and a store-limited user exactly as toChatSummary would, key order included', async () => {
    const [storeA, storeB] = await t.db.location.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: 'asc' }, take: 2 });
    const late = await as(admin).post('/api/chats/tags', { name: 'Lista Z', color: '#2b8a3e' });
    const early = await as(admin).post('/api/chats/tags', { name: 'Lista A', color: '#e8590c' });
    const tagged = await createChat(t, 'Zé "Aspas" \\ Lista Barra', { status: 'open', attendantUserId: adminId, locationId: storeA!.id, channel: 'vtex' });
    await as(admin).put(`/api/chats/${tagged.id}/tags`, { tag_ids: [early.body.id, late.body.id] });
    // No store, no attendant, a preview with a line break, a tab and an emoji.
    const bare = await createChat(t, 'Lista Sem Loja', { status: 'waiting' });
    await t.db.chat.update({ where: { id: bare.id }, data: { lastMessagePreview: 'linha 1\nlinha\t2 🛒', botStep: 'handover' } });
    const closed = await createChat(t, 'Lista Encerrada', { status: 'closed', attendantUserId: adminId, locationId: storeB!.id, channel: 'magento' });
    await t.db.chat.update({ where: { id: closed.id }, data: { firstResponseAt: new Date(Date.UTC(2026, 10, 2, 3, 4, 5, 60)), lastMessageAt: new Date(Date.UTC(2026, 10, 2, 3, 9, 0, 0)) } });
    await createChat(t, 'Lista Robô', { status: 'bot', channel: 'whatsapp_bot', locationId: storeA!.id });

    const queries: Array<Record<string, string>> = [
      {},
      { sort: 'asc' },
      { status: 'open' },
      { status: 'waiting', sort: 'asc' },
      { status: 'closed', location_id: String(storeB!.id) },
      { channel: 'vtex' },
      { channel: 'whatsapp_bot', location_id: String(storeA!.id) },
      { attendant_user_id: String(adminId) },
      { attendant_user_id: String(adminId), unassigned: 'true' },
      { unassigned: 'true', sort: 'asc' },
      { location_id: String(storeA!.id) },
      { tag_id: String(early.body.id) },
      { tag_id: String(late.body.id), status: 'open' },
      { search: 'lista' },
      { search: 'Zé "Aspas"' },
      { search: tagged.phone.slice(-6) },
      { search: '%' },
      { page: '2', quantity: '3' },
      { page: '999' },
    ];
    for (const query of queries) {
      const res = await as(admin).get('/api/chats').query(query);
      expect(res.status, JSON.stringify(query)).toBe(200);
      const want = await expected(query);
      // A search for "%" matches it literally (Prisma's `contains` passed the wildcard through).
      if (query.search === '%') {
        expect(res.body).toEqual({ data: [], meta: { ...want.meta, total: 0, total_pages: 0 } });
        continue;
      }
      expect(JSON.stringify(res.body), JSON.stringify(query)).toBe(JSON.stringify(want));
    }
    const list = await as(admin).get('/api/chats').query({ search: 'Lista' });
    const byId = new Map(list.body.data.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(tagged.id)).toMatchObject({
      customer: { name: 'Zé "Aspas" \\ Lista Barra' },
      location: { id: storeA!.id },
      tags: [{ id: late.body.id, name: 'Lista Z', color: '#2b8a3e' }, { id: early.body.id, name: 'Lista A', color: '#e8590c' }],
    });
    expect(byId.get(bare.id)).toMatchObject({ location: null, attendant: null, tags: [], last_message_preview: 'linha 1\nlinha\t2 🛒', bot_step: 'handover' });
    expect(byId.get(closed.id)).toMatchObject({ first_response_at: '2026-11-02T03:04:05.060Z', last_message_at: '2026-11-02T03:09:00.000Z' });

    // A user limited to store A sees its chats and those of no store, counted so.
    const limited = await createAttendantUser(t, 'Atendente Loja A Lista');
    await t.db.userLocation.create({ data: { accountId, locationId: storeA!.id, userId: limited.userId } });
    await userStoresChanged(t, accountId, limited.userId);
    const token = await t.login(limited.email);
    for (const query of [{}, { status: 'waiting' }, { location_id: String(storeB!.id) }, { search: 'Lista' }] as Array<Record<string, string>>) {
      const res = await as(token).get('/api/chats').query(query);
      expect(JSON.stringify(res.body), JSON.stringify(query)).toBe(JSON.stringify(await expected(query, [storeA!.id])));
    }
  });

  it('keeps the counters equal to counting the chats through inserts, moves, transfers, store changes and deletes', async () => {
    const store = await t.db.location.create({ data: { accountId, name: 'Loja Contadores' }, select: { id: true } });
    const other = await t.db.location.findFirstOrThrow({ where: { accountId, id: { not: store.id } }, select: { id: true } });
    const ana = await createAttendantUser(t, 'Atendente Contadora Ana');
    const bia = await createAttendantUser(t, 'Atendente Contadora Bia');
    const waiting = await createChat(t, 'Contador Fila', { status: 'waiting', locationId: store.id });
    const open = await createChat(t, 'Contador Aberto', { status: 'open', attendantUserId: ana.userId, channel: 'rappi' });
    const bot = await createChat(t, 'Contador Robô', { status: 'bot', channel: 'whatsapp_bot', locationId: store.id });
    expect(await counters()).toEqual(await countsFromChats());

    expect((await as(admin).post(`/api/chats/${waiting.id}/take`)).status).toBe(200);
    expect((await as(admin).post(`/api/chats/${open.id}/transfer`, { to_user_id: bia.userId })).status).toBe(200);
    expect((await as(admin).post(`/api/chats/${open.id}/close`)).status).toBe(200);
    await t.db.chat.update({ where: { id: bot.id }, data: { locationId: other.id } });
    await t.db.chat.update({ where: { id: waiting.id }, data: { channel: 'vtex', locationId: null } });
    expect(await counters()).toEqual(await countsFromChats());

    // A message's update changes none of the key: the counters stay as they were.
    const before = await counters();
    await t.db.chat.update({ where: { id: waiting.id }, data: { lastMessageAt: new Date(), unreadCount: 3, lastMessagePreview: 'Oi' } });
    expect(await counters()).toEqual(before);

    // A store or an attendant removed leaves its chats without one (ON DELETE SET NULL), and a chat removed leaves its counter.
    await t.db.chat.update({ where: { id: open.id }, data: { locationId: store.id } });
    await t.db.location.delete({ where: { id: store.id } });
    await t.db.user.delete({ where: { id: bia.userId } });
    await t.db.chat.delete({ where: { id: bot.id } });
    expect(await counters()).toEqual(await countsFromChats());
    const total = await as(admin).get('/api/chats').query({ unassigned: 'true' });
    expect(total.body.meta.total).toBe(await t.db.chat.count({ where: { accountId, attendantUserId: null } }));
  });
});

describe('the list, kept between changes', () => {
  it('answers a change made through the app at once: a tag set, a chat taken and closed, an assignment', async () => {
    const c = await createChat(t, 'Cliente Da Lista', { status: 'waiting' });
    const row = async () => ((await as(admin).get('/api/chats?status=waiting&quantity=200')).body.data as Array<{ id: number; tags: unknown[] }>).find((x) => x.id === c.id);
    expect((await row())?.tags).toEqual([]);
    const tag = await as(admin).post('/api/chats/tags', { name: `Lista ${c.id}`, color: '#2b8a3e' });
    await as(admin).put(`/api/chats/${c.id}/tags`, { tag_ids: [tag.body.id] });
    expect((await row())?.tags).toEqual([{ id: tag.body.id, name: `Lista ${c.id}`, color: '#2b8a3e' }]);
    // A tag renamed shows renamed; a tag deleted leaves the row.
    await as(admin).put(`/api/chats/tags/${tag.body.id}`, { name: `Lista ${c.id} renomeada`, color: '#2b8a3e' });
    expect((await row())?.tags).toEqual([{ id: tag.body.id, name: `Lista ${c.id} renomeada`, color: '#2b8a3e' }]);
    await as(admin).del(`/api/chats/tags/${tag.body.id}`);
    expect((await row())?.tags).toEqual([]);
    await as(operator).post(`/api/chats/${c.id}/take`);
    expect(await row()).toBeUndefined();
    await as(operator).post(`/api/chats/${c.id}/close`);
    const closed = (await as(admin).get('/api/chats?status=closed&quantity=200')).body.data as Array<{ id: number }>;
    expect(closed.map((x) => x.id)).toContain(c.id);
    // The assignment moves chats inside its own transaction, and tells the list after it commits.
    await allAway();
    const waiting = await createChat(t, 'Cliente Na Fila Da Lista', { status: 'waiting' });
    const ids = async (status: string) => ((await as(admin).get(`/api/chats?status=${status}&quantity=200`)).body.data as Array<{ id: number }>).map((x) => x.id);
    expect(await ids('waiting')).toEqual([waiting.id]);
    const attendant = await createAttendantUser(t, 'Atendente Da Lista', { status: 'away', maxChats: 5 });
    await as(await t.login(attendant.email)).put('/api/chats/attendants/me/status', { status: 'online' });
    expect(await ids('waiting')).toEqual([]);
    expect(await ids('open')).toContain(waiting.id);
  });
});

describe('assignment and transfer', () => {
  it('gives a waiting chat to the least busy online attendant of its store, under their maximum', async () => {
    await allAway();
    const store = await t.db.location.findFirstOrThrow({ where: { accountId }, select: { id: true } });
    const busy = await createAttendantUser(t, 'Atendente Ocupada', { status: 'online', maxChats: 5 });
    const free = await createAttendantUser(t, 'Atendente Livre', { status: 'online', maxChats: 5 });
    const elsewhere = await createAttendantUser(t, 'Atendente Outra Loja', { status: 'online', maxChats: 5, locationIds: [999_999] });
    await createChat(t, 'Cliente Já Atendido', { status: 'open', attendantUserId: busy.userId });
    const c = await createChat(t, 'Cliente Na Fila', { status: 'waiting', locationId: store.id });
    // Going online runs the assignment.
    const me = await as(await t.login(free.email)).put('/api/chats/attendants/me/status', { status: 'online' });
    expect(me.body.attendant).toMatchObject({ status: 'online' });
    const chat = await t.db.chat.findUniqueOrThrow({ where: { id: c.id } });
    expect(chat).toMatchObject({ status: 'open', attendantUserId: free.userId });
    expect(elsewhere.userId).not.toBe(chat.attendantUserId);
    const events = await t.db.chatEvent.findMany({ where: { chatId: c.id }, orderBy: { id: 'asc' } });
    expect(events.map((e) => e.kind)).toEqual(['assigned', 'status']);
  });

  it('leaves a chat waiting when every online attendant is at their maximum, and assigns it when one closes a chat', async () => {
    await allAway();
    const full = await createAttendantUser(t, 'Atendente Lotada', { status: 'online', maxChats: 1 });
    const first = await createChat(t, 'Cliente Primeiro', { status: 'open', attendantUserId: full.userId });
    const queued = await createChat(t, 'Cliente Segundo', { status: 'waiting' });
    const token = await t.login(full.email);
    await as(token).put('/api/chats/attendants/me/status', { status: 'online' });
    expect((await t.db.chat.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe('waiting');
    const closed = await as(token).post(`/api/chats/${first.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.chat).toMatchObject({ status: 'closed' });
    expect(closed.body.chat.resolved_at).not.toBeNull();
    expect(await t.db.chat.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: 'open', attendantUserId: full.userId });
    // An away attendant takes nothing.
    await as(token).put('/api/chats/attendants/me/status', { status: 'away' });
    const later = await createChat(t, 'Cliente Terceiro', { status: 'waiting' });
    await as(token).post(`/api/chats/${queued.id}/close`);
    expect((await t.db.chat.findUniqueOrThrow({ where: { id: later.id } })).status).toBe('waiting');
  });

  it('transfers to any attendant but the current one (refused in Portuguese), and records from/to', async () => {
    const ana = await createAttendantUser(t, 'Atendente Ana');
    const bia = await createAttendantUser(t, 'Atendente Bia');
    const c = await createChat(t, 'Cliente Transferido', { status: 'open', attendantUserId: ana.userId });
    const same = await as(admin).post(`/api/chats/${c.id}/transfer`, { to_user_id: ana.userId });
    expect(same.status).toBe(422);
    const error = expectEnvelope(same.body, 'CHAT_TRANSFER_SAME');
    expect(error.message).toBe('A conversa já está com este atendente: escolha outro atendente para transferir.');
    expect(error.details?.[0]?.field).toBe('to_user_id');
    const notAttendant = await createAttendantUser(t, 'Usuário Sem Atendimento', null);
    expect((await as(admin).post(`/api/chats/${c.id}/transfer`, { to_user_id: notAttendant.userId })).status).toBe(422);

    const moved = await as(admin).post(`/api/chats/${c.id}/transfer`, { to_user_id: bia.userId });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Conversa transferida para Atendente Bia.');
    expect(moved.body.chat.attendant).toEqual({ user_id: bia.userId, name: 'Atendente Bia' });
    const event = await t.db.chatEvent.findFirstOrThrow({ where: { chatId: c.id, kind: 'transferred' } });
    expect(event).toMatchObject({ fromUserId: ana.userId, toUserId: bia.userId, actorUserId: adminId });
  });

  it('takes a chat, refuses taking it twice, closes and reopens it', async () => {
    const c = await createChat(t, 'Cliente Assumido', { status: 'waiting' });
    const took = await as(operator).post(`/api/chats/${c.id}/take`);
    expect(took.status).toBe(200);
    expect(took.body.message).toBe('Você assumiu a conversa.');
    expect((await as(operator).post(`/api/chats/${c.id}/take`)).status).toBe(409);
    expect((await as(operator).post(`/api/chats/${c.id}/close`)).status).toBe(200);
    expect((await as(operator).post(`/api/chats/${c.id}/close`)).status).toBe(409);
    expect((await as(operator).post(`/api/chats/${c.id}/messages`, { kind: 'text', text: 'Oi' })).status).toBe(409);
    const reopened = await as(admin).post(`/api/chats/${c.id}/reopen`);
    expect(reopened.body.chat).toMatchObject({ status: 'open', attendant: { user_id: adminId }, resolved_at: null });
  });
});

describe('attendants, templates and the bot flow', () => {
  it('manages attendants: create from an active member, refuse duplicates and unknown users or stores', async () => {
    const u = await createAttendantUser(t, 'Membro Novo Atendente', null);
    const created = await as(admin).post('/api/chats/attendants', { user_id: u.userId, max_chats: 3 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ user: { id: u.userId }, status: 'away', max_chats: 3, location_ids: [], open_chats: 0 });
    expect((await as(admin).post('/api/chats/attendants', { user_id: u.userId })).status).toBe(409);
    const stranger = await as(other).post('/api/chats/attendants', { user_id: u.userId });
    expect(stranger.status).toBe(422);
    expect(expectEnvelope(stranger.body).details?.[0]?.field).toBe('user_id');
    const badStore = await as(admin).put(`/api/chats/attendants/${created.body.id}`, { max_chats: 2, location_ids: [999_999] });
    expect(expectEnvelope(badStore.body).details?.[0]?.field).toBe('location_ids');
    expect((await as(operator).post('/api/chats/attendants', { user_id: u.userId })).status).toBe(403);
    expect((await as(admin).del(`/api/chats/attendants/${created.body.id}`)).status).toBe(200);
  });

  it('shows global templates and the user’s own; only the owner or an admin changes one', async () => {
    const global = await as(admin).post('/api/chats/templates', { templateId: 'boas_vindas_teste', title: 'Boas-vindas', body: 'Olá {{nome}}!', global: true });
    expect(global.status).toBe(201);
    expect(global.body).toMatchObject({ global: true, user_id: null, editable: true });
    const mine = await as(operator).post('/api/chats/templates', { templateId: 'meu_atalho', title: 'Meu atalho', body: 'Já volto.' });
    expect(mine.body).toMatchObject({ global: false, editable: true });
    expect((await as(operator).post('/api/chats/templates', { templateId: 'global_do_operador', title: 'x', body: 'y', global: true })).status).toBe(403);
    expect((await as(operator).post('/api/chats/templates', { templateId: 'boas_vindas_teste', title: 'Repetido', body: 'y' })).status).toBe(409);

    const seen = await as(operator).get('/api/chats/templates?quantity=500');
    const keys = seen.body.data.map((x: { templateId: string }) => x.templateId);
    expect(keys).toEqual(expect.arrayContaining(['boas_vindas_teste', 'meu_atalho']));
    expect(seen.body.data.find((x: { templateId: string }) => x.templateId === 'boas_vindas_teste').editable).toBe(false);
    const adminSees = await as(admin).get('/api/chats/templates?scope=own&quantity=500');
    expect(adminSees.body.data.map((x: { templateId: string }) => x.templateId)).not.toContain('meu_atalho');
    expect((await as(admin).get(`/api/chats/templates/${mine.body.id}`)).status).toBe(404);

    const refused = await as(operator).put(`/api/chats/templates/${global.body.id}`, { templateId: 'boas_vindas_teste', title: 'Mudei', body: 'x', global: true });
    expect(refused.status).toBe(403);
    expect(expectEnvelope(refused.body).message).toBe('Somente o dono do modelo ou um administrador pode alterá-lo.');
    expect((await as(operator).del(`/api/chats/templates/${mine.body.id}`)).status).toBe(200);
    expect((await as(admin).del(`/api/chats/templates/${global.body.id}`)).status).toBe(200);
  });

  it('reads the default bot flow and replaces it; a store of no such id is refused naming the field', async () => {
    const before = await as(admin).get('/api/chats/bot-flow');
    expect(before.body.enabled).toBe(true);
    const saved = await as(admin).put('/api/chats/bot-flow', { ...BOT_FLOW_BODY, abandon_after_minutes: 45 });
    expect(saved.body).toMatchObject({ abandon_after_minutes: 45, greeting: BOT_FLOW_BODY.greeting });
    const bad = await as(admin).put('/api/chats/bot-flow', { ...BOT_FLOW_BODY, default_location_id: 999_999 });
    expect(expectEnvelope(bad.body).details?.[0]?.field).toBe('default_location_id');
    await as(admin).put('/api/chats/bot-flow', BOT_FLOW_BODY);
  });
});

describe('inbound through the WhatsApp simulator', () => {
  it('greets, shows the menu, collects the list into a cart draft, hands over and assigns; every step recorded', async () => {
    await allAway();
    const store = await createCartStore(t, admin, 'Loja do Robô');
    await t.db.location.update({ where: { id: store.locationId }, data: { openingHours: [] } });
    await as(admin).put('/api/chats/bot-flow', { ...BOT_FLOW_BODY, default_location_id: store.locationId });
    const agent = await createAttendantUser(t, 'Atendente do Robô', { status: 'online' });
    const phone = chatPhone();
    const say = async (text: string, id: string) => {
      const res = await as(admin).post('/api/whatsapp/simulator/messages', { phone, name: 'Joana Prado', text, id });
      expect(res.status).toBe(201);
      await t.drainJobs();
    };
    await say('Oi', `${phone.slice(1)}-1`);
    const customer = await t.db.customer.findFirstOrThrow({ where: { accountId, phone } });
    expect(customer.name).toBe('Joana Prado');
    let chat = await t.db.chat.findFirstOrThrow({ where: { accountId, phone } });
    expect(chat).toMatchObject({ status: 'bot', channel: 'whatsapp_bot', botStep: 'menu', locationId: store.locationId });
    const bot = () => t.db.chatMessage.findMany({ where: { chatId: chat.id, author: 'bot' }, orderBy: { id: 'asc' }, select: { body: true } });
    expect((await bot()).map((m) => m.body)).toEqual(['Olá, Joana! Aqui é o atendimento do Supermercado Bom Preço.', BOT_FLOW_BODY.menu]);

    await say('quero saber do horário', `${phone.slice(1)}-2`);
    expect((await bot()).at(-1)!.body).toBe(BOT_FLOW_BODY.menu);
    await say('1', `${phone.slice(1)}-3`);
    expect((await bot()).at(-1)!.body).toBe(BOT_FLOW_BODY.list_prompt);
    // The same message again (a replay) is one message.
    await say('1', `${phone.slice(1)}-3`);
    expect(await t.db.chatMessage.count({ where: { chatId: chat.id, author: 'customer' } })).toBe(3);

    await say('leite integral tremelique 1L x2\nfeijão xorumbá carioca 1kg', `${phone.slice(1)}-4`);
    chat = await t.db.chat.findFirstOrThrow({ where: { id: chat.id } });
    expect(chat).toMatchObject({ status: 'open', attendantUserId: agent.userId, botStep: 'handover' });
    const state = chat.botState as { cart_id?: number };
    const cart = await t.db.shoppingCart.findUniqueOrThrow({ where: { id: state.cart_id! } });
    expect(cart).toMatchObject({ customerId: customer.id, locationId: store.locationId, status: 'in_review' });
    expect((await bot()).map((m) => m.body).slice(-2)).toEqual(['Recebemos 2 item(ns).', BOT_FLOW_BODY.handover]);
    const steps = await t.db.chatBotStep.findMany({ where: { chatId: chat.id }, orderBy: { id: 'asc' } });
    expect(steps.map((s) => [s.step, s.outcome])).toEqual([
      ['greeting', 'advanced'],
      ['menu', 'advanced'],
      ['list', 'advanced'],
      ['handover', 'advanced'],
    ]);

    const dash = await as(admin).get('/api/chats/dashboard/bot-steps');
    const list = dash.body.steps.find((s: { step: string }) => s.step === 'list');
    expect(list.reached).toBeGreaterThanOrEqual(1);
    expect(list.advanced).toBeGreaterThanOrEqual(1);
    await as(admin).put('/api/chats/bot-flow', BOT_FLOW_BODY);
  });
});

describe('dashboards', () => {
  it('counts conversations and business-hours times by attendant and channel, and the attendance report', async () => {
    const store = await t.db.location.create({
      data: { accountId, name: 'Loja Horário Comercial', openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '08:00', close: '18:00' })) },
    });
    const agent = await createAttendantUser(t, 'Atendente Relatório');
    // Monday 2026-11-23 17:50 (São Paulo): answered Tuesday 08:10 (20 business minutes), resolved Tuesday 09:00 (70).
    const created = new Date('2026-11-23T20:50:00Z');
    const c = await createChat(t, 'Cliente Do Relatório', { status: 'closed', attendantUserId: agent.userId, locationId: store.id, channel: 'vtex' });
    await t.db.chat.update({ where: { id: c.id }, data: { createdAt: created, firstResponseAt: new Date('2026-11-24T11:10:00Z'), resolvedAt: new Date('2026-11-24T12:00:00Z') } });
    await t.db.chatEvent.create({ data: { accountId, chatId: c.id, kind: 'assigned', toUserId: agent.userId, createdAt: created } });

    const dash = await as(admin).get(`/api/chats/dashboard?start_date=2026-11-23&end_date=2026-11-24&location_id=${store.id}`);
    expect(dash.status).toBe(200);
    expect(dash.body.totals).toMatchObject({ conversations: 1, closed: 1, first_response: { median: 20, p90: 20, count: 1 }, resolution: { median: 70 } });
    expect(dash.body.by_channel).toEqual([expect.objectContaining({ channel: 'vtex', label: 'vtex', conversations: 1 })]);
    expect(dash.body.by_attendant).toEqual([expect.objectContaining({ user_id: agent.userId, name: 'Atendente Relatório' })]);
    expect(dash.body.by_day.map((d: { date: string; conversations: number }) => [d.date, d.conversations])).toEqual([
      ['2026-11-23', 1],
      ['2026-11-24', 0],
    ]);

    const report = await as(admin).get(`/api/chats/attendance?start=2026-11-23&finish=2026-11-24&location_id=${store.id}`);
    const row = report.body.attendants.find((a: { user_id: number }) => a.user_id === agent.userId);
    expect(row).toMatchObject({ assigned: 1, closed: 1, first_response: { median: 20 }, resolution: { median: 70 } });
  });
});

describe('realtime (socket event whatsapp)', () => {
  const sockets: Socket[] = [];
  let url = '';
  const connect = async (token: string) => {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  /** The next `whatsapp` event of a type about a chat. */
  const next = (socket: Socket, type: string, chatId: number) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const on = (e: Record<string, unknown>) => {
        if (e.type === type && e.chat_id === chatId) {
          socket.off('whatsapp', on);
          resolve(e);
        }
      };
      socket.on('whatsapp', on);
    });

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('tells the account of a new message and the attendant of a transfer to them, with from and to', async () => {
    const target = await createAttendantUser(t, 'Atendente Ao Vivo');
    const room = await connect(operator);
    const own = await connect(await t.login(target.email));
    const c = await createChat(t, 'Cliente Ao Vivo', { status: 'open', attendantUserId: adminId });

    const message = next(room, 'chat.message', c.id);
    await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'text', text: 'Seu pedido já foi separado.' });
    expect(await message).toMatchObject({ account_id: accountId, message: { body: 'Seu pedido já foi separado.', author: 'attendant' }, chat: { id: c.id } });

    const transfer = next(own, 'chat.transferred', c.id);
    await as(admin).post(`/api/chats/${c.id}/transfer`, { to_user_id: target.userId });
    expect(await transfer).toMatchObject({
      from: { user_id: adminId },
      to: { user_id: target.userId, name: 'Atendente Ao Vivo' },
      chat: { attendant: { user_id: target.userId } },
    });

    const status = next(room, 'chat.status', c.id);
    await as(admin).post(`/api/chats/${c.id}/close`);
    expect(await status).toMatchObject({ status: 'closed', previous: 'open' });
  });

  it("sends nothing about one account's chats to another account's room", async () => {
    // A user of another account only (Café Aurora's).
    const stranger = await connect(await t.login(DEMO.brand));
    const seen: unknown[] = [];
    stranger.on('whatsapp', (e) => seen.push(e));
    const c = await createChat(t, 'Cliente Reservado', { status: 'open', attendantUserId: adminId });
    const mine = await connect(admin);
    const arrived = next(mine, 'chat.message', c.id);
    await as(admin).post(`/api/chats/${c.id}/messages`, { kind: 'text', text: 'Só para esta conta.' });
    await arrived;
    expect(seen.filter((e) => (e as { chat_id?: number }).chat_id === c.id)).toEqual([]);
  });
});
