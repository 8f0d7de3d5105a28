/**
 * A store's business hours as time arithmetic: how many minutes of an interval fall within the
 * store's opening hours (per weekday, possibly past midnight) and outside its days without work,
 * and whether the store is open at an instant. Pure: the dashboards and the bot call it.
 */

/** One weekday's opening (locations.opening_hours): weekday 0–6 from Sunday, "HH:MM"; close ≤ open ends the next day. */
export interface OpeningInterval {
  weekday: number;
  open: string;
  close: string;
}

export interface StoreSchedule {
  openingHours: OpeningInterval[];
  /** Local dates (YYYY-MM-DD) the store does not work: an interval that opens that day does not count, even its part after midnight. */
  daysOff: ReadonlySet<string>;
  /** IANA time zone of the store; America/Sao_Paulo by default. */
  timeZone?: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(at: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second) };
}

/** Offset of the zone from UTC at an instant, in ms (São Paulo: −3 h). */
function offsetAt(at: number, timeZone: string) {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - (at - (at % 1000));
}

/** The instant of a local date and time ("HH:MM", "24:00" allowed) in a time zone. */
export function zonedInstant(date: string, time: string, timeZone = DEFAULT_TIME_ZONE): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, h, mi);
  const first = guess - offsetAt(guess, timeZone);
  // Once more: the offset at the answer may differ from the guess's across a DST change.
  return guess - offsetAt(first, timeZone);
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDate(at: Date | number, timeZone = DEFAULT_TIME_ZONE): string {
  const w = wallClock(typeof at === 'number' ? at : at.getTime(), timeZone);
  return `${w.y}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** The store's open intervals [from, to) (epoch ms) that opened on local days from `first` to `last`. */
function openIntervals(schedule: StoreSchedule, first: string, last: string): Array<[number, number]> {
  const tz = schedule.timeZone ?? DEFAULT_TIME_ZONE;
  const out: Array<[number, number]> = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (schedule.daysOff.has(day)) continue;
    const weekday = weekdayOf(day);
    for (const i of schedule.openingHours) {
      if (i.weekday !== weekday) continue;
      const from = zonedInstant(day, i.open, tz);
      const to = minutesOf(i.close) > minutesOf(i.open) ? zonedInstant(day, i.close, tz) : zonedInstant(addDays(day, 1), i.close, tz);
      out.push([from, to]);
    }
  }
  return out;
}

/**
 * Minutes between two instants that fall within the store's business hours. A store with no
 * opening hours at all (not configured) counts every minute; days off still count then.
 */
export function businessMinutes(start: Date, end: Date, schedule: StoreSchedule): number {
  const a = start.getTime();
  const b = end.getTime();
  if (!(b > a)) return 0;
  if (schedule.openingHours.length === 0) return (b - a) / MINUTE;
  const tz = schedule.timeZone ?? DEFAULT_TIME_ZONE;
  // From the day before: an interval that opened the evening before may still be open at `start`.
  const intervals = openIntervals(schedule, addDays(localDate(a, tz), -1), localDate(b, tz));
  let ms = 0;
  for (const [from, to] of intervals) ms += Math.max(0, Math.min(to, b) - Math.max(from, a));
  return ms / MINUTE;
}

/** Whether the store is open at an instant (always, when it has no opening hours configured). */
export function isOpenAt(at: Date, schedule: StoreSchedule): boolean {
  if (schedule.openingHours.length === 0) return !schedule.daysOff.has(localDate(at, schedule.timeZone));
  const t = at.getTime();
  const day = localDate(t, schedule.timeZone);
  return openIntervals(schedule, addDays(day, -1), day).some(([from, to]) => t >= from && t < to);
}

/** The opening hours as stored (JSON), keeping only well-formed intervals. */
export function parseOpeningHours(value: unknown): OpeningInterval[] {
  if (!Array.isArray(value)) return [];
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;
  return value.flatMap((v) => {
    const i = v as Partial<OpeningInterval>;
    return typeof i?.weekday === 'number' && i.weekday >= 0 && i.weekday <= 6 && typeof i.open === 'string' && typeof i.close === 'string' && time.test(i.open) && time.test(i.close)
      ? [{ weekday: i.weekday, open: i.open, close: i.close }]
      : [];
  });
}

/** The value below which `p` (0–1) of the sorted values lie, interpolated between neighbours; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = (sorted.length - 1) * p;
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

/** Median and p90 of durations in minutes, rounded to a tenth. */
export function timeStats(values: readonly number[]) {
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return { median: round(percentile(values, 0.5)), p90: round(percentile(values, 0.9)), count: values.length };
}
