import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { hourOverviewQuery, useAccountId, type HourOverviewReport, type ReportMetrics } from '../api';
import { formatHour, formatInt } from '../format';
import type { ReportSearch } from '../search';
import { metricColumns } from './metric-columns';
import { CHART_HEIGHT } from './overview-report';
import { ReportEmpty, ReportSkeleton, ReportView } from './report-states';
import { ReportTable, type Column } from './report-table';
import { t } from '../../../../i18n';

type HourRow = HourOverviewReport['hours'][number];

const ZERO: ReportMetrics = {
  impressions: 0, views: 0, clicks: 0, conversions: 0, income: 0, ctr: 0, conversion_rate: 0,
  ecpm: 0, total_spent: 0, cpa: 0, avg_cpc: 0, avg_cpm: 0, roas: 0, adcost: 0,
};

/** All 24 hours of the day, the quiet ones as zeros, so the chart's axis never skips. */
export function fullDay(hours: HourRow[]): HourRow[] {
  const byHour = new Map(hours.map((h) => [h.hour, h]));
  return Array.from({ length: 24 }, (_, hour) => byHour.get(hour) ?? { ...ZERO, hour });
}

function HourChart({ hours }: { hours: HourRow[] }) {
  const data = hours.map((h) => ({ ...h, label: formatHour(h.hour) }));
  return (
    <Card withBorder radius="md" padding="lg" data-testid="report-hour-chart">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={5}>{t('rmReports.hour.chartTitle')}</Title>
          <Text size="xs" c="dimmed">
            {t('rmReports.hour.note')}
          </Text>
        </Group>
        <CompositeChart
          h={CHART_HEIGHT + 40}
          data={data}
          dataKey="label"
          withLegend
          withRightYAxis
          withDots={false}
          curveType="monotone"
          maxBarWidth={28}
          valueFormatter={formatInt}
          series={[
            { name: 'impressions', label: t('rmReports.metrics.impressions'), color: 'blue.5', type: 'bar' },
            { name: 'clicks', label: t('rmReports.metrics.clicks'), color: 'violet.7', type: 'line', yAxisId: 'right' },
          ]}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        />
      </Stack>
    </Card>
  );
}

/** Por hora: a chart of the 24 hours of the day (São Paulo) summed over the period, and their table. */
export function HourOverviewReportView({ search }: { search: ReportSearch }) {
  const query = useQuery(hourOverviewQuery(useAccountId(), search));
  return (
    <ReportView query={query} skeleton={<ReportSkeleton cards={0} blocks={2} />}>
      {(data) => {
        if (data.totals.impressions === 0 && data.totals.clicks === 0 && data.totals.total_spent === 0) return <ReportEmpty />;
        const columns: Array<Column<HourRow>> = [{ key: 'hour', label: t('rmReports.hour.hour'), cell: (r) => formatHour(r.hour), minWidth: 80 }, ...metricColumns<HourRow>(data.totals)];
        return (
          <>
            <HourChart hours={fullDay(data.hours)} />
            <ReportTable title={t('rmReports.hour.tableTitle')} rows={fullDay(data.hours)} columns={columns} rowKey={(r) => r.hour} totalLabel={t('rmReports.total')} testId="report-hour-table" rowTestId="report-row" />
          </>
        );
      }}
    </ReportView>
  );
}
