import { Group, Progress, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { formatRate } from '../order-dashboards/format';
import { topCustomersQuery, topProductsQuery, useAccountId, type TopCustomers, type TopProducts } from './api';
import { ChangeBadge } from './change-line';
import { SalesDownloadMenu } from './download-menu';
import { formatDate } from './format';
import { QueryPanel } from './query-panel';
import type { SalesSearch } from './sales-search';
import { t } from '../../i18n';

const nowrap = { whiteSpace: 'nowrap' } as const;
const money = (value: number | null) => (value === null ? '—' : formatMoney(value));

/** The products sold for most, with their share of the period's item value and the change against the comparison. */
export function TopProductsPanel({ search }: { search: SalesSearch }) {
  const query = useQuery(topProductsQuery(useAccountId(), search));
  return (
    <QueryPanel
      title={t('salesDashboard.products.title')}
      hint={t('salesDashboard.products.hint')}
      testId="sales-products"
      padded={false}
      actions={<SalesDownloadMenu report="products" search={search} />}
      query={query}
      isEmpty={(d) => d.products.length === 0}
    >
      {(data) => <ProductsTable data={data} />}
    </QueryPanel>
  );
}

function ProductsTable({ data }: { data: TopProducts }) {
  const compared = data.previous !== null;
  return (
    <Table.ScrollContainer minWidth={compared ? 780 : 680} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="sales-products-table">
        <Table.Thead style={nowrap}>
          <Table.Tr>
            <Table.Th>{t('salesDashboard.products.product')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.products.units')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.products.value')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.products.margin')}</Table.Th>
            <Table.Th w={150}>{t('salesDashboard.products.share')}</Table.Th>
            {compared && <Table.Th ta="right">{t('salesDashboard.products.change')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.products.map((p, i) => (
            <Table.Tr key={p.product_id ?? `deleted-${i}`}>
              <Table.Td maw={360}>
                <Text size="sm" fw={500} lineClamp={2}>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[p.sku, p.brand, p.category].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatInt(p.units)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatMoney(p.value)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {money(p.margin)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={p.share * 100} size="sm" radius="xl" w={70} aria-hidden />
                  <Text size="sm">{formatRate(p.share)}</Text>
                </Group>
              </Table.Td>
              {compared && (
                <Table.Td ta="right" title={t('salesDashboard.previousValue', { value: money(p.previous_value) })}>
                  <ChangeBadge change={p.change} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The customers who bought most in the period, with what they bought in the comparison. */
export function TopCustomersPanel({ search }: { search: SalesSearch }) {
  const query = useQuery(topCustomersQuery(useAccountId(), search));
  return (
    <QueryPanel
      title={t('salesDashboard.customers.title')}
      hint={t('salesDashboard.customers.hint')}
      testId="sales-customers"
      padded={false}
      actions={<SalesDownloadMenu report="customers" search={search} />}
      query={query}
      isEmpty={(d) => d.customers.length === 0}
    >
      {(data) => <CustomersTable data={data} />}
    </QueryPanel>
  );
}

function CustomersTable({ data }: { data: TopCustomers }) {
  const compare = data.previous ? data.compare : null;
  return (
    <Table.ScrollContainer minWidth={compare ? 720 : 600} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="sales-customers-table">
        <Table.Thead style={nowrap}>
          <Table.Tr>
            <Table.Th>{t('salesDashboard.customers.customer')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.customers.orders')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.customers.gmv')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.customers.ticket')}</Table.Th>
            <Table.Th ta="right">{t('salesDashboard.customers.lastOrder')}</Table.Th>
            {compare && compare !== 'none' && <Table.Th ta="right">{t(`salesDashboard.series.${compare}`)}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.customers.map((c) => (
            <Table.Tr key={c.customer_id}>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={2}>
                  {c.name || t('salesDashboard.customers.unnamed', { id: c.customer_id })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatInt(c.orders)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatMoney(c.gmv)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatMoney(c.average_ticket)}
              </Table.Td>
              <Table.Td ta="right">{formatDate(c.last_order_date)}</Table.Td>
              {compare && compare !== 'none' && (
                <Table.Td ta="right" style={nowrap} c="dimmed">
                  {money(c.previous_gmv)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
