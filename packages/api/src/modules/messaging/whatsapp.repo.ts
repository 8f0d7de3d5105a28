import type { Db, SqlRunner } from '../../db/client.ts';
import type { InboundMessage } from './whatsapp.ts';

/** A customer's message as the webhook (or the simulator) parsed it, before it is stored. */
export interface ArrivedMessage {
  accountId: number;
  provider: string;
  providerMessageId: string;
  from: string;
  profileName: string | null;
  kind: InboundMessage['kind'];
  text: string | null;
  media: InboundMessage['media'];
  button: InboundMessage['button'];
  /** The provider's id of our message it answers (context.id). */
  contextProviderMessageId: string | null;
  /** Our message it answers, when the caller knows it (the simulator). */
  replyToId?: number | null;
  at: Date;
}

const inboundSelect = {
  id: true,
  accountId: true,
  provider: true,
  providerMessageId: true,
  from: true,
  profileName: true,
  kind: true,
  text: true,
  media: true,
  button: true,
  contextProviderMessageId: true,
  replyToId: true,
  sentAt: true,
  receivedAt: true,
  handledAt: true,
} as const;

const numberSelect = { accountId: true, phoneNumberId: true, wabaId: true, displayPhone: true, accessToken: true, updatedAt: true } as const;

export function createWhatsAppRepo(db: Db, sql: SqlRunner) {
  return {
    /**
     * Stores the messages not stored before (unique provider + provider id: a replay is dropped), in
     * one statement; answers the new rows, each with its provider's id.
     */
    async storeInbound(messages: ArrivedMessage[]): Promise<Array<{ id: number; provider: string; providerMessageId: string }>> {
      if (!messages.length) return [];
      const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
      // Plain SQL on the pool: the webhook's one statement per batch, where Prisma's query building cost more than the insert.
      return sql.query(
        `INSERT INTO whatsapp_inbound (account_id, provider, provider_message_id, "from", profile_name, kind, text, media, button, context_provider_message_id, reply_to_id, sent_at)
         SELECT account_id, provider, provider_message_id, "from", profile_name, kind, text, media::jsonb, button::jsonb, context_provider_message_id, reply_to_id, sent_at
           FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::timestamptz[])
                AS m(account_id, provider, provider_message_id, "from", profile_name, kind, text, media, button, context_provider_message_id, reply_to_id, sent_at)
         ON CONFLICT (provider, provider_message_id) DO NOTHING
         RETURNING id, provider, provider_message_id AS "providerMessageId"`,
        [
          messages.map((m) => m.accountId),
          messages.map((m) => m.provider),
          messages.map((m) => m.providerMessageId),
          messages.map((m) => m.from),
          messages.map((m) => m.profileName),
          messages.map((m) => m.kind),
          messages.map((m) => m.text),
          messages.map((m) => json(m.media)),
          messages.map((m) => json(m.button)),
          messages.map((m) => m.contextProviderMessageId),
          messages.map((m) => m.replyToId ?? null),
          messages.map((m) => m.at.toISOString()),
        ],
      );
    },
    /** The handlers have seen the messages. */
    markHandled(ids: number[], at: Date) {
      return db.whatsAppInbound.updateMany({ where: { id: { in: ids }, handledAt: null }, data: { handledAt: at } });
    },
    /** Messages stored between `from` and `to` that no handler has seen (their job was never queued, or failed for good). */
    async unhandled(from: Date, to: Date, take: number) {
      const rows = await db.whatsAppInbound.findMany({
        where: { handledAt: null, receivedAt: { gte: from, lt: to } },
        orderBy: { receivedAt: 'asc' },
        take,
        select: { id: true },
      });
      return rows.map((r) => r.id);
    },
    findInboundByProviderId(provider: string, providerMessageId: string) {
      return db.whatsAppInbound.findUnique({ where: { provider_providerMessageId: { provider, providerMessageId } }, select: inboundSelect });
    },
    /** Stored messages by id, in the order they were stored. */
    findInboundMany(ids: number[]) {
      return db.whatsAppInbound.findMany({ where: { id: { in: ids } }, select: inboundSelect, orderBy: { id: 'asc' } });
    },
    setReplyTo(id: number, replyToId: number) {
      return db.whatsAppInbound.updateMany({ where: { id, replyToId: null }, data: { replyToId } });
    },
    inboundFrom(accountId: number, from: string, take: number) {
      return db.whatsAppInbound.findMany({ where: { accountId, from }, orderBy: { id: 'desc' }, take, select: inboundSelect });
    },
    /** The phones this account exchanged messages with, the newest activity first. */
    async conversations(accountId: number, skip: number, take: number) {
      const rows = await db.$queryRaw<Array<{ phone: string; last_at: Date; name: string | null; total: bigint }>>`
        WITH activity AS (
          SELECT "to" AS phone, created_at AS at, NULL::text AS name FROM outbound_messages WHERE account_id = ${accountId} AND channel = 'whatsapp'
          UNION ALL
          SELECT "from", received_at, profile_name FROM whatsapp_inbound WHERE account_id = ${accountId}
        ), phones AS (
          SELECT phone, max(at) AS last_at, (array_agg(name ORDER BY at DESC) FILTER (WHERE name IS NOT NULL))[1] AS name
          FROM activity GROUP BY phone
        )
        SELECT phone, last_at, name, count(*) OVER () AS total FROM phones ORDER BY last_at DESC, phone LIMIT ${take} OFFSET ${skip}`;
      return rows;
    },
    async countConversations(accountId: number) {
      const [row] = await db.$queryRaw<Array<{ total: bigint }>>`
        SELECT count(*) AS total FROM (
          SELECT "to" AS phone FROM outbound_messages WHERE account_id = ${accountId} AND channel = 'whatsapp'
          UNION SELECT "from" FROM whatsapp_inbound WHERE account_id = ${accountId}
        ) p`;
      return Number(row?.total ?? 0);
    },
    numberOf(accountId: number) {
      return db.whatsAppNumber.findUnique({ where: { accountId }, select: numberSelect });
    },
    numberByPhoneNumberId(phoneNumberId: string) {
      return db.whatsAppNumber.findUnique({ where: { phoneNumberId }, select: numberSelect });
    },
    numberByWaba(wabaId: string) {
      return db.whatsAppNumber.findFirst({ where: { wabaId }, orderBy: { id: 'asc' }, select: numberSelect });
    },
    /** Saves the account's number; a token left out keeps the one stored. */
    saveNumber(accountId: number, n: { phoneNumberId: string; wabaId: string; displayPhone: string; accessToken?: string | null }) {
      const token = n.accessToken === undefined ? {} : { accessToken: n.accessToken };
      return db.whatsAppNumber.upsert({
        where: { accountId },
        create: { accountId, phoneNumberId: n.phoneNumberId, wabaId: n.wabaId, displayPhone: n.displayPhone, ...token },
        update: { phoneNumberId: n.phoneNumberId, wabaId: n.wabaId, displayPhone: n.displayPhone, ...token },
        select: numberSelect,
      });
    },
    /** Whether another account has this phone number id already. */
    async phoneNumberIdTaken(accountId: number, phoneNumberId: string) {
      const other = await db.whatsAppNumber.findUnique({ where: { phoneNumberId }, select: { accountId: true } });
      return other !== null && other.accountId !== accountId;
    },
  };
}
export type WhatsAppRepo = ReturnType<typeof createWhatsAppRepo>;
export type InboundRow = Awaited<ReturnType<WhatsAppRepo['findInboundMany']>>[number];
export type NumberRow = NonNullable<Awaited<ReturnType<WhatsAppRepo['numberOf']>>>;
