import { ChartTooltip, CompositeChart, type CompositeChartSeries } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDay, MoneyAreaChart } from '../../shared/components/metrics-charts';
import { formatCompactMoney, formatMoney } from '../../shared/ui/format';
import { formatRate, ratePoints } from '../order-dashboards/format';
import { gmvPerDayQuery, marginPerDayQuery, useAccountId, type GmvPerDay, type MarginPerDay } from './api';
import { SalesDownloadMenu } from './download-menu';
import { QueryPanel } from './query-panel';
import type { SalesSearch } from './sales-search';
import { t } from '../../i18n';

const CHART_HEIGHT = 260;

type TooltipItem = { payload?: Record<string, unknown> };
/** The tooltip's title: the day, and the day it is compared with ("05/11 · comparado com 06/10"). */
const dayWithComparison = (day: ReactNode, payload: readonly TooltipItem[]) => {
  const previous = payload[0]?.payload?.previous_day;
  return typeof previous === 'string' ? t('salesDashboard.tooltipDay', { day: String(day), previous }) : day;
};

const noSale = (days: Array<{ gmv?: number; items_value?: number }>) => days.every((d) => !d.gmv && !d.items_value);

/** GMV per day against the comparison's matching day (dashed, grey). */
export function GmvPanel({ search }: { search: SalesSearch }) {
  const query = useQuery(gmvPerDayQuery(useAccountId(), search));
  return (
    <QueryPanel
      title={t('salesDashboard.gmvChart')}
      hint={t('salesDashboard.gmvHint')}
      testId="sales-gmv-chart"
      actions={<SalesDownloadMenu report="days" search={search} />}
      minHeight={CHART_HEIGHT}
      query={query}
      isEmpty={(d) => noSale(d.days)}
    >
      {(data) => <GmvChart data={data} />}
    </QueryPanel>
  );
}

function GmvChart({ data }: { data: GmvPerDay }) {
  const compare = data.previous ? data.compare : null;
  const rows = data.days.map((d) => ({ day: formatDay(d.date), gmv: d.gmv, previous_gmv: d.previous_gmv, previous_day: d.previous_date ? formatDay(d.previous_date) : null }));
  return (
    <MoneyAreaChart
      h={CHART_HEIGHT}
      data={rows}
      series={[
        { name: 'gmv', label: t('salesDashboard.series.gmv'), color: 'teal.6' },
        ...(compare && compare !== 'none' ? [{ name: 'previous_gmv', label: t(`salesDashboard.series.${compare}`), color: 'gray.5', strokeDasharray: '6 4' }] : []),
      ]}
      tooltipProps={{ labelFormatter: dayWithComparison }}
    />
  );
}

/** Gross margin per day: reais as bars, the rate as a line on the right axis. */
export function MarginPanel({ search }: { search: SalesSearch }) {
  const query = useQuery(marginPerDayQuery(useAccountId(), search));
  return (
    <QueryPanel
      title={t('salesDashboard.marginChart')}
      hint={t('salesDashboard.marginHint')}
      testId="sales-margin-chart"
      minHeight={CHART_HEIGHT}
      query={query}
      isEmpty={(d) => noSale(d.days)}
    >
      {(data) => <MarginChart data={data} />}
    </QueryPanel>
  );
}

const marginSeries = (): CompositeChartSeries[] => [
  { name: 'margin', label: t('salesDashboard.series.margin'), color: 'indigo.4', type: 'bar' },
  { name: 'margin_rate', label: t('salesDashboard.series.marginRate'), color: 'orange.6', type: 'line', yAxisId: 'right' },
];
// The line is in percentage points; its tooltip shows the rate, the bars' shows reais.
const tooltipValue = (name: string, value: unknown) => (typeof value !== 'number' ? '—' : name === 'margin_rate' ? formatRate(value / 100) : formatMoney(value));

function MarginChart({ data }: { data: MarginPerDay }) {
  const rows = data.days.map((d) => ({ day: formatDay(d.date), margin: d.margin, margin_rate: d.margin_rate === null ? null : ratePoints(d.margin_rate) }));
  const series = marginSeries();
  return (
    <CompositeChart
      h={CHART_HEIGHT}
      data={rows}
      dataKey="day"
      withLegend
      withRightYAxis
      connectNulls={false}
      maxBarWidth={18}
      yAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 72 }}
      rightYAxisProps={{ tickFormatter: (v: number) => `${v}%`, width: 48 }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
      series={series}
      tooltipProps={{
        content: ({ label, payload }) => (
          <ChartTooltip
            label={label}
            series={series}
            payload={(payload ?? []).map((item) => ({ ...item, payload: { ...item.payload, [String(item.name)]: tooltipValue(String(item.name), item.value) } }))}
          />
        ),
      }}
    />
  );
}
