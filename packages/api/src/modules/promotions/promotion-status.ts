import type { PromotionStatus } from '@backoffice/contracts';

export const BUSINESS_TZ = 'America/Sao_Paulo';

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

/** The calendar day (YYYY-MM-DD) in São Paulo at `at`. */
export function businessDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** São Paulo's UTC offset (e.g. "-03:00") on the given day. */
function offsetOn(date: string): string {
  const probe = new Date(`${date}T12:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TZ, timeZoneName: 'longOffset' })
    .formatToParts(probe)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = name?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/** 00:00:00.000 of a São Paulo day. */
export const startOfBusinessDay = (date: string): Date => new Date(`${date}T00:00:00.000${offsetOn(date)}`);

/** 23:59:59.999 of a São Paulo day. */
export const endOfBusinessDay = (date: string): Date => new Date(`${date}T23:59:59.999${offsetOn(date)}`);

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

/** A list's YYYY-MM-DD date-range filter as instants: from 00:00 of the first São Paulo day to 23:59:59.999 of the last. */
export const businessRange = (q: { start_date?: string; end_date?: string }) => ({
  from: q.start_date ? startOfBusinessDay(q.start_date) : undefined,
  to: q.end_date ? endOfBusinessDay(q.end_date) : undefined,
});
