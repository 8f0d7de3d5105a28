import { describe, expect, it } from 'vitest';
import { businessMinutes, isOpenAt, localDate, parseOpeningHours, percentile, timeStats, zonedInstant, type StoreSchedule } from './business-hours.ts';

/** São Paulo is UTC−3 (no daylight saving since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);
const weekdays = (open: string, close: string, days = [1, 2, 3, 4, 5]) => days.map((weekday) => ({ weekday, open, close }));
const schedule = (openingHours: StoreSchedule['openingHours'], daysOff: string[] = []): StoreSchedule => ({ openingHours, daysOff: new Set(daysOff) });

// 2026-11-23 is a Monday.
const office = schedule(weekdays('08:00', '18:00'));

describe('zoned time', () => {
  it('reads a local date and time in São Paulo as the instant three hours later in UTC', () => {
    expect(new Date(zonedInstant('2026-11-23', '08:00')).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    expect(localDate(new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23');
    expect(localDate(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
  });
});

describe('businessMinutes', () => {
  it('counts only the part of an interval within the day’s hours', () => {
    expect(businessMinutes(sp('2026-11-23T09:00:00'), sp('2026-11-23T09:45:00'), office)).toBe(45);
    expect(businessMinutes(sp('2026-11-23T07:00:00'), sp('2026-11-23T08:30:00'), office)).toBe(30);
    expect(businessMinutes(sp('2026-11-23T17:30:00'), sp('2026-11-23T20:00:00'), office)).toBe(30);
  });

  it('skips the night: a message at 17:50 answered at 08:10 the next day took 20 minutes', () => {
    expect(businessMinutes(sp('2026-11-23T17:50:00'), sp('2026-11-24T08:10:00'), office)).toBe(20);
  });

  it('skips the weekend: Friday 17:00 to Monday 09:00 is two hours', () => {
    expect(businessMinutes(sp('2026-11-27T17:00:00'), sp('2026-11-30T09:00:00'), office)).toBe(120);
  });

  it('counts hours that run past midnight on the day they opened', () => {
    const bar = schedule([{ weekday: 5, open: '18:00', close: '02:00' }]); // Friday evening to Saturday 02:00
    // Friday 23:00 → Saturday 01:30: all inside.
    expect(businessMinutes(sp('2026-11-27T23:00:00'), sp('2026-11-28T01:30:00'), bar)).toBe(150);
    // Saturday 01:00 → Saturday 20:00: one hour (until 02:00); Saturday itself is closed.
    expect(businessMinutes(sp('2026-11-28T01:00:00'), sp('2026-11-28T20:00:00'), bar)).toBe(60);
    // An interval that starts after midnight still finds the one opened the evening before.
    expect(isOpenAt(sp('2026-11-28T01:59:00'), bar)).toBe(true);
    expect(isOpenAt(sp('2026-11-28T02:00:00'), bar)).toBe(false);
  });

  it('treats close = open as open for 24 hours', () => {
    const allDay = schedule([{ weekday: 1, open: '00:00', close: '00:00' }]);
    expect(businessMinutes(sp('2026-11-23T00:00:00'), sp('2026-11-25T00:00:00'), allDay)).toBe(24 * 60);
  });

  it('skips a day without work, including the part after midnight of an interval that opened on it', () => {
    const holiday = schedule(weekdays('08:00', '18:00'), ['2026-11-24']);
    expect(businessMinutes(sp('2026-11-23T17:00:00'), sp('2026-11-25T09:00:00'), holiday)).toBe(120);
    const nights = schedule([{ weekday: 1, open: '22:00', close: '06:00' }, { weekday: 2, open: '22:00', close: '06:00' }], ['2026-11-23']);
    // Monday night is a day off (its hours into Tuesday morning too); Tuesday night counts.
    expect(businessMinutes(sp('2026-11-23T21:00:00'), sp('2026-11-25T07:00:00'), nights)).toBe(8 * 60);
  });

  it('sums several intervals of the same weekday (a lunch break)', () => {
    const split = schedule([{ weekday: 1, open: '08:00', close: '12:00' }, { weekday: 1, open: '14:00', close: '18:00' }]);
    expect(businessMinutes(sp('2026-11-23T11:00:00'), sp('2026-11-23T15:00:00'), split)).toBe(120);
    expect(isOpenAt(sp('2026-11-23T13:00:00'), split)).toBe(false);
  });

  it('answers zero for an empty or reversed interval, and wall-clock minutes without opening hours', () => {
    expect(businessMinutes(sp('2026-11-23T10:00:00'), sp('2026-11-23T10:00:00'), office)).toBe(0);
    expect(businessMinutes(sp('2026-11-23T11:00:00'), sp('2026-11-23T10:00:00'), office)).toBe(0);
    expect(businessMinutes(sp('2026-11-28T22:00:00'), sp('2026-11-29T01:00:00'), schedule([]))).toBe(180);
  });

  it('spans weeks: two full working weeks are 100 hours', () => {
    expect(businessMinutes(sp('2026-11-23T00:00:00'), sp('2026-12-07T00:00:00'), office)).toBe(100 * 60);
  });
});

describe('isOpenAt', () => {
  it('is open within the hours of a working day, closed outside, on weekends and on days off', () => {
    expect(isOpenAt(sp('2026-11-23T08:00:00'), office)).toBe(true);
    expect(isOpenAt(sp('2026-11-23T18:00:00'), office)).toBe(false);
    expect(isOpenAt(sp('2026-11-28T10:00:00'), office)).toBe(false);
    expect(isOpenAt(sp('2026-11-24T10:00:00'), schedule(weekdays('08:00', '18:00'), ['2026-11-24']))).toBe(false);
    expect(isOpenAt(sp('2026-11-24T03:00:00'), schedule([]))).toBe(true);
  });
});

describe('parseOpeningHours', () => {
  it('keeps well-formed intervals only', () => {
    expect(parseOpeningHours([{ weekday: 1, open: '08:00', close: '18:00' }, { weekday: 9, open: '08:00', close: '18:00' }, { weekday: 2, open: '8h', close: '18:00' }, null])).toEqual([
      { weekday: 1, open: '08:00', close: '18:00' },
    ]);
    expect(parseOpeningHours('x')).toEqual([]);
  });
});

describe('percentile and timeStats', () => {
  it('interpolates the median and p90', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 0.9)).toBeCloseTo(9.1);
    expect(timeStats([1, 2, 3])).toEqual({ median: 2, p90: 2.8, count: 3 });
  });
});
