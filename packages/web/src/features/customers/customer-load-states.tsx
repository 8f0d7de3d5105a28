import { Stack } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { t } from '../../i18n';

/** The edit route's errorComponent: the way back and the server's message; retrying reruns the loader. */
export function CustomerRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackLink to="/customers/list" label={t('customers.back')} />
      <LoadError inline testId="customer-error-banner" format={(message) => t('customers.loadErrorMessage', { message })} error={error} onRetry={() => void router.invalidate()} />
    </Stack>
  );
}

/** The customer is not in this account (404, another account's id too), or the id is not one. */
export const CustomerNotFound = () => (
  <RecordNotFound icon={<IconUserQuestion size={30} />} title={t('customers.notFound.title')} text={t('customers.notFound.text')} backTo="/customers/list" backLabel={t('customers.back')} />
);
