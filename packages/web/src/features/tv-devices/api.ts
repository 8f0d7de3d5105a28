import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActivateTvDeviceBody } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { accountInfoQuery } from '../../shared/account/queries';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import { TV_DEVICES_PAGE_SIZE, type TvDevicesSearch } from './tv-devices-search';

export type TvDevice = components['schemas']['TvDevice'];
export type TvDevicePairing = components['schemas']['TvDevicePairing'];
export type ActivateTvDeviceInput = z.input<typeof ActivateTvDeviceBody>;
export interface StoreOption {
  id: number;
  name: string;
}

/** Keys per account, so another account's TVs never show after switching. */
export const tvDeviceKeys = {
  all: (accountId: number) => ['account', accountId, 'tv-devices'] as const,
  list: (accountId: number, search: TvDevicesSearch) => [...tvDeviceKeys.all(accountId), 'list', search] as const,
  pairing: (accountId: number, token: string) => [...tvDeviceKeys.all(accountId), 'pairing', token] as const,
  stores: (accountId: number) => ['account', accountId, 'tv-device-stores'] as const,
};

export const useAccountId = () => useSession()?.account.id ?? 0;

// The pages show their own error states, so the global toast stays quiet on the loads.
export const tvDevicesListQuery = (accountId: number, search: TvDevicesSearch) =>
  queryOptions({
    queryKey: tvDeviceKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/tv-devices', { params: { query: { ...search, quantity: TV_DEVICES_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    // Online/offline follows the heartbeats: read again while the page is open.
    refetchInterval: 60_000,
    meta: { silent: true },
  });

export const tvDevicePairingQuery = (accountId: number, token: string) =>
  queryOptions({
    queryKey: tvDeviceKeys.pairing(accountId, token),
    queryFn: () => unwrap(api.GET('/api/tv-devices/pairing/{token}', { params: { path: { token } } })),
    retry: false,
    meta: { silent: true },
  });

/** The account's stores, where a TV may be placed. */
export const tvStoresQuery = (accountId: number) =>
  queryOptions({
    queryKey: tvDeviceKeys.stores(accountId),
    queryFn: () => unwrap(api.GET('/api/location/minified')).then((r): StoreOption[] => r.data),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** Admins and managers activate and remove TVs (the API's write roles). */
export function useCanManageTvs(): boolean | undefined {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  if (!data) return undefined;
  const role = (data.find((a) => a.current) ?? data[0])?.role;
  return role === 'admin' || role === 'manager';
}

export function useActivateTvDevice(token: string) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: ActivateTvDeviceInput) => unwrap(api.POST('/api/tv-devices/pairing/{token}/activate', { params: { path: { token } }, body })),
    // The form shows the error itself.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvDeviceKeys.all(accountId) }),
  });
}

export function useRemoveTvDevice() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/tv-devices/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return queryClient.invalidateQueries({ queryKey: tvDeviceKeys.all(accountId) });
    },
  });
}
