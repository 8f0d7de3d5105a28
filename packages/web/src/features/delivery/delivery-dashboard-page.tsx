import { Group, Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTruckOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CenteredCard } from '../../shared/components/centered-card';
import { StoreFilter } from '../../shared/components/store-filter';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { deliveryDashboardQuery, useAccountId } from './api';
import { DeliveryChart } from './delivery-chart';
import { DeliveryKpis } from './delivery-kpis';
import { CouriersTable, RegionsTable } from './delivery-tables';
import type { DeliveryDashboardSearch } from './dashboard-search';
import { t } from '../../i18n';



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
      <CenteredCard testId="delivery-dashboard-loading">
        <Loader />
        <Text c="dimmed">{t('deliveryHub.dashboard.loading')}</Text>
      </CenteredCard>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={dashboard.isFetching}>
        <DeliveryKpis totals={data.totals} />
        {data.totals.deliveries === 0 ? (
          <CenteredCard testId="delivery-dashboard-empty">
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconTruckOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('deliveryHub.dashboard.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('deliveryHub.dashboard.emptyHint')}
            </Text>
          </CenteredCard>
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
            <StoreFilter value={search.location_id} onChange={(location_id) => onSearchChange({ from: search.from, to: search.to, ...(location_id ? { location_id } : {}) })} testId="delivery-dashboard-store" />
            <PeriodPicker value={period} onChange={(p) => onSearchChange({ ...search, from: p.start_date, to: p.end_date })} testId="delivery-dashboard-period" />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
