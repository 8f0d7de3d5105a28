import { Alert, Avatar, Box, Button, Card, Center, Container, Divider, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconLinkOff, IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { ApiError } from '../../shared/api/client';
import { formatMoney } from '../../shared/ui/format';
import { publicCartQuery, usePublicCheckout } from './api';
import { formatQuantity, formatUnitPrice, productLabel } from './cart-format';
import { ProductThumb } from './product-thumb';
import { TotalsPanel } from './totals-panel';
import type { PublicCart } from './types';
import { t, tn } from '../../i18n';

/** Spec §2 / issue 20: the page the customer's link opens (no sign-in), phone first: the cart read-only and "Finalizar compra". */
export function PublicCartPage({ token }: { token: string }) {
  const cart = useQuery(publicCartQuery(token));
  if (cart.isError) return <PublicCartError error={cart.error} onRetry={() => void cart.refetch()} />;
  if (!cart.data)
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  return <PublicCart cart={cart.data} token={token} />;
}

function PublicCartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const gone = error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 410);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center" data-testid="public-cart-not-found">
        <ThemeIcon variant="light" color="gray" size={64} radius="xl">
          <IconLinkOff size={32} />
        </ThemeIcon>
        <Title order={3}>{gone ? t('shoppingCarts.public.notFoundTitle') : t('shoppingCarts.public.errorTitle')}</Title>
        <Text c="dimmed">{gone ? t('shoppingCarts.public.notFoundText') : t('shoppingCarts.public.errorText')}</Text>
        {!gone && (
          <Button variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

function PublicCart({ cart, token }: { cart: PublicCart; token: string }) {
  const checkout = usePublicCheckout(token);
  const finish = () =>
    checkout.mutate(undefined, {
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
    });
  const color = cart.account.header_color ?? 'var(--mantine-color-blue-7)';
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box bg={color} c="white" py="md" px="md">
        <Container size="sm" px={0}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={cart.account.logo} alt={cart.account.name} radius="md" size={44} color="white" variant="white">
              {cart.account.name.slice(0, 1)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Text fw={700} size="lg" truncate="end">
                {cart.account.name}
              </Text>
              <Text size="sm" opacity={0.9} truncate="end">
                {cart.store.name}
              </Text>
            </Stack>
          </Group>
        </Container>
      </Box>
      <Container size="sm" px="md" pt="md" w="100%" style={{ flex: 1 }}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={3}>{t('shoppingCarts.public.greeting', { name: cart.customer_name })}</Title>
            <Text c="dimmed" size="sm">
              {t('shoppingCarts.public.intro')}
            </Text>
          </Stack>
          <Card withBorder radius="md" padding="sm">
            <Text fw={700} mb="xs">
              {tn('shoppingCarts.itemsCount', cart.items.length, { count: cart.items.length })}
            </Text>
            {cart.items.map((item, index) => {
              const name = productLabel(item);
              return (
                <Fragment key={index}>
                  {index > 0 && <Divider />}
                  <Group py="sm" gap="sm" wrap="nowrap" justify="space-between" data-testid="public-cart-item">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <ProductThumb src={item.asset} alt={name} size={56} />
                      <Stack gap={2} miw={0}>
                        <Text size="sm" fw={500} lineClamp={2}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('shoppingCarts.public.quantityLine', { quantity: formatQuantity(item), price: formatUnitPrice(item) })}
                        </Text>
                      </Stack>
                    </Group>
                    <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="sm" fw={700}>
                        {formatMoney(item.sub_total)}
                      </Text>
                      {item.discount > 0 && (
                        <Text size="xs" c="green.7">
                          −{formatMoney(item.discount)}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Fragment>
              );
            })}
          </Card>
          <Card withBorder radius="md" padding="md">
            <TotalsPanel cart={cart} />
          </Card>
          {checkout.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {checkout.error instanceof ApiError ? checkout.error.message : t('shoppingCarts.public.checkoutError')}
            </Alert>
          )}
        </Stack>
      </Container>
      <Box pos="sticky" bottom={0} bg="white" py="sm" px="md" mt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', boxShadow: '0 -4px 12px rgba(0,0,0,0.06)' }}>
        <Container size="sm" px={0}>
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('shoppingCarts.totals.total')}
              </Text>
              <Text fw={800} size="xl">
                {formatMoney(cart.total)}
              </Text>
            </Stack>
            <Button size="lg" leftSection={<IconShoppingBag size={20} />} onClick={finish} loading={checkout.isPending || checkout.isSuccess} disabled={cart.items.length === 0}>
              {t('shoppingCarts.public.checkout')}
            </Button>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
