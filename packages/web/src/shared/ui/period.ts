import { todayInSaoPaulo } from './sao-paulo-time';

/** Metrics periods: whole São Paulo days as YYYY-MM-DD, both ends included. */
export type Period = { start_date: string; end_date: string };

/** The default period of every metrics screen: the last 30 São Paulo days, today included. */
export const DEFAULT_DAYS = 30;
const DAY = 86_400_000;

// Calendar arithmetic on YYYY-MM-DD strings: noon UTC keeps clear of any offset.
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

export function defaultPeriod(now: Date = new Date()): Period {
  const end_date = todayInSaoPaulo(now);
  return { start_date: addDays(end_date, -(DEFAULT_DAYS - 1)), end_date };
}
