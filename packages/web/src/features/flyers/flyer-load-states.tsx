import { Stack } from '@mantine/core';
import { IconPhotoQuestion } from '@tabler/icons-react';
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

/** Spec §8: a flyer load error is an error banner reading "Erro: {message}", with a retry. */
export const FlyerErrorBanner = (props: Failure) => <LoadError {...props} inline testId="flyer-error-banner" format={(message) => t('flyers.loadError', { message })} />;

/** A flyer page that could not load: the way back and the banner. */
export function FlyerLoadFailed(props: Failure) {
  return (
    <Stack gap="lg">
      <BackToFlyers />
      <FlyerErrorBanner {...props} />
    </Stack>
  );
}

/** A route's errorComponent: retrying reruns the loader. */
export function FlyerRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <FlyerLoadFailed error={error} onRetry={() => void router.invalidate()} />;
}

export const FlyerLoading = () => <PageLoader label={t('flyers.loading')} />;

export const BackToFlyers = () => <BackLink to="/promotional-flyers/list" label={t('flyers.back')} />;

/** The API says the flyer is not in this account (404), or the id is not one. */
export const FlyerNotFound = () => (
  <RecordNotFound
    icon={<IconPhotoQuestion size={30} />}
    title={t('flyers.notFound.title')}
    text={t('flyers.notFound.text')}
    backTo="/promotional-flyers/list"
    backLabel={t('flyers.notFound.back')}
  />
);
