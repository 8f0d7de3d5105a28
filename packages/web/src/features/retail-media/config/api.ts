import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateAdSizeBody, CreateAdvertiserBody, RmGoal, UpdateAdTypesBody, UpdateGoalBody, UpdateLinkBody, UpdateTermsBody } from '@backoffice/contracts';
import { api, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { accountInfoQuery } from '../../../shared/account/queries';
import { useSession } from '../../../shared/session/session';
import { notifySuccess } from '../../../shared/ui/notify';
import type { PartnersSearch } from './partners-search';
import { t } from '../../../i18n';

export type TermsConfig = components['schemas']['TermsOfServiceConfig'];
export type AdTypesConfig = components['schemas']['AdTypesConfig'];
export type Goal = components['schemas']['Goal'];
export type AdSize = components['schemas']['AdSize'];
export type Advertiser = components['schemas']['Advertiser'];
export type Publisher = components['schemas']['Publisher'];
export type Subpublisher = components['schemas']['Subpublisher'];
export type UpdateTermsBody = z.input<typeof UpdateTermsBody>;
export type UpdateAdTypesBody = z.input<typeof UpdateAdTypesBody>;
export type UpdateGoalBody = z.input<typeof UpdateGoalBody>;
export type CreateAdSizeBody = z.input<typeof CreateAdSizeBody>;
export type UpdateLinkBody = z.input<typeof UpdateLinkBody>;
export type CreateAdvertiserBody = z.input<typeof CreateAdvertiserBody>;

/** Partner lists (advertisers, sub-publishers) come 50 a page. */
export const PARTNERS_PAGE_SIZE = 50;

/** Keys per account, so another account's configuration never shows after switching. */
export const configKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-config'] as const,
  terms: (accountId: number) => [...configKeys.all(accountId), 'terms'] as const,
  adTypes: (accountId: number) => [...configKeys.all(accountId), 'ad-types'] as const,
  goals: (accountId: number) => [...configKeys.all(accountId), 'goals'] as const,
  adSizes: (accountId: number) => [...configKeys.all(accountId), 'ad-sizes'] as const,
  advertisers: (accountId: number) => [...configKeys.all(accountId), 'advertisers'] as const,
  advertiserList: (accountId: number, search: PartnersSearch) => [...configKeys.advertisers(accountId), search] as const,
  publishers: (accountId: number) => [...configKeys.all(accountId), 'publishers'] as const,
  subpublishers: (accountId: number, search: PartnersSearch) => [...configKeys.all(accountId), 'subpublishers', search] as const,
};

// Sections and lists show their own error banners, so the global toast stays quiet on loads.
export const termsQuery = (accountId: number) =>
  queryOptions({ queryKey: configKeys.terms(accountId), queryFn: () => unwrap(api.GET('/configuration/terms-of-service')), meta: { silent: true } });
export const adTypesQuery = (accountId: number) =>
  queryOptions({ queryKey: configKeys.adTypes(accountId), queryFn: () => unwrap(api.GET('/configuration/ad-types')), meta: { silent: true } });
export const goalsQuery = (accountId: number) => queryOptions({ queryKey: configKeys.goals(accountId), queryFn: () => unwrap(api.GET('/goals')), meta: { silent: true } });
export const adSizesQuery = (accountId: number) => queryOptions({ queryKey: configKeys.adSizes(accountId), queryFn: () => unwrap(api.GET('/ad-sizes')), meta: { silent: true } });

export const advertisersQuery = (accountId: number, search: PartnersSearch) =>
  queryOptions({
    queryKey: configKeys.advertiserList(accountId, search),
    queryFn: () => unwrap(api.GET('/advertisers', { params: { query: { ...search, quantity: PARTNERS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
export const publishersQuery = (accountId: number) =>
  queryOptions({ queryKey: configKeys.publishers(accountId), queryFn: () => unwrap(api.GET('/publishers')), meta: { silent: true } });
export const subpublishersQuery = (accountId: number, search: PartnersSearch) =>
  queryOptions({
    queryKey: configKeys.subpublishers(accountId, search),
    queryFn: () => unwrap(api.GET('/subpublishers', { params: { query: { ...search, quantity: PARTNERS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useAccountId = () => useSession()?.account.id ?? 0;

/** The signed-in user's role in the current account (account-info's first item). */
export function useMemberRole(): string | undefined {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  return data?.[0]?.role;
}
export const isWriter = (role: string | undefined) => role === 'admin' || role === 'manager';

/** Spec §8: terms and ad-type saves end in a success or an error toast (the latter from the query client). */
export function useSaveTerms() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: UpdateTermsBody) => unwrap(api.PUT('/configuration/terms-of-service', { body })),
    onSuccess: (terms) => {
      queryClient.setQueryData(configKeys.terms(accountId), terms);
      notifySuccess(t('rmConfig.terms.saved'));
    },
  });
}

export function useSaveAdTypes() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: UpdateAdTypesBody) => unwrap(api.PUT('/configuration/ad-types', { body })),
    onSuccess: (config) => {
      queryClient.setQueryData(configKeys.adTypes(accountId), config);
      notifySuccess(t('rmConfig.adTypes.saved'));
    },
  });
}

export function useSaveGoal() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: ({ name, body }: { name: RmGoal; body: UpdateGoalBody }) => unwrap(api.PUT('/goals/{name}', { params: { path: { name } }, body })),
    onSuccess: (goal) => {
      queryClient.setQueryData<Goal[]>(configKeys.goals(accountId), (goals) => goals?.map((g) => (g.name === goal.name ? goal : g)));
      notifySuccess(t('rmConfig.goals.saved', { goal: goal.label }));
    },
  });
}

export function useCreateAdSize() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: CreateAdSizeBody) => unwrap(api.POST('/ad-sizes', { body })),
    onSuccess: () => {
      notifySuccess(t('rmConfig.adSizes.created'));
      return queryClient.invalidateQueries({ queryKey: configKeys.adSizes(accountId) });
    },
  });
}

export function useDeleteAdSize() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/ad-sizes/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return queryClient.invalidateQueries({ queryKey: configKeys.adSizes(accountId) });
    },
  });
}

export function useCreateAdvertiser() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    // The form shows 400 details at its fields and other failures in its banner.
    meta: { silent: true },
    mutationFn: (body: CreateAdvertiserBody) => unwrap(api.POST('/advertisers', { body })),
    onSuccess: (advertiser) => {
      notifySuccess(t('rmConfig.advertisers.linked', { name: advertiser.name }));
      return queryClient.invalidateQueries({ queryKey: configKeys.advertisers(accountId) });
    },
  });
}

export function useUpdateAdvertiserLink(id: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateLinkBody) => unwrap(api.PUT('/advertisers/{id}/link', { params: { path: { id } }, body })),
    onSuccess: () => {
      notifySuccess(t('rmConfig.link.saved'));
      return queryClient.invalidateQueries({ queryKey: configKeys.advertisers(accountId) });
    },
  });
}

export function useDeleteAdvertiser() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/advertisers/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return queryClient.invalidateQueries({ queryKey: configKeys.advertisers(accountId) });
    },
  });
}
