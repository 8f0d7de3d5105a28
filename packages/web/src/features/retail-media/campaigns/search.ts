import { z } from 'zod';
import {
  CAMPAIGN_AD_TYPES,
  CAMPAIGN_ORDER_DIRECTIONS,
  CAMPAIGN_ORDER_FIELDS,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TARGETINGS,
  type CampaignOrderField,
} from '@backoffice/contracts';
import { searchPage } from '../../../shared/ui/search-params';

const id = z.coerce.number().int().positive();

/**
 * The campaign list's URL state, with exactly spec §2's names. Forgiving: a mistyped link falls
 * back to the defaults instead of failing the page.
 */
export const CampaignsSearch = z.object({
  rmid: id.optional().catch(undefined),
  tag_id: id.optional().catch(undefined),
  campaign_name: z.string().max(120).optional().catch(undefined),
  campaign_status: z.enum(CAMPAIGN_STATUSES).optional().catch(undefined),
  ad_type: z.enum(CAMPAIGN_AD_TYPES).optional().catch(undefined),
  campaign_targeting: z.enum(CAMPAIGN_TARGETINGS).optional().catch(undefined),
  order_by: z.enum(CAMPAIGN_ORDER_FIELDS).default('created_at').catch('created_at'),
  order_direction: z.enum(CAMPAIGN_ORDER_DIRECTIONS).default('desc').catch('desc'),
  quantity: z.coerce.number().int().min(1).max(100).default(CAMPAIGN_PAGE_SIZE).catch(CAMPAIGN_PAGE_SIZE),
  page: searchPage(),
});

export type CampaignsSearch = z.output<typeof CampaignsSearch>;
export type CampaignsFilters = Pick<CampaignsSearch, 'rmid' | 'tag_id' | 'campaign_name' | 'campaign_status' | 'ad_type' | 'campaign_targeting'>;

/** Search values equal to these are left out of the URL. */
export const CAMPAIGNS_SEARCH_DEFAULTS = { page: 1, quantity: CAMPAIGN_PAGE_SIZE, order_by: 'created_at', order_direction: 'desc' } as const;

/** A filter change (spec §2): blank values drop out of the URL and the list starts again at page 1. */
export function applyCampaignsFilter(search: CampaignsSearch, patch: Partial<CampaignsFilters>): CampaignsSearch {
  const merged = { ...search, ...patch };
  const next: CampaignsSearch = { order_by: merged.order_by, order_direction: merged.order_direction, quantity: merged.quantity, page: 1 };
  const name = merged.campaign_name?.trim();
  if (merged.rmid) next.rmid = merged.rmid;
  if (merged.tag_id) next.tag_id = merged.tag_id;
  if (name) next.campaign_name = name;
  if (merged.campaign_status) next.campaign_status = merged.campaign_status;
  if (merged.ad_type) next.ad_type = merged.ad_type;
  if (merged.campaign_targeting) next.campaign_targeting = merged.campaign_targeting;
  return next;
}

export const CLEARED_FILTERS: Record<keyof CampaignsFilters, undefined> = {
  rmid: undefined,
  tag_id: undefined,
  campaign_name: undefined,
  campaign_status: undefined,
  ad_type: undefined,
  campaign_targeting: undefined,
};

export const hasCampaignsFilters = (s: CampaignsSearch) =>
  Boolean(s.rmid || s.tag_id || s.campaign_name || s.campaign_status || s.ad_type || s.campaign_targeting);

/**
 * A header click: the sorted column flips its direction; another column starts descending (names
 * ascending), and the list goes back to page 1.
 */
export function toggleCampaignsSort(search: CampaignsSearch, field: CampaignOrderField): CampaignsSearch {
  const order_direction =
    search.order_by === field ? (search.order_direction === 'desc' ? 'asc' : 'desc') : field === 'name' ? 'asc' : 'desc';
  return { ...search, order_by: field, order_direction, page: 1 };
}

/** The count-by-status call takes the list's filters except the status (each tab shows its own count). */
export function countFilters(search: CampaignsSearch) {
  const { rmid, tag_id, campaign_name, ad_type, campaign_targeting } = search;
  return { rmid, tag_id, campaign_name, ad_type, campaign_targeting };
}
