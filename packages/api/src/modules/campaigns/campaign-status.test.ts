import { describe, expect, it } from 'vitest';
import { endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { campaignStatus } from './campaign-status.ts';
import { metricsOf } from './campaign-metrics.ts';

const start = startOfBusinessDay('2026-03-10');
const end = endOfBusinessDay('2026-03-20');
const c = (over: Partial<Parameters<typeof campaignStatus>[0]> = {}) => ({ active: true, startAt: start, endAt: end, canceledAt: null, ...over });
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

describe('campaignStatus', () => {
  it('is scheduled until 00:00 of the first São Paulo day, active from it', () => {
    expect(campaignStatus(c(), ms(start, -1))).toBe('scheduled');
    expect(campaignStatus(c(), start)).toBe('active');
    expect(start.toISOString()).toBe('2026-03-10T03:00:00.000Z');
  });

  it('is active through 23:59:59.999 of the last day, finished after', () => {
    expect(campaignStatus(c(), end)).toBe('active');
    expect(campaignStatus(c(), ms(end, 1))).toBe('finished');
  });

  it('never finishes when always on', () => {
    expect(campaignStatus(c({ endAt: null }), new Date('2099-01-01'))).toBe('active');
  });

  it('ranks canceled > finished > paused > scheduled', () => {
    expect(campaignStatus(c({ canceledAt: start, active: false }), ms(end, 1))).toBe('canceled');
    expect(campaignStatus(c({ active: false }), ms(end, 1))).toBe('finished');
    expect(campaignStatus(c({ active: false }), ms(start, -1))).toBe('paused');
  });
});

describe('metricsOf', () => {
  it('derives the ratios, 0 when the divisor is 0', () => {
    expect(metricsOf({ impressions: 2000n, views: 1500n, clicks: 40n, conversions: 4n, incomeCents: 20_000n, spentCents: 4_000n })).toEqual({
      impressions: 2000, views: 1500, clicks: 40, conversions: 4, income: 200, total_spent: 40,
      ctr: 0.02, conversion_rate: 0.1, ecpm: 20, avg_cpm: 20, cpa: 10, avg_cpc: 1, roas: 5, adcost: 0.2,
    });
    expect(metricsOf({ impressions: 0, views: 0, clicks: 0, conversions: 0, incomeCents: 0, spentCents: 0 })).toMatchObject({ ctr: 0, cpa: 0, roas: 0, adcost: 0 });
  });
});
