import { Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconTruckOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { deliveryDashboardQuery, storesQuery, useAccountId } from './api';
import { DeliveryChart } from './delivery-chart';
import { DeliveryKpis } from './delivery-kpis';
import { CouriersTable, RegionsTable } from './delivery-tables';
import type { DeliveryDashboardSearch } from './dashboard-search';
import { t } from '../../i18n';

function Centered({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" py={56} data-testid={testId}>
      <Center>
        <Stack align="center" gap="xs" ta="center">
          {children}
        </Stack>
      </Center>
    </Card>
  );
}

/** The store filter: every store of the account (or those the user is limited to, by the API's answer). */
function StoreFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const data = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (value && !data.some((d) => d.value === String(value))) data.push({ value: String(value), label: t('deliveryHub.dashboard.storeFallback', { id: value }) });
  return (
    <Select
      label={t('deliveryHub.dashboard.store')}
      placeholder={t('deliveryHub.dashboard.allStores')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      leftSection={<IconBuildingStore size={16} />}
      clearable
      searchable
      nothingFoundMessage={t('deliveryHub.dashboard.noStore')}
      w={{ base: '100%', xs: 240 }}
      data-testid="delivery-dashboard-store"
    />
  );
}

/** Spec §2 /logistic/delivery-dashboard/: deliveries per day, on time against the slot, by region and courier, over a period and store. */
export function DeliveryDashboardPage({ search, onSearchChange }: { search: DeliveryDashboardSearch; onSearchChange: (s: DeliveryDashboardSearch) => void }) {
  const dashboard = useQuery(deliveryDashboardQuery(useAccountId(), search));
  const data = dashboard.data;

  let body;
  if (dashboard.isError)
    body = (
      <LoadError
        inline
        testId="delivery-dashboard-error"
        format={(message) => t('deliveryHub.dashboard.loadError', { message })}
        error={dashboard.error}
        retrying={dashboard.isFetching}
        onRetry={() => void dashboard.refetch()}
      />
    );
  else if (!data)
    body = (
      <Centered testId="delivery-dashboard-loading">
        <Loader />
        <Text c="dimmed">{t('deliveryHub.dashboard.loading')}</Text>
      </Centered>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={dashboard.isFetching}>
        <DeliveryKpis totals={data.totals} />
        {data.totals.deliveries === 0 ? (
          <Centered testId="delivery-dashboard-empty">
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconTruckOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('deliveryHub.dashboard.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('deliveryHub.dashboard.emptyHint')}
            </Text>
          </Centered>
        ) : (
          <>
            <DeliveryChart days={data.per_day} />
            <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
              <RegionsTable regions={data.regions} />
              <CouriersTable couriers={data.couriers} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    );

  const period = { start_date: search.from, end_date: search.to };
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('deliveryHub.dashboard.title')}
        description={t('deliveryHub.dashboard.subtitle')}
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {dashboard.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
            <StoreFilter value={search.location_id} onChange={(location_id) => onSearchChange({ from: search.from, to: search.to, ...(location_id ? { location_id } : {}) })} />
            <PeriodPicker value={period} onChange={(p) => onSearchChange({ ...search, from: p.start_date, to: p.end_date })} testId="delivery-dashboard-period" />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
