import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../lib/queue.ts';
import type { MessageProvider } from './message-provider.ts';
import type { MessageRow, MessagingRepo, NewMessage } from './messaging.repo.ts';

export const MAX_MESSAGE_ATTEMPTS = 5;
/** One send job per message. */
export const messageJobId = (messageId: number) => `message-${messageId}`;

/** What a module asks to send: the provider is the service's. */
export type OutgoingMessage = Omit<NewMessage, 'provider'>;

/** Messages to customers: recorded once per dedup key, handed to the provider by a job (or by the caller's own job). */
export function createMessagingService({ repo, queue, provider }: { repo: MessagingRepo; queue: JobQueue; provider: MessageProvider }) {
  /** Sends a recorded message unless it was sent already; a failure is recorded and thrown (the job retries). */
  async function deliver(messageId: number): Promise<MessageRow | null> {
    const message = await repo.find(messageId);
    if (!message || message.status === 'sent' || message.status === 'delivered' || message.status === 'read') return message;
    try {
      const { providerMessageId } = await provider.send({ channel: message.channel, to: message.to, body: message.body, key: `${message.accountId}:${message.dedupKey}` });
      await repo.markSent(message.id, providerMessageId);
    } catch (err) {
      await repo.markFailed(message.id, (err as Error).message);
      throw err;
    }
    return repo.find(messageId);
  }

  return {
    /** Records the message (in `tx` when given) unless its dedup key exists; answers the stored row. */
    record: (message: OutgoingMessage, tx?: Tx | Db) => repo.record({ ...message, provider: provider.name }, tx),
    deliver,
    /** Queues the send of a recorded message (once per message). */
    dispatch: (messageId: number) => queue.add('messages.send', { messageId }, { jobId: messageJobId(messageId), attempts: MAX_MESSAGE_ATTEMPTS }),
    /** The newest message about each subject (e.g. each cart's link). */
    latestFor: repo.latestFor,
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
