import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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

/** A view or edit page whose id is not in this account (the API answered 404), with the way back to its list. */
export function RecordNotFound({ icon, title, text, backTo, backLabel }: { icon: ReactNode; title: string; text: string; backTo: LinkProps['to']; backLabel: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          {icon}
        </ThemeIcon>
        <Title order={3}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to={backTo} variant="light">
          {backLabel}
        </Button>
      </Stack>
    </Center>
  );
}
