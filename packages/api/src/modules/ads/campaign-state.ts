import type { Prisma } from '../../generated/prisma/client.ts';

export type CampaignState = 'active' | 'scheduled' | 'paused' | 'finished' | 'canceled';

interface CampaignClock {
  active: boolean;
  startAt: Date;
  endAt: Date | null;
  canceledAt: Date | null;
}

/** A campaign's computed status: canceled > finished > paused > scheduled > active. */
export function campaignStateOf(c: CampaignClock, now: Date): CampaignState {
  if (c.canceledAt) return 'canceled';
  if (c.endAt && c.endAt < now) return 'finished';
  if (!c.active) return 'paused';
  if (c.startAt > now) return 'scheduled';
  return 'active';
}

/** The same rule as a filter, so lists page in SQL. */
export function campaignStateWhere(state: CampaignState, now: Date): Prisma.CampaignWhereInput {
  const running: Prisma.CampaignWhereInput = { canceledAt: null, OR: [{ endAt: null }, { endAt: { gte: now } }] };
  switch (state) {
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
