/** The business day is São Paulo's: periods, daily limits and report days start and end at its midnight. */
export const BUSINESS_TZ = 'America/Sao_Paulo';

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

/** A list's YYYY-MM-DD date-range filter as instants: from 00:00 of the first São Paulo day to 23:59:59.999 of the last. */
export const businessRange = (q: { start_date?: string; end_date?: string }) => ({
  from: q.start_date ? startOfBusinessDay(q.start_date) : undefined,
  to: q.end_date ? endOfBusinessDay(q.end_date) : undefined,
});
