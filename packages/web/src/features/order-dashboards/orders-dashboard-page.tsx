import { Group, Progress, SimpleGrid, Table, Text } from '@mantine/core';
import { CompositeChart } from '@mantine/charts';
import { IconCash, IconReceipt, IconReceipt2, IconReceiptOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_CHANNEL_LABELS } from '@backoffice/contracts';
import { formatDay, MoneyAreaChart } from '../../shared/components/metrics-charts';
import { formatCompactMoney, formatInt, formatMoney } from '../../shared/ui/format';
import { ordersDashboardQuery, useAccountId, type OrdersDashboard } from './api';
import { DashboardLayout, EmptyDashboard, KpiCards, Panel } from './dashboard-layout';
import type { DashboardSearch } from './dashboard-search';
import { formatRate } from './format';
import { t } from '../../i18n';

type Row = OrdersDashboard['stores'][number] | OrdersDashboard['channels'][number];

/** Orders, GMV, ticket and cancellations of a store or channel, with its share of the period's GMV. */
function SalesTable({ rows, label, nameOf, total, testId }: { rows: Row[]; label: string; nameOf: (r: Row) => string; total: number; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.sales.orders')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.sales.gmv')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.sales.ticket')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.sales.canceled')}</Table.Th>
            <Table.Th w={150}>{t('orderDashboards.sales.share')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const share = total > 0 ? r.gmv / total : 0;
            return (
              <Table.Tr key={nameOf(r)}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {nameOf(r)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatInt(r.orders)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.gmv)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.average_ticket)}
                </Table.Td>
                <Table.Td ta="right">{formatInt(r.canceled_orders)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={share * 100} size="sm" radius="xl" w={70} aria-hidden />
                    <Text size="sm">{formatRate(share)}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OrdersBody({ data }: { data: OrdersDashboard }) {
  const { totals } = data;
  const cards = [
    { key: 'gmv', label: t('orderDashboards.sales.cards.gmv'), value: formatMoney(totals.gmv), icon: IconCash, color: 'teal' },
    { key: 'orders', label: t('orderDashboards.sales.cards.orders'), value: formatInt(totals.orders), icon: IconReceipt, color: 'blue' },
    { key: 'ticket', label: t('orderDashboards.sales.cards.ticket'), value: formatMoney(totals.average_ticket), icon: IconReceipt2, color: 'violet' },
    {
      key: 'canceled',
      label: t('orderDashboards.sales.cards.canceled'),
      value: totals.canceled_orders ? `${formatInt(totals.canceled_orders)} · ${formatMoney(totals.canceled_value)}` : '0',
      icon: IconReceiptOff,
      color: 'red',
    },
  ];
  if (totals.orders === 0 && totals.canceled_orders === 0)
    return (
      <>
        <KpiCards cards={cards} />
        <EmptyDashboard title={t('orderDashboards.sales.empty')} hint={t('orderDashboards.sales.emptyHint')} />
      </>
    );
  const days = data.per_day.map((d) => ({ day: formatDay(d.date), gmv: d.gmv, orders: d.orders, ticket: d.orders > 0 ? d.average_ticket : null }));
  return (
    <>
      <KpiCards cards={cards} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title={t('orderDashboards.sales.gmvChart')} hint={t('orderDashboards.sales.gmvHint')} testId="orders-gmv-chart">
          <MoneyAreaChart h={260} data={days} series={[{ name: 'gmv', label: t('orderDashboards.sales.gmv'), color: 'teal.6' }]} />
        </Panel>
        <Panel title={t('orderDashboards.sales.ordersChart')} hint={t('orderDashboards.sales.ordersHint')} testId="orders-count-chart">
          <CompositeChart
            h={260}
            data={days}
            dataKey="day"
            withLegend
            withRightYAxis
            connectNulls={false}
            maxBarWidth={18}
            yAxisProps={{ allowDecimals: false }}
            rightYAxisProps={{ tickFormatter: (v: number) => formatCompactMoney(v), width: 72 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            valueFormatter={(v: number) => formatInt(v)}
            series={[
              { name: 'orders', label: t('orderDashboards.sales.orders'), color: 'blue.5', type: 'bar' },
              { name: 'ticket', label: t('orderDashboards.sales.ticket'), color: 'violet.6', type: 'line', yAxisId: 'right' },
            ]}
          />
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Panel title={t('orderDashboards.sales.byStore')} testId="orders-by-store" padded={false}>
          <SalesTable rows={data.stores} label={t('orderDashboards.store')} nameOf={(r) => ('name' in r ? r.name : '')} total={totals.gmv} testId="orders-stores-table" />
        </Panel>
        <Panel title={t('orderDashboards.sales.byChannel')} testId="orders-by-channel" padded={false}>
          <SalesTable
            rows={data.channels}
            label={t('orderDashboards.channel')}
            nameOf={(r) => ('channel' in r ? ORDER_CHANNEL_LABELS[r.channel] : '')}
            total={totals.gmv}
            testId="orders-channels-table"
          />
        </Panel>
      </SimpleGrid>
    </>
  );
}

/** Spec §2 "/orders/orders-dashboard/": GMV, orders and average ticket per day, by store and channel. */
export function OrdersDashboardPage({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (s: DashboardSearch) => void }) {
  const query = useQuery(ordersDashboardQuery(useAccountId(), search));
  return (
    <DashboardLayout
      title={t('orderDashboards.sales.title')}
      subtitle={t('orderDashboards.sales.subtitle')}
      search={search}
      onSearchChange={onSearchChange}
      withChannel
      query={query}
    >
      {(data) => <OrdersBody data={data} />}
    </DashboardLayout>
  );
}
