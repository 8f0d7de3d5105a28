import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import type { CreateRegionBody } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import { locationQuery, locationsListQuery } from '../locations/api';
import { LOCATIONS_SEARCH_DEFAULTS } from '../locations/locations-search';

export type Region = components['schemas']['Region'];
export type RegionServing = components['schemas']['RegionServing'];
export type RegionSearchResult = components['schemas']['RegionSearchResult'];
export type RegionBody = z.input<typeof CreateRegionBody>;

export const DELIVERY_MODES = ['delivery', 'pickup'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Where a point is searched: typed address, or a click on the map. */
export type RegionSearch = { address: string } | { lat: number; lng: number };

/** Keys per account, so another account's regions never show after switching. */
export const regionKeys = {
  all: (accountId: number) => ['account', accountId, 'regions'] as const,
  byStore: (accountId: number, locationId: number) => [...regionKeys.all(accountId), 'store', locationId] as const,
  byAccount: (accountId: number) => [...regionKeys.all(accountId), 'account'] as const,
  search: (accountId: number, search: RegionSearch) => [...regionKeys.all(accountId), 'search', search] as const,
};

// Pages show their own error banners, so the global toast stays quiet.
export const regionsQuery = (accountId: number, locationId: number) =>
  queryOptions({
    queryKey: regionKeys.byStore(accountId, locationId),
    queryFn: () => unwrap(api.GET('/api/location/region/{locationId}', { params: { path: { locationId } } })).then((r) => r.data),
    meta: { silent: true },
  });

export const accountRegionsQuery = (accountId: number) =>
  queryOptions({
    queryKey: regionKeys.byAccount(accountId),
    queryFn: () => unwrap(api.POST('/api/location/region/find-by-account', { body: {} })).then((r) => r.data),
    meta: { silent: true },
  });

/** The store (name and pin): the stores screen's query; a failure only costs the pin, so it is not retried. */
export const storeQuery = (accountId: number, locationId: number) => queryOptions({ ...locationQuery(accountId, locationId), staleTime: 60_000, retry: false });

/** Every store of the account for their pins and the filter: the stores list's first page (500 a page, the whole list), one request for both screens. */
export const allStoresQuery = (accountId: number) =>
  queryOptions({ ...locationsListQuery(accountId, LOCATIONS_SEARCH_DEFAULTS), staleTime: 60_000, select: (r) => r.data });

export const regionSearchQuery = (accountId: number, search: RegionSearch) =>
  queryOptions({
    queryKey: regionKeys.search(accountId, search),
    queryFn: () => unwrap(api.GET('/api/location/search-by-polygon', { params: { query: search } })),
    retry: false,
    meta: { silent: true },
  });

const LocationIdParam = z.coerce.number().int().positive();

/** A store id from the URL: anything but a positive integer is the route's not-found state. */
export function parseLocationId(rawId: string): number {
  const parsed = LocationIdParam.safeParse(rawId);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** Route loader: the store's regions; a 404 (no such store in this account) becomes the not-found state. */
export async function loadStoreRegions(queryClient: QueryClient, accountId: number, rawId: string) {
  const locationId = parseLocationId(rawId);
  void queryClient.prefetchQuery(storeQuery(accountId, locationId));
  try {
    await queryClient.ensureQueryData(regionsQuery(accountId, locationId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    // Other failures show the page's banner with a retry.
  }
  return locationId;
}

export const useAccountId = () => useSession()?.account.id ?? 0;

function useInvalidateRegions() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () => queryClient.invalidateQueries({ queryKey: regionKeys.all(accountId) });
}

/** Creates (no regionId) or replaces a region; the form shows a 400's field messages. */
export function useSaveRegion(locationId: number) {
  const invalidate = useInvalidateRegions();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ regionId, body }: { regionId: number | null; body: RegionBody }) => {
      if (regionId === null) return unwrap(api.POST('/api/location/region', { body }));
      const { location_id: _store, ...fields } = body;
      return unwrap(api.PUT('/api/location/region/{locationId}/{regionId}', { params: { path: { locationId, regionId } }, body: fields }));
    },
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return invalidate();
    },
  });
}

export function useDeleteRegion(locationId: number) {
  const invalidate = useInvalidateRegions();
  return useMutation({
    mutationFn: (regionId: number) => unwrap(api.DELETE('/api/location/region/{locationId}/{regionId}', { params: { path: { locationId, regionId } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return invalidate();
    },
  });
}
