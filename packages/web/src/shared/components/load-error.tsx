import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/client';
import { t } from '../../i18n';

interface Look {
  /** A bold first line above the message. */
  title?: string;
  /** Puts the server's message in a sentence, e.g. "Erro: {message}". */
  format?: (message: string) => string;
  /** The message and the retry on one line (a banner), instead of one above the other. */
  inline?: boolean;
  testId?: string;
  m?: string;
}

/** A failed load: the server's message (or a generic one), and a retry. */
export function LoadError({ title, format, inline = false, testId, m, error, onRetry, retrying = false }: Look & { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const message = error instanceof ApiError ? error.message : t('errors.generic');
  const retry = (
    <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry}>
      {t('common.retry')}
    </Button>
  );
  const text = (
    <Text size="sm" fw={inline ? 500 : undefined}>
      {format ? format(message) : message}
    </Text>
  );
  return (
    <Alert m={m} color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} data-testid={testId}>
      {inline ? (
        <Group justify="space-between" gap="sm">
          {text}
          {retry}
        </Group>
      ) : (
        <Stack gap="sm" align="flex-start">
          {text}
          {retry}
        </Stack>
      )}
    </Alert>
  );
}

/** A route's errorComponent built on LoadError (a title, or a whole look): retrying reruns the route's loader. */
export function routeLoadError(look: string | Look) {
  const props = typeof look === 'string' ? { title: look } : look;
  return function RouteLoadError({ error }: ErrorComponentProps) {
    const router = useRouter();
    return <LoadError {...props} error={error} onRetry={() => void router.invalidate()} />;
  };
}
