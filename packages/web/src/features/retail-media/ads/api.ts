import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADS_PAGE_SIZE, AD_REVIEW_PAGE_SIZE, type AdReviewQueue } from '@backoffice/contracts';
import { api, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useSession } from '../../../shared/session/session';
import { notifySuccess } from '../../../shared/ui/notify';
import { t } from '../../../i18n';

export type Ad = components['schemas']['Ad'];
export type AdType = Ad['ad_type'];
export type AdStatus = Ad['ad_status'];
export type AdMedia = components['schemas']['AdMedia'];
export type AdSize = components['schemas']['AdSize'];
export type CampaignDetail = components['schemas']['CampaignDetail'];
export type RecommendedProduct = components['schemas']['RecommendedProduct'];
export type CreateAdPayload = components['schemas']['CreateAdBodyInput'];
export type UpdateAdPayload = components['schemas']['UpdateAdBodyInput'];

/** Spec §9: campaign, ad and review lists refresh every 60 s. */
export const ADS_REFRESH_MS = 60_000;

/** The catalog picker of a publisher's products pages this many at a time. */
export const CATALOG_PAGE_SIZE = 12;

/** Keys per account, so another account's ads never show after switching. */
export const adKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-ads'] as const,
  campaign: (accountId: number, campaignId: number) => [...adKeys.all(accountId), 'campaign', campaignId] as const,
  campaignPage: (accountId: number, campaignId: number, page: number) => [...adKeys.campaign(accountId, campaignId), page] as const,
  reviews: (accountId: number) => [...adKeys.all(accountId), 'review'] as const,
  review: (accountId: number, search: ReviewQueueSearch) => [...adKeys.reviews(accountId), search] as const,
  counts: (accountId: number, adType: AdType) => [...adKeys.all(accountId), 'counts', adType] as const,
};

/** What a publisher's inventory offers an ad form: its banner sizes and its catalog. */
export const publisherKeys = {
  adSizes: (accountId: number, publisherId: number) => ['account', accountId, 'rm-publisher', publisherId, 'ad-sizes'] as const,
  catalog: (accountId: number, publisherId: number, q: string, page: number) =>
    ['account', accountId, 'rm-publisher', publisherId, 'recommended-products', { q, page }] as const,
};

export interface ReviewQueueSearch {
  status: AdReviewQueue;
  ad_type: AdType;
  page: number;
}

export const useAccountId = () => useSession()?.account.id ?? 0;

/** A campaign's ads, inactive ones included (spec §9: 25 a page, refreshed every 60 s). */
export const campaignAdsQuery = (accountId: number, campaignId: number, page: number) =>
  queryOptions({
    queryKey: adKeys.campaignPage(accountId, campaignId, page),
    queryFn: () =>
      unwrap(api.GET('/ad/results/v2', { params: { query: { campaign_id: campaignId, show_inactive: 'true', page, quantity: ADS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    refetchInterval: ADS_REFRESH_MS,
    meta: { silent: true },
  });

/** A publisher's review queue: pending banners oldest first (100 a page) or rejected ones (50 a page). */
export const reviewQueueQuery = (accountId: number, search: ReviewQueueSearch) =>
  queryOptions({
    queryKey: adKeys.review(accountId, search),
    queryFn: () =>
      unwrap(
        api.GET('/ad/review', {
          params: { query: { status: search.status, ad_type: search.ad_type, page: search.page, quantity: AD_REVIEW_PAGE_SIZE[search.status] } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: ADS_REFRESH_MS,
    meta: { silent: true },
  });

export const adCountsQuery = (accountId: number, adType: AdType) =>
  queryOptions({
    queryKey: adKeys.counts(accountId, adType),
    queryFn: () => unwrap(api.GET('/ad/count-by-status', { params: { query: { ad_type: adType } } })),
    refetchInterval: ADS_REFRESH_MS,
    meta: { silent: true },
  });

export const adSizesQuery = (accountId: number, publisherId: number) =>
  queryOptions({
    queryKey: publisherKeys.adSizes(accountId, publisherId),
    queryFn: () => unwrap(api.GET('/ad-sizes', { params: { query: { publisher_id: publisherId } } })),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** The publisher's catalog as the advertiser may pick from it (its own brands first); `q` searches it. */
export const publisherCatalogQuery = (accountId: number, publisherId: number, q: string, page: number) =>
  queryOptions({
    queryKey: publisherKeys.catalog(accountId, publisherId, q, page),
    queryFn: () =>
      unwrap(
        api.GET('/recommended-products/{publisherId}', {
          params: { path: { publisherId }, query: { q: q || undefined, page, quantity: CATALOG_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });

function useRefreshAds() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () => queryClient.invalidateQueries({ queryKey: adKeys.all(accountId) });
}

export function useCreateAd() {
  const refresh = useRefreshAds();
  return useMutation({
    // The form places 400s beside the fields and shows the rest in its banner.
    meta: { silent: true },
    mutationFn: (body: CreateAdPayload) => unwrap(api.POST('/ad', { body })),
    onSuccess: () => {
      notifySuccess(t('rmAds.form.created'));
      return refresh();
    },
  });
}

export function useUpdateAd() {
  const refresh = useRefreshAds();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: number; body: UpdateAdPayload }) => unwrap(api.PUT('/ad/{id}', { params: { path: { id } }, body })),
    onSuccess: () => {
      notifySuccess(t('rmAds.form.updated'));
      return refresh();
    },
  });
}

export function useDeleteAd() {
  const refresh = useRefreshAds();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/ad/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      notifySuccess(t('rmAds.removed'));
      return refresh();
    },
  });
}

export function useSetAdActive() {
  const refresh = useRefreshAds();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => unwrap(api.PATCH('/ad/{id}', { params: { path: { id } }, body: { active } })),
    onSuccess: (ad) => {
      notifySuccess(t(ad.active ? 'rmAds.activated' : 'rmAds.deactivated'));
      return refresh();
    },
  });
}

/** Spec §4 ad review: approve, or reject with the required note; both toast and refetch the lists. */
export function useReviewAd() {
  const refresh = useRefreshAds();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'reject'; note: string }) =>
      decision === 'approve'
        ? unwrap(api.PATCH('/ad/actions/review/approve/{adId}', { params: { path: { adId: id } }, body: note ? { note } : {} }))
        : unwrap(api.PATCH('/ad/actions/review/reject/{adId}', { params: { path: { adId: id } }, body: { note } })),
    onSuccess: (_ad, { decision }) => {
      notifySuccess(t(decision === 'approve' ? 'rmAds.review.approved' : 'rmAds.review.rejected'));
      return refresh();
    },
  });
}
