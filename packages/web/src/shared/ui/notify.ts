import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { t } from '../../i18n';

/** The spec's error toast: titled "Erro", with the server's message or the common one. */
export function notifyError(error: unknown, fallback?: string) {
  const message = error instanceof ApiError ? error.message : (fallback ?? t('errors.generic'));
  notifications.show({ color: 'red', title: t('errors.title'), message });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}
