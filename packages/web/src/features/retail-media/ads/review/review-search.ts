import { z } from 'zod';
import { AD_REVIEW_QUEUES } from '@backoffice/contracts';
import { searchPage } from '../../../../shared/ui/search-params';

const AD_TYPES = ['product', 'banner', 'sponsored_brand', 'digital_signage'] as const;

/** The review page's URL state: the queue (tab), the ad type (banners by default) and the page. Forgiving of bad links. */
export const ReviewSearch = z.object({
  status: z.enum(AD_REVIEW_QUEUES).default('pending_review').catch('pending_review'),
  ad_type: z.enum(AD_TYPES).default('banner').catch('banner'),
  page: searchPage(),
});
export type ReviewSearch = z.output<typeof ReviewSearch>;

/** Search values equal to these are left out of the URL. */
export const REVIEW_SEARCH_DEFAULTS = { status: 'pending_review', ad_type: 'banner', page: 1 } as const;

export const REVIEW_AD_TYPES = AD_TYPES;
