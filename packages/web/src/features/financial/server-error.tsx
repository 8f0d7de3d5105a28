import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../../shared/api/client';
import { t } from '../../i18n';

/** The message of a failed action in the server's words (409, 422…), or the common one. */
export const serverMessage = (error: unknown) => (error instanceof ApiError ? error.message : t('errors.generic'));

export function ServerError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')} data-testid={testId}>
      {message}
    </Alert>
  );
}
