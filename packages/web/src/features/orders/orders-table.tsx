import { Anchor, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney } from '../../shared/ui/format';
import { OrderStatusBadge } from './order-status-badge';
import type { OrderSort, OrdersSearch } from './search';
import { channelLabel } from './status';
import type { OrderCard } from './types';
import { t } from '../../i18n';

function SortHeader({ by, search, onSort, children, ta }: { by: OrderSort; search: OrdersSearch; onSort: (by: OrderSort) => void; children: ReactNode; ta?: 'right' }) {
  const active = search.order_sort === by;
  const Icon = !active ? IconSelector : search.order_dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th ta={ta} aria-sort={active ? (search.order_dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(by)} fw={700} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {children}
        <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Number, when, customer, store, channel, status and total; a row opens the order. */
export function OrdersTable({ orders, search, onSort }: { orders: OrderCard[]; search: OrdersSearch; onSort: (by: OrderSort) => void }) {
  const navigate = useNavigate();
  const open = (order: OrderCard) => void navigate({ to: '/order/$id', params: { id: String(order.id) } });
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader by="number" search={search} onSort={onSort}>
              {t('orders.columns.number')}
            </SortHeader>
            <SortHeader by="created_at" search={search} onSort={onSort}>
              {t('orders.columns.createdAt')}
            </SortHeader>
            <Table.Th>{t('orders.columns.customer')}</Table.Th>
            <Table.Th visibleFrom="md">{t('orders.columns.store')}</Table.Th>
            <Table.Th visibleFrom="md">{t('orders.columns.channel')}</Table.Th>
            <Table.Th>{t('orders.columns.status')}</Table.Th>
            <SortHeader by="total" search={search} onSort={onSort} ta="right">
              {t('orders.columns.total')}
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id} data-testid="order-row" onClick={() => open(order)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Anchor renderRoot={(props) => <Link {...props} to="/order/$id" params={{ id: String(order.id) }} />} size="sm" fw={700} onClick={(e) => e.stopPropagation()}>
                  {t('orders.orderNumber', { number: order.number })}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(order.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{order.customer.name}</Text>
                  <Text hiddenFrom="md" size="xs" c="dimmed">
                    {[order.location.name, channelLabel(order.channel)].join(' · ')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{order.location.name}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{channelLabel(order.channel)}</Text>
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(order.total)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
