import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { CampaignCounts } from './messaging-campaigns.repo.ts';

/** A recipient a batch claimed, with what its message needs and whether the customer still accepts messages. */
export interface ClaimedRecipient {
  id: number;
  customerId: number;
  phone: string;
  messageId: number | null;
  name: string;
  optIn: boolean;
}

export interface DayCounts {
  date: string;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  opted_out: number;
  failed: number;
}

const TZ = 'America/Sao_Paulo';

/** One event per recipient timestamp, as (São Paulo day, kind), for the rows `where` keeps within [from, to]. */
const eventsSql = (where: Prisma.Sql, from: Date, to: Date) => {
  const part = (column: string, kind: string) => Prisma.sql`
    SELECT (r.${Prisma.raw(column)} AT TIME ZONE ${TZ})::date AS day, ${kind} AS kind, r.campaign_id
    FROM messaging_campaign_recipients r
    WHERE ${where} AND r.${Prisma.raw(column)} >= ${from} AND r.${Prisma.raw(column)} <= ${to}`;
  return Prisma.join(
    [part('sent_at', 'sent'), part('delivered_at', 'delivered'), part('read_at', 'read'), part('replied_at', 'replied'), part('opted_out_at', 'opted_out'), part('failed_at', 'failed')],
    ' UNION ALL ',
  );
};

/** Recipients of campaigns: the dispatch's claims, delivery statuses, replies and the dashboards' counts. */
export function createMessagingRecipientsRepo(db: Db) {
  async function days(where: Prisma.Sql, from: Date, to: Date): Promise<DayCounts[]> {
    const rows = await db.$queryRaw<Array<DayCounts & { day: Date }>>`
      SELECT e.day,
        count(*) FILTER (WHERE e.kind = 'sent')::int AS sent,
        count(*) FILTER (WHERE e.kind = 'delivered')::int AS delivered,
        count(*) FILTER (WHERE e.kind = 'read')::int AS read,
        count(*) FILTER (WHERE e.kind = 'replied')::int AS replied,
        count(*) FILTER (WHERE e.kind = 'opted_out')::int AS opted_out,
        count(*) FILTER (WHERE e.kind = 'failed')::int AS failed
      FROM (${eventsSql(where, from, to)}) e
      GROUP BY e.day ORDER BY e.day`;
    return rows.map(({ day, ...c }) => ({ ...c, date: day.toISOString().slice(0, 10) }));
  }

  return {
    /**
     * Claims up to `limit` recipients of a sending campaign: pending ones, and ones a worker claimed
     * before `staleBefore` and never finished (it died). The conditional update takes each row for
     * one worker only (SKIP LOCKED: concurrent workers take different rows).
     */
    claim(campaignId: number, now: Date, staleBefore: Date, limit: number) {
      return db.$queryRaw<ClaimedRecipient[]>`
        WITH stale AS (
          SELECT r.id FROM messaging_campaign_recipients r
          WHERE r.campaign_id = ${campaignId} AND r.status = 'sending' AND r.claimed_at < ${staleBefore}
          ORDER BY r.id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ), fresh AS (
          -- (campaign_id, status, id): the next pending rows in index order, never a sort of all of them.
          SELECT r.id FROM messaging_campaign_recipients r
          WHERE r.campaign_id = ${campaignId} AND r.status = 'pending'
          ORDER BY r.id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ), picked AS (
          SELECT id FROM stale UNION ALL SELECT id FROM fresh ORDER BY id LIMIT ${limit}
        )
        UPDATE messaging_campaign_recipients r SET status = 'sending', claimed_at = ${now}
        FROM picked, customers c
        WHERE r.id = picked.id AND c.id = r.customer_id
        RETURNING r.id, r.customer_id AS "customerId", r.phone, r.message_id AS "messageId", c.name, c.opt_in AS "optIn"`;
    },
    /** Links recipients to their recorded messages. */
    async setMessages(pairs: Array<{ id: number; messageId: number }>) {
      if (!pairs.length) return;
      await db.$executeRaw`
        UPDATE messaging_campaign_recipients r SET message_id = v.message_id
        FROM unnest(${pairs.map((p) => p.id)}::int[], ${pairs.map((p) => p.messageId)}::int[]) AS v(id, message_id)
        WHERE r.id = v.id`;
    },
    /** The provider took their messages (a status that arrived first is kept). */
    async markSentMany(sent: Array<{ id: number; at: Date }>) {
      if (!sent.length) return;
      await db.$executeRaw`
        UPDATE messaging_campaign_recipients r SET status = CASE WHEN r.status = 'sending' THEN 'sent' ELSE r.status END, sent_at = coalesce(r.sent_at, v.at)
        FROM unnest(${sent.map((x) => x.id)}::int[], ${sent.map((x) => x.at)}::timestamptz[]) AS v(id, at)
        WHERE r.id = v.id AND r.status IN ('sending', 'sent', 'delivered', 'read')`;
    },
    /** The provider refused their messages: failed, and not insisted on (a customer is messaged at most once). */
    async markFailedMany(failed: Array<{ id: number; error: string }>, at: Date) {
      if (!failed.length) return;
      await db.$executeRaw`
        UPDATE messaging_campaign_recipients r SET status = 'failed', failed_at = ${at}, error = left(v.error, 1000)
        FROM unnest(${failed.map((x) => x.id)}::int[], ${failed.map((x) => x.error)}::text[]) AS v(id, error)
        WHERE r.id = v.id AND r.status = 'sending'`;
    },
    /** Recipients that will not be messaged (opted out since the audience was chosen, the campaign ended or was canceled). */
    skip(ids: number[]) {
      return db.messagingCampaignRecipient.updateMany({ where: { id: { in: ids }, status: { in: ['pending', 'sending'] } }, data: { status: 'skipped' } });
    },
    skipPending(campaignId: number) {
      return db.messagingCampaignRecipient.updateMany({ where: { campaignId, status: 'pending' }, data: { status: 'skipped' } });
    },
    /**
     * Delivery statuses of recipients' messages, in one statement: each time recorded once, the status
     * moved only forward (failed only before delivery). One status per recipient.
     */
    async applyStatuses(updates: Array<{ accountId: number; id: number; reported: string; at: Date; error: string | null }>) {
      if (!updates.length) return;
      // The delivery statuses in the order they move (a status never moves a recipient back).
      const rank = (column: Prisma.Sql) => Prisma.sql`CASE ${column} WHEN 'pending' THEN 0 WHEN 'sending' THEN 1 WHEN 'sent' THEN 2 WHEN 'delivered' THEN 3 WHEN 'read' THEN 4 ELSE 99 END`;
      await db.$executeRaw`
        UPDATE messaging_campaign_recipients r SET
          status = CASE WHEN v.reported = 'failed' THEN CASE WHEN r.status IN ('pending', 'sending', 'sent') THEN 'failed' ELSE r.status END
                        WHEN ${rank(Prisma.sql`v.reported`)} > ${rank(Prisma.sql`r.status`)} THEN v.reported ELSE r.status END,
          sent_at = CASE WHEN v.reported IN ('sent', 'delivered', 'read') THEN coalesce(r.sent_at, v.at) ELSE r.sent_at END,
          delivered_at = CASE WHEN v.reported IN ('delivered', 'read') THEN coalesce(r.delivered_at, v.at) ELSE r.delivered_at END,
          read_at = CASE WHEN v.reported = 'read' THEN coalesce(r.read_at, v.at) ELSE r.read_at END,
          failed_at = CASE WHEN v.reported = 'failed' AND r.status IN ('pending', 'sending', 'sent') THEN coalesce(r.failed_at, v.at) ELSE r.failed_at END,
          error = CASE WHEN v.reported = 'failed' AND r.status IN ('pending', 'sending', 'sent') THEN v.error ELSE r.error END
        FROM unnest(${updates.map((u) => u.id)}::int[], ${updates.map((u) => u.accountId)}::int[], ${updates.map((u) => u.reported)}::text[],
                    ${updates.map((u) => u.at)}::timestamptz[], ${updates.map((u) => u.error)}::text[]) AS v(id, account_id, reported, at, error)
        WHERE r.id = v.id AND r.account_id = v.account_id`;
    },
    /** The customer answered "Quero aproveitar". */
    replied(accountId: number, id: number, at: Date) {
      return db.messagingCampaignRecipient.updateMany({ where: { id, accountId, repliedAt: null }, data: { repliedAt: at } });
    },
    /**
     * The customer answered "Não quero mensagens": the customer stops accepting messages at once and
     * the recipient (when the answer names one) counts as opted out; one transaction.
     */
    async optOut(accountId: number, customer: { id?: number; phone?: string }, recipientId: number | null, at: Date) {
      return db.$transaction(async (tx) => {
        const where = customer.id !== undefined ? { id: customer.id, accountId } : { phone: customer.phone!, accountId };
        const { count } = await tx.customer.updateMany({ where: { ...where, optIn: true }, data: { optIn: false, optInAt: at } });
        if (recipientId !== null) await tx.messagingCampaignRecipient.updateMany({ where: { id: recipientId, accountId, optedOutAt: null }, data: { optedOutAt: at } });
        return count > 0;
      });
    },
    find(accountId: number, id: number) {
      return db.messagingCampaignRecipient.findFirst({ where: { id, accountId }, select: { id: true, campaignId: true, customerId: true, status: true } });
    },

    // ── Dashboards ──

    /** Every campaign of the account, per São Paulo day of [from, to]: each event counted on its own day. */
    accountDays: (accountId: number, from: Date, to: Date) => days(Prisma.sql`r.account_id = ${accountId}`, from, to),
    /** The campaigns of the account that sent within [from, to]. */
    async campaignsSending(accountId: number, from: Date, to: Date) {
      const [row] = await db.$queryRaw<Array<{ n: number }>>`
        SELECT count(DISTINCT r.campaign_id)::int AS n FROM messaging_campaign_recipients r
        WHERE r.account_id = ${accountId} AND r.sent_at >= ${from} AND r.sent_at <= ${to}`;
      return row?.n ?? 0;
    },
    campaignDays: (campaignId: number, from: Date, to: Date) => days(Prisma.sql`r.campaign_id = ${campaignId}`, from, to),
    async campaignCounts(campaignId: number): Promise<CampaignCounts> {
      const [row] = await db.$queryRaw<CampaignCounts[]>`
        SELECT count(*)::int AS recipients,
          count(*) FILTER (WHERE r.status IN ('sent', 'delivered', 'read'))::int AS sent,
          count(*) FILTER (WHERE r.delivered_at IS NOT NULL)::int AS delivered,
          count(*) FILTER (WHERE r.read_at IS NOT NULL)::int AS read,
          count(*) FILTER (WHERE r.replied_at IS NOT NULL)::int AS replied,
          count(*) FILTER (WHERE r.opted_out_at IS NOT NULL)::int AS opted_out,
          count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
          count(*) FILTER (WHERE r.status IN ('pending', 'sending'))::int AS pending
        FROM messaging_campaign_recipients r WHERE r.campaign_id = ${campaignId}`;
      return row!;
    },
    /** Orders the recipients placed within `days` days after their message (canceled and refunded ones left out). */
    async ordersAfter(campaignId: number, days: number) {
      const [row] = await db.$queryRaw<Array<{ orders: number; customers: number; total: bigint }>>`
        SELECT count(o.id)::int AS orders, count(DISTINCT o.customer_id)::int AS customers, coalesce(sum(o.total_cents), 0)::bigint AS total
        FROM messaging_campaign_recipients r
        JOIN orders o ON o.account_id = r.account_id AND o.customer_id = r.customer_id
          AND o.created_at >= r.sent_at AND o.created_at < r.sent_at + make_interval(days => ${days}::int)
        WHERE r.campaign_id = ${campaignId} AND r.sent_at IS NOT NULL AND o.status NOT IN ('canceled', 'refunded')`;
      return { orders: row?.orders ?? 0, customers: row?.customers ?? 0, totalCents: row?.total ?? 0n };
    },
    /** The first and last event of a campaign (its dashboard's period). */
    async campaignSpan(campaignId: number) {
      const [row] = await db.$queryRaw<Array<{ first: Date | null; last: Date | null }>>`
        SELECT least(min(sent_at), min(failed_at)) AS first,
          greatest(max(sent_at), max(delivered_at), max(read_at), max(replied_at), max(opted_out_at), max(failed_at)) AS last
        FROM messaging_campaign_recipients WHERE campaign_id = ${campaignId}`;
      return row ?? { first: null, last: null };
    },
  };
}
export type MessagingRecipientsRepo = ReturnType<typeof createMessagingRecipientsRepo>;
