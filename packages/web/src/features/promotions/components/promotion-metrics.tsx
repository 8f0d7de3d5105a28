import { Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MetricTotalsCards, MetricTotalsSkeleton } from '../../../shared/components/metric-totals';
import { MetricsCharts, NoMetrics } from '../../../shared/components/metrics-charts';
import { PeriodPicker } from '../../../shared/components/period-picker';
import { defaultPeriod, type Period } from '../../../shared/ui/period';
import { promotionMetricsQuery, useAccountId } from '../api';
import { PromotionLoadError } from './promotion-load-states';
import { t } from '../../../i18n';

const CHART_HEIGHT = 220;

function MetricsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('promotions.metrics.loading')} data-testid="promotion-metrics-loading">
      <MetricTotalsSkeleton />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Skeleton height={CHART_HEIGHT + 80} radius="md" />
        <Skeleton height={CHART_HEIGHT + 80} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * "Desempenho" of the promotion view: its uses in a period (the last 30 São Paulo days unless
 * picked), as totals and per-day charts. The period is the page's own state, so the URL stays clean.
 */
export function PromotionMetrics({ promotionId }: { promotionId: number }) {
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const metrics = useQuery(promotionMetricsQuery(useAccountId(), promotionId, period));
  const data = metrics.data;

  let body;
  if (metrics.isError) body = <PromotionLoadError error={metrics.error} onRetry={() => void metrics.refetch()} retrying={metrics.isFetching} />;
  else if (!data) body = <MetricsSkeleton />;
  else if (data.totals.uses === 0 && data.totals.released === 0) body = <NoMetrics title={t('promotions.metrics.empty')} hint={t('promotions.metrics.emptyHint')} testId="promotion-metrics-empty" />;
  else
    body = (
      <Stack gap="md" style={{ opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={metrics.isFetching}>
        <MetricTotalsCards totals={data.totals} testIdPrefix="promotion" />
        <MetricsCharts days={data.per_day} testIdPrefix="promotion" h={CHART_HEIGHT} />
      </Stack>
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="promotion-metrics-title" data-testid="promotion-metrics">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={4} id="promotion-metrics-title">
            {t('promotions.metrics.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('promotions.metrics.subtitle')}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          {metrics.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
          <PeriodPicker value={period} onChange={setPeriod} testId="promotion-metrics-period" w={240} />
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
