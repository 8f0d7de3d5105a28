import { describe, expect, it } from 'vitest';
import { startOfBusinessDay } from '../../lib/business-day.ts';
import { dayFraction, expectedCtr, PRIOR_CTR, rank, withinBudget, type Candidate } from './decision.ts';

const cand = (adId: number, pricing: 'cpc' | 'cpm', bidCents: number, clicks = 0, impressions = 0): Candidate => ({
  adId,
  campaignId: adId,
  pricing,
  bidCents,
  clicks,
  impressions,
});

describe('expected CTR', () => {
  it('starts at the 1 % prior and moves towards the observed rate', () => {
    expect(expectedCtr(0, 0)).toBeCloseTo(PRIOR_CTR, 10);
    expect(expectedCtr(50, 1000)).toBeCloseTo(51 / 1100, 10);
    expect(expectedCtr(500, 10_000)).toBeGreaterThan(0.049);
  });
});

describe('rank (second price)', () => {
  it('sorts by bid × CTR and charges the minimal bid that keeps each position', () => {
    const ranked = rank([cand(1, 'cpc', 100), cand(2, 'cpc', 150), cand(3, 'cpc', 80)]);
    expect(ranked.map((r) => r.candidate.adId)).toEqual([2, 1, 3]);
    // Same CTR: each pays the next one's bid; the last pays the 1-cent reserve.
    expect(ranked.map((r) => r.cpcCents)).toEqual([100, 80, 1]);
    expect(ranked.every((r) => r.cpmCents === 0)).toBe(true);
  });

  it('lets a better CTR win with a lower bid and pay less than its bid', () => {
    const good = cand(1, 'cpc', 100, 30, 1000); // ctr 31/1100
    const bad = cand(2, 'cpc', 200, 0, 1000); // ctr 1/1100
    const [first, second] = rank([bad, good]);
    expect(first!.candidate.adId).toBe(1);
    expect(first!.cpcCents).toBe(Math.ceil(second!.score / first!.ctr));
    expect(first!.cpcCents).toBeLessThanOrEqual(100);
    expect(second!.cpcCents).toBe(1);
  });

  it('never charges above the own bid nor below 1 cent', () => {
    const ranked = rank([cand(1, 'cpc', 50), cand(2, 'cpc', 50)]);
    expect(ranked.map((r) => r.cpcCents)).toEqual([50, 1]);
  });

  it('turns CPM into a bid per click and charges CPM ads per thousand impressions', () => {
    // cpm R$ 20 at 1 % CTR = 2000/1000/0.01 = 200 cents per click: beats a 150-cent CPC.
    const ranked = rank([cand(1, 'cpc', 150), cand(2, 'cpm', 2000)]);
    expect(ranked[0]!.candidate.adId).toBe(2);
    expect(ranked[0]!.bid).toBeCloseTo(200, 6);
    expect(ranked[0]!.cpcCents).toBe(0);
    expect(ranked[0]!.cpmCents).toBe(1500); // 150 per click × 1 % × 1000
    expect(ranked[1]!.cpcCents).toBe(1);
  });
});

describe('pacing over a simulated São Paulo day', () => {
  const day = '2026-11-20';
  const start = startOfBusinessDay(day).getTime();
  const at = (hours: number) => new Date(start + hours * 3_600_000);
  const budget = (todaySpentCents: number) => ({ dailyBudgetCents: 2400, totalBudgetCents: null, todaySpentCents, lifetimeSpentCents: todaySpentCents });

  it('measures the elapsed fraction of the day in São Paulo', () => {
    expect(dayFraction(at(0))).toBe(0);
    expect(dayFraction(at(6))).toBeCloseTo(0.25, 10);
    expect(dayFraction(at(23.99))).toBeLessThan(1);
  });

  it('serves while spend ≤ budget × (elapsed + 1/24) and spreads the budget over the day', () => {
    expect(withinBudget(budget(100), at(0))).toBe(true); // 1/24 slack = 100 cents
    expect(withinBudget(budget(101), at(0))).toBe(false);
    expect(withinBudget(budget(700), at(6))).toBe(true); // 2400 × (0.25 + 1/24) = 700
    expect(withinBudget(budget(701), at(6))).toBe(false);

    // Simulate: every 10 minutes a campaign wanting to spend 50 cents is served when paced.
    let spent = 0;
    const servedAtHour: number[] = [];
    for (let minute = 0; minute < 24 * 60; minute += 10) {
      if (withinBudget(budget(spent), at(minute / 60))) {
        spent += 50;
        servedAtHour.push(minute / 60);
      }
    }
    expect(spent).toBeLessThanOrEqual(2400);
    expect(spent).toBeGreaterThan(2300);
    // Not all spent in the morning: the last serve happens late in the day.
    expect(Math.max(...servedAtHour)).toBeGreaterThan(22);
    expect(servedAtHour.filter((h) => h < 12).length * 50).toBeLessThanOrEqual(2400 * (12 / 24 + 1 / 24) + 50);
  });

  it('stops at the daily and the total budget', () => {
    expect(withinBudget(budget(2400), at(23.9))).toBe(false);
    expect(withinBudget({ dailyBudgetCents: 2400, totalBudgetCents: 5000, todaySpentCents: 0, lifetimeSpentCents: 5000 }, at(12))).toBe(false);
  });
});
