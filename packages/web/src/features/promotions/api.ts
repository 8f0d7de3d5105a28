import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';
import { IdParam, type CreatePromotionBody, type PromotionAction } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { accountInfoQuery } from '../../shared/account/queries';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { Period } from '../../shared/ui/period';
import type { PromotionsSearch } from './search';
import { t } from '../../i18n';

export type Promotion = components['schemas']['Promotion'];
export type CatalogProduct = components['schemas']['CatalogProduct'];
export type StoreLocation = components['schemas']['LocationMinified'];
/** The create and update body, as the contract reads it. */
export type PromotionBody = z.input<typeof CreatePromotionBody>;

/** Spec §9: product pickers page 50 at a time. */
export const PRODUCTS_PAGE_SIZE = 50;

/** Keys per account, so another account's promotions never show after switching. */
export const promotionKeys = {
  all: (accountId: number) => ['account', accountId, 'promotions'] as const,
  lists: (accountId: number) => [...promotionKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: PromotionsSearch) => [...promotionKeys.lists(accountId), search] as const,
  details: (accountId: number) => [...promotionKeys.all(accountId), 'detail'] as const,
  detail: (accountId: number, id: number) => [...promotionKeys.details(accountId), id] as const,
  metrics: (accountId: number, id: number) => [...promotionKeys.all(accountId), 'metrics', id] as const,
  metricsPeriod: (accountId: number, id: number, period: Period) => [...promotionKeys.metrics(accountId, id), period] as const,
};

export const catalogKeys = {
  products: (accountId: number, query: string, page: number) => ['account', accountId, 'catalog', 'products', { query, page }] as const,
  productsBySku: (accountId: number, skus: string[]) => ['account', accountId, 'catalog', 'products', { skus }] as const,
  stores: (accountId: number) => ['account', accountId, 'locations', 'minified'] as const,
};

// Pages show their own "Erro: {message}" states, so the global toast stays quiet for loads.
export const promotionsListQuery = (accountId: number, search: PromotionsSearch) =>
  queryOptions({
    queryKey: promotionKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/promotion', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const promotionQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: promotionKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/promotion/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** Uses, customers, discount and revenue of one promotion in a period, per São Paulo day. */
export const promotionMetricsQuery = (accountId: number, id: number, period: Period) =>
  queryOptions({
    queryKey: promotionKeys.metricsPeriod(accountId, id, period),
    queryFn: () => unwrap(api.GET('/api/promotion/{id}/metrics', { params: { path: { id }, query: period } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const storesQuery = (accountId: number) =>
  queryOptions({
    queryKey: catalogKeys.stores(accountId),
    queryFn: () => unwrap(api.GET('/api/location/minified')).then((r) => r.data),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const productSearchQuery = (accountId: number, query: string, page: number) =>
  queryOptions({
    queryKey: catalogKeys.products(accountId, query, page),
    queryFn: () => unwrap(api.GET('/search/products', { params: { query: { query: query || undefined, page, quantity: PRODUCTS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The chosen SKUs' products (names, images); SKUs no longer in the catalog are simply absent. */
export const productsBySkuQuery = (accountId: number, skus: string[]) =>
  queryOptions({
    queryKey: catalogKeys.productsBySku(accountId, skus),
    queryFn: () =>
      skus.length === 0
        ? Promise.resolve([] as CatalogProduct[])
        : unwrap(api.GET('/search/products', { params: { query: { skus: skus.join(','), quantity: 500 } } })).then((r) => r.data),
    staleTime: 60_000,
  });

/** View/edit loaders: an invalid id, or a 404 from the API (unknown or another account's), is the not-found state. */
export async function loadPromotion(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(promotionQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Admins and managers write promotions (the API's `writers`); others only read. */
export function useCanWritePromotions(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  const role = data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}

function useRefreshPromotions() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (promotion?: Promotion) => {
    if (promotion) {
      queryClient.setQueryData(promotionKeys.detail(accountId, promotion.id), promotion);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.metrics(accountId, promotion.id) });
    }
    return queryClient.invalidateQueries({ queryKey: promotionKeys.lists(accountId) });
  };
}

export function useCreatePromotion() {
  const refresh = useRefreshPromotions();
  return useMutation({
    // The form shows 400/409 beside the fields; the page reports anything else.
    meta: { silent: true },
    mutationFn: (body: PromotionBody) => unwrap(api.POST('/api/promotion', { body })),
    onSuccess: (promotion) => {
      notifySuccess(t('promotions.form.created', { name: promotion.name }));
      return refresh(promotion);
    },
  });
}

export function useUpdatePromotion(id: number) {
  const refresh = useRefreshPromotions();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PromotionBody) => unwrap(api.PUT('/api/promotion/{id}', { params: { path: { id } }, body })),
    onSuccess: (promotion) => {
      notifySuccess(t('promotions.form.updated', { name: promotion.name }));
      return refresh(promotion);
    },
  });
}

/** cancel | finish | pause | reactivate: the server's message is the spec's verbatim one. */
export function usePromotionAction() {
  const refresh = useRefreshPromotions();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PromotionAction }) =>
      unwrap(api.POST('/api/promotion/{id}/actions/{action}', { params: { path: { id, action } } })),
    onSuccess: ({ message, promotion }) => {
      notifySuccess(message);
      return refresh(promotion);
    },
  });
}

export function useDeletePromotion() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/promotion/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      queryClient.removeQueries({ queryKey: promotionKeys.detail(accountId, id) });
      queryClient.removeQueries({ queryKey: promotionKeys.metrics(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: promotionKeys.lists(accountId) });
    },
  });
}
