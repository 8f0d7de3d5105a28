import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { IdParam, type FlyerAction } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { FlyerBody } from './flyer-form-values';
import type { FlyersSearch } from './flyers-search';
import { t } from '../../i18n';

export type Flyer = components['schemas']['Flyer'];
export type FlyerMedia = components['schemas']['FlyerMedia'];
export type StoreOption = { id: number; name: string; city: string | null; state: string | null; active: boolean };

/** Keys per account, so another account's flyers never show after switching. */
export const flyerKeys = {
  all: (accountId: number) => ['account', accountId, 'flyers'] as const,
  lists: (accountId: number) => [...flyerKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: FlyersSearch) => [...flyerKeys.lists(accountId), search] as const,
  details: (accountId: number) => [...flyerKeys.all(accountId), 'detail'] as const,
  detail: (accountId: number, id: number) => [...flyerKeys.details(accountId), id] as const,
  stores: (accountId: number) => ['account', accountId, 'locations', 'minified'] as const,
};

// Lists and pages show their own "Erro: {message}" banners, so the global toast stays quiet.
export const flyersListQuery = (accountId: number, search: FlyersSearch) =>
  queryOptions({
    queryKey: flyerKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/promotion-flyer', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const flyerQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: flyerKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/promotion-flyer/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** The account's stores for the store picker. */
export const storesQuery = (accountId: number) =>
  queryOptions({
    queryKey: flyerKeys.stores(accountId),
    queryFn: () => unwrap(api.GET('/api/location/minified')).then((r): StoreOption[] => r.data),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** An id from the URL: anything but a positive integer is the route's not-found state. */
export function parseFlyerId(rawId: string): number {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

/** View/edit loader: a 404 from the API becomes the route's not-found state; other errors the page's banner. */
export async function loadFlyer(queryClient: QueryClient, accountId: number, rawId: string) {
  const id = parseFlyerId(rawId);
  try {
    return await queryClient.ensureQueryData(flyerQuery(accountId, id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

function useInvalidateFlyers() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (flyer?: Flyer) => {
    if (flyer) queryClient.setQueryData(flyerKeys.detail(accountId, flyer.id), flyer);
    return queryClient.invalidateQueries({ queryKey: flyerKeys.lists(accountId) });
  };
}

export function useCreateFlyer() {
  const invalidate = useInvalidateFlyers();
  return useMutation({
    // The form shows 400 details next to the fields; anything else is reported by the page.
    meta: { silent: true },
    mutationFn: (body: FlyerBody) => unwrap(api.POST('/api/promotion-flyer', { body })),
    onSuccess: (flyer) => {
      notifySuccess(t('flyers.created'));
      return invalidate(flyer);
    },
  });
}

export function useUpdateFlyer(id: number) {
  const invalidate = useInvalidateFlyers();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: FlyerBody) => unwrap(api.PUT('/api/promotion-flyer/{id}', { params: { path: { id } }, body })),
    onSuccess: (flyer) => {
      notifySuccess(t('flyers.updated'));
      return invalidate(flyer);
    },
  });
}

/** Cancel, finish, pause or reactivate: shows the API's message ("Encarte pausado com sucesso." …). */
export function useFlyerAction() {
  const invalidate = useInvalidateFlyers();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: FlyerAction }) =>
      unwrap(api.POST('/api/promotion-flyer/{id}/actions/{action}', { params: { path: { id, action } } })),
    onSuccess: ({ message, flyer }) => {
      notifySuccess(message);
      return invalidate(flyer);
    },
  });
}

export function useDeleteFlyer() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/promotion-flyer/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      queryClient.removeQueries({ queryKey: flyerKeys.detail(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: flyerKeys.lists(accountId) });
    },
  });
}
