import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
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

export function createWhatsAppRepo(db: Db) {
  return {
    /**
     * Stores the messages not stored before (unique provider + provider id: a replay is dropped), in
     * one statement; answers the new rows, each with its provider's id.
     */
    async storeInbound(messages: ArrivedMessage[]): Promise<Array<{ id: number; provider: string; providerMessageId: string }>> {
      if (!messages.length) return [];
      return db.whatsAppInbound.createManyAndReturn({
        data: messages.map((m) => ({
          accountId: m.accountId,
          provider: m.provider,
          providerMessageId: m.providerMessageId,
          from: m.from,
          profileName: m.profileName,
          kind: m.kind,
          text: m.text,
          media: (m.media ?? undefined) as Prisma.InputJsonValue | undefined,
          button: (m.button ?? undefined) as Prisma.InputJsonValue | undefined,
          contextProviderMessageId: m.contextProviderMessageId,
          replyToId: m.replyToId ?? null,
          sentAt: m.at,
        })),
        skipDuplicates: true,
        select: { id: true, provider: true, providerMessageId: true },
      });
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
