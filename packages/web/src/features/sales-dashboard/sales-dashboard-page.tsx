import { Group, Select, SimpleGrid, Text } from '@mantine/core';
import { IconArrowsDiff, IconCash, IconInfoCircle, IconPackage, IconPercentage, IconReceipt, IconReceipt2, IconTrendingUp, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { COMPARISONS, type Comparison } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { DashboardLayout, EmptyDashboard, KpiCards, type Kpi } from '../order-dashboards/dashboard-layout';
import type { DashboardSearch } from '../order-dashboards/dashboard-search';
import { formatRate } from '../order-dashboards/format';
import { salesCardsQuery, useAccountId, type SalesCards } from './api';
import { ChangeLine } from './change-line';
import { formatChange, formatPointsChange, trendOf } from './format';
import { GmvPanel, MarginPanel } from './sales-charts';
import type { SalesSearch } from './sales-search';
import { TopCustomersPanel, TopProductsPanel } from './sales-tables';
import { t } from '../../i18n';

type Card = SalesCards['cards']['gmv'];

function CompareSelect({ value, onChange }: { value: Comparison; onChange: (c: Comparison) => void }) {
  return (
    <Select
      label={t('salesDashboard.compare.label')}
      data={COMPARISONS.map((c) => ({ value: c, label: t(`salesDashboard.compare.${c}`) }))}
      value={value}
      onChange={(v) => v && onChange(v as Comparison)}
      allowDeselect={false}
      leftSection={<IconArrowsDiff size={16} />}
      w={{ base: '100%', xs: 270 }}
      data-testid="sales-compare"
    />
  );
}

/** The seven cards, each with its change against the comparison (the margin rate's in percentage points). */
function salesKpis({ cards, compare, previous }: SalesCards): Kpi[] {
  const against = previous && compare !== 'none' ? compare : null;
  const change = (card: Card, format: (v: number) => string) =>
    against && (
      <ChangeLine
        text={formatChange(card.change)}
        trend={trendOf(card.change)}
        compare={against}
        title={card.previous === null ? undefined : t('salesDashboard.previousValue', { value: format(card.previous) })}
      />
    );
  const rate = cards.margin_rate;
  const points = formatPointsChange(rate);
  return [
    { key: 'gmv', label: t('salesDashboard.cards.gmv'), value: formatMoney(cards.gmv.value), icon: IconCash, color: 'teal', extra: change(cards.gmv, formatMoney) },
    { key: 'orders', label: t('salesDashboard.cards.orders'), value: formatInt(cards.orders.value), icon: IconReceipt, color: 'blue', extra: change(cards.orders, formatInt) },
    { key: 'ticket', label: t('salesDashboard.cards.ticket'), value: formatMoney(cards.average_ticket.value), icon: IconReceipt2, color: 'violet', extra: change(cards.average_ticket, formatMoney) },
    { key: 'customers', label: t('salesDashboard.cards.customers'), value: formatInt(cards.customers.value), icon: IconUsers, color: 'cyan', extra: change(cards.customers, formatInt) },
    { key: 'units', label: t('salesDashboard.cards.units'), value: formatInt(cards.units.value), icon: IconPackage, color: 'grape', extra: change(cards.units, formatInt) },
    { key: 'margin', label: t('salesDashboard.cards.margin'), value: formatMoney(cards.margin.value), icon: IconTrendingUp, color: 'indigo', extra: change(cards.margin, formatMoney) },
    {
      key: 'margin-rate',
      label: t('salesDashboard.cards.marginRate'),
      value: formatRate(rate.value),
      icon: IconPercentage,
      color: 'orange',
      extra: against && (
        <ChangeLine text={points.text} trend={points.trend} compare={against} title={rate.previous === null ? undefined : t('salesDashboard.previousValue', { value: formatRate(rate.previous) })} />
      ),
    },
  ];
}

function SalesBody({ data, search }: { data: SalesCards; search: SalesSearch }) {
  const kpis = salesKpis(data);
  if (data.cards.orders.value === 0)
    return (
      <>
        <KpiCards cards={kpis} />
        <EmptyDashboard title={t('salesDashboard.empty')} hint={t('salesDashboard.emptyHint')} />
      </>
    );
  const costed = data.cards.costed_share.value;
  return (
    <>
      <KpiCards cards={kpis} />
      {costed < 1 && (
        <Group gap={6} wrap="nowrap" mt={-8} data-testid="sales-costed-share">
          <IconInfoCircle size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            {t('salesDashboard.costedShare', { share: formatRate(costed) })}
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <GmvPanel search={search} />
        <MarginPanel search={search} />
      </SimpleGrid>
      <TopProductsPanel search={search} />
      <TopCustomersPanel search={search} />
    </>
  );
}

/** Spec §7 "Painel de vendas": the dashboard data service's cards, days, top products and top customers, against a comparison period. */
export function SalesDashboardPage({ search, onSearchChange }: { search: SalesSearch; onSearchChange: (s: SalesSearch) => void }) {
  const query = useQuery(salesCardsQuery(useAccountId(), search));
  return (
    <DashboardLayout
      title={t('salesDashboard.title')}
      subtitle={t('salesDashboard.subtitle')}
      search={search}
      onSearchChange={(next: DashboardSearch) => onSearchChange({ ...next, compare: search.compare })}
      withChannel
      extraAfter={<CompareSelect value={search.compare} onChange={(compare) => onSearchChange({ ...search, compare })} />}
      query={query}
    >
      {(data) => <SalesBody data={data} search={search} />}
    </DashboardLayout>
  );
}
