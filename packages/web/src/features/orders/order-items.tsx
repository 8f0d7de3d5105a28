import { Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '../../shared/ui/format';
import { PickStatusBadge } from './order-status-badge';
import type { OrderItem } from './types';
import { t } from '../../i18n';

const kg = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** "2 un" or "0,4 kg" (a weighed line) as ordered, and what was picked when it differs. */
function amount(item: OrderItem) {
  const ordered = item.weight !== null ? t('orders.items.weight', { kg: kg.format(item.weight) }) : t('orders.items.units', { count: item.quantity });
  if (item.pick_status === 'pending' || item.pick_status === 'missing') return { ordered, picked: null };
  const picked = item.picked_weight !== null ? t('orders.items.weight', { kg: kg.format(item.picked_weight) }) : item.picked_quantity !== null ? t('orders.items.units', { count: item.picked_quantity }) : null;
  return { ordered, picked: picked !== ordered ? picked : null };
}

/** The order's lines: product, amount, unit and line prices, and how picking went. */
export function OrderItems({ items }: { items: OrderItem[] }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="xs" data-testid="order-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.items.product')}</Table.Th>
            <Table.Th ta="right">{t('orders.items.amount')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('orders.items.unitPrice')}
            </Table.Th>
            <Table.Th ta="right">{t('orders.items.total')}</Table.Th>
            <Table.Th>{t('orders.items.pick')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const { ordered, picked } = amount(item);
            return (
              <Table.Tr key={item.id} data-testid="order-item">
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t('orders.items.sku', { sku: item.sku })}
                    </Text>
                    {item.substitute && (
                      <Text size="xs" c="blue">
                        {t('orders.items.substitute', { name: item.substitute.name })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{ordered}</Text>
                  {picked && (
                    <Text size="xs" c="blue" data-testid="order-item-picked">
                      {t('orders.items.picked', { amount: picked })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {item.substitute?.unit_price != null ? (
                    <>
                      <Text size="sm" c="blue" data-testid="order-item-substitute-price">
                        {formatMoney(item.substitute.unit_price)}
                      </Text>
                      <Text size="xs" c="dimmed" td="line-through">
                        {formatMoney(item.unit_price)}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm">{formatMoney(item.unit_price)}</Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {formatMoney(item.total)}
                  </Text>
                  {item.discount > 0 && (
                    <Text size="xs" c="green">
                      −{formatMoney(item.discount)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <PickStatusBadge status={item.pick_status} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
