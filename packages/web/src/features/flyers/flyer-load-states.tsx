import { Alert, Anchor, Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPhotoQuestion, IconRefresh } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../shared/api/client';
import { PageLoader } from '../../shared/components/page-loader';
import { t } from '../../i18n';

/** Spec §8: a flyer load error is an error banner reading "Erro: {message}", with a retry. */
export function FlyerErrorBanner({ error, onRetry, retrying = false }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const message = error instanceof ApiError ? error.message : t('errors.generic');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="flyer-error-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500}>
          {t('flyers.loadError', { message })}
        </Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A route's errorComponent: the banner, retrying reruns the loader. */
export function FlyerRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackToFlyers />
      <FlyerErrorBanner error={error} onRetry={() => void router.invalidate()} />
    </Stack>
  );
}

export const FlyerLoading = () => <PageLoader label={t('flyers.loading')} />;

export function BackToFlyers() {
  return (
    <Anchor component={Link} to="/promotional-flyers/list" size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('flyers.back')}
      </Group>
    </Anchor>
  );
}

/** The API says the flyer is not in this account (404), or the id is not one. */
export function FlyerNotFound() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          <IconPhotoQuestion size={30} />
        </ThemeIcon>
        <Title order={3}>{t('flyers.notFound.title')}</Title>
        <Text c="dimmed">{t('flyers.notFound.text')}</Text>
        <Button component={Link} to="/promotional-flyers/list" variant="light">
          {t('flyers.notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
