import { Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { formatDateTime } from '../../shared/ui/format';
import { fullOrderQuery, orderKeys, useAccountId } from './api';
import { OrderDeliveryCard } from '../delivery/order-delivery-card';
import { OrderPaymentCard } from '../financial/order-payment-card';
import { OrderActions } from './order-actions';
import { OrderItems } from './order-items';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { OrderTotals } from './order-totals';
import { PickingPanel } from './picking-panel';
import { channelLabel } from './status';
import type { Order } from './types';
import { useOrderChanges } from './use-order-changes';
import { t, tn } from '../../i18n';

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function address(order: Order) {
  const a = order.address;
  if (!a) return null;
  return [`${a.street}, ${a.number}`, a.complement, a.neighborhood, `${a.city}/${a.state}`, a.zip_code].filter(Boolean).join(' · ');
}

/** Spec §2 /order/{id}: the order, its lines, totals and timeline, and the moves it allows now; live with the account's order events. */
export function OrderPage({ orderId }: { orderId: number }) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const query = useQuery(fullOrderQuery(accountId, orderId));
  const [picking, setPicking] = useState(false);
  useOrderChanges((change) => {
    if (change.id === orderId) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(accountId, orderId) });
  });
  const back = <BackLink to="/orders/list" label={t('orders.backToList')} />;
  if (query.isError)
    return (
      <Stack gap="lg">
        {back}
        <LoadError title={t('orders.loadOrderError')} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} testId="order-load-error" />
      </Stack>
    );
  const full = query.data;
  if (!full) return <PageLoader label={t('orders.loadingOrder')} />;
  const { order } = full;
  const where = address(order);
  return (
    <Stack gap="lg">
      <PageHeader back={back} title={t('orders.view.title', { number: order.number })} description={t('orders.view.createdAt', { when: formatDateTime(order.created_at) })} actions={<OrderStatusBadge status={order.status} size="lg" />} />
      <Card withBorder radius="md" padding="md" data-testid="order-header">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="lg" verticalSpacing="sm">
          <Fact label={t('orders.view.customer')} testId="order-customer">
            {order.customer.name}
          </Fact>
          <Fact label={t('orders.view.store')}>{order.location.name}</Fact>
          <Fact label={t('orders.view.channel')}>
            {channelLabel(order.channel)}
            {order.external_id && (
              <Text span size="xs" c="dimmed">
                {' '}
                · {order.external_id}
              </Text>
            )}
          </Fact>
          <Fact label={t('orders.view.fulfilment')}>
            {t(`orders.fulfilment.${order.fulfilment}`)}
            {order.slot && (
              <Text span size="xs" c="dimmed">
                {' '}
                · {order.slot.date.split('-').reverse().join('/')}
              </Text>
            )}
          </Fact>
          <Fact label={t('orders.view.payment')}>
            {order.pays_in_person ? t('orders.view.paysInPerson') : t('orders.view.paysOnline')}
            {order.fraud_status !== 'not_required' && (
              <Badge ml={6} size="xs" variant="light" tt="none" color={order.fraud_status === 'denied' ? 'red' : order.fraud_status === 'approved' ? 'green' : 'yellow'}>
                {t(`orders.fraud.${order.fraud_status}`)}
              </Badge>
            )}
          </Fact>
        </SimpleGrid>
        {where && (
          <Text size="sm" mt="sm" c="dimmed">
            {where}
          </Text>
        )}
      </Card>
      <OrderActions full={full} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding={0}>
              <Group justify="space-between" p="md" pb={0} gap="sm">
                <Text fw={700}>{tn('orders.view.items', full.items.length, { count: full.items.length })}</Text>
                {order.status === 'picking' && (
                  <Button size="xs" leftSection={<IconPackage size={16} />} onClick={() => setPicking(true)}>
                    {t('orders.picking.open')}
                  </Button>
                )}
              </Group>
              <OrderItems items={full.items} />
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text fw={700} mb="sm">
                {t('orders.view.totals')}
              </Text>
              <OrderTotals order={order} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" data-testid="order-side">
            <OrderPaymentCard order={order} />
            <OrderDeliveryCard order={order} />
            <Card withBorder radius="md" padding="md">
              <Text fw={700} mb="sm">
                {t('orders.view.timeline')}
              </Text>
              <OrderTimeline events={full.events} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {order.status === 'picking' && <PickingPanel full={full} opened={picking} onClose={() => setPicking(false)} />}
    </Stack>
  );
}
