import type { PromotionStatus } from '@backoffice/contracts';
import { businessDate, startOfBusinessDay } from '../../lib/business-day.ts';

export interface StatusInput {
  active: boolean;
  disabledAt: Date | null;
  startAt: Date;
  endAt: Date;
}

/**
 * Spec §4, computed and never stored. The period runs from `startAt` to `endAt` inclusive; its
 * day boundaries are São Paulo's because `endAt` of a finished promotion is 23:59:59 there.
 * An inactive promotion is paused while its period lasts (or has not begun) and canceled after.
 */
export function promotionStatus(p: StatusInput, now: Date): PromotionStatus {
  const t = now.getTime();
  const ended = t > p.endAt.getTime();
  if (!p.active) return ended ? 'canceled' : 'paused';
  if (t < p.startAt.getTime()) return 'scheduled';
  return ended ? 'finished' : 'active';
}

/**
 * Spec §4 "finish": the period ends at the moment just passed — today, and already finished —
 * and one that had not begun is moved to have run, briefly, today, so its start never follows its end.
 */
export function finishedPeriod(startAt: Date, at: Date): { endAt: Date; startAt?: Date } {
  const endAt = new Date(at.getTime() - 1);
  if (startAt <= endAt) return { endAt };
  const today = startOfBusinessDay(businessDate(at));
  return { endAt, startAt: today < endAt ? today : new Date(endAt.getTime() - 1) };
}

/**
 * Spec §4, the columns a state action changes: cancel and pause switch off (remembering when),
 * reactivate switches back on, finish ends the period now.
 */
export function actionChange(action: 'cancel' | 'finish' | 'pause' | 'reactivate', startAt: Date, at: Date) {
  if (action === 'finish') return finishedPeriod(startAt, at);
  return action === 'reactivate' ? { active: true, disabledAt: null } : { active: false, disabledAt: at };
}
