import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { LocationBody } from './location-form-values';
import { LOCATIONS_PAGE_SIZE, type LocationsSearch } from './locations-search';
import { t } from '../../i18n';

export type Location = components['schemas']['Location'];
export type LocationUser = components['schemas']['UserLocation'];
export type StoreOption = { id: number; name: string; city: string | null; state: string | null; active: boolean };

/**
 * Keys per account, under the account's 'locations' key that the other screens' store pickers
 * share: a store created, renamed or removed here refreshes them too.
 */
export const locationKeys = {
  all: (accountId: number) => ['account', accountId, 'locations'] as const,
  lists: (accountId: number) => [...locationKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: LocationsSearch) => [...locationKeys.lists(accountId), search] as const,
  detail: (accountId: number, id: number) => [...locationKeys.all(accountId), 'detail', id] as const,
  // The same key as the flyers' and promotions' store pickers: one request for the account's stores.
  minified: (accountId: number) => [...locationKeys.all(accountId), 'minified'] as const,
  users: (accountId: number, id: number) => [...locationKeys.all(accountId), 'users', id] as const,
  deliveryTypes: (accountId: number) => [...locationKeys.all(accountId), 'delivery-types'] as const,
  geocode: (accountId: number, address: string) => ['account', accountId, 'geocode', address] as const,
  accountUsers: (accountId: number) => ['account', accountId, 'users', 'all-for-stores'] as const,
};

// Lists and pages show their own "Erro: {message}" banners, so the global toast stays quiet.
export const locationsListQuery = (accountId: number, search: LocationsSearch) =>
  queryOptions({
    queryKey: locationKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/location', { params: { query: { page: search.page, quantity: LOCATIONS_PAGE_SIZE, search: search.search } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const locationQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: locationKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/location/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** The account's stores for pickers and filters (GET /api/location/minified). */
export const storesQuery = (accountId: number) =>
  queryOptions({
    queryKey: locationKeys.minified(accountId),
    queryFn: () => unwrap(api.GET('/api/location/minified')).then((r): StoreOption[] => r.data),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const deliveryTypesQuery = (accountId: number) =>
  queryOptions({
    queryKey: locationKeys.deliveryTypes(accountId),
    queryFn: () => unwrap(api.GET('/api/location/delivery-type')).then((r) => r.data),
    staleTime: Infinity,
    meta: { silent: true },
  });

/** The gazetteer's (or Nominatim's) places for an address or a CEP; the form reports a failure itself. */
export const geocodeQuery = (accountId: number, address: string) =>
  queryOptions({
    queryKey: locationKeys.geocode(accountId, address),
    queryFn: () => unwrap(api.GET('/api/location/geocode', { params: { query: { address } } })).then((r) => r.data),
    staleTime: 60 * 60_000,
    retry: false,
    meta: { silent: true },
  });

export const locationUsersQuery = (accountId: number, locationId: number) =>
  queryOptions({
    queryKey: locationKeys.users(accountId, locationId),
    queryFn: () => unwrap(api.GET('/api/location/user-location', { params: { query: { location_id: locationId } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** The account's users to pick from (one page of the users list holds them all: at most 500). */
export const accountUsersQuery = (accountId: number) =>
  queryOptions({
    queryKey: locationKeys.accountUsers(accountId),
    queryFn: () => unwrap(api.GET('/api/user', { params: { query: { page: 1, quantity: 500 } } })).then((r) => r.data),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** Edit and users loaders: a malformed id or a 404 is the route's not-found state. */
export async function loadLocation(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(locationQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

function useRefreshLocations() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (location?: Location) => {
    if (location) queryClient.setQueryData(locationKeys.detail(accountId, location.id), location);
    return queryClient.invalidateQueries({ queryKey: locationKeys.all(accountId), predicate: (q) => !(location && q.queryKey[3] === 'detail' && q.queryKey[4] === location.id) });
  };
}

export function useCreateLocation() {
  const refresh = useRefreshLocations();
  return useMutation({
    // The form shows 400 details at the fields and any other failure above them.
    meta: { silent: true },
    mutationFn: (body: LocationBody) => unwrap(api.POST('/api/location', { body })),
    onSuccess: (location) => {
      notifySuccess(t('locations.created'));
      return refresh(location);
    },
  });
}

export function useUpdateLocation(id: number) {
  const refresh = useRefreshLocations();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: LocationBody) => unwrap(api.PUT('/api/location', { body: { ...body, id } })),
    onSuccess: (location) => {
      notifySuccess(t('locations.updated'));
      return refresh(location);
    },
  });
}

/** Refused with a 409 while orders, slots or promotions use the store: the toast shows the server's reason. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/location/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }, id) => {
      notifySuccess(message);
      queryClient.removeQueries({ queryKey: locationKeys.detail(accountId, id) });
      return queryClient.invalidateQueries({ queryKey: locationKeys.all(accountId) });
    },
  });
}

export function useAddLocationUser(locationId: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (userId: number) => unwrap(api.POST('/api/location/user-location', { body: { location_id: locationId, user_id: userId } })),
    onSuccess: () => {
      notifySuccess(t('locations.users.added'));
      return queryClient.invalidateQueries({ queryKey: locationKeys.users(accountId, locationId) });
    },
  });
}

export function useRemoveLocationUser(locationId: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (userId: number) => unwrap(api.DELETE('/api/location/user-location/{locationId}/{userId}', { params: { path: { locationId, userId } } })),
    onSuccess: () => {
      notifySuccess(t('locations.users.removed'));
      return queryClient.invalidateQueries({ queryKey: locationKeys.users(accountId, locationId) });
    },
  });
}
