import { t } from '../../i18n';

/** 0 Sunday … 6 Saturday, as the API numbers weekdays. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const weekdayShort = (weekday: number) => t(`slots.weekdays.short.${weekday}`);
export const weekdayLong = (weekday: number) => t(`slots.weekdays.long.${weekday}`);

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** Minutes since midnight of an HH:MM (or HH:MM:SS, as the time input gives it); null when not a time. */
export function hhmmToMinutes(value: string): number | null {
  const m = HHMM.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** HH:MM from an HH:MM:SS, or the value as it is. */
export const toHhmm = (value: string) => value.slice(0, 5);

/** A lead time or cutoff for people: "30 min", "1 h", "1 h 30 min", "2 dias". */
export function formatMinutes(total: number): string {
  if (total <= 0) return t('slots.duration.none');
  if (total % 1440 === 0) {
    const days = total / 1440;
    return t(days === 1 ? 'slots.duration.day' : 'slots.duration.days', { n: days });
  }
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('slots.duration.minutes', { n: minutes });
  if (minutes === 0) return t('slots.duration.hours', { n: hours });
  return t('slots.duration.hoursMinutes', { h: hours, m: minutes });
}

interface Window {
  weekday: number;
  start: string;
  end: string;
}

/** The week's template as seven columns (Sunday first), each column's windows in time order. */
export function weekColumns<T extends Window>(slots: readonly T[]): T[][] {
  const columns: T[][] = WEEKDAYS.map(() => []);
  for (const slot of slots) columns[slot.weekday]?.push(slot);
  for (const column of columns) column.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  return columns;
}

const DAY_MS = 86_400_000;

/** The calendar date `days` after a YYYY-MM-DD (plain date arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a YYYY-MM-DD. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** DD/MM of a YYYY-MM-DD. */
export const formatDayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** DD/MM/YYYY of a YYYY-MM-DD. */
export const formatDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The `count` dates from `first` on. */
export const dateRange = (first: string, count: number) => Array.from({ length: count }, (_, i) => addDays(first, i));

export interface AddOutcome {
  weekday: number;
  /** The server's message when that weekday's window was refused. */
  error?: string;
}

/**
 * Adds the same window to each weekday, one request after another (the server checks overlaps per
 * weekday, so one refusal must not stop the others); every weekday's outcome comes back.
 */
export async function addToWeekdays(weekdays: readonly number[], add: (weekday: number) => Promise<unknown>, messageOf: (error: unknown) => string): Promise<AddOutcome[]> {
  const outcomes: AddOutcome[] = [];
  for (const weekday of [...weekdays].sort((a, b) => a - b)) {
    try {
      await add(weekday);
      outcomes.push({ weekday });
    } catch (error) {
      outcomes.push({ weekday, error: messageOf(error) });
    }
  }
  return outcomes;
}

/** A typed DD/MM/YYYY (or YYYY-MM-DD) as YYYY-MM-DD; null when it is no calendar date. */
export function parseBrDate(text: string): string | null {
  const trimmed = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [y, m, d] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const probe = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().startsWith(value) ? value : null;
}
