import { describe, expect, it } from 'vitest';
import { CampaignsSearch, applyCampaignsFilter, countFilters, hasCampaignsFilters, toggleCampaignsSort } from './search';

const base = CampaignsSearch.parse({});

describe('campaign list search (spec §2)', () => {
  it('defaults to page 1 of 10, newest first', () => {
    expect(base).toEqual({ order_by: 'created_at', order_direction: 'desc', quantity: 10, page: 1 });
  });

  it('reads every spec parameter from the URL and drops what it cannot read', () => {
    const search = CampaignsSearch.parse({
      rmid: '2', tag_id: '5', campaign_name: 'café', campaign_status: 'paused', ad_type: 'banner',
      campaign_targeting: 'category', order_by: 'clicks', order_direction: 'asc', quantity: '10', page: '3',
    });
    expect(search).toEqual({
      rmid: 2, tag_id: 5, campaign_name: 'café', campaign_status: 'paused', ad_type: 'banner',
      campaign_targeting: 'category', order_by: 'clicks', order_direction: 'asc', quantity: 10, page: 3,
    });
    expect(CampaignsSearch.parse({ campaign_status: 'running', ad_type: 'video', order_by: 'price', page: '-1', rmid: 'x' })).toEqual(base);
  });

  it('any filter change goes back to page 1, keeping the sort, and blank values leave the URL', () => {
    const on3 = { ...base, page: 3, order_by: 'clicks' as const, ad_type: 'banner' as const };
    expect(applyCampaignsFilter(on3, { campaign_status: 'active' })).toEqual({ ...on3, page: 1, campaign_status: 'active' });
    expect(applyCampaignsFilter(on3, { ad_type: undefined, campaign_name: '   ' })).toEqual({ ...base, order_by: 'clicks' });
    expect(applyCampaignsFilter({ ...base, page: 2 }, { rmid: 9 }).page).toBe(1);
    expect(applyCampaignsFilter({ ...base, page: 2 }, { tag_id: 4 }).page).toBe(1);
  });

  it('a header click sorts by it; clicking again flips the direction; page back to 1', () => {
    const first = toggleCampaignsSort({ ...base, page: 4 }, 'impressions');
    expect(first).toMatchObject({ order_by: 'impressions', order_direction: 'desc', page: 1 });
    expect(toggleCampaignsSort(first, 'impressions')).toMatchObject({ order_by: 'impressions', order_direction: 'asc' });
    expect(toggleCampaignsSort(first, 'name')).toMatchObject({ order_by: 'name', order_direction: 'asc' });
  });

  it('knows when filters are on, and counts by status with every filter but the status', () => {
    expect(hasCampaignsFilters(base)).toBe(false);
    expect(hasCampaignsFilters({ ...base, campaign_targeting: 'keyword' })).toBe(true);
    expect(countFilters({ ...base, campaign_status: 'paused', rmid: 2, page: 3 })).toEqual({ rmid: 2, tag_id: undefined, campaign_name: undefined, ad_type: undefined, campaign_targeting: undefined });
  });
});
