import type { CampaignStatus } from '@backoffice/contracts';
import { Prisma } from '../../generated/prisma/client.ts';

export interface CampaignStatusInput {
  active: boolean;
  startAt: Date;
  endAt: Date | null;
  canceledAt: Date | null;
}

/**
 * Spec §4, computed and never stored: canceled > finished > paused > scheduled > active.
 * `endAt` is 23:59:59.999 of the last São Paulo day, null for an always-on campaign.
 */
export function campaignStatus(c: CampaignStatusInput, now: Date): CampaignStatus {
  if (c.canceledAt) return 'canceled';
  if (c.endAt && c.endAt.getTime() < now.getTime()) return 'finished';
  if (!c.active) return 'paused';
  if (c.startAt.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

/** The same rule as SQL over `campaigns c`, so lists filter, count and sort by status in the database. */
export const campaignStatusSql = (now: Date) => Prisma.sql`(CASE
  WHEN c.canceled_at IS NOT NULL THEN 'canceled'
  WHEN c.end_at IS NOT NULL AND c.end_at < ${now} THEN 'finished'
  WHEN NOT c.active THEN 'paused'
  WHEN c.start_at > ${now} THEN 'scheduled'
  ELSE 'active' END)`;

/** Finished and canceled campaigns are history: nothing about them changes any more. */
export const isClosed = (status: CampaignStatus) => status === 'finished' || status === 'canceled';

/** The same rule as a Prisma filter, for lists built with Prisma (ads by their campaign's status). */
export function campaignStatusWhere(status: CampaignStatus, now: Date): Prisma.CampaignWhereInput {
  const running: Prisma.CampaignWhereInput = { canceledAt: null, OR: [{ endAt: null }, { endAt: { gte: now } }] };
  switch (status) {
    case 'canceled':
      return { canceledAt: { not: null } };
    case 'finished':
      return { canceledAt: null, endAt: { lt: now } };
    case 'paused':
      return { AND: [running, { active: false }] };
    case 'scheduled':
      return { AND: [running, { active: true, startAt: { gt: now } }] };
    case 'active':
      return { AND: [running, { active: true, startAt: { lte: now } }] };
  }
}
