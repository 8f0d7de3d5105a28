import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatMoney } from '../../shared/ui/format';
import { CartStatusBadge } from './cart-status-badge';
import { ITEM_STATUS_COLORS } from './status';
import type { CartSummary } from './types';
import { t, tn } from '../../i18n';

/** Cart, customer, store, items, total, status and when; a cart in review opens its review bar, the others their view. */
export function CartsTable({ carts }: { carts: CartSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 860 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shoppingCarts.columns.customer')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('shoppingCarts.columns.store')}</Table.Th>
            <Table.Th visibleFrom="sm" ta="right">{t('shoppingCarts.columns.items')}</Table.Th>
            <Table.Th ta="right">{t('shoppingCarts.columns.total')}</Table.Th>
            <Table.Th>{t('shoppingCarts.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('shoppingCarts.columns.createdAt')}</Table.Th>
            <Table.Th ta="right">{t('shoppingCarts.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {carts.map((cart) => (
            <Table.Tr key={cart.id} data-testid="cart-row">
              <Table.Td>
                <Stack gap={2}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/shopping-cart/$id" params={{ id: String(cart.id) }} />} size="sm" fw={600}>
                    {cart.customer.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('shoppingCarts.cartNumber', { id: cart.id })}
                  </Text>
                  <Text hiddenFrom="sm" size="xs" c="dimmed">
                    {[cart.location.name, tn('shoppingCarts.itemsCount', cart.items_count, { count: cart.items_count }), formatDateTime(cart.created_at)].join(' · ')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{cart.location.name}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" ta="right">
                <Stack gap={2} align="flex-end">
                  <Text size="sm">{cart.items_count}</Text>
                  {cart.pending_count > 0 && (
                    <Badge size="xs" variant="light" color={ITEM_STATUS_COLORS.pending} tt="none">
                      {tn('shoppingCarts.generate.summary.pending', cart.pending_count, { count: cart.pending_count })}
                    </Badge>
                  )}
                  {cart.stock_out_count > 0 && (
                    <Badge size="xs" variant="light" color={ITEM_STATUS_COLORS.stock_out} tt="none">
                      {tn('shoppingCarts.generate.summary.stock_out', cart.stock_out_count, { count: cart.stock_out_count })}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(cart.total)}
                </Text>
              </Table.Td>
              <Table.Td>
                <CartStatusBadge status={cart.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(cart.created_at)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {cart.status === 'in_review' ? (
                  <Button size="xs" variant="light" renderRoot={(props) => <Link {...props} to="/shopping-carts/review-bar/$cart_id" params={{ cart_id: String(cart.id) }} />} aria-label={t('shoppingCarts.actions.reviewOf', { name: cart.customer.name })}>
                    {t('shoppingCarts.actions.review')}
                  </Button>
                ) : (
                  <Button size="xs" variant="subtle" renderRoot={(props) => <Link {...props} to="/shopping-cart/$id" params={{ id: String(cart.id) }} />} aria-label={t('shoppingCarts.actions.viewOf', { name: cart.customer.name })}>
                    {t('shoppingCarts.actions.view')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
