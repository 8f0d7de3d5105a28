import { Card, Stack, Text, Title } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import { formatDay } from '../../shared/components/metrics-charts';
import type { DeliveryDashboard } from './api';
import { formatPoints, ratePoints } from './format';
import { t } from '../../i18n';

/** Deliveries per day (delivered and failed, bars) with the on-time rate against the window (line, right axis, in %). */
export function DeliveryChart({ days, h = 300 }: { days: DeliveryDashboard['per_day']; h?: number }) {
  // A day with no delivery of a windowed order has no rate: a gap in the line, not a 0%.
  const data = days.map((d) => ({ day: formatDay(d.date), delivered: d.delivered, failed: d.failed + d.canceled, rate: ratePoints(d.on_time_rate) }));
  return (
    <Card withBorder radius="md" padding="lg" data-testid="delivery-chart">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={5}>{t('deliveryHub.dashboard.chart.title')}</Title>
          <Text size="xs" c="dimmed">
            {t('deliveryHub.dashboard.chart.hint')}
          </Text>
        </Stack>
        <CompositeChart
          h={h}
          data={data}
          dataKey="day"
          withLegend
          withRightYAxis
          curveType="linear"
          connectNulls={false}
          maxBarWidth={18}
          valueFormatter={formatPoints}
          yAxisProps={{ allowDecimals: false }}
          rightYAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v}%`, width: 48 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          series={[
            { name: 'delivered', label: t('deliveryHub.dashboard.chart.delivered'), color: 'teal.6', type: 'bar' },
            { name: 'failed', label: t('deliveryHub.dashboard.chart.failed'), color: 'orange.5', type: 'bar' },
            { name: 'rate', label: t('deliveryHub.dashboard.chart.rate'), color: 'blue.7', type: 'line', yAxisId: 'right' },
          ]}
        />
      </Stack>
    </Card>
  );
}
