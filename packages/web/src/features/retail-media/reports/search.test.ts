import { describe, expect, it } from 'vitest';
import { AdsReportSearch, ReportSearch, activePreset, adsReportQuery, applyReportFilter, presetPeriod, toggleAdsSort } from './search';

// 22/11/2026 15:00 in São Paulo.
const NOW = new Date('2026-11-22T18:00:00Z');

describe('report search', () => {
  it('keeps a valid period and ids, and drops what is not one', () => {
    expect(ReportSearch.parse({ start_date: '2026-11-01', end_date: '2026-11-22', publisher_id: '5', advertiser_id: '2' })).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-22',
      publisher_id: 5,
      advertiser_id: 2,
    });
    const parsed = ReportSearch.parse({ start_date: '2026-11-01', end_date: '2026-11-22', publisher_id: 'x', advertiser_id: '-3' });
    expect(parsed).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22' });
  });

  it('falls back to the last 30 days for a missing, reversed or too long period', () => {
    for (const bad of [{}, { start_date: '2026-11-22', end_date: '2026-11-01' }, { start_date: '2024-01-01', end_date: '2026-11-22' }, { start_date: 'ontem', end_date: '2026-11-22' }]) {
      const { start_date, end_date } = ReportSearch.parse(bad);
      expect(Date.parse(end_date) - Date.parse(start_date)).toBe(29 * 86_400_000);
    }
  });

  it('quick periods end today in São Paulo and are recognised back', () => {
    expect(presetPeriod(7, NOW)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(presetPeriod(90, NOW)).toEqual({ start_date: '2026-08-25', end_date: '2026-11-22' });
    expect(activePreset({ start_date: '2026-11-16', end_date: '2026-11-22' }, NOW)).toBe(7);
    expect(activePreset({ start_date: '2026-11-15', end_date: '2026-11-22' }, NOW)).toBeUndefined();
  });

  it('a filter change drops cleared ids and sends a paged report back to page 1', () => {
    const search = { start_date: '2026-11-01', end_date: '2026-11-22', publisher_id: 5, advertiser_id: 2, page: 3, sort_by: 'clicks' as const, sort_direction: 'asc' as const };
    expect(applyReportFilter(search, { advertiser_id: undefined })).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22', publisher_id: 5, page: 1, sort_by: 'clicks', sort_direction: 'asc' });
    expect(applyReportFilter({ start_date: '2026-11-01', end_date: '2026-11-22' }, { start_date: '2026-11-16' })).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
  });

  it('the ads report asks 50 a page in the API’s order names, and a header flips its direction', () => {
    const ads = { ...ReportSearch.parse({ start_date: '2026-11-01', end_date: '2026-11-22' }), ...AdsReportSearch.parse({ page: '2', sort_by: 'roas', sort_direction: 'asc' }) };
    expect(adsReportQuery(ads)).toEqual({ start_date: '2026-11-01', end_date: '2026-11-22', page: 2, quantity: 50, order_by: 'roas', order_direction: 'asc' });
    expect(AdsReportSearch.parse({ sort_by: 'price', page: '0' })).toEqual({ page: 1, sort_by: 'total_spent', sort_direction: 'desc' });
    expect(toggleAdsSort(ads, 'roas')).toMatchObject({ sort_by: 'roas', sort_direction: 'desc', page: 1 });
    expect(toggleAdsSort(ads, 'clicks')).toMatchObject({ sort_by: 'clicks', sort_direction: 'desc', page: 1 });
    expect(toggleAdsSort({ ...ads, sort_by: 'clicks', sort_direction: 'desc' }, 'clicks')).toMatchObject({ sort_direction: 'asc' });
  });
});
