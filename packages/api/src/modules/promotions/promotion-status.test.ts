import { describe, expect, it } from 'vitest';
import { promotionStatus } from './promotion-status.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';

// São Paulo is UTC-3: its midnight of 2026-11-22 is 03:00Z.
const start = startOfBusinessDay('2026-11-20');
const end = endOfBusinessDay('2026-11-22');
const at = (iso: string) => new Date(iso);
const promo = (active: boolean, disabledAt: Date | null = null) => ({ active, disabledAt, startAt: start, endAt: end });

describe('São Paulo business days', () => {
  it('bounds a day at São Paulo midnight, not UTC midnight', () => {
    expect(start.toISOString()).toBe('2026-11-20T03:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-23T02:59:59.999Z');
  });

  it('names the São Paulo calendar day of an instant', () => {
    expect(businessDate(at('2026-11-23T02:59:59Z'))).toBe('2026-11-22');
    expect(businessDate(at('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });
});

describe('promotionStatus (spec §4)', () => {
  it.each([
    // active
    [true, null, '2026-11-20T02:59:59.999Z', 'scheduled'], // 23:59 of the 19th in São Paulo
    [true, null, '2026-11-20T03:00:00.000Z', 'active'], // São Paulo midnight: the first day begins
    [true, null, '2026-11-21T15:00:00.000Z', 'active'],
    [true, null, '2026-11-23T01:00:00.000Z', 'active'], // already the 23rd in UTC, still the 22nd in São Paulo
    [true, null, '2026-11-23T02:59:59.999Z', 'active'],
    [true, null, '2026-11-23T03:00:00.000Z', 'finished'],
    // inactive, disabled
    [false, '2026-11-21T12:00:00Z', '2026-11-21T15:00:00.000Z', 'paused'],
    [false, '2026-11-21T12:00:00Z', '2026-11-23T02:59:59.999Z', 'paused'],
    [false, '2026-11-21T12:00:00Z', '2026-11-23T03:00:00.000Z', 'canceled'],
    [false, '2026-11-19T12:00:00Z', '2026-11-19T15:00:00.000Z', 'paused'],
  ] as const)('active=%s disabled_at=%s at %s is %s', (active, disabledAt, now, status) => {
    expect(promotionStatus(promo(active, disabledAt ? at(disabledAt) : null), at(now))).toBe(status);
  });
});
