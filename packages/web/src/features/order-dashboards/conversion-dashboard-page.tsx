import { Group, Progress, SimpleGrid, Table, Text } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { IconCashBanknote, IconPercentage, IconShoppingCart, IconShoppingCartCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ORDER_CHANNEL_LABELS } from '@backoffice/contracts';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatInt } from '../../shared/ui/format';
import { conversionDashboardQuery, useAccountId, type ConversionDashboard } from './api';
import { DashboardLayout, EmptyDashboard, KpiCards, Panel } from './dashboard-layout';
import type { DashboardSearch } from './dashboard-search';
import { formatRate } from './format';
import { t } from '../../i18n';

const STEPS = ['created', 'approved', 'link_sent', 'opened', 'ordered', 'paid'] as const;

function ChannelsTable({ channels }: { channels: ConversionDashboard['channels'] }) {
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="conversion-channels-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('orderDashboards.channel')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.conversion.orders')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.conversion.paid')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.conversion.completed')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.conversion.canceled')}</Table.Th>
            <Table.Th w={170}>{t('orderDashboards.conversion.rate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((c) => (
            <Table.Tr key={c.channel} c={c.orders === 0 ? 'dimmed' : undefined}>
              <Table.Td>
                <Text size="sm" fw={500} inherit>
                  {ORDER_CHANNEL_LABELS[c.channel]}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatInt(c.orders)}</Table.Td>
              <Table.Td ta="right">{formatInt(c.paid_orders)}</Table.Td>
              <Table.Td ta="right">{formatInt(c.completed_orders)}</Table.Td>
              <Table.Td ta="right">{formatInt(c.canceled_orders)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={c.payment_rate * 100} color="teal" size="sm" radius="xl" w={80} aria-hidden />
                  <Text size="sm" inherit>
                    {formatRate(c.payment_rate)}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ConversionBody({ data }: { data: ConversionDashboard }) {
  const { carts } = data;
  const orders = data.channels.reduce((a, c) => a + c.orders, 0);
  const cards = [
    { key: 'created', label: t('orderDashboards.conversion.cards.created'), value: formatInt(carts.created), icon: IconShoppingCart, color: 'blue' },
    { key: 'ordered', label: t('orderDashboards.conversion.cards.ordered'), value: formatInt(carts.ordered), icon: IconShoppingCartCheck, color: 'teal' },
    { key: 'paid', label: t('orderDashboards.conversion.cards.paid'), value: formatInt(carts.paid), icon: IconCashBanknote, color: 'green' },
    {
      key: 'rate',
      label: t('orderDashboards.conversion.cards.rate'),
      value: formatRate(carts.created > 0 ? carts.paid / carts.created : 0),
      icon: IconPercentage,
      color: 'violet',
    },
  ];
  if (carts.created === 0 && orders === 0)
    return (
      <>
        <KpiCards cards={cards} />
        <EmptyDashboard title={t('orderDashboards.conversion.empty')} hint={t('orderDashboards.conversion.emptyHint')} />
      </>
    );
  const funnel = STEPS.map((step) => ({
    step: t(`orderDashboards.conversion.steps.${step}`),
    carts: carts[step],
  }));
  const days = data.per_day.map((d) => ({ day: formatDay(d.date), carts: d.carts_created, ordered: d.carts_ordered, orders: d.orders, paid: d.paid_orders }));
  return (
    <>
      <KpiCards cards={cards} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title={t('orderDashboards.conversion.funnel')} hint={t('orderDashboards.conversion.funnelHint')} testId="conversion-funnel">
          <BarChart
            h={260}
            data={funnel}
            dataKey="step"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            xAxisProps={{ allowDecimals: false }}
            valueFormatter={(v: number) => formatInt(v)}
            withBarValueLabel
            series={[{ name: 'carts', label: t('orderDashboards.conversion.cartsSeries'), color: 'indigo.5' }]}
          />
        </Panel>
        <Panel title={t('orderDashboards.conversion.perDay')} hint={t('orderDashboards.conversion.perDayHint')} testId="conversion-days-chart">
          <LineChart
            h={260}
            data={days}
            dataKey="day"
            withLegend
            withDots={false}
            curveType="monotone"
            valueFormatter={(v: number) => formatInt(v)}
            yAxisProps={{ allowDecimals: false }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            series={[
              { name: 'carts', label: t('orderDashboards.conversion.cartsCreated'), color: 'blue.5' },
              { name: 'ordered', label: t('orderDashboards.conversion.cartsOrdered'), color: 'cyan.6' },
              { name: 'orders', label: t('orderDashboards.conversion.orders'), color: 'violet.6' },
              { name: 'paid', label: t('orderDashboards.conversion.paid'), color: 'teal.6' },
            ]}
          />
        </Panel>
      </SimpleGrid>
      <Panel title={t('orderDashboards.conversion.byChannel')} hint={t('orderDashboards.conversion.byChannelHint')} testId="conversion-channels" padded={false}>
        <ChannelsTable channels={data.channels} />
      </Panel>
    </>
  );
}

/** Spec §2 "/orders/conversion-dashboard/": carts → orders → paid, and each channel's conversion. */
export function ConversionDashboardPage({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (s: DashboardSearch) => void }) {
  const query = useQuery(conversionDashboardQuery(useAccountId(), search));
  return (
    <DashboardLayout title={t('orderDashboards.conversion.title')} subtitle={t('orderDashboards.conversion.subtitle')} search={search} onSearchChange={onSearchChange} query={query}>
      {(data) => <ConversionBody data={data} />}
    </DashboardLayout>
  );
}
