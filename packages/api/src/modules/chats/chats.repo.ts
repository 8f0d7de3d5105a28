import type { ChatListQuery } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

export const chatSelect = {
  id: true,
  accountId: true,
  locationId: true,
  customerId: true,
  phone: true,
  channel: true,
  status: true,
  attendantUserId: true,
  unreadCount: true,
  lastMessageAt: true,
  lastMessagePreview: true,
  assignedAt: true,
  firstResponseAt: true,
  resolvedAt: true,
  botStep: true,
  botState: true,
  createdAt: true,
  location: { select: { id: true, name: true } },
  customer: { select: { id: true, name: true } },
  attendant: { select: { id: true, name: true } },
  tagLinks: { select: { tag: { select: { id: true, name: true, color: true } } }, orderBy: { tagId: 'asc' } },
} as const satisfies Prisma.ChatSelect;
export type ChatRow = Prisma.ChatGetPayload<{ select: typeof chatSelect }>;

export const messageSelect = {
  id: true,
  chatId: true,
  direction: true,
  author: true,
  authorUser: { select: { id: true, name: true } },
  kind: true,
  body: true,
  media: true,
  cartId: true,
  templateId: true,
  outboundMessageId: true,
  deliveryStatus: true,
  deliveryError: true,
  createdAt: true,
} as const satisfies Prisma.ChatMessageSelect;
export type ChatMessageRow = Prisma.ChatMessageGetPayload<{ select: typeof messageSelect }>;

export interface NewChatMessage {
  accountId: number;
  chatId: number;
  direction: 'in' | 'out';
  author: 'customer' | 'bot' | 'attendant';
  authorUserId?: number | null;
  kind: 'text' | 'media' | 'cart_link' | 'template';
  body: string | null;
  media?: { url: string; media_type: string; name: string | null } | null;
  cartId?: number | null;
  templateId?: number | null;
  outboundMessageId?: number | null;
  deliveryStatus?: string | null;
  providerMessageId?: string | null;
  createdAt?: Date;
}

/** A customer's message to a chat still open or waiting (the inbound batch). */
export interface CustomerMessage {
  chatId: number;
  kind: 'text' | 'media';
  body: string | null;
  media: { url: string; media_type: string; name: string | null } | null;
  providerMessageId: string;
  createdAt: Date;
  /** The list's preview of the message (previewOf). */
  preview: string;
}

export interface ChatEventData {
  kind: 'assigned' | 'transferred' | 'status';
  fromUserId?: number | null;
  toUserId?: number | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  actorUserId?: number | null;
}

/** A search that reads as a phone number (digits, spaces, +, -, parentheses) also matches phones by its digits; else none. */
const phoneDigits = (search: string) => {
  const digits = search.replace(/\D/g, '');
  return /^[\d\s+()-]+$/.test(search) && digits.length >= 3 ? digits : null;
};

const isoSql = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A chat's list entry as JSON, exactly `toChatSummary`'s (the chats test compares them), from the chat (ch), its customer (cu), store (l) and attendant (u). */
const SUMMARY_JSON = Prisma.sql`json_build_object(
  'id', ch.id, 'status', ch.status, 'channel', ch.channel, 'phone', ch.phone,
  'customer', json_build_object('id', cu.id, 'name', cu.name),
  'location', CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object('id', l.id, 'name', l.name) END,
  'attendant', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('user_id', u.id, 'name', u.name) END,
  'tags', coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.id)
                      FROM chat_tag_links tl JOIN chat_tags t ON t.id = tl.tag_id WHERE tl.chat_id = ch.id), '[]'),
  'unread_count', ch.unread_count, 'last_message_at', ${isoSql('ch.last_message_at')}, 'last_message_preview', ch.last_message_preview,
  'bot_step', ch.bot_step, 'first_response_at', ${isoSql('ch.first_response_at')}, 'resolved_at', ${isoSql('ch.resolved_at')},
  'created_at', ${isoSql('ch.created_at')})`;

/** The list's condition on chats (ch). */
function listWhere(accountId: number, q: ChatListQuery, scope: number[] | null): Prisma.Sql {
  const c = [Prisma.sql`ch.account_id = ${accountId}`];
  if (scope) c.push(scope.length ? Prisma.sql`(ch.location_id IN (${Prisma.join(scope)}) OR ch.location_id IS NULL)` : Prisma.sql`ch.location_id IS NULL`);
  if (q.status) c.push(Prisma.sql`ch.status = ${q.status}`);
  if (q.channel) c.push(Prisma.sql`ch.channel = ${q.channel}`);
  if (q.unassigned) c.push(Prisma.sql`ch.attendant_user_id IS NULL`);
  else if (q.attendant_user_id) c.push(Prisma.sql`ch.attendant_user_id = ${q.attendant_user_id}`);
  if (q.location_id) c.push(Prisma.sql`ch.location_id = ${q.location_id}`);
  if (q.tag_id) c.push(Prisma.sql`EXISTS (SELECT 1 FROM chat_tag_links tl WHERE tl.chat_id = ch.id AND tl.tag_id = ${q.tag_id})`);
  if (q.search) {
    const name = Prisma.sql`EXISTS (SELECT 1 FROM customers cu WHERE cu.id = ch.customer_id AND cu.name ILIKE ${`%${likeLiteral(q.search)}%`})`;
    const digits = phoneDigits(q.search);
    c.push(digits ? Prisma.sql`(ch.phone LIKE ${`%${digits}%`} OR ${name})` : name);
  }
  return Prisma.join(c, ' AND ');
}

/**
 * How many chats the filter holds, from the counters (chat_counts, kept by a trigger on chats; 0 is
 * no store, no attendant); counted when it names a tag or a search, which they do not keep.
 */
function listTotal(accountId: number, q: ChatListQuery, scope: number[] | null, where: Prisma.Sql): Prisma.Sql {
  if (q.tag_id || q.search) return Prisma.sql`SELECT count(*) FROM chats ch WHERE ${where}`;
  const c = [Prisma.sql`account_id = ${accountId}`];
  if (scope) c.push(scope.length ? Prisma.sql`(location_id IN (${Prisma.join(scope)}) OR location_id = 0)` : Prisma.sql`location_id = 0`);
  if (q.status) c.push(Prisma.sql`status = ${q.status}`);
  if (q.channel) c.push(Prisma.sql`channel = ${q.channel}`);
  if (q.unassigned) c.push(Prisma.sql`attendant_user_id = 0`);
  else if (q.attendant_user_id) c.push(Prisma.sql`attendant_user_id = ${q.attendant_user_id}`);
  if (q.location_id) c.push(Prisma.sql`location_id = ${q.location_id}`);
  return Prisma.sql`SELECT coalesce(sum(chats), 0) FROM chat_counts WHERE ${Prisma.join(c, ' AND ')}`;
}

/** Conversations, their messages, events and tags: every read and write with the account in its where. */
/**
 * One chat as chatSelect reads it (its store, customer, attendant and tags), in one statement: the
 * inbound jobs read a chat two or three times per customer message.
 */
const chatRows = (tx: Tx | Db, where: Prisma.Sql, limit = 1) => tx.$queryRaw<ChatRow[]>`
  SELECT c.id, c.account_id AS "accountId", c.location_id AS "locationId", c.customer_id AS "customerId", c.phone, c.channel, c.status,
         c.attendant_user_id AS "attendantUserId", c.unread_count AS "unreadCount", c.last_message_at AS "lastMessageAt",
         c.last_message_preview AS "lastMessagePreview", c.assigned_at AS "assignedAt", c.first_response_at AS "firstResponseAt",
         c.resolved_at AS "resolvedAt", c.bot_step AS "botStep", c.bot_state AS "botState", c.created_at AS "createdAt",
         CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object('id', l.id, 'name', l.name) END AS location,
         json_build_object('id', cu.id, 'name', cu.name) AS customer,
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS attendant,
         coalesce((SELECT json_agg(json_build_object('tag', json_build_object('id', t.id, 'name', t.name, 'color', t.color)) ORDER BY tl.tag_id)
                     FROM chat_tag_links tl JOIN chat_tags t ON t.id = tl.tag_id WHERE tl.chat_id = c.id), '[]'::json) AS "tagLinks"
    FROM chats c
    JOIN customers cu ON cu.id = c.customer_id
    LEFT JOIN locations l ON l.id = c.location_id
    LEFT JOIN users u ON u.id = c.attendant_user_id
   WHERE ${where}
   ORDER BY c.id
   LIMIT ${limit}`;

/**
 * `changed`: told after a write that changes what the chats list shows has committed (the list's
 * cache reloads); a write inside a caller's transaction (`tx`) is the caller's to tell, after it commits.
 */
export function createChatsRepo(db: Db, { changed = async () => undefined }: { changed?: (accountId: number) => Promise<void> } = {}) {
  return {
    /** Tells the list's cache that the account's chats changed (after a caller's transaction). */
    changed,

    /**
     * One page of the account's chats (those of the caller's stores) as the list's JSON text, and how
     * many the filter holds, in one statement: the rows never cross to this process as objects.
     */
    async listJson(accountId: number, q: ChatListQuery, scope: number[] | null) {
      const where = listWhere(accountId, q, scope);
      const dir = q.sort === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`;
      const order = Prisma.sql`ch.last_message_at ${dir}, ch.id ${dir}`;
      const [row] = await db.$queryRaw<Array<{ chats: string; total: bigint }>>`
        SELECT coalesce((SELECT json_agg(${SUMMARY_JSON} ORDER BY ${order})
                           FROM (SELECT ch.id, ch.status, ch.channel, ch.phone, ch.customer_id, ch.location_id, ch.attendant_user_id, ch.unread_count,
                                        ch.last_message_at, ch.last_message_preview, ch.bot_step, ch.first_response_at, ch.resolved_at, ch.created_at
                                   FROM chats ch WHERE ${where} ORDER BY ${order} LIMIT ${q.quantity} OFFSET ${(q.page - 1) * q.quantity}) ch
                           JOIN customers cu ON cu.id = ch.customer_id
                           LEFT JOIN locations l ON l.id = ch.location_id
                           LEFT JOIN users u ON u.id = ch.attendant_user_id), '[]')::text AS chats,
               (${listTotal(accountId, q, scope, where)})::bigint AS total`;
      return { chats: row!.chats, total: Number(row!.total) };
    },

    async find(accountId: number, id: number, scope: number[] | null = null, tx: Tx | Db = db): Promise<ChatRow | null> {
      const inScope = scope ? Prisma.sql`AND (c.location_id = ANY(${scope}::int[]) OR c.location_id IS NULL)` : Prisma.empty;
      return (await chatRows(tx, Prisma.sql`c.id = ${id} AND c.account_id = ${accountId} ${inScope}`))[0] ?? null;
    },

    /** Chats of the account by id (with what `find` reads). */
    findMany: (accountId: number, ids: number[]): Promise<ChatRow[]> =>
      ids.length ? chatRows(db, Prisma.sql`c.id = ANY(${ids}::int[]) AND c.account_id = ${accountId}`, ids.length) : Promise.resolve([]),

    /** The conversations not closed of phones (of each phone, its oldest), as the inbound batch needs them. */
    openByPhones: (accountId: number, phones: string[]) =>
      db.$queryRaw<Array<{ id: number; phone: string; status: string }>>`
        SELECT DISTINCT ON (phone) id, phone, status FROM chats
         WHERE account_id = ${accountId} AND phone = ANY(${phones}::text[]) AND status <> 'closed'
         ORDER BY phone, id`,

    /**
     * Customers' messages into chats still open or waiting, in one statement: each stored once (a
     * provider id stored before is skipped, as is a message whose chat has moved on: closed, or back
     * with the bot), and each chat's unread count, last message and preview moved with its messages.
     * Answers the messages stored, in order, each with its provider id.
     */
    async addCustomerMessages(accountId: number, messages: CustomerMessage[]): Promise<Array<ChatMessageRow & { providerMessageId: string }>> {
      if (!messages.length) return [];
      const rows = await db.$queryRaw<Array<Omit<ChatMessageRow, 'authorUser'> & { providerMessageId: string }>>`
        WITH input AS (
          SELECT * FROM unnest(${messages.map((m) => m.chatId)}::int[], ${messages.map((m) => m.kind)}::text[], ${messages.map((m) => m.body)}::text[],
                               ${messages.map((m) => (m.media ? JSON.stringify(m.media) : null))}::text[], ${messages.map((m) => m.providerMessageId)}::text[],
                               ${messages.map((m) => m.createdAt)}::timestamptz[], ${messages.map((m) => m.preview)}::text[])
                   WITH ORDINALITY AS x(chat_id, kind, body, media, provider_message_id, created_at, preview, ord)
        ), ins AS (
          INSERT INTO chat_messages (account_id, chat_id, direction, author, kind, body, media, provider_message_id, created_at)
          SELECT ${accountId}, i.chat_id, 'in', 'customer', i.kind, i.body, i.media::jsonb, i.provider_message_id, i.created_at
            FROM input i JOIN chats c ON c.id = i.chat_id AND c.account_id = ${accountId} AND c.status IN ('open', 'waiting')
           ORDER BY i.ord
          ON CONFLICT (account_id, provider_message_id) DO NOTHING
          RETURNING id, chat_id, direction, author, kind, body, media, cart_id, template_id, outbound_message_id, delivery_status, delivery_error, provider_message_id, created_at
        ), per_chat AS (
          SELECT DISTINCT ON (ins.chat_id) ins.chat_id, count(*) OVER (PARTITION BY ins.chat_id) AS n, ins.created_at AS at, i.preview
            FROM ins JOIN input i ON i.provider_message_id = ins.provider_message_id
           ORDER BY ins.chat_id, ins.created_at DESC, ins.id DESC
        ), moved AS (
          UPDATE chats c
             SET unread_count = c.unread_count + p.n,
                 last_message_at = CASE WHEN c.last_message_at IS NULL OR p.at >= c.last_message_at THEN p.at ELSE c.last_message_at END,
                 last_message_preview = CASE WHEN c.last_message_at IS NULL OR p.at >= c.last_message_at THEN p.preview ELSE c.last_message_preview END,
                 updated_at = now()
            FROM per_chat p WHERE c.id = p.chat_id
          RETURNING c.id
        )
        SELECT id, chat_id AS "chatId", direction, author, kind, body, media, cart_id AS "cartId", template_id AS "templateId",
               outbound_message_id AS "outboundMessageId", delivery_status AS "deliveryStatus", delivery_error AS "deliveryError",
               provider_message_id AS "providerMessageId", created_at AS "createdAt"
          FROM ins ORDER BY id`;
      if (rows.length) await changed(accountId);
      return rows.map((r) => ({ ...r, authorUser: null }));
    },

    /** The conversation not closed of a phone, if any. */
    findOpenByPhone: async (accountId: number, phone: string): Promise<ChatRow | null> =>
      (await chatRows(db, Prisma.sql`c.account_id = ${accountId} AND c.phone = ${phone} AND c.status <> 'closed'`))[0] ?? null,

    /**
     * Opens a conversation for the phone unless one not closed exists (an advisory lock per phone
     * settles two inbound jobs at once); answers the chat either way and whether it is new.
     */
    async open(data: { accountId: number; customerId: number; phone: string; channel: string; status: string; locationId: number | null }) {
      const opened = await db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(22002, hashtext(${`${data.accountId}:${data.phone}`}))`;
        const [existing] = await chatRows(tx, Prisma.sql`c.account_id = ${data.accountId} AND c.phone = ${data.phone} AND c.status <> 'closed'`);
        if (existing) return { chat: existing, created: false };
        return { chat: await tx.chat.create({ data, select: chatSelect }), created: true };
      });
      if (opened.created) await changed(data.accountId);
      return opened;
    },

    /** Moves a chat when it is still as the caller read it (`from`), answers whether it moved. */
    async update(accountId: number, id: number, data: Prisma.ChatUncheckedUpdateManyInput, from?: { status?: string | string[]; attendantUserId?: number | null }, tx: Tx | Db = db) {
      const where: Prisma.ChatWhereInput = { id, accountId };
      if (from?.status !== undefined) where.status = Array.isArray(from.status) ? { in: from.status } : from.status;
      if (from?.attendantUserId !== undefined) where.attendantUserId = from.attendantUserId;
      const { count } = await tx.chat.updateMany({ where, data });
      if (count === 1 && tx === db) await changed(accountId);
      return count === 1;
    },

    /** Stores a message; an inbound one whose provider id is stored already answers null. */
    async addMessage(m: NewChatMessage, tx: Tx | Db = db): Promise<ChatMessageRow | null> {
      const data = { ...m, media: m.media ?? undefined };
      if (m.providerMessageId) {
        const { count } = await tx.chatMessage.createMany({ data: [data], skipDuplicates: true });
        if (count === 0) return null;
        return tx.chatMessage.findFirst({ where: { accountId: m.accountId, providerMessageId: m.providerMessageId }, select: messageSelect });
      }
      return tx.chatMessage.create({ data, select: messageSelect });
    },

    async messages(accountId: number, chatId: number, page: number, quantity: number) {
      const where = { accountId, chatId };
      const [rows, total] = await Promise.all([
        db.chatMessage.findMany({ where, select: messageSelect, orderBy: { id: 'desc' }, skip: (page - 1) * quantity, take: quantity }),
        db.chatMessage.count({ where }),
      ]);
      return { rows: rows.reverse(), total };
    },

    /** The customer's last free-text messages in the chat (newest first). */
    lastCustomerTexts: (accountId: number, chatId: number, take = 5) =>
      db.chatMessage.findMany({ where: { accountId, chatId, author: 'customer', kind: 'text', body: { not: null } }, select: { body: true }, orderBy: { id: 'desc' }, take }),

    /** Applies a delivery status to the chat messages of an outbound message; answers those changed. */
    async setDelivery(accountId: number, where: { outboundMessageId: number } | { id: number }, status: string, error: string | null) {
      const rows = await db.chatMessage.findMany({ where: { accountId, ...where }, select: { id: true, chatId: true, deliveryStatus: true } });
      if (rows.length) await db.chatMessage.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { deliveryStatus: status, deliveryError: error } });
      return rows;
    },

    setOutbound: (id: number, outboundMessageId: number, deliveryStatus: string) =>
      db.chatMessage.update({ where: { id }, data: { outboundMessageId, deliveryStatus }, select: messageSelect }),

    event: (accountId: number, chatId: number, e: ChatEventData, tx: Tx | Db = db) => tx.chatEvent.create({ data: { accountId, chatId, ...e } }),

    /** The tags of the account among `ids`. */
    tagsIn: (accountId: number, ids: number[]) => db.chatTag.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } }),

    async setTags(accountId: number, chatId: number, tagIds: number[]) {
      await db.$transaction([
        db.chatTagLink.deleteMany({ where: { chatId, tagId: { notIn: tagIds } } }),
        db.chatTagLink.createMany({ data: tagIds.map((tagId) => ({ chatId, tagId })), skipDuplicates: true }),
      ]);
      await changed(accountId);
    },

    /** The customer panel: the customer, their 10 newest carts and orders, and their orders' count and total. */
    async panel(accountId: number, customerId: number) {
      const [customer, carts, orders, totals] = await Promise.all([
        db.customer.findFirst({
          where: { id: customerId, accountId },
          select: { id: true, name: true, phone: true, email: true, cpf: true, tags: true, optIn: true, createdAt: true },
        }),
        db.shoppingCart.findMany({
          where: { accountId, customerId },
          select: { id: true, status: true, totalCents: true, createdAt: true, linkSentAt: true, _count: { select: { items: true } } },
          orderBy: { id: 'desc' },
          take: 10,
        }),
        db.order.findMany({
          where: { accountId, customerId },
          select: { id: true, number: true, status: true, totalCents: true, createdAt: true },
          orderBy: { id: 'desc' },
          take: 10,
        }),
        db.order.aggregate({ where: { accountId, customerId }, _count: { _all: true }, _sum: { totalCents: true } }),
      ]);
      return { customer, carts, orders, ordersCount: totals._count._all, ordersTotalCents: totals._sum.totalCents ?? 0n };
    },

    /** The customer of a phone, created (with the WhatsApp profile's name) when unknown. */
    async customerByPhone(accountId: number, phone: string, name: string | null) {
      const existing = await db.customer.findFirst({ where: { accountId, phone }, select: { id: true, name: true } });
      if (existing) return existing;
      return db.customer.upsert({
        where: { accountId_phone: { accountId, phone } },
        create: { accountId, phone, name: (name?.trim() || phone).slice(0, 120) },
        update: {},
        select: { id: true, name: true },
      });
    },

    /** The store a customer is most likely served by: of their newest cart or order. */
    async customerStore(accountId: number, customerId: number): Promise<number | null> {
      const [cart, order] = await Promise.all([
        db.shoppingCart.findFirst({ where: { accountId, customerId }, select: { locationId: true, createdAt: true }, orderBy: { id: 'desc' } }),
        db.order.findFirst({ where: { accountId, customerId }, select: { locationId: true, createdAt: true }, orderBy: { id: 'desc' } }),
      ]);
      const newest = [cart, order].filter((x) => x !== null).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      return newest?.locationId ?? null;
    },

    accountName: async (accountId: number) => (await db.account.findUnique({ where: { id: accountId }, select: { name: true } }))?.name ?? '',

    firstStore: async (accountId: number) => (await db.location.findFirst({ where: { accountId, active: true }, select: { id: true }, orderBy: { id: 'asc' } }))?.id ?? null,

    location: (accountId: number, id: number) => db.location.findFirst({ where: { accountId, id }, select: { id: true } }),

    /** An active admin of the account: whom the bot's carts are created as. */
    accountAdmin: async (accountId: number) =>
      (await db.membership.findFirst({ where: { accountId, role: 'admin', status: 'active' }, select: { userId: true }, orderBy: { id: 'asc' } }))?.userId ?? null,

    /** The opening hours and days without work (for both modes) of stores. */
    async schedules(accountId: number, locationIds: number[]) {
      const [locations, days] = await Promise.all([
        db.location.findMany({ where: { accountId, id: { in: locationIds } }, select: { id: true, openingHours: true } }),
        db.dayWithoutWork.findMany({
          where: { accountId, mode: null, OR: [{ locationId: null }, { locationId: { in: locationIds } }] },
          select: { locationId: true, date: true },
        }),
      ]);
      return { locations, days };
    },

    /** Puts an attendant's open chats back in the queue (the attendant was removed); answers their ids. */
    async requeueOf(accountId: number, userId: number) {
      const ids = (await db.chat.findMany({ where: { accountId, attendantUserId: userId, status: 'open' }, select: { id: true } })).map((r) => r.id);
      if (!ids.length) return ids;
      await db.chat.updateMany({ where: { accountId, id: { in: ids }, status: 'open', attendantUserId: userId }, data: { status: 'waiting', attendantUserId: null } });
      await db.chatEvent.createMany({ data: ids.map((chatId) => ({ accountId, chatId, kind: 'status', fromStatus: 'open', toStatus: 'waiting', fromUserId: userId })) });
      await changed(accountId);
      return ids;
    },

    /** Runs `fn` in one transaction. */
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn),
  };
}
export type ChatsRepo = ReturnType<typeof createChatsRepo>;
