import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER, IdParam, type RechargeWalletBody } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { accountInfoQuery } from '../../../shared/account/queries';
import { useSession } from '../../../shared/session/session';
import { WALLETS_PAGE_SIZE, type WalletsSearch } from './wallets-search';

export type Wallet = components['schemas']['Wallet'];
export type WalletTransaction = components['schemas']['WalletTransaction'];
export type RechargeBody = z.input<typeof RechargeWalletBody>;

/** Keys per account, so another account's wallets never show after switching. */
export const walletKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-wallets'] as const,
  lists: (accountId: number) => [...walletKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: WalletsSearch) => [...walletKeys.lists(accountId), search] as const,
  detail: (accountId: number, id: number) => [...walletKeys.all(accountId), 'detail', id] as const,
  movements: (accountId: number, id: number) => [...walletKeys.all(accountId), 'movements', id] as const,
  movementsPage: (accountId: number, id: number, page: number) => [...walletKeys.movements(accountId, id), page] as const,
};

// Pages show their own "Erro: {message}" banners, so the global toast stays quiet.
export const walletsListQuery = (accountId: number, search: WalletsSearch) =>
  queryOptions({
    queryKey: walletKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/wallet', { params: { query: { page: search.page, quantity: WALLETS_PAGE_SIZE, name: search.name } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const walletQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: walletKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/wallet/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const walletMovementsQuery = (accountId: number, id: number, page: number) =>
  queryOptions({
    queryKey: walletKeys.movementsPage(accountId, id, page),
    queryFn: () => unwrap(api.GET('/api/wallet/{id}/transactions', { params: { path: { id }, query: { page, quantity: WALLETS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** A wallet page's loader: an id that is not one, or a 404, is the route's not-found state. */
export async function loadWallet(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(walletQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Admins and managers recharge (the API's write roles); the other roles only see movements. */
export function useCanRecharge(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  const role = data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}

/** Recharges with the given idempotency key; the wallet, its movements and the lists refresh after. */
export function useRechargeWallet(id: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    // The form shows the API's message itself.
    meta: { silent: true },
    mutationFn: ({ body, key }: { body: RechargeBody; key: string }) =>
      unwrap(api.POST('/api/wallet/{id}/recharge', { params: { path: { id }, header: { [IDEMPOTENCY_HEADER]: key } }, body })),
    onSuccess: ({ wallet }) => {
      queryClient.setQueryData(walletKeys.detail(accountId, id), wallet);
      void queryClient.invalidateQueries({ queryKey: walletKeys.movements(accountId, id) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.lists(accountId) });
    },
  });
}
