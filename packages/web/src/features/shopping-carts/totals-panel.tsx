import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../shared/ui/format';
import type { Cart } from './types';
import { t } from '../../i18n';

/** Sub-total, the discount with the promotions that make it, and the total. */
export function TotalsPanel({ cart }: { cart: Pick<Cart, 'sub_total' | 'discount' | 'total'> & { applied_promotions?: Cart['applied_promotions'] } }) {
  const promotions = cart.applied_promotions ?? [];
  return (
    <Stack gap={6} data-testid="cart-totals">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('shoppingCarts.totals.subTotal')}
        </Text>
        <Text size="sm" data-testid="cart-subtotal">
          {formatMoney(cart.sub_total)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('shoppingCarts.totals.discount')}
        </Text>
        <Text size="sm" c={cart.discount > 0 ? 'green.7' : undefined} data-testid="cart-discount">
          {cart.discount > 0 ? `−${formatMoney(cart.discount)}` : formatMoney(0)}
        </Text>
      </Group>
      {promotions.length > 0 && (
        <Stack gap={2} pl="sm" data-testid="cart-promotions">
          {promotions.map((p) => (
            <Group key={p.promotion_id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed" truncate="end">
                {p.code ? t('shoppingCarts.totals.couponPromotion', { name: p.name, code: p.code }) : p.name}
              </Text>
              <Text size="xs" c="green.7" style={{ whiteSpace: 'nowrap' }}>
                −{formatMoney(p.discount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Divider my={4} />
      <Group justify="space-between">
        <Text fw={700}>{t('shoppingCarts.totals.total')}</Text>
        <Text fw={800} size="xl" data-testid="cart-total">
          {formatMoney(cart.total)}
        </Text>
      </Group>
    </Stack>
  );
}
