import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

const campaignSelect = {
  id: true,
  accountId: true,
  templateId: true,
  name: true,
  message: true,
  audience: true,
  locationIds: true,
  startAt: true,
  endAt: true,
  mediaUrl: true,
  mediaType: true,
  mediaName: true,
  status: true,
  startedAt: true,
  progressAt: true,
  finishedAt: true,
  canceledAt: true,
  createdAt: true,
  updatedAt: true,
  template: { select: { id: true, name: true, status: true, message: true, buttons: true, language: true, mediaUrl: true, mediaType: true, mediaName: true } },
} as const;

/** The audience as stored (the contract's shape). */
export interface AudienceData {
  type: 'all' | 'tags' | 'stores' | 'list' | 'product';
  tags: string[];
  customer_ids: number[];
  phones: string[];
  product_ids: number[];
}

export interface CampaignData {
  templateId: number;
  name: string;
  message: string | null;
  audience: AudienceData;
  locationIds: number[];
  startAt: Date;
  endAt: Date;
  mediaUrl: string | null;
  mediaType: string | null;
  mediaName: string | null;
  status: string;
}

export interface CampaignFilters {
  search?: string;
  status?: string;
  templateId?: number;
  from?: Date;
  to?: Date;
}

/** Statuses in which a campaign may still be edited (sending has not started). */
export const EDITABLE_STATUSES = ['draft', 'scheduled'];
/** Statuses a cancel applies to. */
export const CANCELABLE_STATUSES = ['draft', 'scheduled', 'sending'];

export interface CampaignCounts {
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  opted_out: number;
  failed: number;
  pending: number;
}

export const NO_COUNTS: CampaignCounts = { recipients: 0, sent: 0, delivered: 0, read: 0, replied: 0, opted_out: 0, failed: 0, pending: 0 };

const countColumns = Prisma.sql`
  count(*)::int AS recipients,
  count(*) FILTER (WHERE r.status IN ('sent', 'delivered', 'read'))::int AS sent,
  count(*) FILTER (WHERE r.delivered_at IS NOT NULL)::int AS delivered,
  count(*) FILTER (WHERE r.read_at IS NOT NULL)::int AS read,
  count(*) FILTER (WHERE r.replied_at IS NOT NULL)::int AS replied,
  count(*) FILTER (WHERE r.opted_out_at IS NOT NULL)::int AS opted_out,
  count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
  count(*) FILTER (WHERE r.status IN ('pending', 'sending'))::int AS pending`;

/** The customers a campaign's audience names: opted in, with a phone, not anonymised, of the account. */
export function audienceWhere(accountId: number, audience: AudienceData, locationIds: number[]): Prisma.Sql {
  const conditions = [
    Prisma.sql`c.account_id = ${accountId}`,
    Prisma.sql`c.opt_in`,
    Prisma.sql`c.phone IS NOT NULL`,
    Prisma.sql`c.anonymized_at IS NULL`,
  ];
  if (audience.type === 'tags') conditions.push(Prisma.sql`c.tags && ${audience.tags}::text[]`);
  if (audience.type === 'list') {
    conditions.push(Prisma.sql`(c.id = ANY(${audience.customer_ids}::int[]) OR c.phone = ANY(${audience.phones}::text[]))`);
  }
  if (audience.type === 'product') {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
      WHERE o.account_id = ${accountId} AND o.customer_id = c.id AND oi.product_id = ANY(${audience.product_ids}::int[])
    )`);
  }
  // The campaign's stores narrow every audience to their customers (those who ordered there); `stores` is just that.
  if (locationIds.length) {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM orders o WHERE o.account_id = ${accountId} AND o.customer_id = c.id AND o.location_id = ANY(${locationIds}::int[])
    )`);
  }
  return Prisma.join(conditions, ' AND ');
}

/** Campaigns of one account (every query carries `accountId`), and the dispatch's cross-account reads of due work. */
export function createMessagingCampaignsRepo(db: Db) {
  const where = (accountId: number, f: CampaignFilters): Prisma.MessagingCampaignWhereInput => ({
    accountId,
    ...(f.status ? { status: f.status } : {}),
    ...(f.templateId ? { templateId: f.templateId } : {}),
    ...(f.search ? { name: { contains: likeLiteral(f.search), mode: 'insensitive' as const } } : {}),
    // A period filter keeps the campaigns whose schedule touches it.
    ...(f.from ? { endAt: { gte: f.from } } : {}),
    ...(f.to ? { startAt: { lte: f.to } } : {}),
  });

  const find = (accountId: number, id: number) => db.messagingCampaign.findFirst({ where: { id, accountId }, select: campaignSelect });

  async function counts(campaignIds: number[]): Promise<Map<number, CampaignCounts>> {
    if (!campaignIds.length) return new Map();
    const rows = await db.$queryRaw<Array<CampaignCounts & { campaign_id: number }>>`
      SELECT r.campaign_id, ${countColumns}
      FROM messaging_campaign_recipients r
      WHERE r.campaign_id = ANY(${campaignIds}::int[])
      GROUP BY r.campaign_id`;
    return new Map(rows.map(({ campaign_id, ...c }) => [campaign_id, c]));
  }

  return {
    async list(accountId: number, f: CampaignFilters, page: number, quantity: number) {
      const w = where(accountId, f);
      const [rows, total] = await Promise.all([
        db.messagingCampaign.findMany({ where: w, orderBy: [{ startAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * quantity, take: quantity, select: campaignSelect }),
        db.messagingCampaign.count({ where: w }),
      ]);
      return { rows, total };
    },
    find,
    counts,
    templateOf(accountId: number, templateId: number) {
      return db.messagingTemplate.findFirst({ where: { id: templateId, accountId }, select: { id: true, status: true, name: true } });
    },
    /** The account's stores among these ids. */
    async storesOf(accountId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db.location.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } });
      return rows.map((r) => r.id);
    },
    create(accountId: number, data: CampaignData) {
      return db.messagingCampaign.create({ data: { ...data, audience: data.audience as unknown as Prisma.InputJsonValue, accountId }, select: campaignSelect });
    },
    /** Replaces the campaign only while it has not started sending; null otherwise (or when not the account's). */
    async update(accountId: number, id: number, data: CampaignData) {
      const { count } = await db.messagingCampaign.updateMany({
        where: { id, accountId, status: { in: EDITABLE_STATUSES } },
        data: { ...data, audience: data.audience as unknown as Prisma.InputJsonValue },
      });
      return count ? find(accountId, id) : null;
    },
    /** Deletes the campaign unless it is sending. */
    async remove(accountId: number, id: number) {
      const { count } = await db.messagingCampaign.deleteMany({ where: { id, accountId, status: { not: 'sending' } } });
      return count > 0;
    },
    /** Cancels the campaign and skips every recipient not claimed yet, in one transaction; false when it was not cancelable. */
    async cancel(accountId: number, id: number, at: Date) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.messagingCampaign.updateMany({
          where: { id, accountId, status: { in: CANCELABLE_STATUSES } },
          data: { status: 'canceled', canceledAt: at },
        });
        if (!count) return false;
        await tx.messagingCampaignRecipient.updateMany({ where: { campaignId: id, status: 'pending' }, data: { status: 'skipped' } });
        return true;
      });
    },

    // ── The dispatch (across accounts: jobs, not requests) ──

    /** Scheduled campaigns whose start has come (their template approved), oldest first. */
    due(now: Date, limit = 50) {
      return db.messagingCampaign.findMany({
        where: { status: 'scheduled', startAt: { lte: now }, endAt: { gt: now }, template: { status: 'approved' } },
        orderBy: { startAt: 'asc' },
        take: limit,
        select: { id: true, updatedAt: true },
      });
    },
    /** Sending campaigns whose dispatch made no progress since `before` (its worker died, or its job was lost). */
    stalled(before: Date, limit = 50) {
      return db.messagingCampaign.findMany({
        where: { status: 'sending', OR: [{ progressAt: null }, { progressAt: { lt: before } }] },
        orderBy: { id: 'asc' },
        take: limit,
        select: { id: true, progressAt: true },
      });
    },
    /** Scheduled campaigns whose end passed before they could start (no approved template meanwhile): canceled. */
    async expire(now: Date) {
      const { count } = await db.messagingCampaign.updateMany({ where: { status: 'scheduled', endAt: { lte: now } }, data: { status: 'canceled', canceledAt: now } });
      return count;
    },
    findForDispatch(id: number) {
      return db.messagingCampaign.findUnique({ where: { id }, select: campaignSelect });
    },
    /**
     * Starts a due campaign: moves it to sending (only one caller wins) and writes its recipients
     * once, in one transaction; false when it was not due (already started, canceled, edited).
     */
    async start(id: number, now: Date) {
      return db.$transaction(async (tx) => {
        const [campaign] = await tx.messagingCampaign.updateManyAndReturn({
          where: { id, status: 'scheduled', startAt: { lte: now }, endAt: { gt: now }, template: { status: 'approved' } },
          data: { status: 'sending', startedAt: now, progressAt: now },
          select: { accountId: true, audience: true, locationIds: true },
        });
        if (!campaign) return false;
        await materialise(tx, id, campaign.accountId, campaign.audience as unknown as AudienceData, campaign.locationIds);
        return true;
        // An audience of a few hundred thousand customers is written in one INSERT … SELECT that can take
        // longer than the 5 s default on a loaded database: a timeout would roll the start back, over and over.
      }, { timeout: START_TIMEOUT_MS });
    },
    /** Marks the dispatch alive. */
    progress(id: number, at: Date) {
      return db.messagingCampaign.updateMany({ where: { id, status: 'sending' }, data: { progressAt: at } });
    },
    /** Ends a sending campaign with nothing left to send; false while some recipient is pending or being sent. */
    async finish(id: number, at: Date) {
      const { count } = await db.messagingCampaign.updateMany({
        where: { id, status: 'sending', recipients: { none: { status: { in: ['pending', 'sending'] } } } },
        data: { status: 'sent', finishedAt: at },
      });
      return count > 0;
    },
  };
}

/** How long a campaign's start (its recipients written) may take. */
const START_TIMEOUT_MS = 300_000;

/** Writes the campaign's recipients: one row per customer of the audience (the unique key keeps it once). */
async function materialise(tx: Tx, campaignId: number, accountId: number, audience: AudienceData, locationIds: number[]) {
  await tx.$executeRaw`
    INSERT INTO messaging_campaign_recipients (campaign_id, account_id, customer_id, phone)
    SELECT ${campaignId}, c.account_id, c.id, c.phone FROM customers c
    WHERE ${audienceWhere(accountId, audience, locationIds)}
    ORDER BY c.id
    ON CONFLICT (campaign_id, customer_id) DO NOTHING`;
}

export type MessagingCampaignsRepo = ReturnType<typeof createMessagingCampaignsRepo>;
export type CampaignRow = NonNullable<Awaited<ReturnType<MessagingCampaignsRepo['find']>>>;
