import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import { formatDay, MoneyAreaChart } from '../../shared/components/metrics-charts';
import type { CartAbandonmentDay } from './api';
import { formatPoints, ratePoints } from './format';
import { t } from '../../i18n';

/**
 * Carts opened and converted per day (bars) with the abandonment rate (line, right axis, in %),
 * and the value left in abandoned carts per day, side by side from `lg` up.
 */
export function AbandonmentCharts({ days, h = 280 }: { days: CartAbandonmentDay[]; h?: number }) {
  // A day whose carts never reached a customer has no rate (a gap in the line, not a 0%).
  const data = days.map((d) => ({
    day: formatDay(d.date),
    opened: d.opened,
    converted: d.converted,
    rate: d.abandoned + d.converted > 0 ? ratePoints(d.abandonment_rate) : null,
    value: d.abandoned_value,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg" data-testid="cart-funnel-chart">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={5}>{t('cartMetrics.charts.funnelTitle')}</Title>
            <Text size="xs" c="dimmed">
              {t('cartMetrics.charts.funnelHint')}
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
              { name: 'opened', label: t('cartMetrics.charts.opened'), color: 'violet.5', type: 'bar' },
              { name: 'converted', label: t('cartMetrics.charts.converted'), color: 'teal.6', type: 'bar' },
              { name: 'rate', label: t('cartMetrics.charts.rate'), color: 'red.6', type: 'line', yAxisId: 'right' },
            ]}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid="cart-value-chart">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={5}>{t('cartMetrics.charts.valueTitle')}</Title>
            <Text size="xs" c="dimmed">
              {t('cartMetrics.charts.valueHint')}
            </Text>
          </Stack>
          <MoneyAreaChart h={h} data={data} series={[{ name: 'value', label: t('cartMetrics.charts.value'), color: 'grape.6' }]} />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
