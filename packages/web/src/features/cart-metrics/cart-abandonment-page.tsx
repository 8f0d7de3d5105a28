import { Card, Center, Group, Loader, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconShoppingCartOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { cartAbandonmentQuery, storesQuery, useAccountId } from './api';
import { AbandonmentCharts } from './abandonment-charts';
import { FunnelCards } from './funnel-cards';
import type { CartAbandonmentSearch } from './metrics-search';
import { StoresTable } from './stores-table';
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
  // A store of the URL that the list does not have yet still shows as chosen.
  if (value && !data.some((d) => d.value === String(value))) data.push({ value: String(value), label: t('cartMetrics.storeFallback', { id: value }) });
  return (
    <Select
      label={t('cartMetrics.store')}
      placeholder={t('cartMetrics.allStores')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      leftSection={<IconBuildingStore size={16} />}
      clearable
      searchable
      nothingFoundMessage={t('cartMetrics.noStore')}
      w={{ base: '100%', xs: 240 }}
      data-testid="cart-metrics-store"
    />
  );
}

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
      <Centered testId="cart-metrics-loading">
        <Loader />
        <Text c="dimmed">{t('cartMetrics.loading')}</Text>
      </Centered>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={metrics.isFetching}>
        <FunnelCards totals={data.totals} />
        {data.totals.created === 0 ? (
          <Centered testId="cart-metrics-empty">
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconShoppingCartOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('cartMetrics.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('cartMetrics.emptyHint')}
            </Text>
          </Centered>
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
            <StoreFilter value={search.location_id} onChange={(location_id) => onSearchChange({ from: search.from, to: search.to, ...(location_id ? { location_id } : {}) })} />
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
