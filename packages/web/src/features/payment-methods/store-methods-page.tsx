import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { locationQuery, paymentConfigsQuery, paymentMethodsQuery, useAccountId } from './api';
import { methodRows } from './effective';
import { MethodsTable } from './methods-table';
import { t } from '../../i18n';

/** Spec §2 /locations/payment-methods/{id}: what applies in the store, its own configuration over the account's default, and the way back to it. */
export function StoreMethodsPage({ locationId }: { locationId: number }) {
  const accountId = useAccountId();
  const store = useQuery(locationQuery(accountId, locationId));
  const methods = useQuery(paymentMethodsQuery(accountId));
  const configs = useQuery(paymentConfigsQuery(accountId));
  const failed = methods.isError ? methods : configs.isError ? configs : null;
  const name = store.data?.name ?? '';
  let body;
  if (failed) body = <LoadError title={t('paymentMethods.loadError')} error={failed.error} retrying={failed.isFetching} onRetry={() => void failed.refetch()} testId="payment-methods-error" />;
  else if (!methods.data || !configs.data) body = <PageLoader label={t('paymentMethods.loading')} />;
  else
    body = (
      <>
        <Text size="sm" c="dimmed">
          {t('paymentMethods.storeHint')}
        </Text>
        <MethodsTable rows={methodRows(methods.data, configs.data, locationId)} locationId={locationId} scopeLabel={t('paymentMethods.storeScope', { name })} />
      </>
    );
  return (
    <Stack gap="lg">
      <PageHeader title={t('paymentMethods.storeTitle')} description={name} back={<BackLink to="/financial/payment-methods" label={t('paymentMethods.back')} />} />
      {body}
    </Stack>
  );
}
