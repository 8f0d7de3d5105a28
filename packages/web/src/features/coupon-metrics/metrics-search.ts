import { z } from 'zod';
import { METRICS_MAX_DAYS } from '@backoffice/contracts';

/** The dashboard's default period: the last 30 São Paulo days, today included. */
export const DEFAULT_DAYS = 30;
const TZ = 'America/Sao_Paulo';
const DAY = 86_400_000;

/** Today's date (YYYY-MM-DD) in São Paulo. */
export const saoPauloToday = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

// Calendar arithmetic on YYYY-MM-DD strings: noon UTC keeps clear of any offset.
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

export function defaultRange(now: Date = new Date()) {
  const end_date = saoPauloToday(now);
  return { start_date: addDays(end_date, -(DEFAULT_DAYS - 1)), end_date };
}

const isoDate = z.iso.date();

/**
 * The dashboard's URL state. Missing, malformed, reversed or too long ranges fall back to the
 * last 30 days, so an old link never fails the page.
 */
export const CouponMetricsSearch = z
  .object({
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
  })
  .transform(({ start_date, end_date }) => {
    if (!start_date || !end_date || end_date < start_date || daysBetween(start_date, end_date) + 1 > METRICS_MAX_DAYS) return defaultRange();
    return { start_date, end_date };
  });

export type CouponMetricsSearch = z.output<typeof CouponMetricsSearch>;
