import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { t } from '../../i18n';

export function NotFound() {
  const location = useLocation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.description', { path: location.pathname })}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
