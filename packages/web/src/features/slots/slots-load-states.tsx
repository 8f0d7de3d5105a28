import { Stack } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { PageLoader } from '../../shared/components/page-loader';
import { t } from '../../i18n';

export const SlotsLoading = () => <PageLoader label={t('slots.loading')} />;

export const BackToSlots = () => <BackLink to="/logistic/slots/" label={t('slots.back')} />;

/** A route's errorComponent: retrying reruns the loader. */
export function SlotsRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackToSlots />
      <LoadError error={error} title={t('slots.loadError')} onRetry={() => void router.invalidate()} />
    </Stack>
  );
}

/** An unknown mode, or a store or region that is not the account's. */
export const SlotsNotFound = () => (
  <RecordNotFound icon={<IconCalendarQuestion size={30} />} title={t('slots.notFound.title')} text={t('slots.notFound.text')} backTo="/logistic/slots/" backLabel={t('slots.notFound.back')} />
);
