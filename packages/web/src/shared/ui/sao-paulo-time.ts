/**
 * Promotions, flyers and campaigns run on São Paulo's calendar (spec §3/§5: dates YYYY-MM-DD,
 * default hours 00:00 to 23:59). Brazil has kept UTC-3 all year since 2019.
 */
export const SAO_PAULO_TZ = 'America/Sao_Paulo';
export const SAO_PAULO_OFFSET = '-03:00';
export const DEFAULT_START_HOUR = '00:00';
export const DEFAULT_END_HOUR = '23:59';

/** HH:mm, or HH:mm:ss as the time picker gives it (seconds are set by the edge). */
const HOUR = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/**
 * A São Paulo date and hour as an ISO timestamp with its offset. The end hour covers its whole
 * minute (23:59 → 23:59:59), so a period ending at 23:59 lasts the whole day; a missing or
 * invalid hour takes the edge's default.
 */
export function dateHourToIso(date: string, hour: string, edge: 'start' | 'end'): string {
  const [, hh = '00', mm = '00'] = HOUR.exec(hour) ?? HOUR.exec(edge === 'start' ? DEFAULT_START_HOUR : DEFAULT_END_HOUR) ?? [];
  return `${date}T${hh}:${mm}:${edge === 'end' ? '59' : '00'}${SAO_PAULO_OFFSET}`;
}

let formatter: Intl.DateTimeFormat | undefined;
// Made on first use, not when the module loads: a time-zone formatter costs milliseconds to build,
// and the sign-in page (whose chunk holds this module) never needs it.
const saoPauloParts = () =>
  (formatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SAO_PAULO_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** An ISO timestamp (any offset) as the São Paulo date (YYYY-MM-DD) and hour (HH:mm) it falls on. */
export function isoToDateHour(iso: string): { date: string; hour: string } {
  const map = Object.fromEntries(saoPauloParts().formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { date: `${map.year}-${map.month}-${map.day}`, hour: `${map.hour}:${map.minute}` };
}

/** Today in São Paulo as YYYY-MM-DD. */
export const todayInSaoPaulo = (now = new Date()): string => isoToDateHour(now.toISOString()).date;
