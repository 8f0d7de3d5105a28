import { Text } from '@mantine/core';
import { IconCash, IconPackage, IconReceipt, IconReceipt2, IconTag, IconTrendingUp } from '@tabler/icons-react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { EmptyDashboard } from '../order-dashboards/dashboard-layout';
import { formatRate } from '../order-dashboards/format';
import { formatPointsChange } from '../sales-dashboard/format';
import { selloutQuery, type GrocerySellout } from './api';
import { changeOf, comparedWith, GroceryDashboard, GroceryKpis, type GroceryKpi, type GroceryPageProps } from './grocery-frame';
import type { StoreSearch } from './grocery-search';
import { CategoryAndBrand, ByProductPanel, SelloutPerDayPanel } from './sellout-panels';
import { t } from '../../i18n';

type Summary = NonNullable<GrocerySellout['cards']['summary']>;

/** The margin card's second line: the rate, and its change in percentage points. */
function MarginRate({ rate, compared }: { rate: Summary['margin_rate']; compared: boolean }) {
  const points = formatPointsChange(rate);
  return (
    <Text size="xs" c="dimmed" data-testid="grocery-margin-rate">
      {t('groceryAnalytics.sellout.marginRate', { rate: formatRate(rate.value) })}
      {compared && ` · ${points.text}`}
    </Text>
  );
}

/** Sales, units, orders, average ticket, average price and margin, each against the comparison. */
function selloutKpis(data: GrocerySellout, s: Summary): GroceryKpi[] {
  const against = comparedWith(data);
  const label = (key: string) => t(`groceryAnalytics.sellout.cards.${key}`);
  return [
    { key: 'sales', label: label('sales'), value: formatMoney(s.sales.value), icon: IconCash, color: 'teal', extra: changeOf(s.sales, formatMoney, against) },
    { key: 'units', label: label('units'), value: formatInt(s.units.value), icon: IconPackage, color: 'grape', extra: changeOf(s.units, formatInt, against) },
    { key: 'orders', label: label('orders'), value: formatInt(s.orders.value), icon: IconReceipt, color: 'blue', extra: changeOf(s.orders, formatInt, against) },
    { key: 'ticket', label: label('ticket'), value: formatMoney(s.average_ticket.value), icon: IconReceipt2, color: 'violet', extra: changeOf(s.average_ticket, formatMoney, against) },
    { key: 'price', label: label('price'), value: formatMoney(s.average_price.value), icon: IconTag, color: 'cyan', extra: changeOf(s.average_price, formatMoney, against) },
    {
      key: 'margin',
      label: label('margin'),
      value: formatMoney(s.margin.value),
      icon: IconTrendingUp,
      color: 'indigo',
      extra: (
        <>
          {changeOf(s.margin, formatMoney, against)}
          <MarginRate rate={s.margin_rate} compared={against !== null} />
        </>
      ),
    },
  ];
}

function SelloutBody({ data, search }: { data: GrocerySellout; search: StoreSearch }) {
  const summary = data.cards.summary;
  const kpis = summary ? <GroceryKpis cards={selloutKpis(data, summary)} /> : null;
  if (!summary || summary.orders.value === 0)
    return (
      <>
        {kpis}
        <EmptyDashboard title={t('groceryAnalytics.sellout.empty')} hint={t('groceryAnalytics.sellout.emptyHint')} />
      </>
    );
  return (
    <>
      {kpis}
      <SelloutPerDayPanel search={search} />
      <CategoryAndBrand search={search} />
      <ByProductPanel search={search} />
    </>
  );
}

const summary = (accountId: number, search: StoreSearch) => selloutQuery(accountId, 'summary', search);

/** Spec §7 /analytics/sellout: a supermarket's sales by category, brand and product against a comparison; the supermarket is chosen first. */
export function SelloutPage(props: GroceryPageProps) {
  return (
    <GroceryDashboard {...props} section="sellout" summary={summary}>
      {(data, search) => <SelloutBody data={data} search={search} />}
    </GroceryDashboard>
  );
}
