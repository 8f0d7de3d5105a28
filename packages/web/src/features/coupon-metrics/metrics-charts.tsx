import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { AreaChart, BarChart } from '@mantine/charts';
import { formatCompactMoney, formatInt, formatMoney } from '../../shared/ui/format';
import type { MetricsDay } from './api';
import { t } from '../../i18n';

const dayLabel = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });

/** "23/11" for a YYYY-MM-DD day (read at noon UTC, so no offset moves it). */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`));

/** Uses per day (bars) and discount and revenue per day (areas, in reais). */
export function MetricsCharts({ days }: { days: MetricsDay[] }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg" data-testid="coupon-uses-chart">
        <Stack gap="md">
          <Title order={5}>{t('couponMetrics.charts.usesTitle')}</Title>
          <BarChart
            h={260}
            data={data}
            dataKey="day"
            valueFormatter={formatInt}
            series={[{ name: 'uses', label: t('couponMetrics.charts.uses'), color: 'blue.6' }]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid="coupon-money-chart">
        <Stack gap="md">
          <Title order={5}>{t('couponMetrics.charts.moneyTitle')}</Title>
          <AreaChart
            h={260}
            data={data}
            dataKey="day"
            withLegend
            curveType="monotone"
            withDots={false}
            valueFormatter={formatMoney}
            yAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 88 }}
            series={[
              { name: 'revenue', label: t('couponMetrics.charts.revenue'), color: 'teal.6' },
              { name: 'discount', label: t('couponMetrics.charts.discount'), color: 'orange.6' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
