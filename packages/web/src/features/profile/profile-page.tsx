import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { PageHeader } from '../../shared/components/page-header';
import { profileQuery } from './api';
import { ProfileForm } from './profile-form';
import { ChangePasswordForm } from './change-password-form';
import { t } from '../../i18n';

/** Config → Meu perfil: personal data and password (spec §2). */
export function ProfilePage({ userId }: { userId: number }) {
  const { data: profile } = useSuspenseQuery(profileQuery(userId));
  return (
    <Stack gap="lg">
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <ProfileForm profile={profile} />
        <ChangePasswordForm />
      </SimpleGrid>
    </Stack>
  );
}

/** The profile could not be loaded: the server's message and a retry. */
export function ProfileLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('profile.loadError')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error instanceof ApiError ? error.message : t('errors.generic')}</Text>
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void router.invalidate()}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
