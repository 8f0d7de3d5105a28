import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { clearSession, getSession } from './session';
import { t } from '../../i18n';

/**
 * What a 401 on a signed-in request does: the session and every cached answer go, the user is
 * told, and /login brings them back to where they were.
 */
export function expireSession(queryClient: QueryClient, router: AnyRouter) {
  if (!getSession()) return;
  clearSession();
  queryClient.clear();
  notifications.show({ id: 'session-expired', color: 'yellow', title: t('errors.title'), message: t('errors.sessionExpired') });
  const here: string = router.state.location.href;
  void router.navigate({ to: '/login', search: { callback_url: here } });
}
