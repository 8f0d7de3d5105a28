import { Anchor, Badge, Button, Card, Stack, Table, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { paymentConfigsQuery, paymentMethodsQuery, storesQuery, useAccountId } from './api';
import { methodRows, overridesByStore } from './effective';
import { MethodsTable } from './methods-table';
import { t, tn } from '../../i18n';

/** The account's stores, each with how many methods it configured itself and the way to its screen. */
function StoresCard({ overrides }: { overrides: Map<number, number> }) {
  const stores = useQuery(storesQuery(useAccountId()));
  let body;
  if (stores.isError) body = <LoadError inline title={t('paymentMethods.stores.loadError')} error={stores.error} retrying={stores.isFetching} onRetry={() => void stores.refetch()} />;
  else if (!stores.data) body = <PageLoader compact label={t('paymentMethods.stores.loading')} />;
  else if (stores.data.length === 0) body = <EmptyState icon={<IconBuildingStore size={28} />} title={t('paymentMethods.stores.empty')} hint={t('paymentMethods.stores.emptyHint')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={520} type="native">
        <Table verticalSpacing="sm" highlightOnHover data-testid="payment-stores">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paymentMethods.stores.store')}</Table.Th>
              <Table.Th>{t('paymentMethods.stores.city')}</Table.Th>
              <Table.Th>{t('paymentMethods.stores.own')}</Table.Th>
              <Table.Th w={150} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stores.data.map((store) => {
              const count = overrides.get(store.id) ?? 0;
              const to = { to: '/locations/payment-methods/$id', params: { id: String(store.id) } } as const;
              return (
                <Table.Tr key={store.id} data-testid="payment-store">
                  <Table.Td>
                    <Anchor size="sm" fw={500} renderRoot={(props) => <Link {...props} {...to} />}>
                      {store.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{[store.city, store.state].filter(Boolean).join('/') || '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    {count ? (
                      <Badge variant="light" color="blue" tt="none">
                        {tn('paymentMethods.stores.ownCount', count, { count })}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('paymentMethods.stores.followsAccount')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" renderRoot={(props) => <Link {...props} {...to} />} aria-label={t('paymentMethods.stores.configureOf', { name: store.name })}>
                      {t('paymentMethods.stores.configure')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Card withBorder radius="md" padding={0}>
      <Stack gap={2} p="md" pb="xs">
        <Text fw={700}>{t('paymentMethods.stores.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('paymentMethods.stores.hint')}
        </Text>
      </Stack>
      {body}
    </Card>
  );
}

/** Spec §2 /financial/payment-methods: the account's default of each method (online and in person), and its stores. */
export function AccountMethodsPage() {
  const accountId = useAccountId();
  const methods = useQuery(paymentMethodsQuery(accountId));
  const configs = useQuery(paymentConfigsQuery(accountId));
  const failed = methods.isError ? methods : configs.isError ? configs : null;
  let body;
  if (failed) body = <LoadError title={t('paymentMethods.loadError')} error={failed.error} retrying={failed.isFetching} onRetry={() => void failed.refetch()} testId="payment-methods-error" />;
  else if (!methods.data || !configs.data) body = <PageLoader label={t('paymentMethods.loading')} />;
  else
    body = (
      <>
        <Stack gap={2}>
          <Text fw={700}>{t('paymentMethods.accountTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('paymentMethods.accountHint')}
          </Text>
        </Stack>
        <MethodsTable rows={methodRows(methods.data, configs.data, null)} locationId={null} scopeLabel={t('paymentMethods.accountScope')} />
        <StoresCard overrides={overridesByStore(configs.data)} />
      </>
    );
  return (
    <Stack gap="lg">
      <PageHeader title={t('paymentMethods.title')} description={t('paymentMethods.subtitle')} />
      {body}
    </Stack>
  );
}
