import { describe, expect, it } from 'vitest';
import { startOfBusinessDay } from '../../lib/business-day.ts';
import { dayFraction, expectedCtr, PRIOR_CTR, rank, withinBudget, type Candidate } from './decision.ts';
import { mediaTypeOf, sizeClassOf } from './ad-index.ts';
import { createAdJson } from './decision-json.ts';
import { compileAudience, matchingAudiences, nboCategories } from './segmentation.ts';

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

describe('segmentation → audiences', () => {
  const audiences = new Map(
    [
      compileAudience({ id: 1, name: 'Paulistas', rules: [{ attribute: 'state', operator: 'in', value: ['SP', 'RJ'] }] }),
      compileAudience({ id: 2, name: 'Amantes de café', rules: [{ attribute: 'purchased_category', operator: 'contains', value: 'café' }] }),
      compileAudience({
        id: 3,
        name: 'Mulheres 25 a 34 fora de Santos',
        rules: [
          { attribute: 'gender', operator: 'eq', value: 'female' },
          { attribute: 'age_range', operator: 'eq', value: '25_34' },
          { attribute: 'city', operator: 'neq', value: 'Santos' },
        ],
      }),
      compileAudience({ id: 4, name: 'Sem regras', rules: [] }),
    ].map((a) => [a.id, a]),
  );
  const match = (entries: Array<[string, string[]]>) => [...matchingAudiences(audiences, entries.map(([key, values]) => ({ key, values })))].sort();

  it('matches rules on the attributes the request sends, without case or accents', () => {
    expect(match([['STATE', ['sp']]])).toEqual([1]);
    expect(match([['state', ['MG']]])).toEqual([]);
    expect(match([['GENDER', ['F']], ['AGE', ['25']], ['CITY', ['São Paulo']]])).toEqual([3]);
    expect(match([['GENDER', ['feminino']], ['AGE', ['34']], ['CITY', ['SANTOS']]])).toEqual([]);
    // A rule on an attribute the request leaves out does not hold.
    expect(match([['GENDER', ['F']], ['AGE', ['29']]])).toEqual([]);
  });

  it('reads ages into the catalogue ranges at their bounds', () => {
    const range = (age: string) => match([['GENDER', ['F']], ['AGE', [age]], ['CITY', ['Campinas']]]);
    expect([range('24'), range('25'), range('34'), range('35'), range('17')]).toEqual([[], [3], [3], [], []]);
    expect(range('25_34')).toEqual([3]);
  });

  it('names audiences by id or by name (case, accents, spaces and underscores alike); audiences without rules only by name', () => {
    expect(match([['AUDIENCES', ['AMANTES_DE_CAFE']]])).toEqual([2]);
    expect(match([['AUDIENCES', ['amantes-de-café', '4']]])).toEqual([2, 4]);
    expect(match([['NEIGHBOURHOOD', ['Madureira']]])).toEqual([]);
    expect(matchingAudiences(audiences, undefined).size).toBe(0);
  });

  it('reads NBO_CATEGORIES, any case of the key', () => {
    expect(nboCategories([{ key: 'nbo_categories', values: ['Mercearia > Café'] }, { key: 'STATE', values: ['SP'] }])).toEqual(['Mercearia > Café']);
  });
});

describe('creatives', () => {
  it('classes frames as mobile up to 480 px wide, desktop wider', () => {
    expect([sizeClassOf('320x50'), sizeClassOf('480x320'), sizeClassOf('481x100'), sizeClassOf('728x90'), sizeClassOf('')]).toEqual([
      'mobile',
      'mobile',
      'desktop',
      'desktop',
      null,
    ]);
  });

  it('reads the media type from media_type, else from the file name', () => {
    expect([mediaTypeOf('video', null), mediaTypeOf('video/mp4', null), mediaTypeOf('image', 'x.mp4'), mediaTypeOf(null, '/a/b.MP4?v=1'), mediaTypeOf(null, '/a.png')]).toEqual([
      'video',
      'video',
      'image',
      'video',
      'image',
    ]);
  });

  it('makes every URL absolute under the public origin and leaves absolute ones alone', () => {
    const { absolute } = createAdJson('https://ads.example.com/');
    expect(absolute('/uploads/a.png')).toBe('https://ads.example.com/uploads/a.png');
    expect(absolute('//cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(absolute('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(absolute(null)).toBeNull();
  });
});
