import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTicketOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MetricTotalsCards } from '../../shared/components/metric-totals';
import { MetricsCharts } from '../../shared/components/metrics-charts';
import { PageHeader } from '../../shared/components/page-header';
import { PeriodPicker } from '../../shared/components/period-picker';
import { LoadError } from '../../shared/components/load-error';
import { couponMetricsQuery, useAccountId } from './api';
import { TopCouponsTable } from './top-coupons-table';
import type { CouponMetricsSearch } from './metrics-search';
import { t } from '../../i18n';
import { CenteredCard } from '../../shared/components/centered-card';

/** Spec §2 "Métricas de cupons": totals, charts per day and the top coupons of the period. */
export function CouponMetricsPage({ search, onSearchChange }: { search: CouponMetricsSearch; onSearchChange: (s: CouponMetricsSearch) => void }) {
  const metrics = useQuery(couponMetricsQuery(useAccountId(), search));
  const data = metrics.data;

  let body;
  if (metrics.isError)
    body = (
      <LoadError inline format={(message) => t('couponMetrics.loadError', { message })} error={metrics.error} retrying={metrics.isFetching} onRetry={() => void metrics.refetch()} />
    );
  else if (!data)
    body = (
      <CenteredCard>
        <Loader />
        <Text c="dimmed">{t('couponMetrics.loading')}</Text>
      </CenteredCard>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={metrics.isFetching}>
        <MetricTotalsCards totals={data.totals} testIdPrefix="coupon" />
        {data.totals.uses === 0 && data.top_coupons.length === 0 ? (
          <CenteredCard>
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconTicketOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('couponMetrics.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('couponMetrics.emptyHint')}
            </Text>
          </CenteredCard>
        ) : (
          <>
            <MetricsCharts days={data.per_day} testIdPrefix="coupon" />
            <TopCouponsTable coupons={data.top_coupons} />
          </>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('couponMetrics.title')}
        description={t('couponMetrics.subtitle')}
        actions={
          <Group gap="xs" align="flex-end">
            {metrics.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
            <PeriodPicker value={search} onChange={onSearchChange} testId="coupon-metrics-period" />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
