import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { storesQuery } from '../locations/api';
import { t } from '../../i18n';
import { PRODUCTS_PAGE_SIZE, type ProductsSearch } from './products-search';

export { storesQuery, type StoreOption } from '../locations/api';

import type { components, paths } from '../../shared/api/schema';

type Schemas = components['schemas'];
export type Product = Schemas['CatalogProduct'];
export type ProductOffer = Schemas['CatalogOffer'];
export type ProductDetail = Schemas['ProductDetail'];
export type ProductFacets = Schemas['ProductFacets'];
type PatchBody<P extends '/api/product/{id}' | '/api/offer/{locationId}/{productId}'> = NonNullable<paths[P]['patch']['requestBody']>['content']['application/json'];
export type ProductPatch = PatchBody<'/api/product/{id}'>;
export type OfferPatch = PatchBody<'/api/offer/{locationId}/{productId}'>;
type ProductPage = { data: Product[]; meta: Schemas['PageMeta'] };

/** What the list asks the API: the URL's search and the path's store. */
export type ProductsQuery = {
  page: number;
  quantity: number;
  query?: string;
  location_id?: number;
  category?: string;
  brand?: string;
  available?: 'true' | 'false';
  sort?: NonNullable<ProductsSearch['sort']>;
};

/** The API's list query from the URL's search and the path's store. */
export function toProductsQuery(search: ProductsSearch, locationId: number | undefined): ProductsQuery {
  const query: ProductsQuery = { page: search.page, quantity: PRODUCTS_PAGE_SIZE };
  if (search.search) query.query = search.search;
  if (locationId !== undefined) query.location_id = locationId;
  if (search.category) query.category = search.category;
  if (search.brand) query.brand = search.brand;
  if (search.available !== undefined) query.available = search.available ? 'true' : 'false';
  if (search.sort) query.sort = search.sort;
  return query;
}

/** Keys per account, so another account's catalog never shows after switching. */
export const productKeys = {
  all: (accountId: number) => ['account', accountId, 'products'] as const,
  lists: (accountId: number) => [...productKeys.all(accountId), 'list'] as const,
  list: (accountId: number, query: ProductsQuery) => [...productKeys.lists(accountId), query] as const,
  facets: (accountId: number, locationId: number | undefined) => [...productKeys.all(accountId), 'facets', locationId ?? 'all'] as const,
  detail: (accountId: number, id: number) => [...productKeys.all(accountId), 'detail', id] as const,
};

// The list shows its own error state, so the global toast stays quiet.
export const productsListQuery = (accountId: number, query: ProductsQuery) =>
  queryOptions({
    queryKey: productKeys.list(accountId, query),
    queryFn: () => unwrap(api.GET('/search/products', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const productFacetsQuery = (accountId: number, locationId: number | undefined) =>
  queryOptions({
    queryKey: productKeys.facets(accountId, locationId),
    queryFn: () => unwrap(api.GET('/search/products/facets', { params: { query: locationId ? { location_id: locationId } : {} } })),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const productQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: productKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/product/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const useAccountId = () => useSession()?.account.id ?? 0;

/** The account's stores by id (empty while they load). */
export function useStores() {
  const stores = useQuery(storesQuery(useAccountId()));
  const byId = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s])), [stores.data]);
  return { ...stores, byId };
}

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * An edit shown at once in every loaded page of the list (and the open detail), put back as it was
 * with the server's reason when the server refuses it.
 */
function useOptimisticRowEdit<V>(patchRow: (row: Product, vars: V) => Product | null, patchDetail: (detail: ProductDetail, vars: V) => ProductDetail | null) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return {
    onMutate: async (vars: V): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: productKeys.all(accountId) });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: productKeys.lists(accountId) }),
        ...queryClient.getQueriesData({ queryKey: [...productKeys.all(accountId), 'detail'] }),
      ];
      queryClient.setQueriesData<ProductPage>({ queryKey: productKeys.lists(accountId) }, (page) =>
        page ? { ...page, data: page.data.map((row) => patchRow(row, vars) ?? row) } : page,
      );
      queryClient.setQueriesData<ProductDetail>({ queryKey: [...productKeys.all(accountId), 'detail'] }, (detail) => (detail ? (patchDetail(detail, vars) ?? detail) : detail));
      return { snapshot };
    },
    onError: (error: unknown, _vars: V, context: { snapshot: Snapshot } | undefined) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all(accountId) }),
  };
}

export interface ProductEdit {
  id: number;
  body: ProductPatch;
}

/** The product's availability or stock (all stores' view): shown at once, undone when refused. */
export function useUpdateProduct() {
  const optimistic = useOptimisticRowEdit<ProductEdit>(
    (row, { id, body }) => (row.id === id ? { ...row, ...body } : null),
    (detail, { id, body }) => (detail.id === id ? { ...detail, ...body } : null),
  );
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: ProductEdit) => unwrap(api.PATCH('/api/product/{id}', { params: { path: { id } }, body })),
    ...optimistic,
  });
}

export interface OfferEdit {
  locationId: number;
  productId: number;
  body: OfferPatch;
  /** A notification on success (the modal's save; a toggle needs none). */
  announce?: boolean;
}

/** A store's offer (price, promotion, stock, availability): shown at once, undone when refused. */
export function useUpdateOffer() {
  const optimistic = useOptimisticRowEdit<OfferEdit>(
    (row, { locationId, productId, body }) => (row.id === productId && row.offer && row.offer.location_id === locationId ? { ...row, offer: { ...row.offer, ...body } } : null),
    (detail, { locationId, productId, body }) =>
      detail.id === productId ? { ...detail, offers: detail.offers.map((o) => (o.location_id === locationId ? { ...o, ...body } : o)) } : null,
  );
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ locationId, productId, body }: OfferEdit) => unwrap(api.PATCH('/api/offer/{locationId}/{productId}', { params: { path: { locationId, productId } }, body })),
    ...optimistic,
    onSuccess: (_data: unknown, vars: OfferEdit) => {
      if (vars.announce) notifySuccess(t('products.offer.saved'));
    },
  });
}
