import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../lib/queue.ts';
import type { MessageProvider, ProviderMessage } from './message-provider.ts';
import type { MessageRow, MessagingRepo, NewMessage } from './messaging.repo.ts';
import type { ArrivedMessage, WhatsAppRepo } from './whatsapp.repo.ts';
import type { DeliveryStatus, InboundMessage, StatusUpdate, TemplateDecision, WhatsAppChannel, WhatsAppContent } from './whatsapp.ts';

export const MAX_MESSAGE_ATTEMPTS = 5;
/** One send job per message. */
export const messageJobId = (messageId: number) => `message-${messageId}`;
/** BullMQ job ids may not hold ':'; provider ids are kept to safe characters. */
const safeId = (v: string) => v.replace(/[^\w.=-]/g, '_').slice(0, 200);

/** What a module asks to send: the provider is the service's. */
export type OutgoingMessage = Omit<NewMessage, 'provider'>;

/** A delivery status as a provider reported it (the webhook, or the simulator), before it is applied. */
export interface ReportedStatus {
  provider: string;
  providerMessageId: string;
  status: DeliveryStatus;
  /** ISO time the provider gave. */
  at: string;
  error: string | null;
}

/** What a message carries: its content, or its body as text. */
export const contentOf = (m: Pick<MessageRow, 'content' | 'body'>): WhatsAppContent =>
  (m.content as WhatsAppContent | null) ?? { kind: 'text', text: m.body };

export interface MessagingDeps {
  repo: MessagingRepo;
  /** The inbound log; absent only in service tests of sending. */
  whatsapp?: WhatsAppRepo;
  queue: JobQueue;
  provider: MessageProvider;
  /** Messages per second the provider takes (campaign dispatch throttles to it). */
  ratePerSecond?: number;
  /** Told of every move of a message's status and of every inbound message (the simulator's live panel). */
  onActivity?: (event: { kind: 'outbound'; message: MessageRow } | { kind: 'inbound'; inboundId: number }) => void;
}

/**
 * Messages to customers over WhatsApp: recorded once per dedup key, handed to the provider by a job
 * (or by the caller's own job); customers' messages, delivery statuses and template decisions come
 * back through the webhook's jobs to the handlers other modules subscribe (WhatsAppChannel).
 */
export function createMessagingService({ repo, whatsapp, queue, provider, ratePerSecond = 80, onActivity }: MessagingDeps) {
  const inboundHandlers: Array<(m: InboundMessage) => Promise<void>> = [];
  const statusHandlers: Array<(u: StatusUpdate) => Promise<void>> = [];
  const templateHandlers: Array<(d: TemplateDecision) => Promise<void>> = [];

  const toProvider = (message: MessageRow): ProviderMessage => ({
    accountId: message.accountId,
    messageId: message.id,
    channel: message.channel,
    to: message.to,
    body: message.body,
    content: contentOf(message),
    key: `${message.accountId}:${message.dedupKey}`,
  });

  /** Sends a recorded message unless it was sent already; a failure is recorded and thrown (the job retries). */
  async function deliver(messageId: number): Promise<MessageRow | null> {
    const message = await repo.find(messageId);
    if (!message || message.status === 'sent' || message.status === 'delivered' || message.status === 'read') return message;
    const outgoing = toProvider(message);
    let providerMessageId: string;
    try {
      ({ providerMessageId } = await provider.send(outgoing));
      await repo.markSent(message.id, providerMessageId);
    } catch (err) {
      await repo.markFailed(message.id, (err as Error).message);
      const failed = await repo.find(messageId);
      if (failed) onActivity?.({ kind: 'outbound', message: failed });
      throw err;
    }
    const sent = await repo.find(messageId);
    if (sent) onActivity?.({ kind: 'outbound', message: sent });
    await provider.afterSent?.({ ...outgoing, providerMessageId });
    return sent;
  }

  function inboundStore(): WhatsAppRepo {
    if (!whatsapp) throw new Error('the messaging service was built without its WhatsApp repository');
    return whatsapp;
  }

  const channel: WhatsAppChannel = {
    onInbound: (handler) => void inboundHandlers.push(handler),
    onStatus: (handler) => void statusHandlers.push(handler),
    onTemplateDecision: (handler) => void templateHandlers.push(handler),
    submitTemplate: (template) => provider.submitTemplate(template),
  };

  return {
    ...channel,
    /** The provider's name ('local' or 'cloud'). */
    providerName: provider.name,
    /** Messages per second the provider takes (WHATSAPP_RATE_PER_SECOND; Meta's default throughput is 80). */
    ratePerSecond,
    /** Records the message (in `tx` when given) unless its dedup key exists; answers the stored row. */
    record: (message: OutgoingMessage, tx?: Tx | Db) => repo.record({ ...message, provider: provider.name }, tx),
    /**
     * Records one account's messages in one statement (those whose dedup key exists are left as they
     * are); answers every message's id by its dedup key, the existing ones included.
     */
    async recordMany(messages: OutgoingMessage[], tx?: Tx | Db): Promise<Map<string, number>> {
      if (!messages.length) return new Map();
      const accountId = messages[0]!.accountId;
      if (messages.some((m) => m.accountId !== accountId)) throw new Error('recordMany takes one account\'s messages at a time');
      return repo.recordMany(accountId, messages.map((m) => ({ ...m, provider: provider.name })), tx);
    },
    deliver,
    /** Queues the send of a recorded message (once per message). */
    dispatch: (messageId: number) => queue.add('messages.send', { messageId }, { jobId: messageJobId(messageId), attempts: MAX_MESSAGE_ATTEMPTS }),
    /** The newest message about each subject (e.g. each cart's link). */
    latestFor: repo.latestFor,

    /**
     * Stores customers' messages (a replay of a provider id is dropped) and queues the handling of
     * each new one; answers the new rows' ids.
     */
    async receive(messages: ArrivedMessage[]): Promise<number[]> {
      const ids = await inboundStore().storeInbound(messages);
      for (const inboundId of ids) await queue.add('whatsapp.inbound', { inboundId }, { jobId: `wa-inbound-${inboundId}` });
      for (const inboundId of ids) onActivity?.({ kind: 'inbound', inboundId });
      return ids;
    },
    /** Queues reported statuses to be applied (the same status of the same message once). */
    async reportStatuses(statuses: ReportedStatus[], delayMs = 0) {
      for (const s of statuses) {
        await queue.add('whatsapp.status', s, { jobId: `wa-status-${safeId(s.provider)}-${safeId(s.providerMessageId)}-${s.status}`, delayMs, attempts: 4 });
      }
    },
    /** Queues a template decision for the handlers. */
    async reportTemplateDecision(decision: TemplateDecision, delayMs = 0) {
      await queue.add('whatsapp.template', decision, { jobId: `wa-template-${decision.accountId}-${safeId(decision.name)}-${decision.status}-${Date.now()}`, delayMs });
    },

    /** The `whatsapp.inbound` job: the message as the handlers see it, handed to each. */
    async handleInbound(inboundId: number) {
      const store = inboundStore();
      const row = await store.findInbound(inboundId);
      if (!row) return;
      let reply: MessageRow | null = null;
      if (row.replyToId !== null) reply = await repo.find(row.replyToId);
      else if (row.contextProviderMessageId) {
        reply = await repo.findByProviderId(row.provider, row.contextProviderMessageId, row.accountId);
        if (reply) await store.setReplyTo(row.id, reply.id);
      }
      const message: InboundMessage = {
        accountId: row.accountId,
        provider: row.provider,
        providerMessageId: row.providerMessageId,
        from: row.from,
        profileName: row.profileName,
        kind: row.kind as InboundMessage['kind'],
        text: row.text,
        media: row.media as InboundMessage['media'],
        button: row.button as InboundMessage['button'],
        replyTo: reply && reply.accountId === row.accountId ? { messageId: reply.id, subjectType: reply.subjectType, subjectId: reply.subjectId } : null,
        at: row.sentAt,
      };
      for (const handler of inboundHandlers) await handler(message);
    },
    /**
     * The `whatsapp.status` job: applies the status if it moves the message forward, then tells the
     * handlers the message's resulting status. A status of a message not known yet (its send still
     * being recorded) throws, so the job retries.
     */
    async applyStatus(reported: ReportedStatus) {
      const message = await repo.findByProviderId(reported.provider, reported.providerMessageId);
      if (!message) throw new Error(`status ${reported.status} of an unknown message ${reported.providerMessageId}`);
      const at = new Date(reported.at);
      const { moved, message: after } = await repo.applyStatus(message.id, reported.status, Number.isNaN(at.getTime()) ? new Date() : at, reported.error);
      if (!after) return;
      if (moved) onActivity?.({ kind: 'outbound', message: after });
      const update: StatusUpdate = {
        accountId: after.accountId,
        messageId: after.id,
        subjectType: after.subjectType,
        subjectId: after.subjectId,
        status: after.status as DeliveryStatus,
        reported: reported.status,
        at,
        error: reported.status === 'failed' ? (reported.error ?? after.error) : null,
      };
      for (const handler of statusHandlers) await handler(update);
    },
    /** The `whatsapp.template` job. */
    async handleTemplateDecision(decision: TemplateDecision) {
      for (const handler of templateHandlers) await handler(decision);
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
