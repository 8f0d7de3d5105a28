import { isoToDateHour } from '../../shared/ui/sao-paulo-time';
import type { SlotDates, SlotMode } from './api';
import { addDays, weekdayOf } from './schedule';

export interface PreviewWindow {
  slotId: number;
  /** HH:MM in São Paulo; an end at the next midnight reads 24:00. */
  start: string;
  end: string;
  capacity: number;
  booked: number;
  remaining: number;
  bookable: boolean;
  reason: SlotDates['windows'][number]['reason'];
}

export interface PreviewDay {
  date: string;
  weekday: number;
  /** A day without work for this store and mode: the reason given, or null. */
  closed: { reason: string | null } | null;
  windows: PreviewWindow[];
}

function hourOn(date: string, iso: string): string {
  const at = isoToDateHour(iso);
  return at.date > date && at.hour === '00:00' ? '24:00' : at.hour;
}

/**
 * The /dates/ answer as one row per day from `from` to `to`: its windows in time order with what
 * is left, or closed when a day without work of every mode or of this one falls on it.
 */
export function previewDays(dates: Pick<SlotDates, 'from' | 'to' | 'windows' | 'days_without_work'>, mode: SlotMode): PreviewDay[] {
  const days: PreviewDay[] = [];
  const byDate = new Map<string, PreviewDay>();
  for (let date = dates.from; date <= dates.to; date = addDays(date, 1)) {
    const off = dates.days_without_work.find((d) => d.date === date && (d.mode === null || d.mode === mode));
    const day: PreviewDay = { date, weekday: weekdayOf(date), closed: off ? { reason: off.reason } : null, windows: [] };
    days.push(day);
    byDate.set(date, day);
  }
  for (const w of dates.windows) {
    const day = byDate.get(w.date);
    if (!day || day.closed || (w.mode && w.mode !== mode)) continue;
    day.windows.push({
      slotId: w.slot_id,
      start: hourOn(w.date, w.start),
      end: hourOn(w.date, w.end),
      capacity: w.capacity,
      booked: w.booked,
      remaining: w.remaining,
      bookable: w.bookable,
      reason: w.reason,
    });
  }
  for (const day of days) day.windows.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  return days;
}

/** What is left of a window, 0–100, for its bar. */
export const remainingPercent = (w: Pick<PreviewWindow, 'capacity' | 'remaining'>) => (w.capacity > 0 ? Math.max(0, Math.min(100, Math.round((w.remaining / w.capacity) * 100))) : 0);
