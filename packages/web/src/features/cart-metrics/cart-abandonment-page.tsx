import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CenteredCard } from '../../shared/components/centered-card';
import { StoreFilter } from '../../shared/components/store-filter';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { cartAbandonmentQuery, useAccountId } from './api';
import { AbandonmentCharts } from './abandonment-charts';
import { FunnelCards } from './funnel-cards';
import type { CartAbandonmentSearch } from './metrics-search';
import { StoresTable } from './stores-table';
import { t } from '../../i18n';



/** Spec §2 "/shopping-carts/metrics/cart-abandonment": carts opened vs converted, abandonment by day and store, value left behind. */
export function CartAbandonmentPage({ search, onSearchChange }: { search: CartAbandonmentSearch; onSearchChange: (s: CartAbandonmentSearch) => void }) {
  const metrics = useQuery(cartAbandonmentQuery(useAccountId(), search));
  const data = metrics.data;

  let body;
  if (metrics.isError)
    body = (
      <LoadError
        inline
        testId="cart-metrics-error"
        format={(message) => t('cartMetrics.loadError', { message })}
        error={metrics.error}
        retrying={metrics.isFetching}
        onRetry={() => void metrics.refetch()}
      />
    );
  else if (!data)
    body = (
      <CenteredCard testId="cart-metrics-loading">
        <Loader />
        <Text c="dimmed">{t('cartMetrics.loading')}</Text>
      </CenteredCard>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={metrics.isFetching}>
        <FunnelCards totals={data.totals} />
        {data.totals.created === 0 ? (
          <CenteredCard testId="cart-metrics-empty">
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconShoppingCartOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('cartMetrics.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('cartMetrics.emptyHint')}
            </Text>
          </CenteredCard>
        ) : (
          <>
            <AbandonmentCharts days={data.per_day} />
            <StoresTable stores={data.stores} />
          </>
        )}
      </Stack>
    );

  const period = { start_date: search.from, end_date: search.to };
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('cartMetrics.title')}
        description={t('cartMetrics.subtitle')}
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {metrics.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
            <StoreFilter value={search.location_id} onChange={(location_id) => onSearchChange({ from: search.from, to: search.to, ...(location_id ? { location_id } : {}) })} testId="cart-metrics-store" />
            <PeriodPicker
              value={period}
              onChange={(p) => onSearchChange({ ...search, from: p.start_date, to: p.end_date })}
              testId="cart-metrics-period"
            />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
