import { Box, Grid, Group, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { RFM_SEGMENTS, type RfmSegment } from '@backoffice/contracts';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { useAccountId } from '../locations/api';
import { formatDecimal, formatRate } from '../order-dashboards/format';
import { customersQuery, fetchCustomersFile, type CustomersCard, type GroceryCustomers } from './api';
import { CardPanel, CHART_HEIGHT } from './card-panel';
import { DownloadMenu } from '../../shared/components/download-menu';
import type { StoreSearch } from './grocery-search';
import classes from './grocery.module.css';
import { t } from '../../i18n';

type Cards = GroceryCustomers['cards'];
type Rfm = NonNullable<Cards['rfm']>[number];
type Cohort = NonNullable<Cards['cohorts']>[number];

const nowrap = { whiteSpace: 'nowrap' } as const;
const xAxis = { interval: 'preserveStartEnd', minTickGap: 16 } as const;

const useCustomersCard = (card: CustomersCard, search: StoreSearch) => useQuery(customersQuery(useAccountId(), card, search));

const download = (card: CustomersCard, search: StoreSearch) => (
  <DownloadMenu label={t(`groceryAnalytics.customers.download.${card}`)} testId={`grocery-download-${card}`} fetchFile={(format) => fetchCustomersFile(card, format, search)} />
);

/** New and returning customers per day, stacked: together, the day's customers. */
export function CustomersPerDayPanel({ search }: { search: StoreSearch }) {
  return (
    <CardPanel
      title={t('groceryAnalytics.customers.perDay.title')}
      hint={t('groceryAnalytics.customers.perDay.hint')}
      testId="grocery-customers-per-day"
      kind="chart"
      download={download('per_day', search)}
      emptyText={t('groceryAnalytics.customers.empty')}
      query={useCustomersCard('per_day', search)}
      rows={(d) => d.cards.per_day}
      isEmpty={(days) => days.every((d) => d.customers === 0)}
    >
      {(days) => (
        <BarChart
          h={CHART_HEIGHT}
          data={days.map((d) => ({ day: formatDay(d.date), new_customers: d.new_customers, returning_customers: d.returning_customers }))}
          dataKey="day"
          type="stacked"
          withLegend
          maxBarWidth={18}
          valueFormatter={formatInt}
          xAxisProps={xAxis}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          series={[
            { name: 'new_customers', label: t('groceryAnalytics.customers.series.new'), color: 'teal.6' },
            { name: 'returning_customers', label: t('groceryAnalytics.customers.series.returning'), color: 'indigo.4' },
          ]}
        />
      )}
    </CardPanel>
  );
}

/** How many orders the period's customers made: customers per bucket, each bar labelled with its share. */
export function FrequencyPanel({ search }: { search: StoreSearch }) {
  return (
    <CardPanel
      title={t('groceryAnalytics.customers.frequency.title')}
      hint={t('groceryAnalytics.customers.frequency.hint')}
      testId="grocery-frequency"
      kind="chart"
      download={download('frequency', search)}
      emptyText={t('groceryAnalytics.customers.empty')}
      query={useCustomersCard('frequency', search)}
      rows={(d) => d.cards.frequency}
      isEmpty={(buckets) => buckets.every((b) => b.customers === 0)}
    >
      {(buckets) => (
        <BarChart
          h={CHART_HEIGHT}
          data={buckets.map((b) => ({ bucket: t(`groceryAnalytics.customers.frequency.buckets.${b.bucket}`), customers: b.customers, share: formatRate(b.share) }))}
          dataKey="bucket"
          withBarValueLabel
          valueLabelProps={{ dataKey: 'share', formatter: (v: unknown) => String(v) }}
          maxBarWidth={56}
          valueFormatter={formatInt}
          yAxisProps={{ allowDecimals: false, width: 40 }}
          series={[{ name: 'customers', label: t('groceryAnalytics.customers.series.customers'), color: 'blue.6' }]}
        />
      )}
    </CardPanel>
  );
}

/** Each RFM segment's colour: the best green, the ones to win back warm, the lost red. */
export const SEGMENT_COLORS: Record<RfmSegment, string> = {
  champions: 'teal.7',
  loyal: 'teal.5',
  promising: 'cyan.5',
  new: 'blue.5',
  need_attention: 'yellow.6',
  at_risk: 'orange.6',
  hibernating: 'gray.5',
  lost: 'red.6',
};
const segmentLabel = (s: RfmSegment) => t(`groceryAnalytics.customers.rfm.segments.${s}`);
const byContractOrder = (rows: Rfm[]) => [...rows].sort((a, b) => RFM_SEGMENTS.indexOf(a.segment) - RFM_SEGMENTS.indexOf(b.segment));

function RfmChart({ rows }: { rows: Rfm[] }) {
  return (
    <BarChart
      h={CHART_HEIGHT + 40}
      data={rows.map((r) => ({ segment: segmentLabel(r.segment), customers: r.customers, color: SEGMENT_COLORS[r.segment] }))}
      dataKey="segment"
      orientation="vertical"
      valueFormatter={formatInt}
      withBarValueLabel
      maxBarWidth={22}
      gridAxis="none"
      withXAxis={false}
      yAxisProps={{ width: 128, interval: 0 }}
      // Room for the longest bar's label.
      barChartProps={{ margin: { right: 40 } }}
      series={[{ name: 'customers', label: t('groceryAnalytics.customers.series.customers'), color: 'teal.6' }]}
    />
  );
}

const swatch = (segment: RfmSegment) => <Box w={10} h={10} style={{ borderRadius: 3, flexShrink: 0, background: `var(--mantine-color-${SEGMENT_COLORS[segment].replace('.', '-')})` }} aria-hidden />;

function RfmTable({ rows }: { rows: Rfm[] }) {
  return (
    <Table.ScrollContainer minWidth={600} type="native">
      <Table verticalSpacing="xs" highlightOnHover data-testid="grocery-rfm-table">
        <Table.Thead style={nowrap}>
          <Table.Tr>
            <Table.Th>{t('groceryAnalytics.customers.rfm.columns.segment')}</Table.Th>
            <Table.Th ta="right">{t('groceryAnalytics.customers.rfm.columns.customers')}</Table.Th>
            <Table.Th ta="right">{t('groceryAnalytics.customers.rfm.columns.share')}</Table.Th>
            <Table.Th ta="right">{t('groceryAnalytics.customers.rfm.columns.sales')}</Table.Th>
            <Table.Th ta="right">{t('groceryAnalytics.customers.rfm.columns.recency')}</Table.Th>
            <Table.Th ta="right">{t('groceryAnalytics.customers.rfm.columns.orders')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.segment} data-segment={r.segment}>
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  {swatch(r.segment)}
                  <Text size="sm" fw={500} style={nowrap}>
                    {segmentLabel(r.segment)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{formatInt(r.customers)}</Table.Td>
              <Table.Td ta="right">{formatRate(r.share)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatMoney(r.sales)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {r.customers === 0 ? '—' : t('groceryAnalytics.customers.rfm.days', { days: formatDecimal(r.average_recency_days) })}
              </Table.Td>
              <Table.Td ta="right">{r.customers === 0 ? '—' : formatDecimal(r.average_orders)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** RFM segments of the customers of the 365 days up to the period's end: a bar per segment, and the table. */
export function RfmPanel({ search }: { search: StoreSearch }) {
  return (
    <CardPanel
      title={t('groceryAnalytics.customers.rfm.title')}
      hint={t('groceryAnalytics.customers.rfm.hint')}
      testId="grocery-rfm"
      kind="table"
      download={download('rfm', search)}
      emptyText={t('groceryAnalytics.customers.rfm.empty')}
      query={useCustomersCard('rfm', search)}
      rows={(d) => d.cards.rfm}
      isEmpty={(rows) => rows.every((r) => r.customers === 0)}
    >
      {(rows) => {
        const ordered = byContractOrder(rows);
        return (
          <Grid gap="md" px="lg" pb="md" align="center">
            <Grid.Col span={{ base: 12, xl: 4 }} data-testid="grocery-rfm-chart">
              <RfmChart rows={ordered} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 8 }} miw={0}>
              <RfmTable rows={ordered} />
            </Grid.Col>
          </Grid>
        );
      }}
    </CardPanel>
  );
}

const shortMonth = new Intl.DateTimeFormat('pt-BR', { month: 'short', timeZone: 'UTC' });
/** "2026-03" → "mar/2026". */
export const formatCohort = (cohort: string) => `${shortMonth.format(new Date(`${cohort}-15T12:00:00Z`)).replace('.', '')}/${cohort.slice(0, 4)}`;
const wholePercent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

/** A retention cell: teal as strong as the share (white text on the strongest). */
function HeatCell({ share }: { share: number | undefined }) {
  if (share === undefined) return <Table.Td className={classes.heatCell} />;
  const strength = Math.round(share * 100);
  return (
    <Table.Td
      className={classes.heatCell}
      data-share={share}
      style={{ background: `color-mix(in srgb, var(--mantine-color-teal-7) ${strength}%, transparent)`, color: share >= 0.5 ? 'var(--mantine-color-white)' : undefined }}
    >
      {wholePercent.format(share)}
    </Table.Td>
  );
}

const COHORT_WIDTH = 120;
const CUSTOMERS_WIDTH = 90;

function CohortTable({ cohorts }: { cohorts: Cohort[] }) {
  const months = Math.max(...cohorts.map((c) => c.retention.length), 1);
  const offsets = Array.from({ length: months }, (_, i) => i);
  return (
    <Table.ScrollContainer minWidth={COHORT_WIDTH + CUSTOMERS_WIDTH + months * 60} type="native">
      <Table layout="fixed" verticalSpacing={6} horizontalSpacing="xs" withColumnBorders data-testid="grocery-cohorts-table">
        <Table.Thead style={nowrap}>
          <Table.Tr>
            <Table.Th rowSpan={2} pl="lg" w={COHORT_WIDTH}>
              {t('groceryAnalytics.customers.cohorts.cohort')}
            </Table.Th>
            <Table.Th rowSpan={2} ta="right" w={CUSTOMERS_WIDTH}>
              {t('groceryAnalytics.customers.cohorts.customers')}
            </Table.Th>
            <Table.Th colSpan={months} ta="center">
              {t('groceryAnalytics.customers.cohorts.months')}
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            {offsets.map((m) => (
              <Table.Th key={m} ta="center">
                {t('groceryAnalytics.customers.cohorts.month', { month: m })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cohorts.map((c) => (
            <Table.Tr key={c.cohort}>
              <Table.Td pl="lg" fw={500} style={nowrap}>
                {formatCohort(c.cohort)}
              </Table.Td>
              <Table.Td ta="right">{formatInt(c.customers)}</Table.Td>
              {offsets.map((m) => (
                <HeatCell key={m} share={c.customers === 0 ? undefined : c.retention[m]} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Monthly cohorts of the 12 months up to the period's end: the share of each that bought again 0, 1, 2… months after its first order. */
export function CohortsPanel({ search }: { search: StoreSearch }) {
  return (
    <CardPanel
      title={t('groceryAnalytics.customers.cohorts.title')}
      hint={t('groceryAnalytics.customers.cohorts.hint')}
      testId="grocery-cohorts"
      kind="table"
      download={download('cohorts', search)}
      emptyText={t('groceryAnalytics.customers.cohorts.empty')}
      query={useCustomersCard('cohorts', search)}
      rows={(d) => d.cards.cohorts}
      isEmpty={(rows) => rows.every((c) => c.customers === 0)}
    >
      {(cohorts) => <CohortTable cohorts={cohorts} />}
    </CardPanel>
  );
}
