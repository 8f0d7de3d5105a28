import type { ChatCartBody, ChatListQuery, ChatSummary, SendChatMessageInput, ShoppingCart } from '@backoffice/contracts';
import type { z } from 'zod';
import { fromCents } from '@backoffice/contracts';
import { AppError, ConflictError, found } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { pageOf } from '../../lib/paging.ts';
import { JsonText } from '../../lib/route.ts';
import { translate, type Lang, type MessageCode } from '../../i18n/messages.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { WhatsAppContent } from '../messaging/whatsapp.ts';
import type { ChatAdminRepo } from './chat-admin.repo.ts';
import type { ChatAssignment } from './chat-assignment.ts';
import { previewOf, toChatMessage, toChatSummary, type ChatNotifier } from './chat-view.ts';
import type { ChatRow, ChatsRepo } from './chats.repo.ts';

/** What chats need of the messaging module (services.messaging satisfies it). */
export interface ChatChannelPort {
  record(message: {
    accountId: number;
    to: string;
    body: string;
    content?: WhatsAppContent | null;
    customerId?: number | null;
    subjectType: string;
    subjectId: number;
    dedupKey: string;
  }): Promise<{ id: number; status: string }>;
  dispatch(messageId: number): Promise<void>;
  latestFor(accountId: number, subjectType: string, subjectIds: number[]): Promise<Map<number, { id: number; status: string; body: string }>>;
}

/** What chats need of the shopping carts (offered by the shopping-carts module). */
export interface ChatCarts {
  generate(caller: Caller, input: { customer_id: number; location_id: number; list: string; coupon_code: string | null }, lang: Lang): Promise<z.input<typeof ShoppingCart>>;
  get(caller: Caller, id: number): Promise<z.input<typeof ShoppingCart>>;
  sendLink(caller: Caller, id: number, lang: Lang): Promise<z.input<typeof ShoppingCart>>;
}

export interface ChatsDeps {
  repo: ChatsRepo;
  admin: ChatAdminRepo;
  scope: StoreScope;
  channel: ChatChannelPort;
  carts: ChatCarts;
  media: Pick<MediaStorage, 'keyOf'>;
  assignment: ChatAssignment;
  notify: ChatNotifier;
  /** Where media are served from, for the provider (`${appUrl}/uploads/…`). */
  appUrl: string;
  /**
   * The list's pages as JSON text, kept while the account's chats do not change (the repo's
   * `changed`); `load` reads the page. Default: every read loads.
   */
  lists?: (accountId: number, key: string, load: () => Promise<string>) => Promise<string>;
  clock?: () => Date;
}

/** A 422 about one field of the request (the error's details name it). */
export const fieldError = (code: MessageCode, field: string, params: Record<string, string | number> = {}) =>
  new AppError(422, code, code, params, [{ field, code: 'invalid', message: translate(code, 'pt-BR', params) }]);

/** The body of a chat template for a customer: {{nome}} is their first name. */
export const fillTemplate = (body: string, customerName: string) => body.replace(/\{\{\s*nome\s*\}\}/gi, customerName.split(' ')[0] ?? customerName);

const WHATSAPP_MEDIA: Record<string, 'image' | 'video' | 'document'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'application/pdf': 'document',
};

/** Conversations as attendants work them: list, read, answer, take, transfer, close, tag, build a cart. */
export function createChatsService(deps: ChatsDeps) {
  const { repo, admin, scope, channel, carts, media, assignment, notify, appUrl, lists = (_accountId, _key, load) => load(), clock = () => new Date() } = deps;

  async function visible(caller: Caller, id: number): Promise<ChatRow> {
    return found(await repo.find(caller.accountId, id, await scope(caller.accountId, caller.userId)), 'CHAT_NOT_FOUND');
  }
  const reread = async (accountId: number, id: number) => found(await repo.find(accountId, id), 'CHAT_NOT_FOUND');
  const result = (code: MessageCode, lang: Lang, row: ChatRow, params: Record<string, string | number> = {}) => ({ message: translate(code, lang, params), chat: toChatSummary(row) });

  /** Moves the chat to the caller (open), from whoever had it; records it and says so live. */
  async function assignTo(caller: Caller, row: ChatRow): Promise<ChatRow> {
    const at = clock();
    const moved = await repo.update(
      caller.accountId,
      row.id,
      { status: 'open', attendantUserId: caller.userId, assignedAt: at, ...(row.status === 'bot' ? { botStep: null } : {}) },
      { status: row.status, attendantUserId: row.attendantUserId },
    );
    if (!moved) throw new ConflictError('CHAT_CHANGED');
    if (row.status === 'bot') await admin.leaveSteps(caller.accountId, row.id, 'abandoned', at);
    const kind = row.attendantUserId ? 'transferred' : 'assigned';
    await repo.event(caller.accountId, row.id, { kind, fromUserId: row.attendantUserId, toUserId: caller.userId, actorUserId: caller.userId });
    if (row.status !== 'open') await repo.event(caller.accountId, row.id, { kind: 'status', fromStatus: row.status, toStatus: 'open', actorUserId: caller.userId });
    const after = await reread(caller.accountId, row.id);
    const chat = toChatSummary(after);
    const me = { user_id: caller.userId, name: after.attendant!.name };
    if (row.attendant) notify(caller.accountId, { type: 'chat.transferred', chat_id: row.id, from: { user_id: row.attendant.id, name: row.attendant.name }, to: me, chat }, [row.attendant.id, caller.userId]);
    else notify(caller.accountId, { type: 'chat.assigned', chat_id: row.id, attendant: me, chat }, [caller.userId]);
    if (row.status !== 'open') notify(caller.accountId, { type: 'chat.status', chat_id: row.id, status: 'open', previous: row.status as 'bot', chat }, [caller.userId]);
    return after;
  }

  /** What a send carries: the text kept in the chat, the content for the provider, and the message's references. */
  async function contentOf(caller: Caller, row: ChatRow, input: SendChatMessageInput) {
    switch (input.kind) {
      case 'text':
        return { body: input.text, content: { kind: 'text', text: input.text } as WhatsAppContent };
      case 'media': {
        if (!(await media.keyOf(caller.accountId, input.media_url))) throw fieldError('CHAT_MEDIA_UNKNOWN', 'media_url');
        const name = input.media_name ?? null;
        const caption = input.caption ?? null;
        return {
          body: caption,
          media: { url: input.media_url, media_type: input.media_type, name },
          content: { kind: 'media', url: `${appUrl}${input.media_url}`, mediaType: WHATSAPP_MEDIA[input.media_type] ?? 'document', filename: name, caption } as WhatsAppContent,
        };
      }
      case 'template': {
        const t = await admin.visibleTemplate(caller.accountId, caller.userId, input.template_id);
        if (!t) throw fieldError('CHAT_TEMPLATE_UNKNOWN', 'template_id');
        if (t.status !== 'active') throw fieldError('CHAT_TEMPLATE_INACTIVE', 'template_id');
        const text = fillTemplate(t.body, row.customer.name);
        return { body: text, templateId: t.id, content: { kind: 'text', text } as WhatsAppContent };
      }
      case 'cart_link':
        return { body: null, cartId: input.cart_id, content: null };
    }
  }

  return {
    /** A page of the account's chats (the caller's stores), its JSON built by the database. */
    async list(caller: Caller, q: ChatListQuery): Promise<JsonText<{ data: z.input<typeof ChatSummary>[]; meta: ReturnType<typeof pageOf>['meta'] }>> {
      const allowed = await scope(caller.accountId, caller.userId);
      const text = await lists(caller.accountId, JSON.stringify([q, allowed]), async () => {
        const { chats, total } = await repo.listJson(caller.accountId, q, allowed);
        return `{"data":${chats},"meta":${JSON.stringify(pageOf([], q, total).meta)}}`;
      });
      return new JsonText(text);
    },

    async get(caller: Caller, id: number) {
      const row = await visible(caller, id);
      const panel = await repo.panel(caller.accountId, row.customerId);
      const c = panel.customer!;
      return {
        ...toChatSummary(row),
        customer: { id: c.id, name: c.name, phone: c.phone, email: c.email, cpf: c.cpf, tags: c.tags, opt_in: c.optIn, created_at: c.createdAt.toISOString() },
        carts: panel.carts.map((k) => ({
          id: k.id,
          status: k.status,
          total: fromCents(k.totalCents),
          items_count: k._count.items,
          created_at: k.createdAt.toISOString(),
          link_sent_at: k.linkSentAt?.toISOString() ?? null,
        })),
        orders: panel.orders.map((o) => ({ id: o.id, number: o.number, status: o.status, total: fromCents(o.totalCents), created_at: o.createdAt.toISOString() })),
        orders_count: panel.ordersCount,
        orders_total: fromCents(panel.ordersTotalCents),
      };
    },

    async messages(caller: Caller, id: number, q: { page: number; quantity: number }) {
      const row = await visible(caller, id);
      const { rows, total } = await repo.messages(caller.accountId, row.id, q.page, q.quantity);
      return pageOf(rows.map(toChatMessage), q, total);
    },

    /** Sends one message to the customer (the sender takes a chat nobody has); answers it with the chat. */
    async send(caller: Caller, id: number, input: SendChatMessageInput, lang: Lang) {
      let row = await visible(caller, id);
      if (row.status === 'closed') throw new ConflictError('CHAT_CLOSED');
      const what = await contentOf(caller, row, input);
      let cartMessage: { id: number; status: string; body: string } | undefined;
      if (input.kind === 'cart_link') {
        const cart = await carts.get(caller, input.cart_id).catch(() => null);
        if (!cart || cart.customer.id !== row.customerId) throw fieldError('CHAT_CART_UNKNOWN', 'cart_id');
        await carts.sendLink(caller, input.cart_id, lang);
        cartMessage = (await channel.latestFor(caller.accountId, 'shopping_cart', [input.cart_id])).get(input.cart_id);
      }
      if (row.status !== 'open' || row.attendantUserId === null) row = await assignTo(caller, row);
      const at = clock();
      const stored = await repo.addMessage({
        accountId: caller.accountId,
        chatId: row.id,
        direction: 'out',
        author: 'attendant',
        authorUserId: caller.userId,
        kind: input.kind,
        body: cartMessage?.body ?? what.body,
        media: 'media' in what ? what.media : null,
        cartId: 'cartId' in what ? what.cartId : null,
        templateId: 'templateId' in what ? what.templateId : null,
        outboundMessageId: cartMessage?.id ?? null,
        deliveryStatus: cartMessage ? cartMessage.status : 'queued',
        createdAt: at,
      });
      let message = stored!;
      if (what.content) {
        const outbound = await channel.record({
          accountId: caller.accountId,
          to: row.phone,
          body: what.body ?? '',
          content: what.content,
          customerId: row.customerId,
          subjectType: 'chat_message',
          subjectId: message.id,
          dedupKey: `chat_message:${message.id}`,
        });
        message = await repo.setOutbound(message.id, outbound.id, 'queued');
        await channel.dispatch(outbound.id);
      }
      await repo.update(caller.accountId, row.id, { lastMessageAt: at, lastMessagePreview: previewOf(message.kind, message.body), unreadCount: 0 });
      if (!row.firstResponseAt) await repo.update(caller.accountId, row.id, { firstResponseAt: at }, { status: 'open' });
      const after = await reread(caller.accountId, row.id);
      const chat = toChatSummary(after);
      const out = toChatMessage(message);
      notify(caller.accountId, { type: 'chat.message', chat_id: row.id, message: out, chat }, [after.attendantUserId]);
      return { message: out, chat };
    },

    /** A cart in review from the customer's list (the one given, or the customer's last text in the chat). */
    async cart(caller: Caller, id: number, input: z.output<typeof ChatCartBody>, lang: Lang) {
      const row = await visible(caller, id);
      const locationId = input.location_id ?? row.locationId;
      if (!locationId) throw fieldError('CHAT_NO_LOCATION', 'location_id');
      let list = input.list;
      if (!list) {
        const state = row.botState as { list?: string } | null;
        list = state?.list ?? (await repo.lastCustomerTexts(caller.accountId, row.id, 1))[0]?.body ?? undefined;
      }
      if (!list) throw fieldError('CHAT_NO_LIST', 'list');
      return carts.generate(caller, { customer_id: row.customerId, location_id: locationId, list, coupon_code: null }, lang);
    },

    async read(caller: Caller, id: number) {
      const row = await visible(caller, id);
      await repo.update(caller.accountId, row.id, { unreadCount: 0 });
      const chat = toChatSummary(await reread(caller.accountId, row.id));
      notify(caller.accountId, { type: 'chat.read', chat_id: row.id, chat }, [row.attendantUserId]);
      return chat;
    },

    async take(caller: Caller, id: number, lang: Lang) {
      const row = await visible(caller, id);
      if (row.status === 'closed') throw new ConflictError('CHAT_CLOSED');
      if (row.status === 'open' && row.attendantUserId === caller.userId) throw new ConflictError('CHAT_ALREADY_YOURS');
      return result('CHAT_TAKEN', lang, await assignTo(caller, row));
    },

    /** To any attendant of the account but the current one. */
    async transfer(caller: Caller, id: number, toUserId: number, lang: Lang) {
      const row = await visible(caller, id);
      if (row.status === 'closed') throw new ConflictError('CHAT_CLOSED');
      if (row.attendantUserId === toUserId) throw fieldError('CHAT_TRANSFER_SAME', 'to_user_id');
      const target = await admin.attendantOfUser(caller.accountId, toUserId);
      if (!target || !target.active) throw fieldError('CHAT_TRANSFER_UNKNOWN', 'to_user_id');
      const at = clock();
      const moved = await repo.update(
        caller.accountId,
        row.id,
        { status: 'open', attendantUserId: toUserId, assignedAt: at, ...(row.status === 'bot' ? { botStep: null } : {}) },
        { status: row.status, attendantUserId: row.attendantUserId },
      );
      if (!moved) throw new ConflictError('CHAT_CHANGED');
      if (row.status === 'bot') await admin.leaveSteps(caller.accountId, row.id, 'abandoned', at);
      await repo.event(caller.accountId, row.id, { kind: 'transferred', fromUserId: row.attendantUserId, toUserId, actorUserId: caller.userId });
      if (row.status !== 'open') await repo.event(caller.accountId, row.id, { kind: 'status', fromStatus: row.status, toStatus: 'open', actorUserId: caller.userId });
      const after = await reread(caller.accountId, row.id);
      const chat = toChatSummary(after);
      const from = row.attendant ? { user_id: row.attendant.id, name: row.attendant.name } : null;
      notify(caller.accountId, { type: 'chat.transferred', chat_id: row.id, from, to: { user_id: toUserId, name: target.user.name }, chat }, [row.attendantUserId, toUserId]);
      return result('CHAT_TRANSFERRED', lang, after, { name: target.user.name });
    },

    async close(caller: Caller, id: number, lang: Lang) {
      const row = await visible(caller, id);
      if (row.status === 'closed') throw new ConflictError('CHAT_ALREADY_CLOSED');
      const at = clock();
      const moved = await repo.update(caller.accountId, row.id, { status: 'closed', resolvedAt: at, unreadCount: 0, botStep: null }, { status: row.status });
      if (!moved) throw new ConflictError('CHAT_CHANGED');
      if (row.status === 'bot') await admin.leaveSteps(caller.accountId, row.id, 'abandoned', at);
      await repo.event(caller.accountId, row.id, { kind: 'status', fromStatus: row.status, toStatus: 'closed', fromUserId: row.attendantUserId, actorUserId: caller.userId });
      const after = await reread(caller.accountId, row.id);
      notify(caller.accountId, { type: 'chat.status', chat_id: row.id, status: 'closed', previous: row.status as 'open', chat: toChatSummary(after) }, [row.attendantUserId]);
      // The attendant has room for one more: the queue moves.
      await assignment.assignWaiting(caller.accountId);
      return result('CHAT_CLOSED_OK', lang, after);
    },

    async reopen(caller: Caller, id: number, lang: Lang) {
      const row = await visible(caller, id);
      if (row.status !== 'closed') throw new ConflictError('CHAT_NOT_CLOSED');
      // One conversation not closed per phone: the customer wrote again meanwhile.
      if (await repo.findOpenByPhone(caller.accountId, row.phone)) throw new ConflictError('CHAT_REOPEN_OTHER_OPEN');
      const moved = await repo.update(caller.accountId, row.id, { status: 'open', attendantUserId: caller.userId, assignedAt: clock(), resolvedAt: null }, { status: 'closed' });
      if (!moved) throw new ConflictError('CHAT_CHANGED');
      await repo.event(caller.accountId, row.id, { kind: 'status', fromStatus: 'closed', toStatus: 'open', toUserId: caller.userId, actorUserId: caller.userId });
      await repo.event(caller.accountId, row.id, { kind: 'assigned', toUserId: caller.userId, actorUserId: caller.userId });
      const after = await reread(caller.accountId, row.id);
      notify(caller.accountId, { type: 'chat.status', chat_id: row.id, status: 'open', previous: 'closed', chat: toChatSummary(after) }, [caller.userId]);
      return result('CHAT_REOPENED', lang, after);
    },

    async setTags(caller: Caller, id: number, tagIds: number[]) {
      const row = await visible(caller, id);
      const wanted = [...new Set(tagIds)];
      const known = new Set((await repo.tagsIn(caller.accountId, wanted)).map((t) => t.id));
      const unknown = wanted.filter((t) => !known.has(t));
      if (unknown.length) throw fieldError('CHAT_TAGS_UNKNOWN', 'tag_ids', { ids: unknown.join(', ') });
      await repo.setTags(caller.accountId, row.id, wanted);
      return toChatSummary(await reread(caller.accountId, row.id));
    },
  };
}
export type ChatsService = ReturnType<typeof createChatsService>;
