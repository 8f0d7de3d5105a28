import { SimpleGrid } from '@mantine/core';
import { IconBuildingSkyscraper, IconBuildingStore, IconCash, IconPackage, IconReceipt2, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDay, MoneyAreaChart } from '../../shared/components/metrics-charts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { useAccountId } from '../sales-dashboard/api';
import { cardQuery, type BodyOf, type CardOf, type IndustrySellout } from './api';
import { CardPanel, CHART_HEIGHT } from './card-panel';
import { ExportMenu } from './export-menu';
import { changeLine, comparedWith, IndustryDashboard, StatGrid, type StatKpi } from './industry-page';
import { type IndustrySearch } from './industry-search';
import { industryBody } from './scope';
import { DataTable, NameCell, salesColumns, type Column } from './tables';
import { t } from '../../i18n';

type Cards = IndustrySellout['cards'];
type Summary = NonNullable<Cards['summary']>;
type Ranked = 'by_retailer' | 'by_store' | 'by_category' | 'by_product';

const CARD_LABELS: Array<[string, string]> = [
  ['sales', 'sales'],
  ['units', 'units'],
  ['average_price', 'averagePrice'],
  ['retailers', 'retailers'],
  ['stores', 'stores'],
  ['products', 'products'],
];
const label = (key: string) => t(`industryAnalytics.sellout.cards.${key}`);

function selloutKpis(data: IndustrySellout | undefined): StatKpi[] {
  const s = data?.cards.summary;
  const against = data ? comparedWith(data) : null;
  if (!s) return CARD_LABELS.map(([key, text]) => ({ key, label: label(text), value: '', icon: IconCash, color: 'gray' }));
  return [
    { key: 'sales', label: label('sales'), value: formatMoney(s.sales.value), icon: IconCash, color: 'teal', extra: changeLine(s.sales, against, formatMoney) },
    { key: 'units', label: label('units'), value: formatInt(s.units.value), icon: IconPackage, color: 'grape', extra: changeLine(s.units, against, formatInt) },
    { key: 'average_price', label: label('averagePrice'), value: formatMoney(s.average_price.value), icon: IconReceipt2, color: 'violet', extra: changeLine(s.average_price, against, formatMoney) },
    { key: 'retailers', label: label('retailers'), value: formatInt(s.retailers), icon: IconBuildingSkyscraper, color: 'blue' },
    { key: 'stores', label: label('stores'), value: formatInt(s.stores), icon: IconBuildingStore, color: 'cyan' },
    { key: 'products', label: label('products'), value: formatInt(s.products), icon: IconShoppingCart, color: 'orange' },
  ];
}

const sold = (s: Summary | undefined) => !s || (s.sales.value === 0 && s.units.value === 0);

function useSellout(card: CardOf<'sellout'>, body: BodyOf<'sellout'>) {
  return useQuery(cardQuery(useAccountId(), 'sellout', card, body));
}

/** Sales per day against the comparison's matching day (dashed, grey). */
function PerDayPanel({ body }: { body: BodyOf<'sellout'> }) {
  const query = useSellout('per_day', body);
  const title = t('industryAnalytics.sellout.perDay.title');
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.sellout.perDay.hint')}
      testId="sellout-per-day"
      actions={<ExportMenu dashboard="sellout" card="per_day" body={body} title={title} />}
      query={query}
      pick={(d) => d.cards.per_day}
      isEmpty={(days) => days.every((d) => !d.sales && !d.units)}
      emptyText={t('industryAnalytics.sellout.empty')}
      skeleton="chart"
    >
      {(days, data) => {
        const against = comparedWith(data);
        const rows = days.map((d) => ({ day: formatDay(d.date), sales: d.sales, previous_sales: d.previous_sales, previous_day: d.previous_date ? formatDay(d.previous_date) : null }));
        return (
          <MoneyAreaChart
            h={CHART_HEIGHT}
            data={rows}
            series={[
              { name: 'sales', label: t('industryAnalytics.sellout.perDay.sales'), color: 'teal.6' },
              ...(against ? [{ name: 'previous_sales', label: t(`industryAnalytics.series.${against}`), color: 'gray.5', strokeDasharray: '6 4' }] : []),
            ]}
            tooltipProps={{
              labelFormatter: (day: ReactNode, payload: ReadonlyArray<{ payload?: { previous_day?: string | null } }>) => {
                const previous = payload[0]?.payload?.previous_day;
                return previous ? t('industryAnalytics.tooltipDay', { day: String(day), previous }) : day;
              },
            }}
          />
        );
      }}
    </CardPanel>
  );
}

type RowOf<C extends Ranked> = NonNullable<Cards[C]>[number];

/** The first column of each ranking: the retailer, the store (with its retailer), the category, the product (SKU · brand · category · retailer). */
const FIRST: { [C in Ranked]: () => Column<RowOf<C>> } = {
  by_retailer: () => ({ key: 'retailer', label: t('industryAnalytics.columns.retailer'), render: (r) => <NameCell name={r.retailer} /> }),
  by_store: () => ({ key: 'store', label: t('industryAnalytics.columns.store'), render: (r) => <NameCell name={r.store} detail={r.retailer} /> }),
  by_category: () => ({ key: 'category', label: t('industryAnalytics.columns.category'), render: (r) => <NameCell name={r.category} /> }),
  by_product: () => ({
    key: 'product',
    label: t('industryAnalytics.columns.product'),
    render: (r) => <NameCell name={r.name} detail={[r.sku, r.brand, r.category, r.retailer].filter(Boolean).join(' · ')} />,
  }),
};
const KEYS: { [C in Ranked]: (row: RowOf<C>, i: number) => string } = {
  by_retailer: (r) => String(r.retailer_id),
  by_store: (r) => String(r.location_id),
  by_category: (r) => r.category,
  by_product: (r, i) => `${r.retailer_id}-${r.product_id ?? `deleted-${i}`}`,
};

/** A ranking of the period's sales (by retailer, store, category or product), with its download. */
function RankPanel<C extends Ranked>({ card, body }: { card: C; body: BodyOf<'sellout'> }) {
  const query = useSellout(card, body);
  const title = t(`industryAnalytics.sellout.${card}.title`);
  return (
    <CardPanel
      title={title}
      hint={t(`industryAnalytics.sellout.${card}.hint`)}
      testId={`sellout-${card.replace('_', '-')}`}
      padded={false}
      actions={<ExportMenu dashboard="sellout" card={card} body={body} title={title} />}
      query={query}
      pick={(d) => d.cards[card] as RowOf<C>[] | undefined}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('industryAnalytics.sellout.empty')}
    >
      {(rows, data) => {
        const compared = comparedWith(data) !== null;
        return (
          <DataTable
            rows={rows}
            columns={[FIRST[card](), ...salesColumns<RowOf<C>>(compared)]}
            rowKey={KEYS[card]}
            minWidth={card === 'by_product' || card === 'by_store' ? 640 : 480}
            testId={`sellout-${card.replace('_', '-')}-table`}
          />
        );
      }}
    </CardPanel>
  );
}

/** /sell-out: the brand's sales at the retailers linked to it, per day and by retailer, store, category and product. */
export function SelloutPage({ search, onSearchChange }: { search: IndustrySearch; onSearchChange: (s: IndustrySearch) => void }) {
  const body = industryBody(search);
  const summary = useSellout('summary', body);
  return (
    <IndustryDashboard
      title={t('industryAnalytics.sellout.title')}
      subtitle={t('industryAnalytics.sellout.subtitle')}
      search={search}
      onSearchChange={onSearchChange}
      query={summary}
      skeleton={<StatGrid cards={selloutKpis(undefined)} loading />}
      cards={(data) => <StatGrid cards={selloutKpis(data)} />}
      isEmpty={(data) => sold(data.cards.summary)}
      empty={{ title: t('industryAnalytics.sellout.empty'), hint: t('industryAnalytics.emptyHint') }}
    >
      <PerDayPanel body={body} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <RankPanel card="by_retailer" body={body} />
        <RankPanel card="by_category" body={body} />
      </SimpleGrid>
      <RankPanel card="by_store" body={body} />
      <RankPanel card="by_product" body={body} />
    </IndustryDashboard>
  );
}
