import { Card, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatCompactMoney, formatMoney } from '../../shared/ui/format';
import type { PaymentsByLocation } from './api';
import { t } from '../../i18n';

/** Received, refunded and pending per day of the period, in reais (bars side by side). */
export function PaymentsChart({ days, h = 280 }: { days: PaymentsByLocation['days']; h?: number }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  return (
    <Card withBorder radius="md" padding="lg" data-testid="financial-chart">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={5}>{t('financial.chart.title')}</Title>
          <Text size="xs" c="dimmed">
            {t('financial.chart.hint')}
          </Text>
        </Stack>
        <BarChart
          h={h}
          data={data}
          dataKey="day"
          withLegend
          // In the series' order (received, refunded, pending), not alphabetically.
          legendProps={{ itemSorter: null }}
          maxBarWidth={14}
          valueFormatter={formatMoney}
          yAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 88 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          series={[
            { name: 'received', label: t('financial.chart.received'), color: 'teal.6' },
            { name: 'refunded', label: t('financial.chart.refunded'), color: 'pink.6' },
            { name: 'pending', label: t('financial.chart.pending'), color: 'yellow.5' },
          ]}
        />
      </Stack>
    </Card>
  );
}
