import { describe, expect, it } from 'vitest';
import { potentialRevenue } from './opportunity-cost.ts';
import { toCsv, tableOf } from '../../lib/spreadsheet.ts';
import { blockedBy, periodOf } from './rm-reports.service.ts';

describe('potentialRevenue', () => {
  const overall = { returned: 290, revenue: 8_400 };
  it('prices the missing ads at the row’s own revenue per returned ad', () => {
    expect(potentialRevenue({ adsRequested: 400, adsReturned: 250, revenueCents: 4_500 }, overall)).toBe(2_700);
  });
  it('falls back to the period’s rate when the row returned nothing, and is 0 when nothing was ever returned', () => {
    expect(potentialRevenue({ adsRequested: 30, adsReturned: 0, revenueCents: 0 }, overall)).toBe(869);
    expect(potentialRevenue({ adsRequested: 30, adsReturned: 0, revenueCents: 0 }, { returned: 0, revenue: 0 })).toBe(0);
  });
  it('is 0 when every asked ad was returned (never negative)', () => {
    expect(potentialRevenue({ adsRequested: 10, adsReturned: 10, revenueCents: 500 }, overall)).toBe(0);
    expect(potentialRevenue({ adsRequested: 5, adsReturned: 10, revenueCents: 500 }, overall)).toBe(0);
  });
});

describe('periodOf', () => {
  const today = '2026-11-22';
  it('defaults to the 30 days ending today, or ending on the given end', () => {
    expect(periodOf({}, today)).toEqual({ start: '2026-10-24', end: today });
    expect(periodOf({ end_date: '2026-03-01' }, today)).toEqual({ start: '2026-01-31', end: '2026-03-01' });
    expect(periodOf({ start_date: '2026-12-01' }, today)).toEqual({ start: '2026-12-01', end: '2026-12-01' });
  });
  it('accepts 366 days and refuses 367', () => {
    expect(periodOf({ start_date: '2024-01-01', end_date: '2024-12-31' }, today).start).toBe('2024-01-01');
    expect(() => periodOf({ start_date: '2024-01-01', end_date: '2025-01-01' }, today)).toThrow();
  });
});

describe('blockedBy', () => {
  const base = { status: 'active' as const, dailyBudgetCents: 1_000n, totalBudgetCents: 5_000n, spentTodayCents: 0n, consumedCents: 0n, walletCents: 100n };
  it('names the first rule that stops serving', () => {
    expect(blockedBy(base)).toBeNull();
    expect(blockedBy({ ...base, status: 'scheduled', spentTodayCents: 1_000n })).toBe('status');
    expect(blockedBy({ ...base, spentTodayCents: 1_000n, consumedCents: 5_000n })).toBe('daily_budget');
    expect(blockedBy({ ...base, consumedCents: 5_000n, walletCents: 0n })).toBe('total_budget');
    expect(blockedBy({ ...base, totalBudgetCents: null, consumedCents: 99_999n, walletCents: null })).toBe('wallet');
  });
});

describe('toCsv', () => {
  it('writes a BOM, ";" separators, decimal commas, pt-BR dates and quotes only where needed', () => {
    const table = tableOf<{ d: string; n: string; v: number; p: number | null }>(
      'x',
      [
        { header: 'Data', kind: 'date', value: (r) => r.d },
        { header: 'Nome', kind: 'text', value: (r) => r.n },
        { header: 'Valor (R$)', kind: 'money', value: (r) => r.v },
        { header: 'CTR (%)', kind: 'percent', value: (r) => r.p },
      ],
      [
        { d: '2026-11-02', n: 'Simples', v: 1234.5, p: 0.1234 },
        { d: '2026-11-03', n: 'Com ; e "aspas"', v: 0, p: null },
        { d: '2026-11-04', n: '+55 11', v: -1.005, p: 1 },
      ],
    );
    expect(toCsv(table).toString('utf8')).toBe(
      '\uFEFFData;Nome;Valor (R$);CTR (%)\r\n02/11/2026;Simples;1234,50;12,34\r\n03/11/2026;"Com ; e ""aspas""";0,00;\r\n04/11/2026;\'+55 11;-1,00;100,00\r\n',
    );
  });
});
