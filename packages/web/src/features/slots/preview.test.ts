import { describe, expect, it } from 'vitest';
import { previewDays, remainingPercent } from './preview';
import type { SlotDates } from './api';

type Win = SlotDates['windows'][number];
const win = (slot_id: number, date: string, start: string, end: string, extra: Partial<Win> = {}): Win => ({
  slot_id,
  date,
  weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
  mode: 'delivery',
  region_id: null,
  start: `${date}T${start}:00-03:00`,
  end: end === '24:00' ? `${new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T00:00:00-03:00` : `${date}T${end}:00-03:00`,
  capacity: 20,
  booked: 5,
  remaining: 15,
  bookable: true,
  reason: null,
  ...extra,
});
const off = (date: string, mode: 'delivery' | 'pickup' | null, reason: string | null = 'Natal') => ({ id: 1, location_id: null, date, mode, reason, created_at: '2026-11-01T12:00:00.000Z' });

describe('previewDays', () => {
  it('makes one row per day of the period, windows in São Paulo hours and time order', () => {
    const days = previewDays(
      {
        from: '2026-11-25',
        to: '2026-11-27',
        windows: [win(2, '2026-11-25', '14:00', '16:00'), win(1, '2026-11-25', '08:00', '10:00'), win(3, '2026-11-27', '20:00', '24:00', { bookable: false, reason: 'full', remaining: 0, booked: 20 })],
        days_without_work: [],
      },
      'delivery',
    );
    expect(days.map((d) => [d.date, d.weekday, d.windows.map((w) => `${w.start}-${w.end}`)])).toEqual([
      ['2026-11-25', 3, ['08:00-10:00', '14:00-16:00']],
      ['2026-11-26', 4, []],
      ['2026-11-27', 5, ['20:00-24:00']],
    ]);
    expect(days[2]!.windows[0]).toMatchObject({ bookable: false, reason: 'full', remaining: 0 });
  });

  it('closes a day without work of both modes or of this one, not one of the other mode', () => {
    const dates = {
      from: '2026-12-24',
      to: '2026-12-26',
      windows: [win(1, '2026-12-24', '08:00', '10:00'), win(1, '2026-12-25', '08:00', '10:00'), win(1, '2026-12-26', '08:00', '10:00')],
      days_without_work: [off('2026-12-25', null), off('2026-12-26', 'pickup', 'Inventário')],
    };
    const days = previewDays(dates, 'delivery');
    expect(days.map((d) => d.closed)).toEqual([null, { reason: 'Natal' }, null]);
    expect(days[1]!.windows).toEqual([]);
    expect(previewDays(dates, 'pickup')[2]!.closed).toEqual({ reason: 'Inventário' });
  });

  it('reads the hours of a UTC timestamp in São Paulo', () => {
    const [day] = previewDays({ from: '2026-11-25', to: '2026-11-25', windows: [{ ...win(1, '2026-11-25', '08:00', '10:00'), start: '2026-11-25T11:00:00.000Z', end: '2026-11-25T13:30:00.000Z' }], days_without_work: [] }, 'delivery');
    expect(day!.windows.map((w) => `${w.start}-${w.end}`)).toEqual(['08:00-10:30']);
  });
});

describe('remainingPercent', () => {
  it('is the share left, kept within 0–100', () => {
    expect(remainingPercent({ capacity: 20, remaining: 15 })).toBe(75);
    expect(remainingPercent({ capacity: 3, remaining: 0 })).toBe(0);
    expect(remainingPercent({ capacity: 0, remaining: 0 })).toBe(0);
    expect(remainingPercent({ capacity: 5, remaining: 9 })).toBe(100);
  });
});
