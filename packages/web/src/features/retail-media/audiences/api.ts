import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';
import { IdParam, type ApproveAudienceBody, type CreateAudienceBody, type UpdateAudienceBody } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useSession } from '../../../shared/session/session';
import { notifySuccess } from '../../../shared/ui/notify';
import { AUDIENCES_PAGE_SIZE, type AudiencesSearch } from './audiences-search';
import { t } from '../../../i18n';

export type Audience = components['schemas']['Audience'];
export type AudienceRule = components['schemas']['AudienceRule'];
export type AudienceAttribute = components['schemas']['AudienceAttribute'];
export type LinkedPublisher = components['schemas']['Publisher'];
export type CreateAudienceBody = z.input<typeof CreateAudienceBody>;
export type UpdateAudienceBody = z.input<typeof UpdateAudienceBody>;
export type ApproveAudienceBody = z.input<typeof ApproveAudienceBody>;

/** Keys per account, so another account's audiences never show after switching. */
export const audienceKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-audiences'] as const,
  lists: (accountId: number) => [...audienceKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: AudiencesSearch) => [...audienceKeys.lists(accountId), search] as const,
  detail: (accountId: number, id: number) => [...audienceKeys.all(accountId), 'detail', id] as const,
  attributes: (accountId: number) => [...audienceKeys.all(accountId), 'attributes'] as const,
  publishers: (accountId: number) => ['account', accountId, 'rm-linked-publishers'] as const,
  advertisers: (accountId: number, publisherId: number) => ['account', accountId, 'rm-advertiser-options', publisherId] as const,
};

export const audiencesListQuery = (accountId: number, search: AudiencesSearch) =>
  queryOptions({
    queryKey: audienceKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/audience', { params: { query: { ...search, quantity: AUDIENCES_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const audienceQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: audienceKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/audience/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** The customer attributes rules are written against (spec §7 `GET /audience/attributes`). */
export const audienceAttributesQuery = (accountId: number) =>
  queryOptions({
    queryKey: audienceKeys.attributes(accountId),
    queryFn: () => unwrap(api.GET('/audience/attributes')),
    staleTime: 30 * 60_000,
    meta: { silent: true },
  });

/** Publishers the account advertises on (to propose an audience where the link allows it). */
export const linkedPublishersQuery = (accountId: number) =>
  queryOptions({
    queryKey: audienceKeys.publishers(accountId),
    queryFn: () => unwrap(api.GET('/publishers')),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** Advertisers linked to a publisher the account manages, for a private audience. */
export const advertiserOptionsQuery = (accountId: number, publisherId: number) =>
  queryOptions({
    queryKey: audienceKeys.advertisers(accountId, publisherId),
    queryFn: () =>
      unwrap(api.GET('/advertisers', { params: { query: { publisher_id: publisherId, quantity: 500 } } })).then((r) => r.data.map((a) => ({ value: String(a.id), label: a.name }))),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** The view page's loader: an id that is not one, or a 404, is the route's not-found state. */
export async function loadAudience(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(audienceQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

function useRefreshAudiences() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (audience?: Audience) => {
    if (audience) queryClient.setQueryData(audienceKeys.detail(accountId, audience.id), audience);
    return queryClient.invalidateQueries({ queryKey: audienceKeys.lists(accountId) });
  };
}

/** Approve with a price (spec §7 PATCH /audience/actions/approve/{id}); success and error toasts (spec §8). */
export function useApproveAudience() {
  const refresh = useRefreshAudiences();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApproveAudienceBody }) => unwrap(api.PATCH('/audience/actions/approve/{id}', { params: { path: { id } }, body })),
    onSuccess: (audience) => {
      notifySuccess(t('rmAudiences.approve.success'));
      return refresh(audience);
    },
  });
}

/** Reject with the required note (spec §7 PATCH /audience/actions/reject/{id}). */
export function useRejectAudience() {
  const refresh = useRefreshAudiences();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => unwrap(api.PATCH('/audience/actions/reject/{id}', { params: { path: { id } }, body: { note } })),
    onSuccess: (audience) => {
      notifySuccess(t('rmAudiences.reject.success'));
      return refresh(audience);
    },
  });
}

export function useCreateAudience() {
  const refresh = useRefreshAudiences();
  return useMutation({
    // The form shows 400 details at its fields and other failures in its banner.
    meta: { silent: true },
    mutationFn: (body: CreateAudienceBody) => unwrap(api.POST('/audience', { body })),
    onSuccess: (audience) => {
      notifySuccess(t('rmAudiences.form.created'));
      return refresh(audience);
    },
  });
}

export function useUpdateAudience(id: number) {
  const refresh = useRefreshAudiences();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateAudienceBody) => unwrap(api.PUT('/audience/{id}', { params: { path: { id } }, body })),
    onSuccess: (audience) => {
      notifySuccess(t('rmAudiences.form.updated'));
      return refresh(audience);
    },
  });
}

export function useDeleteAudience() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/audience/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      queryClient.removeQueries({ queryKey: audienceKeys.detail(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: audienceKeys.lists(accountId) });
    },
  });
}
