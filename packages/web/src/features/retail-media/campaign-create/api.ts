import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../shared/api/client';
import type { components, paths } from '../../../shared/api/schema';
import { useSession } from '../../../shared/session/session';
import { notifySuccess } from '../../../shared/ui/notify';
import type { ObjectiveCampaignPayload } from './objective-steps';
import { t } from '../../../i18n';

export type Publisher = components['schemas']['Publisher'];
export type Goal = components['schemas']['Goal'];
export type Audience = components['schemas']['Audience'];
export type Subpublisher = components['schemas']['Subpublisher'];
export type CampaignTag = components['schemas']['CampaignTag'];
export type CampaignDetail = components['schemas']['CampaignDetail'];
export type StandardCampaignPayload = paths['/campaign']['post']['requestBody']['content']['application/json'];

/** Audiences and sub-publishers are offered from one page this long. */
const OPTIONS_PAGE = 100;

export const createKeys = {
  publishers: (accountId: number) => ['account', accountId, 'rm-publishers', 'linked'] as const,
  goals: (accountId: number, publisherId: number) => ['account', accountId, 'rm-publisher', publisherId, 'goals'] as const,
  audiences: (accountId: number, publisherId: number) => ['account', accountId, 'rm-publisher', publisherId, 'approved-audiences'] as const,
  subpublishers: (accountId: number, publisherId: number) => ['account', accountId, 'rm-publisher', publisherId, 'subpublishers'] as const,
  tags: (accountId: number, name: string) => ['account', accountId, 'rm-campaign-tags', { name }] as const,
};

export const useAccountId = () => useSession()?.account.id ?? 0;
/** Spec §5: budgets of an account with a cents currency travel as integer cents. */
export const useCurrencyCents = () => useSession()?.account.currency_cents ?? false;

/** The publishers the account advertises on, each with what its link allows (strategies, ad types…). */
export const publishersQuery = (accountId: number) =>
  queryOptions({
    queryKey: createKeys.publishers(accountId),
    queryFn: () => unwrap(api.GET('/publishers')),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** The publisher's goals with their ad-cost ranges (a failure is the step's error alert). */
export const goalsQuery = (accountId: number, publisherId: number) =>
  queryOptions({
    queryKey: createKeys.goals(accountId, publisherId),
    queryFn: () => unwrap(api.GET('/goals', { params: { query: { publisher_id: publisherId } } })),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const approvedAudiencesQuery = (accountId: number, publisherId: number) =>
  queryOptions({
    queryKey: createKeys.audiences(accountId, publisherId),
    queryFn: () => unwrap(api.GET('/audience', { params: { query: { status: 'approved', publisher_id: publisherId, quantity: OPTIONS_PAGE } } })),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** The sub-publishers of the network the campaign goes to (the advertiser's link must allow choosing them). */
export const subpublishersQuery = (accountId: number, publisherId: number) =>
  queryOptions({
    queryKey: createKeys.subpublishers(accountId, publisherId),
    queryFn: () => unwrap(api.GET('/subpublishers', { params: { query: { quantity: OPTIONS_PAGE, publisher_id: publisherId } } })),
    staleTime: 60_000,
    meta: { silent: true },
  });

export const campaignTagsQuery = (accountId: number, name: string) =>
  queryOptions({
    queryKey: createKeys.tags(accountId, name),
    queryFn: () => unwrap(api.GET('/campaign-tags', { params: { query: { name: name || undefined } } })),
    staleTime: 30_000,
    meta: { silent: true },
  });

function useCampaignCreated() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (campaign: CampaignDetail) => {
    notifySuccess(t('rmCreate.created', { name: campaign.name }));
    // The campaign list's keys (features/retail-media/campaigns): it now has one more row.
    return queryClient.invalidateQueries({ queryKey: ['account', accountId, 'rm-campaigns'] });
  };
}

export function useCreateObjectiveCampaign() {
  const created = useCampaignCreated();
  return useMutation({
    // The flow shows 400s beside the fields and anything else in its banner.
    meta: { silent: true },
    mutationFn: (body: ObjectiveCampaignPayload) => unwrap(api.POST('/campaign/objective-based', { body })),
    onSuccess: created,
  });
}

export function useCreateCampaign() {
  const created = useCampaignCreated();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: StandardCampaignPayload) => unwrap(api.POST('/campaign', { body })),
    onSuccess: created,
  });
}

export function useCreateCampaignTag() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/campaign-tags', { body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', accountId, 'rm-campaign-tags'] }),
  });
}
