import { Alert, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconUserQuestion } from '@tabler/icons-react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../shared/api/client';
import { t } from '../../i18n';

/** The edit page when the API says the user is not in this account (404). */
export function UserNotFound() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          <IconUserQuestion size={30} />
        </ThemeIcon>
        <Title order={3}>{t('users.edit.notFoundTitle')}</Title>
        <Text c="dimmed">{t('users.edit.notFoundText')}</Text>
        <Button component={Link} to="/users/list" variant="light">
          {t('users.edit.backToList')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Any other failure loading the user: the server's message and a retry. */
export function UserLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('users.edit.loadError')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error instanceof ApiError ? error.message : t('errors.generic')}</Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void router.invalidate()}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
