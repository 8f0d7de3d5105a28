import type { Db, Tx } from '../../db/client.ts';

export interface NewMessage {
  accountId: number;
  channel?: string;
  to: string;
  body: string;
  subjectType?: string | null;
  subjectId?: number | null;
  /** The same key in one account is one message. */
  dedupKey: string;
  provider: string;
}

const messageSelect = {
  id: true,
  accountId: true,
  channel: true,
  to: true,
  body: true,
  status: true,
  provider: true,
  providerMessageId: true,
  subjectType: true,
  subjectId: true,
  dedupKey: true,
  error: true,
  createdAt: true,
  sentAt: true,
} as const;

export function createMessagingRepo(db: Db) {
  return {
    /** Inserts the message unless its dedup key exists; answers the stored one either way. */
    async record(message: NewMessage, tx: Tx | Db = db) {
      const { accountId, dedupKey } = message;
      return tx.outboundMessage.upsert({
        where: { accountId_dedupKey: { accountId, dedupKey } },
        create: { ...message, channel: message.channel ?? 'whatsapp' },
        update: {},
        select: messageSelect,
      });
    },
    find(id: number) {
      return db.outboundMessage.findUnique({ where: { id }, select: messageSelect });
    },
    markSent(id: number, providerMessageId: string) {
      return db.outboundMessage.updateMany({
        where: { id, status: { in: ['queued', 'failed'] } },
        data: { status: 'sent', providerMessageId, sentAt: new Date(), error: null },
      });
    },
    markFailed(id: number, error: string) {
      return db.outboundMessage.updateMany({ where: { id, status: { in: ['queued', 'failed'] } }, data: { status: 'failed', error: error.slice(0, 1000) } });
    },
    /** The newest message about a subject (a cart's link), per subject id. */
    async latestFor(accountId: number, subjectType: string, subjectIds: number[]) {
      if (!subjectIds.length) return new Map<number, MessageRow>();
      const rows = await db.outboundMessage.findMany({
        where: { accountId, subjectType, subjectId: { in: subjectIds } },
        orderBy: { id: 'desc' },
        select: messageSelect,
      });
      const out = new Map<number, MessageRow>();
      for (const r of rows) if (r.subjectId !== null && !out.has(r.subjectId)) out.set(r.subjectId, r);
      return out;
    },
  };
}
export type MessagingRepo = ReturnType<typeof createMessagingRepo>;
export type MessageRow = NonNullable<Awaited<ReturnType<MessagingRepo['find']>>>;
