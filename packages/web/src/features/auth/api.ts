import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../shared/api/client';
import { accountKeys, toAccountSummary } from '../../shared/account/queries';
import { clearSession, getSession, setSession, type Session } from '../../shared/session/session';
import { t } from '../../i18n';

export const authKeys = {
  invite: (code: string) => ['auth', 'invite', code] as const,
  handover: (token: string) => ['auth', 'handover', token] as const,
};

/** Forms on these pages show the server's message themselves: no second, global toast. */
const inline = { meta: { silent: true } } as const;

/** Starts a session; another user's (or account's) persisted state and cached data go first. */
export function startSession(session: Session, queryClient: QueryClient) {
  const previous = getSession();
  if (previous && (previous.user.id !== session.user.id || previous.account.id !== session.account.id)) {
    clearSession();
    queryClient.removeQueries();
  }
  setSession(session);
}

export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) => {
      const session = await unwrap(api.POST('/authenticate', { body }));
      startSession(session, queryClient);
      return session;
    },
  });
};

export const useRequestPasswordRecovery = () =>
  useMutation({
    ...inline,
    mutationFn: (body: { email: string }) => unwrap(api.POST('/password-recovery', { body })),
  });

export const useUpdatePassword = () =>
  useMutation({
    ...inline,
    mutationFn: (body: { code: string; password: string }) => unwrap(api.POST('/update-password', { body })),
  });

export const inviteQuery = (code: string) =>
  queryOptions({
    queryKey: authKeys.invite(code),
    queryFn: () => unwrap(api.GET('/api/user/validate-invite/{code}', { params: { path: { code } } })),
    retry: false,
    staleTime: Infinity,
    ...inline,
  });

/** Accepts an invite; the answer is a session in the invited account. */
export const useActivateInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...inline,
    mutationFn: async (body: { code: string; password: string; name?: string }) => {
      const session = await unwrap(api.POST('/api/user/active-invite', { body }));
      startSession(session, queryClient);
      return session;
    },
  });
};

/**
 * The session an integrated system hands over: its token (sent explicitly, whatever session
 * this browser has), the user's profile and the current account (account-info's first item).
 */
async function handover(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const [profile, accounts] = await Promise.all([
    unwrap(api.GET('/api/user/profile', { headers })),
    unwrap(api.GET('/api/account/account-info', { headers })),
  ]);
  const current = accounts[0];
  if (!current) throw new ApiError(403, 'NO_ACTIVE_ACCOUNT', t('auth.integration.noAccount'));
  const { id, name, email, language, is_platform_operator } = profile;
  const session: Session = { token, user: { id, name, email, language, is_platform_operator }, account: toAccountSummary(current) };
  return { session, accounts };
}

export const handoverQuery = (token: string) =>
  // gcTime 0: the handed-over token leaves the cache as soon as the page does.
  queryOptions({ queryKey: authKeys.handover(token), queryFn: () => handover(token), retry: false, staleTime: Infinity, gcTime: 0, ...inline });

/** Stores a handed-over session, with the account info already fetched (the layout needs it next). */
export function startHandedOverSession({ session, accounts }: Awaited<ReturnType<typeof handover>>, queryClient: QueryClient) {
  startSession(session, queryClient);
  queryClient.setQueryData(accountKeys.info(session.account.id), accounts);
}
