import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { routeLoadError } from '../../shared/components/load-error';
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
export const UserLoadError = routeLoadError(t('users.edit.loadError'));
