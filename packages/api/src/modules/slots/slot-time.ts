import { BUSINESS_TZ, startOfBusinessDay } from '../../lib/business-day.ts';
import type { SlotUnbookableReason } from '@backoffice/contracts';

/** São Paulo calendar arithmetic for windows: dates are YYYY-MM-DD, times minutes since the local midnight. */
export const MINUTE = 60_000;
const DAY = 86_400_000;

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00.000Z`);
const pad = (n: number) => String(n).padStart(2, '0');

/** São Paulo's UTC offset on a date, in minutes (-180). */
export const offsetMinutes = (date: string): number => Math.round((utcMidnight(date) - startOfBusinessDay(date).getTime()) / MINUTE);

const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

export const addDays = (date: string, days: number): string => new Date(utcMidnight(date) + days * DAY).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string): number => new Date(utcMidnight(date)).getUTCDay();

/** The instant of a minute of a São Paulo date (1440: the next midnight). */
export const instantOf = (date: string, minute: number): Date => new Date(utcMidnight(date) + (minute - offsetMinutes(date)) * MINUTE);

/** The same instant written in São Paulo's time with its offset: 2026-12-01T08:00:00-03:00. */
export function localIso(date: string, minute: number): string {
  if (minute >= 1440) return localIso(addDays(date, 1), minute - 1440);
  return `${date}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00${offsetText(offsetMinutes(date))}`;
}

/** "HH:MM" in São Paulo of an instant. */
export const localTime = (at: Date): string =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** A DATE column's value for a YYYY-MM-DD text, and back. */
export const dateValue = (date: string): Date => new Date(utcMidnight(date));
export const dateText = (value: Date): string => value.toISOString().slice(0, 10);

export interface WindowRules {
  startMinute: number;
  capacity: number;
  cutoffMinutes: number;
  priorNoticeMinutes: number;
}

/** When a window of a date starts, closes for booking (cutoff) and last accepts one (prior notice). */
export function windowMoments(w: WindowRules, date: string) {
  const startAt = instantOf(date, w.startMinute);
  return {
    startAt,
    /** From this instant on, no booking (the cutoff). */
    cutoffAt: new Date(startAt.getTime() - w.cutoffMinutes * MINUTE),
    /** The last instant a booking still gives the prior notice (start − now ≥ prior notice). */
    lastNoticeAt: new Date(startAt.getTime() - w.priorNoticeMinutes * MINUTE),
  };
}

/**
 * Why the window cannot be booked at `now`, or null: `cutoff` from start − cutoff on (at that very
 * minute included), `prior_notice` when start − now < the prior notice, `full` with no place left.
 */
export function unbookableReason(w: WindowRules, date: string, booked: number, now: Date): SlotUnbookableReason | null {
  const { cutoffAt, lastNoticeAt } = windowMoments(w, date);
  if (now.getTime() >= cutoffAt.getTime()) return 'cutoff';
  if (now.getTime() > lastNoticeAt.getTime()) return 'prior_notice';
  if (booked >= w.capacity) return 'full';
  return null;
}
