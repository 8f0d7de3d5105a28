import { SimpleGrid, Text } from '@mantine/core';
import type { AreaChartSeries } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDay, MoneyAreaChart } from '../../shared/components/metrics-charts';
import { useAccountId } from '../locations/api';
import { formatDate } from '../sales-dashboard/format';
import { fetchSelloutFile, selloutQuery, type GrocerySellout, type SelloutCard } from './api';
import { CardPanel } from './card-panel';
import { DownloadMenu } from '../../shared/components/download-menu';
import { comparedWith } from './grocery-frame';
import type { StoreSearch } from './grocery-search';
import { RankedTable, type RankedRow } from './ranked-table';
import { t } from '../../i18n';

type Cards = GrocerySellout['cards'];
type Day = NonNullable<Cards['per_day']>[number];
type Product = NonNullable<Cards['by_product']>[number];

const useSelloutCard = (card: SelloutCard, search: StoreSearch) => useQuery(selloutQuery(useAccountId(), card, search));

const download = (card: SelloutCard, search: StoreSearch) => (
  <DownloadMenu label={t(`groceryAnalytics.sellout.download.${card}`)} testId={`grocery-download-${card}`} fetchFile={(format) => fetchSelloutFile(card, format, search)} />
);

function SalesPerDayChart({ days, data }: { days: Day[]; data: GrocerySellout }) {
  const compare = comparedWith(data);
  // The tooltip's title names the day it is compared with ("05/11 · comparado com 06/10"; a year
  // before, with its year: "05/11 · comparado com 05/11/2025").
  const previousDay = compare === 'previous_year' ? formatDate : formatDay;
  const comparedDay = new Map(days.map((d) => [formatDay(d.date), d.previous_date && previousDay(d.previous_date)]));
  const title = (label: ReactNode) => {
    const previous = compare ? comparedDay.get(String(label)) : null;
    return previous ? t('salesDashboard.tooltipDay', { day: String(label), previous }) : label;
  };
  const series: AreaChartSeries[] = [{ name: 'sales', label: t('groceryAnalytics.sellout.series.sales'), color: 'teal.6' }];
  if (compare) series.push({ name: 'previous_sales', label: t(`salesDashboard.series.${compare}`), color: 'gray.5', strokeDasharray: '6 4' });
  return <MoneyAreaChart data={days.map((d) => ({ day: formatDay(d.date), sales: d.sales, previous_sales: d.previous_sales }))} series={series} tooltipProps={{ labelFormatter: title }} />;
}

/** Sales per day against the comparison's matching day (dashed). */
export function SelloutPerDayPanel({ search }: { search: StoreSearch }) {
  return (
    <CardPanel
      title={t('groceryAnalytics.sellout.perDay.title')}
      hint={t('groceryAnalytics.sellout.perDay.hint')}
      testId="grocery-sellout-per-day"
      kind="chart"
      download={download('per_day', search)}
      emptyText={t('groceryAnalytics.sellout.empty')}
      query={useSelloutCard('per_day', search)}
      rows={(d) => d.cards.per_day}
      isEmpty={(days) => days.every((d) => !d.sales && !d.previous_sales)}
    >
      {(days, data) => <SalesPerDayChart days={days} data={data} />}
    </CardPanel>
  );
}

type RankedCard = 'by_category' | 'by_brand' | 'by_product';
/** Each ranked card's texts (`groceryAnalytics.sellout.{key}`) and first column. */
const RANKED: Record<RankedCard, { key: string; column: string }> = {
  by_category: { key: 'byCategory', column: 'category' },
  by_brand: { key: 'byBrand', column: 'brand' },
  by_product: { key: 'byProduct', column: 'product' },
};

interface RankedPanelProps<R extends RankedRow> {
  card: RankedCard;
  search: StoreSearch;
  rows: (data: GrocerySellout) => R[] | undefined;
  name: (row: R) => ReactNode;
  rowKey: (row: R, index: number) => string | number;
  withUnits?: boolean;
}

/** A ranked card (`grocery-by-category`, `-by-brand`, `-by-product`) as a table, with its download; its table is `{testId}-table`. */
function RankedPanel<R extends RankedRow>({ card, search, rows, ...table }: RankedPanelProps<R>) {
  const { key, column } = RANKED[card];
  const testId = `grocery-${card.replace('_', '-')}`;
  return (
    <CardPanel
      title={t(`groceryAnalytics.sellout.${key}.title`)}
      hint={t(`groceryAnalytics.sellout.${key}.hint`)}
      testId={testId}
      kind="table"
      download={download(card, search)}
      emptyText={t('groceryAnalytics.sellout.empty')}
      query={useSelloutCard(card, search)}
      rows={rows}
    >
      {(list, data) => <RankedTable {...table} rows={list} heading={t(`groceryAnalytics.sellout.columns.${column}`)} compared={data.previous !== null} testId={`${testId}-table`} />}
    </CardPanel>
  );
}

const named = (text: string) => (
  <Text size="sm" fw={500} lineClamp={2}>
    {text}
  </Text>
);

function productName(p: Product) {
  return (
    <>
      <Text size="sm" fw={500} lineClamp={2} maw={380}>
        {p.name}
      </Text>
      <Text size="xs" c="dimmed" truncate maw={380}>
        {[p.sku, p.brand, p.category].filter(Boolean).join(' · ') || t('groceryAnalytics.sellout.deletedProduct')}
      </Text>
    </>
  );
}

/** Sales by category (the product's first level). */
export const ByCategoryPanel = ({ search }: { search: StoreSearch }) => (
  <RankedPanel card="by_category" search={search} rows={(d) => d.cards.by_category} name={(r) => named(r.category)} rowKey={(r) => r.category} />
);

/** Sales by brand. */
export const ByBrandPanel = ({ search }: { search: StoreSearch }) => (
  <RankedPanel card="by_brand" search={search} rows={(d) => d.cards.by_brand} name={(r) => named(r.brand)} rowKey={(r) => r.brand} />
);

/** The products sold for most, with units, margin, share and change. */
export const ByProductPanel = ({ search }: { search: StoreSearch }) => (
  <RankedPanel card="by_product" search={search} rows={(d) => d.cards.by_product} name={productName} rowKey={(p, i) => p.product_id ?? `deleted-${i}`} withUnits />
);

/** The category and brand tables side by side on wide screens (`xl`); one under the other below, so no column is cut. */
export function CategoryAndBrand({ search }: { search: StoreSearch }) {
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
      <ByCategoryPanel search={search} />
      <ByBrandPanel search={search} />
    </SimpleGrid>
  );
}
