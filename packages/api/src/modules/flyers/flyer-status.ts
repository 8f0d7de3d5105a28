import type { FlyerStatus, PromotionStatus } from '@backoffice/contracts';
import { promotionStatus, type StatusInput } from '../promotions/promotion-status.ts';

// Spec §4 computes a flyer's status like a promotion's; only the name of the inactive, running state differs.
const FROM_PROMOTION: Record<PromotionStatus, FlyerStatus> = {
  scheduled: 'scheduled',
  active: 'active',
  paused: 'pause',
  finished: 'finished',
  canceled: 'canceled',
};

export const toPromotionStatus = (status: FlyerStatus): PromotionStatus => (status === 'pause' ? 'paused' : status);

/** A flyer's status at `now` (São Paulo day boundaries live in its stored start and end). */
export const flyerStatus = (f: StatusInput, now: Date): FlyerStatus => FROM_PROMOTION[promotionStatus(f, now)];
