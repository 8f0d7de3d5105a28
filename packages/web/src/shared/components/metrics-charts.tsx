import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AreaChart, BarChart, LineChart, type AreaChartProps, type AreaChartSeries } from '@mantine/charts';
import { IconChartBarOff } from '@tabler/icons-react';
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
          <MoneyAreaChart
            h={h}
            data={data}
            series={[
              { name: 'revenue', label: t('metrics.charts.revenue'), color: 'teal.6' },
              { name: 'discount', label: t('metrics.charts.discount'), color: 'orange.6' },
            ]}
          />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/** Amounts in reais per day (`day` labels), as smooth areas with a compact money axis; `tooltipProps` can name the tooltip's day. */
export function MoneyAreaChart({ data, series, h = 260, tooltipProps }: { data: Array<Record<string, unknown>>; series: AreaChartSeries[]; h?: number; tooltipProps?: AreaChartProps['tooltipProps'] }) {
  return (
    <AreaChart
      h={h}
      data={data}
      dataKey="day"
      withLegend
      curveType="monotone"
      withDots={false}
      valueFormatter={formatMoney}
      yAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 88 }}
      series={series}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      tooltipProps={tooltipProps}
    />
  );
}

/** The empty state of a metrics section: nothing happened in the period. */
export function NoMetrics({ title, hint, testId }: { title: string; hint: string; testId: string }) {
  return (
    <Card withBorder radius="md" py="xl" data-testid={testId}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon variant="light" color="gray" size={44} radius="xl">
          <IconChartBarOff size={24} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" size="sm">
          {hint}
        </Text>
      </Stack>
    </Card>
  );
}

/** One day of ad metrics (campaign dashboard, reports). */
export interface AdMetricsDay {
  date: string;
  impressions: number;
  clicks: number;
  income: number;
  total_spent: number;
}

export interface AdChartLabels {
  trafficTitle: string;
  moneyTitle: string;
  impressions: string;
  clicks: string;
  income: string;
  spent: string;
}

/**
 * Impressions and clicks per day (clicks on the right axis), and spend and sales per day in reais,
 * side by side from `lg` up. The cards are `{testIdPrefix}-traffic-chart` and `{testIdPrefix}-money-chart`.
 */
export function AdDailyCharts({ days, labels, testIdPrefix, h }: { days: AdMetricsDay[]; labels: AdChartLabels; testIdPrefix: string; h: number }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg" data-testid={`${testIdPrefix}-traffic-chart`}>
        <Stack gap="md">
          <Title order={5}>{labels.trafficTitle}</Title>
          <LineChart
            h={h}
            data={data}
            dataKey="day"
            withLegend
            withRightYAxis
            curveType="monotone"
            withDots={false}
            valueFormatter={formatInt}
            series={[
              { name: 'impressions', label: labels.impressions, color: 'blue.6' },
              { name: 'clicks', label: labels.clicks, color: 'violet.6', yAxisId: 'right' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid={`${testIdPrefix}-money-chart`}>
        <Stack gap="md">
          <Title order={5}>{labels.moneyTitle}</Title>
          <MoneyAreaChart
            h={h}
            data={data}
            series={[
              { name: 'income', label: labels.income, color: 'teal.6' },
              { name: 'total_spent', label: labels.spent, color: 'orange.6' },
            ]}
          />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
