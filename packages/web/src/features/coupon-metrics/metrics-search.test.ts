import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultPeriod } from '../../shared/ui/period';
import { todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';
import { CouponMetricsSearch } from './metrics-search';

describe('coupon metrics period', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T02:30:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('takes today from São Paulo, not UTC', () => {
    // 02:30 UTC on the 23rd is still the evening of the 22nd in São Paulo.
    expect(todayInSaoPaulo()).toBe('2026-11-22');
  });

  it('defaults to the last 30 days, today included', () => {
    expect(defaultPeriod()).toEqual({ start_date: '2026-10-24', end_date: '2026-11-22' });
    expect(CouponMetricsSearch.parse({})).toEqual({ start_date: '2026-10-24', end_date: '2026-11-22' });
  });

  it('keeps a valid range from the URL', () => {
    expect(CouponMetricsSearch.parse({ start_date: '2026-11-01', end_date: '2026-11-15' })).toEqual({ start_date: '2026-11-01', end_date: '2026-11-15' });
  });

  it('falls back to the default for half, reversed, malformed or over-long ranges', () => {
    const fallback = { start_date: '2026-10-24', end_date: '2026-11-22' };
    expect(CouponMetricsSearch.parse({ start_date: '2026-11-01' })).toEqual(fallback);
    expect(CouponMetricsSearch.parse({ start_date: '2026-11-15', end_date: '2026-11-01' })).toEqual(fallback);
    expect(CouponMetricsSearch.parse({ start_date: '15/11/2026', end_date: '2026-11-20' })).toEqual(fallback);
    expect(CouponMetricsSearch.parse({ start_date: '2024-01-01', end_date: '2026-11-20' })).toEqual(fallback);
  });
});
