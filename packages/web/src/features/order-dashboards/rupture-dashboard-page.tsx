import { Group, Progress, SimpleGrid, Table, Text } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import { IconBasket, IconBasketOff, IconCash, IconPercentage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { ruptureDashboardQuery, useAccountId, type RuptureDashboard } from './api';
import { DashboardLayout, EmptyDashboard, KpiCards, Panel } from './dashboard-layout';
import type { DashboardSearch } from './dashboard-search';
import { formatDecimal, formatRate, ratePoints } from './format';
import { t } from '../../i18n';

type Figures = RuptureDashboard['totals'];
const rateColor = (rate: number) => (rate >= 0.1 ? 'red' : rate >= 0.05 ? 'orange' : 'teal');

/** Rows of missing and picked lines with the rupture rate and the value missing. */
function RuptureTable<R extends Omit<Figures, 'substituted_lines'>>({ rows, columns, testId }: { rows: R[]; columns: Array<{ label: string; cell: (r: R) => React.ReactNode; key: (r: R) => string }>; testId: string }) {
  if (!rows.length)
    return (
      <Text c="dimmed" size="sm" px="lg" pb="md" data-testid={`${testId}-empty`}>
        {t('orderDashboards.rupture.noRows')}
      </Text>
    );
  const [first, ...rest] = columns;
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label}>{c.label}</Table.Th>
            ))}
            <Table.Th ta="right">{t('orderDashboards.rupture.missing')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.rupture.picked')}</Table.Th>
            <Table.Th w={150}>{t('orderDashboards.rupture.rate')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.rupture.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={first!.key(r)}>
              {[first!, ...rest].map((c) => (
                <Table.Td key={c.label}>{c.cell(r)}</Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {formatInt(r.missing_lines)}
              </Table.Td>
              <Table.Td ta="right">{formatInt(r.picked_lines)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={r.rupture_rate * 100} color={rateColor(r.rupture_rate)} size="sm" radius="xl" w={60} aria-hidden />
                  <Text size="sm">{formatRate(r.rupture_rate)}</Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(r.missing_value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const name = (text: string, sub?: string | null) => (
  <div>
    <Text size="sm" fw={500}>
      {text}
    </Text>
    {sub && (
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    )}
  </div>
);

function RuptureBody({ data }: { data: RuptureDashboard }) {
  const s = data.totals;
  const cards = [
    { key: 'picked', label: t('orderDashboards.rupture.cards.picked'), value: formatInt(s.picked_lines), icon: IconBasket, color: 'blue' },
    { key: 'missing', label: t('orderDashboards.rupture.cards.missing'), value: formatInt(s.missing_lines), icon: IconBasketOff, color: 'orange' },
    { key: 'rate', label: t('orderDashboards.rupture.cards.rate'), value: formatRate(s.rupture_rate), icon: IconPercentage, color: 'red' },
    { key: 'value', label: t('orderDashboards.rupture.cards.value'), value: formatMoney(s.missing_value), icon: IconCash, color: 'grape' },
  ];
  if (s.picked_lines === 0)
    return (
      <>
        <KpiCards cards={cards} />
        <EmptyDashboard title={t('orderDashboards.rupture.empty')} hint={t('orderDashboards.rupture.emptyHint')} />
      </>
    );
  const days = data.per_day.map((d) => ({ day: formatDay(d.date), missing: d.missing_lines, rate: d.picked_lines > 0 ? ratePoints(d.rupture_rate) : null }));
  return (
    <>
      <KpiCards cards={cards} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Panel title={t('orderDashboards.rupture.chart')} hint={t('orderDashboards.rupture.chartHint')} testId="rupture-chart">
          <CompositeChart
            h={260}
            data={days}
            dataKey="day"
            withLegend
            withRightYAxis
            connectNulls={false}
            maxBarWidth={18}
            valueFormatter={(v: number) => formatDecimal(v)}
            yAxisProps={{ allowDecimals: false }}
            rightYAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v}%`, width: 48 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            series={[
              { name: 'missing', label: t('orderDashboards.rupture.missing'), color: 'orange.5', type: 'bar' },
              { name: 'rate', label: t('orderDashboards.rupture.rateSeries'), color: 'red.6', type: 'line', yAxisId: 'right' },
            ]}
          />
        </Panel>
        <Panel title={t('orderDashboards.rupture.byCategory')} testId="rupture-categories" padded={false}>
          <RuptureTable
            rows={data.categories}
            testId="rupture-categories-table"
            columns={[{ label: t('orderDashboards.rupture.category'), key: (r) => r.category, cell: (r) => name(r.category) }]}
          />
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Panel title={t('orderDashboards.rupture.byProduct')} hint={t('orderDashboards.rupture.byProductHint')} testId="rupture-products" padded={false}>
          <RuptureTable
            rows={data.products}
            testId="rupture-products-table"
            columns={[{ label: t('orderDashboards.rupture.product'), key: (r) => `${r.product_id ?? r.name}`, cell: (r) => name(r.name, [r.sku, r.category].filter(Boolean).join(' · ')) }]}
          />
        </Panel>
        <Panel title={t('orderDashboards.rupture.byStore')} testId="rupture-stores" padded={false}>
          <RuptureTable rows={data.stores} testId="rupture-stores-table" columns={[{ label: t('orderDashboards.store'), key: (r) => String(r.location_id), cell: (r) => name(r.name) }]} />
        </Panel>
      </SimpleGrid>
    </>
  );
}

/** Spec §2 "/orders/rupture-dashboard/": missing items by product, category and store, and the rupture rate. */
export function RuptureDashboardPage({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (s: DashboardSearch) => void }) {
  const query = useQuery(ruptureDashboardQuery(useAccountId(), search));
  return (
    <DashboardLayout title={t('orderDashboards.rupture.title')} subtitle={t('orderDashboards.rupture.subtitle')} search={search} onSearchChange={onSearchChange} query={query}>
      {(data) => <RuptureBody data={data} />}
    </DashboardLayout>
  );
}
