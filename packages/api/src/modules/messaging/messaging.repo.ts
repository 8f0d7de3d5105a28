import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { DeliveryStatus, WhatsAppContent } from './whatsapp.ts';

export interface NewMessage {
  accountId: number;
  channel?: string;
  to: string;
  /** The plain text (a media's caption, a template's filled body): what lists and previews show. */
  body: string;
  /** What is sent; absent: the body as a text message. */
  content?: WhatsAppContent | null;
  customerId?: number | null;
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
  content: true,
  customerId: true,
  status: true,
  provider: true,
  providerMessageId: true,
  subjectType: true,
  subjectId: true,
  dedupKey: true,
  error: true,
  createdAt: true,
  sentAt: true,
  deliveredAt: true,
  readAt: true,
  failedAt: true,
} as const;
export type MessageRow = Prisma.OutboundMessageGetPayload<{ select: typeof messageSelect }>;

/** The statuses a message may move to `status` from: forward only; failed ends it, from queued or sent. */
export function predecessorsOf(status: DeliveryStatus): DeliveryStatus[] {
  switch (status) {
    case 'queued':
      return [];
    case 'sent':
      return ['queued'];
    case 'delivered':
      return ['queued', 'sent'];
    case 'read':
      return ['queued', 'sent', 'delivered'];
    case 'failed':
      return ['queued', 'sent'];
  }
}

const toRow = (m: NewMessage) => ({
  accountId: m.accountId,
  channel: m.channel ?? 'whatsapp',
  to: m.to,
  body: m.body,
  content: (m.content ?? undefined) as Prisma.InputJsonValue | undefined,
  customerId: m.customerId ?? null,
  subjectType: m.subjectType ?? null,
  subjectId: m.subjectId ?? null,
  dedupKey: m.dedupKey,
  provider: m.provider,
});

/** messageSelect's columns for the batch reads in raw SQL (no query compilation for hundreds of ids). */
const MESSAGE_COLUMNS = Prisma.sql`id, account_id AS "accountId", channel, "to", body, content, customer_id AS "customerId", status, provider,
  provider_message_id AS "providerMessageId", subject_type AS "subjectType", subject_id AS "subjectId", dedup_key AS "dedupKey", error,
  created_at AS "createdAt", sent_at AS "sentAt", delivered_at AS "deliveredAt", read_at AS "readAt", failed_at AS "failedAt"`;

export function createMessagingRepo(db: Db) {
  return {
    /** Inserts the message unless its dedup key exists; answers the stored one either way. */
    async record(message: NewMessage, tx: Tx | Db = db) {
      const { accountId, dedupKey } = message;
      return tx.outboundMessage.upsert({
        where: { accountId_dedupKey: { accountId, dedupKey } },
        create: toRow(message),
        update: {},
        select: messageSelect,
      });
    },
    /**
     * One account's messages in one INSERT … ON CONFLICT (account_id, dedup_key) DO NOTHING; answers
     * every message's id by its dedup key, those stored before included.
     */
    async recordMany(accountId: number, messages: NewMessage[], tx: Tx | Db = db): Promise<Map<string, number>> {
      if (!messages.length) return new Map();
      const rows = messages.map(toRow);
      const col = <K extends keyof ReturnType<typeof toRow>>(k: K) => rows.map((r) => r[k]);
      await tx.$executeRaw`
        INSERT INTO outbound_messages (account_id, channel, "to", body, content, customer_id, subject_type, subject_id, dedup_key, provider)
        SELECT ${accountId}, v.channel, v."to", v.body, v.content, v.customer_id, v.subject_type, v.subject_id, v.dedup_key, v.provider
          FROM unnest(${col('channel')}::text[], ${col('to')}::text[], ${col('body')}::text[], ${rows.map((r) => (r.content === undefined ? null : JSON.stringify(r.content)))}::jsonb[],
                      ${col('customerId')}::int[], ${col('subjectType')}::text[], ${col('subjectId')}::int[], ${col('dedupKey')}::text[], ${col('provider')}::text[])
               AS v(channel, "to", body, content, customer_id, subject_type, subject_id, dedup_key, provider)
        ON CONFLICT (account_id, dedup_key) DO NOTHING`;
      const found = await tx.$queryRaw<Array<{ id: number; dedup_key: string }>>`
        SELECT id, dedup_key FROM outbound_messages WHERE account_id = ${accountId} AND dedup_key = ANY(${col('dedupKey')}::text[])`;
      return new Map(found.map((r) => [r.dedup_key, r.id]));
    },
    find(id: number) {
      return db.outboundMessage.findUnique({ where: { id }, select: messageSelect });
    },
    findMany(ids: number[]): Promise<MessageRow[]> {
      return ids.length ? db.$queryRaw<MessageRow[]>`SELECT ${MESSAGE_COLUMNS} FROM outbound_messages WHERE id = ANY(${ids}::int[]) ORDER BY id` : Promise.resolve([]);
    },
    /** Messages by the provider's ids of them (a batch of statuses names them so). */
    findManyByProviderIds(provider: string, providerMessageIds: string[]): Promise<MessageRow[]> {
      return db.$queryRaw<MessageRow[]>`SELECT ${MESSAGE_COLUMNS} FROM outbound_messages WHERE provider_message_id = ANY(${providerMessageIds}::text[]) AND provider = ${provider}`;
    },
    /** Our message by the provider's id of it (statuses and replies name it so). */
    findByProviderId(provider: string, providerMessageId: string, accountId?: number) {
      return db.outboundMessage.findFirst({
        where: { provider, providerMessageId, ...(accountId === undefined ? {} : { accountId }) },
        select: messageSelect,
      });
    },
    markSent(id: number, providerMessageId: string) {
      return db.outboundMessage.updateMany({
        where: { id, status: { in: ['queued', 'failed'] } },
        data: { status: 'sent', providerMessageId, sentAt: new Date(), error: null, failedAt: null },
      });
    },
    /** Messages the provider took, in one statement (those sent or failed already are left alone). */
    async markSentMany(sent: Array<{ id: number; providerMessageId: string }>, at: Date) {
      if (!sent.length) return;
      await db.$executeRaw`
        UPDATE outbound_messages m SET status = 'sent', provider_message_id = v.provider_message_id, sent_at = ${at}, error = NULL, failed_at = NULL
        FROM unnest(${sent.map((s) => s.id)}::int[], ${sent.map((s) => s.providerMessageId)}::text[]) AS v(id, provider_message_id)
        WHERE m.id = v.id AND m.status IN ('queued', 'failed')`;
    },
    async markFailedMany(failed: Array<{ id: number; error: string }>, at: Date) {
      if (!failed.length) return;
      await db.$executeRaw`
        UPDATE outbound_messages m SET status = 'failed', error = v.error, failed_at = ${at}
        FROM unnest(${failed.map((f) => f.id)}::int[], ${failed.map((f) => f.error.slice(0, 1000))}::text[]) AS v(id, error)
        WHERE m.id = v.id AND m.status IN ('queued', 'failed')`;
    },
    /**
     * Applies reported statuses of one provider's messages in one statement, each only if it moves
     * its message forward (at most one status per message); answers the ids of the messages moved.
     */
    async applyStatuses(provider: string, statuses: Array<{ providerMessageId: string; status: DeliveryStatus; at: Date; error: string | null }>) {
      if (!statuses.length) return new Set<number>();
      const rows = await db.$queryRaw<Array<{ id: number }>>`
        UPDATE outbound_messages m SET
          status = v.status,
          sent_at = CASE WHEN v.status IN ('sent', 'delivered', 'read') THEN coalesce(m.sent_at, v.at) ELSE m.sent_at END,
          delivered_at = CASE WHEN v.status IN ('delivered', 'read') THEN coalesce(m.delivered_at, v.at) ELSE m.delivered_at END,
          read_at = CASE WHEN v.status = 'read' THEN v.at ELSE m.read_at END,
          failed_at = CASE WHEN v.status = 'failed' THEN v.at ELSE m.failed_at END,
          error = CASE WHEN v.status = 'failed' THEN left(coalesce(v.error, 'Falha informada pelo provedor.'), 1000) ELSE m.error END
        FROM unnest(${statuses.map((s) => s.providerMessageId)}::text[], ${statuses.map((s) => s.status)}::text[],
                    ${statuses.map((s) => s.at)}::timestamptz[], ${statuses.map((s) => s.error)}::text[]) AS v(provider_message_id, status, at, error)
        WHERE m.provider = ${provider} AND m.provider_message_id = v.provider_message_id
          AND m.status = ANY (CASE v.status WHEN 'sent' THEN ARRAY['queued'] WHEN 'delivered' THEN ARRAY['queued', 'sent']
                                            WHEN 'read' THEN ARRAY['queued', 'sent', 'delivered'] WHEN 'failed' THEN ARRAY['queued', 'sent']
                                            ELSE ARRAY[]::text[] END)
        RETURNING m.id`;
      return new Set(rows.map((r) => r.id));
    },
    markFailed(id: number, error: string) {
      return db.outboundMessage.updateMany({
        where: { id, status: { in: ['queued', 'failed'] } },
        data: { status: 'failed', error: error.slice(0, 1000), failedAt: new Date() },
      });
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
    /** The newest message to a phone with a template, or any (what a button pressed in the simulator answers). */
    latestTo(accountId: number, to: string) {
      return db.outboundMessage.findFirst({ where: { accountId, to, status: { not: 'queued' } }, orderBy: { id: 'desc' }, select: messageSelect });
    },
    /** The simulator's messages to a phone that the customer has not read yet (its panel marks them read). */
    unreadTo(accountId: number, to: string) {
      return db.outboundMessage.findMany({
        where: { accountId, to, provider: 'local', status: { in: ['sent', 'delivered'] }, providerMessageId: { not: null } },
        orderBy: { id: 'asc' },
        take: 500,
        select: { id: true, provider: true, providerMessageId: true },
      });
    },
    /** Every message sent to a phone, oldest first. */
    outboundTo(accountId: number, to: string, take: number) {
      return db.outboundMessage.findMany({ where: { accountId, to }, orderBy: { id: 'desc' }, take, select: messageSelect });
    },
  };
}
export type MessagingRepo = ReturnType<typeof createMessagingRepo>;

