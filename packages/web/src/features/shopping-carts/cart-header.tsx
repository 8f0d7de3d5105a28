import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { maskPhone } from '../../shared/ui/br-masks';
import { formatDateTime } from '../../shared/ui/format';
import { CartStatusBadge } from './cart-status-badge';
import type { Cart } from './types';
import { t } from '../../i18n';

/** The cart's title line: number, status, customer and store; actions on the right. */
export function CartHeader({ cart, title, back, actions }: { cart: Cart; title: string; back: ReactNode; actions?: ReactNode }) {
  return (
    <Stack gap={6}>
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm">
            <Title order={2}>{title}</Title>
            <CartStatusBadge status={cart.status} size="lg" />
          </Group>
          <Text size="sm" c="dimmed">
            {[
              cart.customer.name,
              cart.customer.phone && maskPhone(cart.customer.phone),
              t('shoppingCarts.storeLine', { store: cart.location.name }),
              t('shoppingCarts.createdLine', { when: formatDateTime(cart.created_at) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
