import { Card, Grid, Stack, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { IconCash, IconCheck, IconCoins, IconInbox, IconPercentage, IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../../../shared/components/metrics-charts';
import { StatCard } from '../../../../shared/components/stat-card';
import { opportunityCostQuery, useAccountId, type OpportunityCostReport } from '../api';
import { contextLabel, formatInt, formatMoney, formatPercent } from '../format';
import type { ReportSearch } from '../search';
import { CHART_HEIGHT } from './overview-report';
import { ReportEmpty, ReportSkeleton, ReportView } from './report-states';
import { ReportTable, useClientSort, type Column } from './report-table';
import { t } from '../../../../i18n';

type Figures = OpportunityCostReport['totals'];
type PlacementRow = OpportunityCostReport['rows'][number];

function Cards({ totals }: { totals: Figures }) {
  const testId = 'report-metric-card';
  const cards = [
    <StatCard key="requests" label={t('rmReports.opportunity.requests')} value={formatInt(totals.requests)} icon={IconStack2} color="blue" testId={testId} />,
    <StatCard key="filled" label={t('rmReports.opportunity.filled')} value={formatInt(totals.filled)} icon={IconCheck} color="green" testId={testId} />,
    <StatCard key="unfilled" label={t('rmReports.opportunity.unfilled')} value={formatInt(totals.unfilled)} icon={IconInbox} color="orange" testId={testId} />,
    <StatCard key="fill_rate" label={t('rmReports.opportunity.fillRate')} value={formatPercent(totals.fill_rate)} icon={IconPercentage} color="cyan" testId={testId} />,
    <StatCard key="revenue" label={t('rmReports.opportunity.revenue')} value={formatMoney(totals.revenue)} icon={IconCash} color="teal" testId={testId} />,
    <StatCard key="potential" label={t('rmReports.opportunity.potentialRevenue')} value={formatMoney(totals.potential_revenue)} icon={IconCoins} color="grape" testId={testId} />,
  ];
  // Three a row from `md` (two rows), two a row below.
  return (
    <Grid gap="md">
      {cards.map((card) => (
        <Grid.Col key={card.key} span={{ base: 6, md: 4 }}>
          {card}
        </Grid.Col>
      ))}
    </Grid>
  );
}

function DailyFillChart({ days }: { days: OpportunityCostReport['days'] }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  return (
    <Card withBorder radius="md" padding="lg" data-testid="report-fill-chart">
      <Stack gap="md">
        <Title order={5}>{t('rmReports.opportunity.chartTitle')}</Title>
        <BarChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="day"
          type="stacked"
          withLegend
          valueFormatter={formatInt}
          series={[
            { name: 'filled', label: t('rmReports.opportunity.filled'), color: 'green.6' },
            { name: 'unfilled', label: t('rmReports.opportunity.unfilled'), color: 'orange.5' },
          ]}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        />
      </Stack>
    </Card>
  );
}

function columnsOf(totals: Figures): Array<Column<PlacementRow>> {
  const count = (key: 'requests' | 'filled' | 'unfilled' | 'ads_requested' | 'ads_returned', label: string): Column<PlacementRow> => ({
    key,
    label: t(label),
    numeric: true,
    cell: (r) => formatInt(r[key]),
    sortValue: (r) => r[key],
    total: formatInt(totals[key]),
  });
  const money = (key: 'revenue' | 'potential_revenue', label: string): Column<PlacementRow> => ({
    key,
    label: t(label),
    numeric: true,
    cell: (r) => formatMoney(r[key]),
    sortValue: (r) => r[key],
    total: formatMoney(totals[key]),
  });
  return [
    { key: 'placement', label: t('rmReports.opportunity.placement'), cell: (r) => r.placement, sortValue: (r) => r.placement, minWidth: 160 },
    { key: 'context', label: t('rmReports.opportunity.context'), cell: (r) => contextLabel(r.context), sortValue: (r) => contextLabel(r.context), minWidth: 140 },
    count('requests', 'rmReports.opportunity.requests'),
    count('filled', 'rmReports.opportunity.filled'),
    count('unfilled', 'rmReports.opportunity.unfilled'),
    { key: 'fill_rate', label: t('rmReports.opportunity.fillRate'), numeric: true, cell: (r) => formatPercent(r.fill_rate), sortValue: (r) => r.fill_rate, total: formatPercent(totals.fill_rate) },
    count('ads_requested', 'rmReports.opportunity.adsRequested'),
    count('ads_returned', 'rmReports.opportunity.adsReturned'),
    money('revenue', 'rmReports.opportunity.revenue'),
    money('potential_revenue', 'rmReports.opportunity.potentialRevenue'),
  ];
}

function PlacementsTable({ data }: { data: OpportunityCostReport }) {
  const columns = columnsOf(data.totals);
  const { rows, sorting } = useClientSort(data.rows, columns, { by: 'requests', direction: 'desc' });
  return (
    <ReportTable
      title={t('rmReports.opportunity.tableTitle')}
      rows={rows}
      columns={columns}
      rowKey={(r) => `${r.placement}|${r.context}`}
      sorting={sorting}
      totalLabel={t('rmReports.total')}
      minWidth={1240}
      testId="report-placements-table"
      rowTestId="report-row"
    />
  );
}

/** Custo de oportunidade: positions asked for, filled and left empty, and what the empty ones could have earned. */
export function OpportunityCostReportView({ search }: { search: ReportSearch }) {
  const query = useQuery(opportunityCostQuery(useAccountId(), search));
  return (
    <ReportView query={query} skeleton={<ReportSkeleton cards={6} blocks={2} />}>
      {(data) => (
        <>
          <Cards totals={data.totals} />
          {data.totals.requests === 0 ? (
            <ReportEmpty icon={<IconInbox size={26} />} title={t('rmReports.opportunity.empty')} hint={t('rmReports.opportunity.emptyHint')} />
          ) : (
            <>
              <DailyFillChart days={data.days} />
              <PlacementsTable data={data} />
            </>
          )}
        </>
      )}
    </ReportView>
  );
}
