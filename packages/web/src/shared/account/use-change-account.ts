import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { api, unwrap } from '../api/client';
import { getSession, setSession } from '../session/session';
import { tokenClaims } from '../session/token';
import { STORAGE_KEYS } from '../session/storage';
import { toAccountSummary, type AccountInfo } from './queries';
import { t } from '../../i18n';

/**
 * Switches the current account: a new token, app state reset, then `/` with a page reload
 * (account info and access modules load again for the new account).
 */
export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (account: AccountInfo) => {
      const { newToken } = await unwrap(api.POST('/changeaccount', { body: { account_id: account.id } }));
      if (tokenClaims(newToken)?.account_id !== account.id) throw new Error('token without current account');
      return { newToken, account };
    },
    onSuccess: ({ newToken, account }) => {
      const session = getSession();
      if (!session) return;
      setSession({
        token: newToken,
        user: session.user,
        account: toAccountSummary(account),
      });
      for (const key of [STORAGE_KEYS.filters, STORAGE_KEYS.dateHeader, STORAGE_KEYS.chatConnect]) localStorage.removeItem(key);
      queryClient.clear();
      window.location.assign('/');
    },
    onError: () => notifications.show({ color: 'red', title: t('errors.title'), message: t('errors.changeAccount') }),
  });
}
