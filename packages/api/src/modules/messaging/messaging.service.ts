import type { Db, Tx } from '../../db/client.ts';
import { createBatcher } from '../../lib/batcher.ts';
import type { JobQueue } from '../../lib/queue.ts';
import type { MessageProvider, ProviderMessage } from './message-provider.ts';
import type { MessageRow, MessagingRepo, NewMessage } from './messaging.repo.ts';
import type { ArrivedMessage, InboundRow, WhatsAppRepo } from './whatsapp.repo.ts';
import type { DeliveryStatus, InboundMessage, StatusUpdate, TemplateDecision, WhatsAppChannel, WhatsAppContent } from './whatsapp.ts';

export const MAX_MESSAGE_ATTEMPTS = 5;
/** Statuses of messages not recorded yet are tried again this many times (a status can arrive before its send is recorded). */
export const MAX_STATUS_ATTEMPTS = 5;
/** Statuses per `whatsapp.statuses` job. */
const STATUSES_PER_JOB = 500;
/** Sends in flight at once when a provider takes messages one by one. */
const SEND_CONCURRENCY = 16;
/** A stored customer's message no handler has seen after this long is queued again by the sweep (up to a day old). */
export const INBOUND_SWEEP_AFTER_MS = 2 * 60_000;
const INBOUND_SWEEP_WITHIN_MS = 24 * 3_600_000;
/** Customers' messages handled together by one `whatsapp.inbound` job (a webhook batch, or the sweep's). */
const INBOUND_PER_JOB = 100;
/** The `whatsapp.inbound` jobs of stored messages, INBOUND_PER_JOB at a time (`tag` keeps their ids apart: new, or the sweep's run). */
const inboundJobs = (ids: number[], tag: string) =>
  slices(ids, INBOUND_PER_JOB).map((inboundIds) => ({ payload: { inboundIds }, opts: { jobId: `wa-inbound-${tag}-${inboundIds[0]}-${inboundIds.length}` } }));
/** `items` in consecutive slices of at most `size`. */
function slices<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
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

/** The order statuses move in; failed ends a message sent or not. */
const STATUS_RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/** Of several statuses reported for one message, the one that moves it furthest (failed only when nothing was delivered). */
function furthest(a: ReportedStatus, b: ReportedStatus): ReportedStatus {
  if (a.status === 'failed' || b.status === 'failed') {
    const other = a.status === 'failed' ? b : a;
    return other.status === 'delivered' || other.status === 'read' ? other : a.status === 'failed' ? a : b;
  }
  return STATUS_RANK[b.status] > STATUS_RANK[a.status] ? b : a;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
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
  onActivity?: (event: { kind: 'outbound'; message: MessageRow } | { kind: 'outbound-batch'; messages: MessageRow[] } | { kind: 'inbound'; inboundId: number }) => void;
}

/**
 * Messages to customers over WhatsApp: recorded once per dedup key, handed to the provider by a job
 * (or by the caller's own job); customers' messages, delivery statuses and template decisions come
 * back through the webhook's jobs to the handlers other modules subscribe (WhatsAppChannel).
 */
/** The wait before statuses of messages not recorded yet are tried again (attempt 1: the first retry). */
const retryDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** (attempt - 1));

export function createMessagingService({ repo, whatsapp, queue, provider, ratePerSecond = 80, onActivity }: MessagingDeps) {
  const inboundHandlers: Array<(m: InboundMessage) => Promise<void>> = [];
  const inboundBatchHandlers: Array<(m: InboundMessage[]) => Promise<void>> = [];
  const statusHandlers: Array<(u: StatusUpdate) => Promise<void>> = [];
  const statusBatchHandlers: Array<(u: StatusUpdate[]) => Promise<void>> = [];
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
    await provider.afterSent?.([{ ...outgoing, providerMessageId }]);
    return sent;
  }

  /**
   * Sends a batch of recorded messages (a campaign's): those sent already are not sent again; the
   * provider's answers are recorded in one statement each for the sent and the refused. Answers every
   * message as it ends (refused ones failed, with the provider's reason); throws only when the
   * answers could not be recorded.
   */
  async function deliverMany(messageIds: number[]): Promise<MessageRow[]> {
    const rows = await repo.findMany(messageIds);
    const todo = rows.filter((m) => m.status === 'queued' || m.status === 'failed');
    if (!todo.length) return rows;
    const outgoing = todo.map(toProvider);
    const sent: Array<ProviderMessage & { providerMessageId: string }> = [];
    const failed: Array<{ id: number; error: string }> = [];
    if (provider.sendMany) {
      // One answer for the batch (the simulator): recorded together.
      const answers = await provider.sendMany(outgoing);
      outgoing.forEach((m, i) => {
        const a = answers[i]!;
        if ('providerMessageId' in a) sent.push({ ...m, providerMessageId: a.providerMessageId });
        else failed.push({ id: m.messageId, error: a.error });
      });
      const at = new Date();
      await repo.markSentMany(sent.map((m) => ({ id: m.messageId, providerMessageId: m.providerMessageId })), at);
      await repo.markFailedMany(failed, at);
    } else {
      // One request a message (the Cloud API): each recorded as soon as answered, so a worker that
      // dies in the middle leaves sent only what the provider took.
      await pool(outgoing, SEND_CONCURRENCY, async (m) => {
        let providerMessageId: string;
        try {
          ({ providerMessageId } = await provider.send(m));
        } catch (err) {
          failed.push({ id: m.messageId, error: (err as Error).message || 'falha no envio' });
          await repo.markFailed(m.messageId, (err as Error).message || 'falha no envio');
          return;
        }
        await repo.markSent(m.messageId, providerMessageId);
        sent.push({ ...m, providerMessageId });
      });
    }
    const after = await repo.findMany(messageIds);
    const changed = new Set(todo.map((m) => m.id));
    onActivity?.({ kind: 'outbound-batch', messages: after.filter((m) => changed.has(m.id)) });
    if (sent.length) await provider.afterSent?.(sent);
    return after;
  }

  /**
   * Customers' messages from concurrent webhooks, stored together: one INSERT per batch (a few
   * batches at once, sharing their commits), the jobs queued after the answer. Answers each message's new row id, or null for a replay (an id stored before, or
   * earlier in the same batch).
   */
  const inbound = createBatcher<ArrivedMessage, number | null>(async (messages) => {
    const stored = await inboundStore().storeInbound(messages);
    const idOf = new Map(stored.map((r) => [`${r.provider}\u0000${r.providerMessageId}`, r.id]));
    const ids = messages.map((m) => {
      const key = `${m.provider}\u0000${m.providerMessageId}`;
      const id = idOf.get(key) ?? null;
      idOf.delete(key);
      return id;
    });
    const fresh = ids.filter((id): id is number => id !== null);
    // Stored is answered: the jobs are queued without waiting (Redis away: the sweep queues them).
    queue.addManyLater('whatsapp.inbound', inboundJobs(fresh, 'new'));
    for (const inboundId of fresh) onActivity?.({ kind: 'inbound', inboundId });
    return ids;
  }, { inFlight: 4 });

  function inboundStore(): WhatsAppRepo {
    if (!whatsapp) throw new Error('the messaging service was built without its WhatsApp repository');
    return whatsapp;
  }

  /** A stored message as the handlers see it, with our message it answers (found by the provider's id the first time). */
  async function asInboundMessage(row: InboundRow): Promise<InboundMessage> {
    let reply: MessageRow | null = null;
    if (row.replyToId !== null) reply = await repo.find(row.replyToId);
    else if (row.contextProviderMessageId) {
      reply = await repo.findByProviderId(row.provider, row.contextProviderMessageId, row.accountId);
      if (reply) await inboundStore().setReplyTo(row.id, reply.id);
    }
    return {
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
  }

  const channel: WhatsAppChannel = {
    onInbound: (handler) => void inboundHandlers.push(handler),
    onInboundMany: (handler) => void inboundBatchHandlers.push(handler),
    onStatus: (handler) => void statusHandlers.push(handler),
    onStatuses: (handler) => void statusBatchHandlers.push(handler),
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
    deliverMany,
    /** Queues the send of a recorded message (once per message). */
    dispatch: (messageId: number) => queue.add('messages.send', { messageId }, { jobId: messageJobId(messageId), attempts: MAX_MESSAGE_ATTEMPTS }),
    /** The newest message about each subject (e.g. each cart's link). */
    latestFor: repo.latestFor,

    /**
     * Stores customers' messages (a replay of a provider id is dropped) and queues the handling of
     * each new one; answers the new rows' ids. Concurrent calls share one INSERT.
     */
    async receive(messages: ArrivedMessage[]): Promise<number[]> {
      return (await inbound.push(messages)).filter((id): id is number => id !== null);
    },
    /** Queues reported statuses to be applied together (replays move nothing: statuses only move forward). */
    async reportStatuses(statuses: ReportedStatus[], delayMs = 0) {
      await queue.addMany('whatsapp.statuses', slices(statuses, STATUSES_PER_JOB).map((batch) => ({ payload: { statuses: batch }, opts: { delayMs, attempts: 4 } })));
    },
    /** Queues a template decision for the handlers. */
    async reportTemplateDecision(decision: TemplateDecision, delayMs = 0) {
      await queue.add('whatsapp.template', decision, { jobId: `wa-template-${decision.accountId}-${safeId(decision.name)}-${decision.status}-${Date.now()}`, delayMs });
    },

    /** The sweep: stored customers' messages no handler has seen (their job never queued, or failed for good) are queued again. */
    async sweepInbound(now = new Date()) {
      const ids = await inboundStore().unhandled(new Date(now.getTime() - INBOUND_SWEEP_WITHIN_MS), new Date(now.getTime() - INBOUND_SWEEP_AFTER_MS), 500);
      await queue.addMany('whatsapp.inbound', inboundJobs(ids, `sweep-${now.getTime()}`));
      return ids.length;
    },

    /**
     * The `whatsapp.inbound` job: stored customers' messages no handler has seen, as the handlers see
     * them, handed together to the batch handlers, then one by one to the others, and marked handled.
     * When the batch fails, each message goes through on its own: those that do are marked, and the
     * job is retried for the others (a phone's later messages wait with its first that failed).
     */
    async handleInbound(inboundIds: number[]) {
      const store = inboundStore();
      const rows = (await store.findInboundMany(inboundIds)).filter((r) => !r.handledAt);
      if (!rows.length) return;
      const messages: InboundMessage[] = [];
      for (const row of rows) messages.push(await asInboundMessage(row));
      const handle = async (batch: InboundMessage[]) => {
        for (const handler of inboundBatchHandlers) await handler(batch);
        for (const m of batch) for (const handler of inboundHandlers) await handler(m);
      };
      try {
        await handle(messages);
        await store.markHandled(rows.map((r) => r.id), new Date());
      } catch (err) {
        if (rows.length === 1) throw err;
        const stuck = new Set<string>();
        let failure: unknown = null;
        for (const [i, row] of rows.entries()) {
          const key = `${row.accountId}\u0000${row.from}`;
          if (stuck.has(key)) continue;
          try {
            await handle([messages[i]!]);
            await store.markHandled([row.id], new Date());
          } catch (e) {
            stuck.add(key);
            failure ??= e;
          }
        }
        if (failure) throw failure;
      }
    },
    /**
     * The `whatsapp.statuses` job: applies a batch of reported statuses, each only if it moves its
     * message forward (of several for one message, the furthest), then tells the handlers each
     * message's resulting status. Statuses of messages not recorded yet (their send still being
     * recorded) are queued again, a few times, after the others are applied.
     */
    async applyStatuses(reported: ReportedStatus[], attempt = 1) {
      const byMessage = new Map<string, ReportedStatus>();
      for (const r of reported) {
        const key = `${r.provider}\u0000${r.providerMessageId}`;
        const seen = byMessage.get(key);
        byMessage.set(key, seen ? furthest(seen, r) : r);
      }
      const byProvider = new Map<string, ReportedStatus[]>();
      for (const r of byMessage.values()) byProvider.set(r.provider, [...(byProvider.get(r.provider) ?? []), r]);
      const updates: StatusUpdate[] = [];
      const unknown: ReportedStatus[] = [];
      const movedRows: MessageRow[] = [];
      for (const [name, list] of byProvider) {
        const dated = list.map((r) => {
          const at = new Date(r.at);
          return { ...r, at: Number.isNaN(at.getTime()) ? new Date() : at };
        });
        const moved = await repo.applyStatuses(name, dated);
        const rows = new Map((await repo.findManyByProviderIds(name, list.map((r) => r.providerMessageId))).map((m) => [m.providerMessageId, m]));
        for (const r of dated) {
          const after = rows.get(r.providerMessageId);
          if (!after) {
            unknown.push(byMessage.get(`${name}\u0000${r.providerMessageId}`)!);
            continue;
          }
          if (moved.has(after.id)) movedRows.push(after);
          updates.push({
            accountId: after.accountId,
            messageId: after.id,
            subjectType: after.subjectType,
            subjectId: after.subjectId,
            status: after.status as DeliveryStatus,
            reported: r.status,
            at: r.at,
            error: r.status === 'failed' ? (r.error ?? after.error) : null,
          });
        }
      }
      if (movedRows.length === 1) onActivity?.({ kind: 'outbound', message: movedRows[0]! });
      else if (movedRows.length) onActivity?.({ kind: 'outbound-batch', messages: movedRows });
      for (const handler of statusBatchHandlers) await handler(updates);
      for (const update of updates) for (const handler of statusHandlers) await handler(update);
      if (unknown.length && attempt < MAX_STATUS_ATTEMPTS) {
        await queue.add('whatsapp.statuses', { statuses: unknown, attempt: attempt + 1 }, { delayMs: retryDelay(attempt), attempts: 4 });
      }
      return { applied: updates.length, unknown: unknown.length };
    },
    /** The `whatsapp.template` job. */
    async handleTemplateDecision(decision: TemplateDecision) {
      for (const handler of templateHandlers) await handler(decision);
    },
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
