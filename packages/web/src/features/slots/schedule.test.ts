import { describe, expect, it } from 'vitest';
import { addDays, addToWeekdays, dateRange, formatMinutes, hhmmToMinutes, parseBrDate, weekColumns, weekdayOf } from './schedule';

const w = (id: number, weekday: number, start: string, end: string) => ({ id, weekday, start, end });

describe('weekColumns', () => {
  it('puts each window under its weekday, Sunday first, in time order', () => {
    const columns = weekColumns([w(1, 3, '14:00', '16:00'), w(2, 0, '08:00', '10:00'), w(3, 3, '08:00', '12:00'), w(4, 3, '08:00', '10:00'), w(5, 6, '18:00', '24:00')]);
    expect(columns).toHaveLength(7);
    expect(columns.map((c) => c.map((s) => s.id))).toEqual([[2], [], [], [4, 3, 1], [], [], [5]]);
  });

  it('ignores a weekday outside 0–6 instead of making an eighth column', () => {
    expect(weekColumns([w(1, 7, '08:00', '09:00')]).flat()).toEqual([]);
  });
});

describe('time helpers', () => {
  it('reads HH:MM and the time picker’s HH:MM:SS, and refuses the rest', () => {
    expect(hhmmToMinutes('08:30')).toBe(510);
    expect(hhmmToMinutes('23:59:00')).toBe(1439);
    expect(hhmmToMinutes('24:00')).toBeNull();
    expect(hhmmToMinutes('8:30')).toBeNull();
    expect(hhmmToMinutes('')).toBeNull();
  });

  it('says cutoffs and lead times the way people do', () => {
    expect(formatMinutes(0)).toBe('sem prazo');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(1440)).toBe('1 dia');
    expect(formatMinutes(2880)).toBe('2 dias');
    expect(formatMinutes(1500)).toBe('25 h');
  });

  it('counts calendar days across months, years and the old daylight-saving dates', () => {
    expect(addDays('2026-11-25', 7)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2018-11-03', 1)).toBe('2018-11-04');
    expect(dateRange('2027-02-27', 3)).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2026-11-29')).toBe(0);
  });

  it('parses typed Brazilian dates and refuses impossible ones', () => {
    expect(parseBrDate('25/12/2026')).toBe('2026-12-25');
    expect(parseBrDate('1/2/2027')).toBe('2027-02-01');
    expect(parseBrDate('31/02/2027')).toBeNull();
    expect(parseBrDate('amanhã')).toBeNull();
  });
});

describe('addToWeekdays', () => {
  it('sends one request per weekday in order and reports each refusal without stopping', async () => {
    const sent: number[] = [];
    const outcomes = await addToWeekdays(
      [5, 1, 3],
      async (weekday) => {
        sent.push(weekday);
        if (weekday === 3) throw new Error('Já existe uma janela neste horário.');
      },
      (e) => (e as Error).message,
    );
    expect(sent).toEqual([1, 3, 5]);
    expect(outcomes).toEqual([{ weekday: 1 }, { weekday: 3, error: 'Já existe uma janela neste horário.' }, { weekday: 5 }]);
  });
});
