import { Alert, Card, Grid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconShoppingCartOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { BackLink } from '../../shared/components/back-link';
import { PageLoader } from '../../shared/components/page-loader';
import { cartQuery, useAccountId, useUpdateCart } from './api';
import { CartActions } from './cart-actions';
import { CartGroups } from './cart-groups';
import { CartHeader } from './cart-header';
import { CartLoadError } from './cart-load-error';
import { CouponField } from './coupon-field';
import { AddItemForm } from './add-item-form';
import { TotalsPanel } from './totals-panel';
import { isEditable } from './status';
import type { CartChange } from './cart-changes';
import type { Cart } from './types';
import { t } from '../../i18n';

/** Spec §2 /shopping-carts/review-bar/{cart_id}: the cart's loading and error states around the review. */
export function ReviewPage({ cartId }: { cartId: number }) {
  const cart = useQuery(cartQuery(useAccountId(), cartId));
  if (cart.isError) return <CartLoadError error={cart.error} retrying={cart.isFetching} onRetry={() => void cart.refetch()} />;
  if (!cart.data) return <PageLoader label={t('shoppingCarts.loadingCart')} />;
  return <Review cart={cart.data} />;
}

function Review({ cart }: { cart: Cart }) {
  const update = useUpdateCart(cart);
  const editable = isEditable(cart.status);

  const apply = (change: CartChange) => update.mutate(change);

  return (
    <Stack gap="lg">
      <CartHeader cart={cart} title={t('shoppingCarts.review.title', { id: cart.id })} back={<BackLink to="/shopping-carts" label={t('shoppingCarts.backToList')} />} />
      {!editable && (
        <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('shoppingCarts.review.readOnly')}
        </Alert>
      )}
      {update.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} withCloseButton onClose={() => update.reset()} data-testid="update-error">
          {update.error instanceof ApiError ? update.error.message : t('errors.generic')}
        </Alert>
      )}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <CartGroups groups={cart.groups} editable={editable} busy={update.isPending} onChange={apply} />
            {editable && (
              <Card withBorder radius="md" padding="md">
                <AddItemForm busy={update.isPending} onAdd={(text) => apply({ kind: 'addText', text })} />
              </Card>
            )}
            {cart.items.length === 0 && (
              <Card withBorder radius="md">
                <Stack align="center" gap={4} py="lg">
                  <IconShoppingCartOff size={28} />
                  <Text c="dimmed" size="sm">
                    {t('shoppingCarts.review.noItems')}
                  </Text>
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Card withBorder radius="md" padding="md" style={{ position: 'sticky', top: 80 }} data-testid="review-bar">
            <Stack gap="md">
              <Text fw={700}>{t('shoppingCarts.review.summary')}</Text>
              <CouponField code={cart.coupon_code} rejection={cart.coupon_rejection} editable={editable} busy={update.isPending} onApply={(code) => apply({ kind: 'coupon', code })} />
              <TotalsPanel cart={cart} />
              <CartActions cart={cart} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
