import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../shared/ui/format';
import type { Order } from './types';
import { t } from '../../i18n';

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** Subtotal, promotion and manual discounts, delivery fee and the total. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <Stack gap={6}>
      <Line label={t('orders.totals.subtotal')} value={formatMoney(order.sub_total)} />
      <Line label={t('orders.totals.discount')} value={order.discount > 0 ? `−${formatMoney(order.discount)}` : formatMoney(0)} />
      {order.manual_discount > 0 && <Line label={t('orders.totals.manualDiscount')} value={`−${formatMoney(order.manual_discount)}`} />}
      <Line label={t('orders.totals.deliveryFee')} value={formatMoney(order.delivery_fee)} />
      {order.applied_promotions.map((p) => (
        <Text key={p.promotion_id} size="xs" c="green">
          {t('orders.totals.promotion', { name: p.name, value: formatMoney(p.discount) })}
        </Text>
      ))}
      {order.coupon_code && <Text size="xs">{t('orders.totals.coupon', { code: order.coupon_code })}</Text>}
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>{t('orders.totals.total')}</Text>
        <Text fw={700} data-testid="order-total">
          {formatMoney(order.total)}
        </Text>
      </Group>
    </Stack>
  );
}
