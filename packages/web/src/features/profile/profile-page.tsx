import { SimpleGrid, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/page-header';
import { routeLoadError } from '../../shared/components/load-error';
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
export const ProfileLoadError = routeLoadError(t('profile.loadError'));
