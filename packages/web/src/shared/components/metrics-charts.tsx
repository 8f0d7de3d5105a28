import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { AreaChart, BarChart } from '@mantine/charts';
import type { components } from '../api/schema';
import { formatCompactMoney, formatInt, formatMoney } from '../ui/format';
import { t } from '../../i18n';

export type MetricsDay = components['schemas']['PromotionMetricsDay'];

const dayLabel = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });

/** "23/11" for a YYYY-MM-DD day (read at noon UTC, so no offset moves it). */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`));

/**
 * Uses per day (bars) and discount and revenue per day (areas, in reais), side by side from
 * `lg` up. The cards are `{testIdPrefix}-uses-chart` and `{testIdPrefix}-money-chart`.
 */
export function MetricsCharts({ days, testIdPrefix, h = 260 }: { days: MetricsDay[]; testIdPrefix: string; h?: number }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg" data-testid={`${testIdPrefix}-uses-chart`}>
        <Stack gap="md">
          <Title order={5}>{t('metrics.charts.usesTitle')}</Title>
          <BarChart
            h={h}
            data={data}
            dataKey="day"
            valueFormatter={formatInt}
            series={[{ name: 'uses', label: t('metrics.charts.uses'), color: 'blue.6' }]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid={`${testIdPrefix}-money-chart`}>
        <Stack gap="md">
          <Title order={5}>{t('metrics.charts.moneyTitle')}</Title>
          <AreaChart
            h={h}
            data={data}
            dataKey="day"
            withLegend
            curveType="monotone"
            withDots={false}
            valueFormatter={formatMoney}
            yAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 88 }}
            series={[
              { name: 'revenue', label: t('metrics.charts.revenue'), color: 'teal.6' },
              { name: 'discount', label: t('metrics.charts.discount'), color: 'orange.6' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
