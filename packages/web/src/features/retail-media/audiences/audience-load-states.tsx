import { Stack } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../../shared/components/back-link';
import { LoadError } from '../../../shared/components/load-error';
import { RecordNotFound } from '../../../shared/components/not-found';
import { PageLoader } from '../../../shared/components/page-loader';
import { t } from '../../../i18n';

export const BackToAudiences = () => <BackLink to="/retail-media/audiences" label={t('rmAudiences.back')} />;

export function AudienceRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackToAudiences />
      <LoadError inline testId="audience-error" error={error} onRetry={() => void router.invalidate()} format={(message) => t('rmAudiences.loadError', { message })} />
    </Stack>
  );
}

export const AudienceLoading = () => <PageLoader label={t('rmAudiences.loadingOne')} />;

export const AudienceNotFound = () => (
  <RecordNotFound icon={<IconUsersGroup size={30} />} title={t('rmAudiences.notFound.title')} text={t('rmAudiences.notFound.text')} backTo="/retail-media/audiences" backLabel={t('rmAudiences.back')} />
);
