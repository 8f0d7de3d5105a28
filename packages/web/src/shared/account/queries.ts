import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { useSession, type AccountSummary } from '../session/session';

export type AccountInfo = components['schemas']['AccountInfo'];
export type AccessModule = components['schemas']['AccessModule'];

/** Query keys are per account, so switching accounts never shows the previous account's data. */
export const accountKeys = {
  info: (accountId: number) => ['account', accountId, 'info'] as const,
  modules: (accountId: number) => ['account', accountId, 'access-modules'] as const,
};

export const accountInfoQuery = (accountId: number) =>
  queryOptions({
    queryKey: accountKeys.info(accountId),
    queryFn: () => unwrap(api.GET('/api/account/account-info')),
    staleTime: 5 * 60_000,
  });

export const accessModulesQuery = (accountId: number) =>
  queryOptions({
    queryKey: accountKeys.modules(accountId),
    queryFn: () => unwrap(api.GET('/api/access-module')).then((r) => r.modules),
    staleTime: 5 * 60_000,
  });

export const appInfoQuery = queryOptions({
  queryKey: ['app-info'],
  queryFn: () => unwrap(api.GET('/app-info')),
  staleTime: 60_000,
});

/** Module ids granted to the user in the current account: modules and submodules. */
export function grantedModuleIds(modules: AccessModule[]): Set<number> {
  return new Set(modules.flatMap((m) => [m.id, ...m.submodules.map((s) => s.id)]));
}

/** The part of an account's info that the session keeps. */
export function toAccountSummary(account: AccountInfo): AccountSummary {
  const { id, name, type, white_label_variant, retail_media_role, is_network, currency_cents } = account;
  return { id, name, type, white_label_variant, retail_media_role, is_network, currency_cents };
}

/**
 * Whether the signed-in member may change the account's records: admins and managers (the API's
 * writers); operators only see them. Stores, regions, windows, operators and flyers read it.
 */
export function useIsAccountWriter(): boolean {
  const { data } = useQuery(accountInfoQuery(useSession()?.account.id ?? 0));
  const role = data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}
