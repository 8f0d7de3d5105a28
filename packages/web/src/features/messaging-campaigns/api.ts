import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { IdParam, type MessagingCampaignInput } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components, paths } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { Period } from '../../shared/ui/period';
import type { CampaignsSearch } from './campaigns-search';
import { t } from '../../i18n';

export type MessagingCampaign = components['schemas']['MessagingCampaign'];
export type MessagingCounts = components['schemas']['MessagingCounts'];
export type MessagingDashboard = components['schemas']['MessagingDashboard'];
export type MessagingCampaignDashboard = components['schemas']['MessagingCampaignDashboard'];
export type MessagingTemplate = components['schemas']['MessagingTemplate'];
export type MessagingMedia = components['schemas']['MessagingMedia'];
/** The create/update body as the API documents it. */
export type CampaignBody = NonNullable<paths['/api/messaging-campaign']['post']['requestBody']>['content']['application/json'];
export type { MessagingCampaignInput };
export type StoreOption = { id: number; name: string; city: string | null; state: string | null; active: boolean };

/** Keys per account, so another account's campaigns never show after switching. */
export const messagingKeys = {
  all: (accountId: number) => ['account', accountId, 'messaging-campaigns'] as const,
  campaigns: (accountId: number) => [...messagingKeys.all(accountId), 'campaigns'] as const,
  campaignLists: (accountId: number) => [...messagingKeys.campaigns(accountId), 'list'] as const,
  campaignList: (accountId: number, search: CampaignsSearch) => [...messagingKeys.campaignLists(accountId), search] as const,
  campaign: (accountId: number, id: number) => [...messagingKeys.campaigns(accountId), 'detail', id] as const,
  funnel: (accountId: number, id: number) => [...messagingKeys.campaigns(accountId), 'funnel', id] as const,
  dashboard: (accountId: number, period: Period) => [...messagingKeys.all(accountId), 'dashboard', period] as const,
  templates: (accountId: number) => [...messagingKeys.all(accountId), 'templates'] as const,
  stores: (accountId: number) => ['account', accountId, 'locations', 'minified'] as const,
};

/** While a campaign sends, its page and funnel refresh this often. */
export const SENDING_REFRESH_MS = 3_000;
/** After sending, within its period, the funnel looks again this often. */
export const SETTLING_REFRESH_MS = 10_000;

// Pages show their own "Erro: {message}" banners, so the global toast stays quiet.
export const campaignsListQuery = (accountId: number, search: CampaignsSearch) =>
  queryOptions({
    queryKey: messagingKeys.campaignList(accountId, search),
    queryFn: () => unwrap(api.GET('/api/messaging-campaign', { params: { query: search } })),
    placeholderData: keepPreviousData,
    // A campaign that is sending moves its counts: the list follows.
    refetchInterval: (query) => (query.state.data?.data.some((c) => c.status === 'sending') ? SENDING_REFRESH_MS * 2 : false),
    meta: { silent: true },
  });

export const campaignQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: messagingKeys.campaign(accountId, id),
    queryFn: () => unwrap(api.GET('/api/messaging-campaign/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const campaignFunnelQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: messagingKeys.funnel(accountId, id),
    queryFn: () => unwrap(api.GET('/api/messaging-campaign/{id}/dashboard', { params: { path: { id } } })),
    // Sending moves every count; after it, deliveries, reads and replies keep arriving while the period runs.
    refetchInterval: (query) => {
      const campaign = query.state.data?.campaign;
      if (campaign?.status === 'sending') return SENDING_REFRESH_MS;
      return campaign?.status === 'sent' && Date.parse(campaign.end_at) > Date.now() ? SETTLING_REFRESH_MS : false;
    },
    meta: { silent: true },
  });

export const messagingDashboardQuery = (accountId: number, period: Period) =>
  queryOptions({
    queryKey: messagingKeys.dashboard(accountId, period),
    queryFn: () => unwrap(api.GET('/api/messaging-campaign/dashboard', { params: { query: period } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** The account's stores for the store picker and the store names. */
export const storesQuery = (accountId: number) =>
  queryOptions({
    queryKey: messagingKeys.stores(accountId),
    queryFn: () => unwrap(api.GET('/api/location/minified')).then((r): StoreOption[] => r.data),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** An id from the URL: anything but a positive integer is the route's not-found state. */
export function parseId(rawId: string): number {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

/** A loader's read: a 404 from the API becomes the route's not-found state; other errors the page's banner. */
export async function ensureOrNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const loadCampaign = (queryClient: QueryClient, accountId: number, rawId: string) => {
  const id = parseId(rawId);
  return ensureOrNotFound(() => queryClient.ensureQueryData(campaignQuery(accountId, id)));
};

export const useAccountId = () => useSession()?.account.id ?? 0;

function useCampaignCache() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return {
    store: (campaign: MessagingCampaign) => {
      queryClient.setQueryData(messagingKeys.campaign(accountId, campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.funnel(accountId, campaign.id) });
      return queryClient.invalidateQueries({ queryKey: messagingKeys.campaignLists(accountId) });
    },
    drop: (id: number) => {
      queryClient.removeQueries({ queryKey: messagingKeys.campaign(accountId, id) });
      queryClient.removeQueries({ queryKey: messagingKeys.funnel(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: messagingKeys.campaignLists(accountId) });
    },
  };
}

export function useCreateCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    // The form shows 400 details next to the fields, and other failures above them.
    meta: { silent: true },
    mutationFn: (body: CampaignBody) => unwrap(api.POST('/api/messaging-campaign', { body })),
    onSuccess: (campaign) => {
      notifySuccess(t(campaign.status === 'draft' ? 'messagingCampaigns.campaigns.savedDraft' : 'messagingCampaigns.campaigns.created'));
      return cache.store(campaign);
    },
  });
}

export function useUpdateCampaign(id: number) {
  const cache = useCampaignCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CampaignBody) => unwrap(api.PUT('/api/messaging-campaign/{id}', { params: { path: { id } }, body })),
    onSuccess: (campaign) => {
      notifySuccess(t('messagingCampaigns.campaigns.updated'));
      return cache.store(campaign);
    },
  });
}

/** Spec §4: cancel stops what has not been sent; the API's message is shown. */
export function useCancelCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/messaging-campaign/cancel/{id}', { params: { path: { id } } })),
    onSuccess: ({ message, campaign }) => {
      notifySuccess(message);
      return cache.store(campaign);
    },
  });
}

export function useDeleteCampaign() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/messaging-campaign/campaign/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      return cache.drop(id);
    },
  });
}
