import { Anchor, Button, Card, Grid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BackLink } from '../../shared/components/back-link';
import { PageLoader } from '../../shared/components/page-loader';
import { cartQuery, useAccountId } from './api';
import { CartGroups } from './cart-groups';
import { CartHeader } from './cart-header';
import { CartLoadError } from './cart-load-error';
import { CartTimeline } from './cart-timeline';
import { TotalsPanel } from './totals-panel';
import { t } from '../../i18n';

const noop = () => undefined;

/** Spec §2 /shopping-cart/{id}: the cart read-only, with its timeline; in review, the way to its review bar. */
export function CartViewPage({ cartId }: { cartId: number }) {
  const query = useQuery(cartQuery(useAccountId(), cartId));
  if (query.isError) return <CartLoadError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  const cart = query.data;
  if (!cart) return <PageLoader label={t('shoppingCarts.loadingCart')} />;
  return (
    <Stack gap="lg">
      <CartHeader
        cart={cart}
        title={t('shoppingCarts.view.title', { id: cart.id })}
        back={<BackLink to="/shopping-carts" label={t('shoppingCarts.backToList')} />}
        actions={
          cart.status === 'in_review' && (
            <Button leftSection={<IconClipboardCheck size={18} />} renderRoot={(props) => <Link {...props} to="/shopping-carts/review-bar/$cart_id" params={{ cart_id: String(cart.id) }} />}>
              {t('shoppingCarts.view.openReview')}
            </Button>
          )
        }
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <CartGroups groups={cart.groups} editable={false} busy={false} onChange={noop} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Text fw={700}>{t('shoppingCarts.review.summary')}</Text>
                {cart.coupon_code && <Text size="sm">{t('shoppingCarts.view.coupon', { code: cart.coupon_code })}</Text>}
                <TotalsPanel cart={cart} />
                {cart.link && (
                  <Anchor href={cart.link} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                    {t('shoppingCarts.view.customerLink')}
                  </Anchor>
                )}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text fw={700} mb="sm">
                {t('shoppingCarts.view.timeline')}
              </Text>
              <CartTimeline cart={cart} />
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text fw={700} mb={4}>
                {t('shoppingCarts.view.list')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c="dimmed" data-testid="cart-list-text">
                {cart.list}
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
