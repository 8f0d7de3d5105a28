import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMotorbike, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { LoadError } from '../../shared/components/load-error';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatDateTime, formatMoney } from '../../shared/ui/format';
import { deliveryKeys, orderDeliveriesQuery, useAccountId, useCancelDelivery, useRequestCourier, type Delivery } from './api';
import { DeliveryTimeline } from './delivery-timeline';
import { formatKm } from './format';
import { useDeliveryChanges } from './use-delivery-changes';
import { t, tn } from '../../i18n';

type Order = Pick<components['schemas']['Order'], 'id' | 'number' | 'status' | 'fulfilment'>;

const STATUS_COLORS: Record<Delivery['status'], string> = {
  requested: 'blue',
  courier_assigned: 'indigo',
  picked_up: 'violet',
  delivered: 'teal',
  failed: 'red',
  returned: 'orange',
  canceled: 'gray',
};

/** A courier is requested for an order that is ready (or picked), as the API allows. */
const REQUESTABLE: readonly Order['status'][] = ['ready', 'picked'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

function DeliveryFacts({ d }: { d: Delivery }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="sm" verticalSpacing="xs">
      <Fact label={t('deliveryHub.card.courier')}>
        {d.courier ? (
          <Group gap={6} wrap="nowrap">
            <IconMotorbike size={16} />
            <span data-testid="delivery-courier">{`${d.courier.name} · ${d.courier.vehicle}`}</span>
          </Group>
        ) : (
          <Text span c="dimmed" size="sm">
            {t('deliveryHub.card.noCourier')}
          </Text>
        )}
      </Fact>
      <Fact label={t('deliveryHub.card.eta')}>{d.delivered_at ? t('deliveryHub.card.deliveredAt', { when: formatDateTime(d.delivered_at) }) : d.eta ? formatDateTime(d.eta) : '—'}</Fact>
      {d.slot_start && d.slot_end && (
        <Fact label={t('deliveryHub.card.window')}>
          {t('deliveryHub.card.windowValue', { day: new Date(d.slot_start).toLocaleDateString('pt-BR'), start: time(d.slot_start), end: time(d.slot_end) })}
          {d.on_time !== null && (
            <Badge ml="xs" size="sm" variant="light" color={d.on_time ? 'teal' : 'red'} tt="none">
              {t(d.on_time ? 'deliveryHub.card.onTime' : 'deliveryHub.card.late')}
            </Badge>
          )}
        </Fact>
      )}
      <Fact label={t('deliveryHub.card.feeDistance')}>{`${formatMoney(d.fee)} · ${formatKm(d.distance_km)}`}</Fact>
      {(d.failure_reason || d.cancel_reason) && <Fact label={t('deliveryHub.card.reason')}>{d.failure_reason ?? d.cancel_reason}</Fact>}
    </SimpleGrid>
  );
}

/**
 * The order's delivery on its page: the latest delivery's status, courier, ETA and timeline, with
 * "Solicitar entregador" and "Cancelar entrega" behind confirmations; refreshed when the order or
 * its delivery changes. Nothing for a pickup order.
 */
export function OrderDeliveryCard({ order }: { order: Order }) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderDeliveriesQuery(accountId, order.id), enabled: order.fulfilment === 'delivery' });
  const request = useRequestCourier(order.id);
  const cancel = useCancelDelivery();
  const confirm = useConfirmModal();
  const [error, setError] = useState<string | null>(null);
  useDeliveryChanges(order.id, () => void queryClient.invalidateQueries({ queryKey: deliveryKeys.order(accountId, order.id) }));
  if (order.fulfilment !== 'delivery') return null;

  const run = (action: () => Promise<unknown>) => {
    setError(null);
    return action().catch((e: unknown) => {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
      throw e;
    });
  };
  const deliveries = query.data ?? [];
  const latest = deliveries[0];
  const canRequest = REQUESTABLE.includes(order.status) && !latest?.active;

  const askRequest = () =>
    confirm.open({
      title: t('deliveryHub.card.request.title', { number: order.number }),
      message: t('deliveryHub.card.request.message'),
      confirmLabel: t('deliveryHub.card.request.confirm'),
      onConfirm: () => run(() => request.mutateAsync()),
    });
  const askCancel = (d: Delivery) =>
    confirm.open({
      title: t('deliveryHub.card.cancel.title', { number: order.number }),
      message: t('deliveryHub.card.cancel.message'),
      confirmLabel: t('deliveryHub.card.cancel.confirm'),
      cancelLabel: t('deliveryHub.card.cancel.keep'),
      confirmColor: 'red',
      noteRequired: true,
      noteLabel: t('deliveryHub.card.cancel.reason'),
      notePlaceholder: t('deliveryHub.card.cancel.reasonPlaceholder'),
      onConfirm: (reason) => run(() => cancel.mutateAsync({ deliveryId: d.id, reason })),
    });

  let body: ReactNode;
  if (query.isError) body = <LoadError inline error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} testId="delivery-card-error" />;
  else if (!query.data)
    body = (
      <Group gap="xs" data-testid="delivery-card-loading">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('deliveryHub.card.loading')}
        </Text>
      </Group>
    );
  else if (!latest)
    body = (
      <Text size="sm" c="dimmed" data-testid="delivery-card-empty">
        {t(REQUESTABLE.includes(order.status) ? 'deliveryHub.card.none' : 'deliveryHub.card.notReady')}
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        <DeliveryFacts d={latest} />
        <DeliveryTimeline events={latest.events} />
        {deliveries.length > 1 && (
          <Text size="xs" c="dimmed">
            {tn('deliveryHub.card.earlier', deliveries.length - 1, { count: deliveries.length - 1 })}
          </Text>
        )}
      </Stack>
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-delivery-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconTruckDelivery size={20} />
            <Title order={5}>{t('deliveryHub.card.title')}</Title>
            {latest && (
              <Badge variant="light" color={STATUS_COLORS[latest.status]} tt="none" data-testid="delivery-status" data-status={latest.status}>
                {t(`deliveryHub.status.${latest.status}`)}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {latest?.active && (
              <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => askCancel(latest)}>
                {t('deliveryHub.card.cancel.button')}
              </Button>
            )}
            {canRequest && (
              <Button size="xs" leftSection={<IconMotorbike size={14} />} onClick={askRequest} disabled={!query.data}>
                {t('deliveryHub.card.request.button')}
              </Button>
            )}
          </Group>
        </Group>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="delivery-error" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {body}
      </Stack>
      {confirm.modal}
    </Card>
  );
}
