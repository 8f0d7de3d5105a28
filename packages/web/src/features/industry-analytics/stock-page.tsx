import { Badge, SimpleGrid, Text } from '@mantine/core';
import { AreaChart, BarChart } from '@mantine/charts';
import { IconAlertTriangle, IconBoxOff, IconCalendarStats, IconPackages, IconPercentage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatInt } from '../../shared/ui/format';
import { formatRate } from '../order-dashboards/format';
import { useAccountId } from '../sales-dashboard/api';
import { cardQuery, type BodyOf, type CardOf, type StockAnalytics } from './api';
import { CardPanel, CHART_HEIGHT } from './card-panel';
import { ExportMenu } from './export-menu';
import { COVERAGE_COLORS, coverageLevel, formatDays, formatRatio } from './format';
import { changeLine, comparedWith, IndustryDashboard, StatGrid, type StatKpi } from './industry-page';
import { type IndustrySearch } from './industry-search';
import { industryBody } from './scope';
import { DataTable, NameCell, type Column } from './tables';
import { t } from '../../i18n';

type Cards = StockAnalytics['cards'];
type Ranked = 'by_retailer' | 'by_store' | 'by_product';
type RowOf<C extends Ranked> = NonNullable<Cards[C]>[number];
type StockRow = RowOf<'by_retailer'>;

const label = (key: string) => t(`industryAnalytics.stock.cards.${key}`);
const KEYS = ['stock_units', 'out_of_stock', 'out_of_stock_share', 'coverage_days', 'missing_lines'] as const;

/** Coverage in days as a badge: red under 3 days, yellow under 7, green above; grey without sales. */
function CoverageBadge({ days }: { days: number | null }) {
  const level = coverageLevel(days);
  return (
    <Badge variant="light" color={COVERAGE_COLORS[level]} radius="sm" tt="none" data-testid="coverage" data-level={level} title={t(`industryAnalytics.stock.coverageLevels.${level}`)}>
      {days === null ? t('industryAnalytics.stock.noSales') : formatDays(days)}
    </Badge>
  );
}

const note = (text: string) => (
  <Text size="xs" c="dimmed">
    {text}
  </Text>
);

function stockKpis(data: StockAnalytics | undefined): StatKpi[] {
  const s = data?.cards.summary;
  if (!data || !s) return KEYS.map((key) => ({ key, label: label(key), value: '', icon: IconPackages, color: 'gray' }));
  const level = coverageLevel(s.coverage_days);
  return [
    { key: 'stock_units', label: label('stock_units'), value: formatInt(s.stock_units), icon: IconPackages, color: 'blue', extra: note(t('industryAnalytics.stock.cards.stockNote')) },
    {
      key: 'out_of_stock',
      label: label('out_of_stock'),
      value: formatInt(s.out_of_stock),
      icon: IconBoxOff,
      color: 'red',
      extra: note(t('industryAnalytics.stock.cards.outOfStockNote', { tracked: formatInt(s.tracked) })),
    },
    { key: 'out_of_stock_share', label: label('out_of_stock_share'), value: formatRate(s.out_of_stock_share), icon: IconPercentage, color: 'orange', extra: note(t('industryAnalytics.stock.cards.shareNote')) },
    {
      key: 'coverage_days',
      label: label('coverage_days'),
      value: s.coverage_days === null ? '—' : formatDays(s.coverage_days),
      icon: IconCalendarStats,
      color: COVERAGE_COLORS[level],
      extra: note(t(`industryAnalytics.stock.coverageLevels.${level}`)),
    },
    {
      key: 'missing_lines',
      label: label('missing_lines'),
      value: formatInt(s.missing_lines.value),
      icon: IconAlertTriangle,
      color: 'grape',
      extra: changeLine(s.missing_lines, comparedWith(data), formatInt) ?? note(t('industryAnalytics.stock.cards.missingNote')),
    },
  ];
}

function useStock(card: CardOf<'stock'>, body: BodyOf<'stock'>) {
  return useQuery(cardQuery(useAccountId(), 'stock', card, body));
}

/** Stock at the end of each day (a gap before the first record), and the out-of-stock items and picking ruptures per day. */
function PerDayPanels({ body }: { body: BodyOf<'stock'> }) {
  const query = useStock('per_day', body);
  const stockTitle = t('industryAnalytics.stock.perDay.stockTitle');
  const ruptureTitle = t('industryAnalytics.stock.perDay.ruptureTitle');
  const pick = (d: StockAnalytics) => d.cards.per_day;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <CardPanel
        title={stockTitle}
        hint={t('industryAnalytics.stock.perDay.stockHint')}
        testId="stock-per-day"
        actions={<ExportMenu dashboard="stock" card="per_day" body={body} title={stockTitle} />}
        query={query}
        pick={pick}
        isEmpty={(days) => days.every((d) => d.stock_units === null)}
        emptyText={t('industryAnalytics.stock.noRecords')}
        skeleton="chart"
      >
        {(days) => (
          <AreaChart
            h={CHART_HEIGHT}
            data={days.map((d) => ({ day: formatDay(d.date), stock_units: d.stock_units }))}
            dataKey="day"
            withLegend
            curveType="monotone"
            withDots={false}
            connectNulls={false}
            valueFormatter={formatInt}
            series={[{ name: 'stock_units', label: t('industryAnalytics.stock.series.stock_units'), color: 'blue.6' }]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ width: 56 }}
          />
        )}
      </CardPanel>
      <CardPanel
        title={ruptureTitle}
        hint={t('industryAnalytics.stock.perDay.ruptureHint')}
        testId="stock-ruptures-per-day"
        actions={<ExportMenu dashboard="stock" card="per_day" body={body} title={ruptureTitle} />}
        query={query}
        pick={pick}
        isEmpty={(days) => days.length === 0}
        emptyText={t('industryAnalytics.stock.noRecords')}
        skeleton="chart"
      >
        {(days) => (
          <BarChart
            h={CHART_HEIGHT}
            data={days.map((d) => ({ day: formatDay(d.date), out_of_stock: d.out_of_stock, missing_lines: d.missing_lines }))}
            dataKey="day"
            withLegend
            maxBarWidth={14}
            valueFormatter={formatInt}
            series={[
              { name: 'out_of_stock', label: t('industryAnalytics.stock.series.out_of_stock'), color: 'orange.5' },
              { name: 'missing_lines', label: t('industryAnalytics.stock.series.missing_lines'), color: 'red.6' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ width: 40, allowDecimals: false }}
          />
        )}
      </CardPanel>
    </SimpleGrid>
  );
}

/** The stock columns: units in stock, items out of stock (of those offered), units sold a day, coverage, ruptures. */
function stockColumns<R extends StockRow>(): Column<R>[] {
  return [
    { key: 'stock', label: t('industryAnalytics.stock.columns.stock'), numeric: true, render: (r) => formatInt(r.stock_units) },
    {
      key: 'out',
      label: t('industryAnalytics.stock.columns.outOfStock'),
      numeric: true,
      render: (r) => (
        <Text span size="sm" c={r.out_of_stock > 0 ? 'red.7' : undefined} fw={r.out_of_stock > 0 ? 600 : undefined}>
          {t('industryAnalytics.stock.ofTracked', { count: formatInt(r.out_of_stock), tracked: formatInt(r.tracked) })}
        </Text>
      ),
    },
    { key: 'daily', label: t('industryAnalytics.stock.columns.dailyUnits'), numeric: true, render: (r) => formatRatio(r.daily_units) },
    { key: 'coverage', label: t('industryAnalytics.stock.columns.coverage'), numeric: true, render: (r) => <CoverageBadge days={r.coverage_days} /> },
    { key: 'missing', label: t('industryAnalytics.stock.columns.missing'), numeric: true, render: (r) => formatInt(r.missing_lines) },
  ];
}

const FIRST: { [C in Ranked]: () => Column<RowOf<C>> } = {
  by_retailer: () => ({ key: 'retailer', label: t('industryAnalytics.columns.retailer'), render: (r) => <NameCell name={r.retailer} /> }),
  by_store: () => ({ key: 'store', label: t('industryAnalytics.columns.store'), render: (r) => <NameCell name={r.store} detail={r.retailer} /> }),
  by_product: () => ({ key: 'product', label: t('industryAnalytics.columns.product'), render: (r) => <NameCell name={r.name} detail={`${r.sku} · ${r.retailer}`} /> }),
};
const KEYS_OF: { [C in Ranked]: (row: RowOf<C>) => string } = {
  by_retailer: (r) => String(r.retailer_id),
  by_store: (r) => String(r.location_id),
  by_product: (r) => `${r.retailer_id}-${r.product_id}`,
};

function StockTablePanel<C extends Ranked>({ card, body }: { card: C; body: BodyOf<'stock'> }) {
  const query = useStock(card, body);
  const title = t(`industryAnalytics.stock.${card}.title`);
  const testId = `stock-${card.replace('_', '-')}`;
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.stock.tableHint')}
      testId={testId}
      padded={false}
      actions={<ExportMenu dashboard="stock" card={card} body={body} title={title} />}
      query={query}
      pick={(d) => d.cards[card] as RowOf<C>[] | undefined}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('industryAnalytics.stock.empty')}
    >
      {(rows) => <DataTable rows={rows} columns={[FIRST[card](), ...stockColumns<RowOf<C>>()]} rowKey={KEYS_OF[card]} minWidth={card === 'by_retailer' ? 620 : 720} testId={`${testId}-table`} />}
    </CardPanel>
  );
}

/** /stock: the brand's stock at the retailers linked to it, its coverage in days, the items out of stock and the picking ruptures. */
export function StockPage({ search, onSearchChange }: { search: IndustrySearch; onSearchChange: (s: IndustrySearch) => void }) {
  const body = industryBody(search);
  const summary = useStock('summary', body);
  return (
    <IndustryDashboard
      title={t('industryAnalytics.stock.title')}
      subtitle={t('industryAnalytics.stock.subtitle')}
      search={search}
      onSearchChange={onSearchChange}
      query={summary}
      skeleton={<StatGrid cards={stockKpis(undefined)} loading />}
      cards={(data) => <StatGrid cards={stockKpis(data)} />}
      isEmpty={(data) => (data.cards.summary?.tracked ?? 0) === 0}
      empty={{ title: t('industryAnalytics.stock.empty'), hint: t('industryAnalytics.stock.emptyHint') }}
    >
      <PerDayPanels body={body} />
      <StockTablePanel card="by_retailer" body={body} />
      <StockTablePanel card="by_store" body={body} />
      <StockTablePanel card="by_product" body={body} />
    </IndustryDashboard>
  );
}
