import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../api/client';
import { t } from '../../i18n';

/** A failed load: a title, the server's message, and a retry. */
export function LoadError({ title, error, onRetry, retrying = false, m }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean; m?: string }) {
  return (
    <Alert m={m} color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error instanceof ApiError ? error.message : t('errors.generic')}</Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A route's errorComponent built on LoadError: retrying reruns the route's loader. */
export function routeLoadError(title: string) {
  return function RouteLoadError({ error }: ErrorComponentProps) {
    const router = useRouter();
    return <LoadError title={title} error={error} onRetry={() => void router.invalidate()} />;
  };
}
