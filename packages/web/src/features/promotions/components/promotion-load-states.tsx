import { Alert, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconTagOff } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../../shared/api/client';
import { t } from '../../../i18n';

/** Spec §8: a promotion load error reads "Erro: {message}", with a retry. */
export function PromotionLoadError({ error, onRetry, retrying = false, m }: { error: unknown; onRetry: () => void; retrying?: boolean; m?: string }) {
  const message = error instanceof ApiError ? error.message : t('errors.generic');
  return (
    <Alert m={m} color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('promotions.loadError', { message })}</Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A route's errorComponent: retrying reruns the loader. */
export function PromotionRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <PromotionLoadError error={error} onRetry={() => void router.invalidate()} />;
}

/** View/edit of an id that is not in this account (or does not exist). */
export function PromotionNotFound() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          <IconTagOff size={30} />
        </ThemeIcon>
        <Title order={3}>{t('promotions.notFound.title')}</Title>
        <Text c="dimmed">{t('promotions.notFound.text')}</Text>
        <Button component={Link} to="/promotional/list/" variant="light">
          {t('promotions.backToList')}
        </Button>
      </Stack>
    </Center>
  );
}
