import { Stack } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { PageLoader } from '../../shared/components/page-loader';
import { t } from '../../i18n';

interface Failure {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  m?: string;
}

/** A failed load: "Erro: {message}" with a retry. */
export const LocationErrorBanner = (props: Failure) => <LoadError {...props} inline testId="location-error-banner" format={(message) => t('locations.loadError', { message })} />;

export const BackToLocations = () => <BackLink to="/locations/list" label={t('locations.back')} />;

/** A route's errorComponent: the way back and the banner; retrying reruns the loader. */
export function LocationRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackToLocations />
      <LocationErrorBanner error={error} onRetry={() => void router.invalidate()} />
    </Stack>
  );
}

export const LocationLoading = () => <PageLoader label={t('locations.loading')} />;

/** The store is not in this account (404), or the id is not one. */
export const LocationNotFound = () => (
  <RecordNotFound icon={<IconBuildingStore size={30} />} title={t('locations.notFound.title')} text={t('locations.notFound.text')} backTo="/locations/list" backLabel={t('locations.notFound.back')} />
);
