import type { BotStep } from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { InboundMessage, StatusUpdate } from '../messaging/whatsapp.ts';
import { isOpenAt, localDate, parseOpeningHours, type StoreSchedule } from './business-hours.ts';
import type { ChatAdminRepo } from './chat-admin.repo.ts';
import type { ChatAssignment } from './chat-assignment.ts';
import { previewOf, toChatMessage, toChatSummary, type ChatNotifier } from './chat-view.ts';
import type { ChatRow, ChatsRepo } from './chats.repo.ts';
import type { ChatCarts, ChatChannelPort } from './chats.service.ts';

/** The bot's texts when the account has not written its own. */
export const DEFAULT_BOT_FLOW = {
  enabled: true,
  greeting: 'Olá, {{nome}}! Você está falando com o atendimento do {{loja}}.',
  menu: 'Como podemos ajudar?\n1 - Enviar minha lista de compras\n2 - Falar com um atendente',
  listPrompt: 'Ótimo! Mande sua lista de compras numa mensagem só, um item por linha (ex.: "2 kg de arroz").',
  listReceived: 'Recebemos sua lista com {{itens}} item(ns). Vamos montar o seu carrinho.',
  handover: 'Um de nossos atendentes vai continuar o seu atendimento em instantes.',
  businessHours: 'Olá! Nosso atendimento está fechado agora. Assim que abrirmos, um atendente responde você por aqui.',
  abandonAfterMinutes: 30,
  defaultLocationId: null as number | null,
};
export type BotFlowData = typeof DEFAULT_BOT_FLOW;

/** The menu option a customer's answer chose: 1 or words about a list → list; 2 or words about a person → attendant. */
export function menuChoice(text: string): 'list' | 'handover' | null {
  const t = text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
  if (/^1\b/.test(t) || /\b(lista|compras?|pedido)\b/.test(t)) return 'list';
  if (/^2\b/.test(t) || /\b(atendente|humano|pessoa|falar)\b/.test(t)) return 'handover';
  return null;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

interface Deps {
  repo: ChatsRepo;
  admin: ChatAdminRepo;
  channel: ChatChannelPort;
  carts: Pick<ChatCarts, 'generate'>;
  assignment: ChatAssignment;
  notify: ChatNotifier;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

/** Customers' messages into chats (once per provider id), the bot while a chat is with it, and delivery statuses of what chats sent. */
export function createChatInbound({ repo, admin, channel, carts, assignment, notify, log, clock = () => new Date() }: Deps) {
  async function flowOf(accountId: number): Promise<BotFlowData> {
    const f = await admin.flow(accountId);
    return f ? { ...f } : DEFAULT_BOT_FLOW;
  }

  async function scheduleOf(accountId: number, locationId: number | null): Promise<StoreSchedule> {
    if (locationId === null) return { openingHours: [], daysOff: new Set() };
    const { locations, days } = await repo.schedules(accountId, [locationId]);
    return { openingHours: parseOpeningHours(locations[0]?.openingHours), daysOff: new Set(days.map((d) => localDate(d.date, 'UTC'))) };
  }

  /** Sends the bot's text to the customer and keeps it in the chat. */
  async function botSays(chat: ChatRow, text: string) {
    const at = clock();
    const message = (await repo.addMessage({ accountId: chat.accountId, chatId: chat.id, direction: 'out', author: 'bot', kind: 'text', body: text, deliveryStatus: 'queued', createdAt: at }))!;
    const outbound = await channel.record({
      accountId: chat.accountId,
      to: chat.phone,
      body: text,
      content: { kind: 'text', text },
      customerId: chat.customerId,
      subjectType: 'chat_message',
      subjectId: message.id,
      dedupKey: `chat_message:${message.id}`,
    });
    const stored = await repo.setOutbound(message.id, outbound.id, 'queued');
    await channel.dispatch(outbound.id);
    await repo.update(chat.accountId, chat.id, { lastMessageAt: at, lastMessagePreview: previewOf('text', text) });
    const after = (await repo.find(chat.accountId, chat.id))!;
    notify(chat.accountId, { type: 'chat.message', chat_id: chat.id, message: toChatMessage(stored), chat: toChatSummary(after) }, [after.attendantUserId]);
  }

  async function reach(chat: ChatRow, step: BotStep) {
    await admin.reachStep(chat.accountId, chat.id, step, clock());
    await repo.update(chat.accountId, chat.id, { botStep: step });
  }
  const advance = (chat: ChatRow, step: BotStep) => admin.leaveSteps(chat.accountId, chat.id, 'advanced', clock(), step);

  /** Hands the chat to the queue (waiting) and runs the assignment. */
  async function handOver(chat: ChatRow, flow: BotFlowData, { say = true } = {}) {
    await reach(chat, 'handover');
    if (say) await botSays(chat, flow.handover);
    await advance(chat, 'handover');
    const moved = await repo.update(chat.accountId, chat.id, { status: 'waiting' }, { status: 'bot' });
    if (moved) {
      await repo.event(chat.accountId, chat.id, { kind: 'status', fromStatus: 'bot', toStatus: 'waiting' });
      const after = (await repo.find(chat.accountId, chat.id))!;
      notify(chat.accountId, { type: 'chat.status', chat_id: chat.id, status: 'waiting', previous: 'bot', chat: toChatSummary(after) });
    }
    await assignment.assignWaiting(chat.accountId);
  }

  /** One customer message while the chat is with the bot. */
  async function runBot(chat: ChatRow, text: string, flow: BotFlowData) {
    const step = chat.botStep as BotStep | null;
    if (step === null) {
      const schedule = await scheduleOf(chat.accountId, chat.locationId);
      if (!isOpenAt(clock(), schedule)) {
        await reach(chat, 'business_hours');
        await botSays(chat, flow.businessHours);
        await advance(chat, 'business_hours');
        // Waits for the attendants of the next opening (assigned as soon as one is online).
        const moved = await repo.update(chat.accountId, chat.id, { status: 'waiting' }, { status: 'bot' });
        if (moved) await repo.event(chat.accountId, chat.id, { kind: 'status', fromStatus: 'bot', toStatus: 'waiting' });
        await assignment.assignWaiting(chat.accountId);
        return;
      }
      await reach(chat, 'greeting');
      await botSays(chat, fill(flow.greeting, { nome: chat.customer.name.split(' ')[0] ?? '', loja: await repo.accountName(chat.accountId) }));
      await advance(chat, 'greeting');
      await reach(chat, 'menu');
      await botSays(chat, flow.menu);
      return;
    }
    if (step === 'menu') {
      const choice = menuChoice(text);
      if (choice === null) return botSays(chat, flow.menu);
      await advance(chat, 'menu');
      if (choice === 'handover') return handOver(chat, flow);
      await reach(chat, 'list');
      return botSays(chat, flow.listPrompt);
    }
    if (step === 'list') {
      await repo.update(chat.accountId, chat.id, { botState: { ...(chat.botState as object), list: text } });
      let items = text.split(/\n|;/).filter((l) => l.trim()).length;
      const creator = await repo.accountAdmin(chat.accountId);
      if (chat.locationId !== null && creator !== null) {
        try {
          const cart = await carts.generate({ accountId: chat.accountId, userId: creator }, { customer_id: chat.customerId, location_id: chat.locationId, list: text, coupon_code: null }, 'pt-BR');
          items = cart.items.length;
          await repo.update(chat.accountId, chat.id, { botState: { ...(chat.botState as object), list: text, cart_id: cart.id } });
        } catch (err) {
          // The list stays in the chat: the attendant builds the cart from it.
          log.warn({ err, chatId: chat.id }, 'bot could not build the cart draft');
        }
      }
      await botSays(chat, fill(flow.listReceived, { itens: items }));
      await advance(chat, 'list');
      return handOver(chat, flow);
    }
  }

  /** The customer's message into their open chat (opened when none is), then the bot or the queue. */
  async function handleInbound(m: InboundMessage) {
    const customer = await repo.customerByPhone(m.accountId, m.from, m.profileName);
    const flow = await flowOf(m.accountId);
    let chat = await repo.findOpenByPhone(m.accountId, m.from);
    if (!chat) {
      const locationId = (await repo.customerStore(m.accountId, customer.id)) ?? flow.defaultLocationId ?? (await repo.firstStore(m.accountId));
      ({ chat } = await repo.open({
        accountId: m.accountId,
        customerId: customer.id,
        phone: m.from,
        channel: flow.enabled ? 'whatsapp_bot' : 'whatsapp',
        status: flow.enabled ? 'bot' : 'waiting',
        locationId,
      }));
    }
    const kind = m.kind === 'media' ? 'media' : 'text';
    const body = m.text ?? m.button?.text ?? null;
    const stored = await repo.addMessage({
      accountId: m.accountId,
      chatId: chat.id,
      direction: 'in',
      author: 'customer',
      kind,
      body,
      media: m.media ? { url: m.media.url, media_type: m.media.mediaType, name: m.media.filename } : null,
      providerMessageId: `${m.provider}:${m.providerMessageId}`,
      createdAt: m.at,
    });
    // A replay of a message already stored: handled the first time.
    if (!stored) return;
    await repo.update(m.accountId, chat.id, { unreadCount: { increment: 1 }, lastMessageAt: m.at, lastMessagePreview: previewOf(kind, body) });
    const after = (await repo.find(m.accountId, chat.id))!;
    notify(m.accountId, { type: 'chat.message', chat_id: chat.id, message: toChatMessage(stored), chat: toChatSummary(after) }, [after.attendantUserId]);
    if (after.status === 'bot') await runBot(after, body ?? '', flow);
    else if (after.status === 'waiting') await assignment.assignWaiting(m.accountId);
  }

  return {
    handleInbound,

    /**
     * `onInboundMany`: a job's messages. Those to a chat open or waiting (an attendant's, or the
     * queue's) are stored together, a statement per account, and told one by one; the others (a new
     * chat, the bot's turn) go through `handleInbound` in the order they came.
     */
    async handleInboundMany(messages: InboundMessage[]) {
      const accounts = new Map<number, InboundMessage[]>();
      for (const m of messages) {
        const list = accounts.get(m.accountId);
        if (list) list.push(m);
        else accounts.set(m.accountId, [m]);
      }
      for (const [accountId, list] of accounts) {
        const open = new Map((await repo.openByPhones(accountId, [...new Set(list.map((m) => m.from))])).map((c) => [c.phone, c]));
        const together = list.filter((m) => ['open', 'waiting'].includes(open.get(m.from)?.status ?? ''));
        const stored = await repo.addCustomerMessages(
          accountId,
          together.map((m) => {
            const kind = m.kind === 'media' ? 'media' : 'text';
            const body = m.text ?? m.button?.text ?? null;
            return {
              chatId: open.get(m.from)!.id,
              kind,
              body,
              media: m.media ? { url: m.media.url, media_type: m.media.mediaType, name: m.media.filename } : null,
              providerMessageId: `${m.provider}:${m.providerMessageId}`,
              createdAt: m.at,
              preview: previewOf(kind, body),
            };
          }),
        );
        if (stored.length) {
          const chats = new Map((await repo.findMany(accountId, [...new Set(stored.map((s) => s.chatId))])).map((c) => [c.id, c]));
          for (const { providerMessageId: _, ...message } of stored) {
            const after = chats.get(message.chatId)!;
            notify(accountId, { type: 'chat.message', chat_id: after.id, message: toChatMessage(message), chat: toChatSummary(after) }, [after.attendantUserId]);
          }
          if ([...chats.values()].some((c) => c.status === 'waiting')) await assignment.assignWaiting(accountId);
        }
        // The rest one by one: a replay is answered there as one, a chat that moved on is found again.
        const done = new Set(stored.map((s) => s.providerMessageId));
        for (const m of list) if (!done.has(`${m.provider}:${m.providerMessageId}`)) await handleInbound(m);
      }
    },

    /** `onStatus`: the delivery status of a message a chat sent (its own, or a cart link). */
    async handleStatus(u: StatusUpdate) {
      let changed: Array<{ id: number; chatId: number }> = [];
      if (u.subjectType === 'chat_message' && u.subjectId !== null) changed = await repo.setDelivery(u.accountId, { id: u.subjectId }, u.status, u.error);
      else if (u.subjectType === 'shopping_cart') changed = await repo.setDelivery(u.accountId, { outboundMessageId: u.messageId }, u.status, u.error);
      for (const c of changed) {
        notify(u.accountId, { type: 'chat.delivery', chat_id: c.chatId, message_id: c.id, delivery_status: u.status, error: u.error });
      }
    },

    runBot,
    flowOf,
  };
}
export type ChatInbound = ReturnType<typeof createChatInbound>;
