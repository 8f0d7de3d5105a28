import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconDiscount, IconMapPin, IconRotateClockwise, IconShieldCheck, IconShieldX, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderStatus } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatMoney } from '../../shared/ui/format';
import { useCancelOrder, useFraudDecision, useMoveOrder, useOrderAddress, useOrderDiscount, useRestartPicking, type OrderAddressBody, type OrderDiscountBody } from './api';
import { AddressModal } from './address-modal';
import { DiscountModal } from './discount-modal';
import { statusLabel } from './status';
import type { FullOrder } from './types';
import { t } from '../../i18n';

// Which buttons to offer; the API decides (409/422 shown in its words).
const IN_STORE: readonly OrderStatus[] = ['created', 'payment_pending', 'paid', 'picking', 'picked', 'ready'];
const RESTARTABLE: readonly OrderStatus[] = ['picked', 'ready'];

/**
 * The order's actions, each confirmed: its next statuses (with an optional note), cancellation,
 * picking restart, manual discount, delivery address, and the fraud analysis result while it is
 * pending. A refusal (409/422) shows the server's message.
 */
export function OrderActions({ full }: { full: FullOrder }) {
  const { order, next_statuses } = full;
  const move = useMoveOrder();
  const cancel = useCancelOrder();
  const restart = useRestartPicking();
  const discount = useOrderDiscount();
  const fraud = useFraudDecision();
  const address = useOrderAddress();
  const confirm = useConfirmModal();
  const [form, setForm] = useState<'discount' | 'address' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<unknown>) => {
    setError(null);
    return action().catch((e: unknown) => {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
      throw e;
    });
  };
  const moves = next_statuses.filter((s) => s !== 'canceled');
  const number = order.number;
  const inStore = IN_STORE.includes(order.status);

  const askMove = (status: OrderStatus) =>
    confirm.open({
      title: t('orders.move.title', { number }),
      message: t(status === 'refunded' ? 'orders.move.refundedMessage' : 'orders.move.message', { from: statusLabel(order.status), to: statusLabel(status) }),
      confirmLabel: t('orders.move.confirm'),
      withNote: true,
      onConfirm: (note) => run(() => move.mutateAsync({ id: order.id, status, note })),
    });

  const askCancel = () =>
    confirm.open({
      title: t('orders.cancel.title', { number }),
      message: t('orders.cancel.message', { name: order.customer.name }),
      confirmLabel: t('orders.cancel.confirm'),
      cancelLabel: t('orders.cancel.keep'),
      confirmColor: 'red',
      onConfirm: () => run(() => cancel.mutateAsync(order.id)),
    });

  const askRestart = () =>
    confirm.open({
      title: t('orders.restart.title', { number }),
      message: t('orders.restart.message'),
      confirmLabel: t('orders.restart.confirm'),
      confirmColor: 'orange',
      onConfirm: () => run(() => restart.mutateAsync(order.id)),
    });

  const askFraud = (status: 'approved' | 'denied') =>
    confirm.open({
      title: t(`orders.fraudDecision.${status}.title`, { number }),
      message: t(`orders.fraudDecision.${status}.message`),
      confirmLabel: t(`orders.fraudDecision.${status}.confirm`),
      confirmColor: status === 'denied' ? 'red' : 'green',
      onConfirm: () => run(() => fraud.mutateAsync({ orderId: order.id, status })),
    });

  const askDiscount = (body: OrderDiscountBody) => {
    setForm(null);
    const what = body.amount !== undefined ? formatMoney(body.amount) : `${String(body.percent).replace('.', ',')}%`;
    confirm.open({
      title: t('orders.discount.title', { number }),
      message: t('orders.discount.confirmMessage', { what, reason: body.reason }),
      confirmLabel: t('orders.discount.confirm'),
      onConfirm: () => run(() => discount.mutateAsync(body)),
    });
  };

  const askAddress = (body: OrderAddressBody) => {
    setForm(null);
    confirm.open({
      title: t('orders.address.title', { number }),
      message: t('orders.address.confirmMessage', { address: `${body.street}, ${body.number} — ${body.city}/${body.state}` }),
      confirmLabel: t('orders.address.confirm'),
      onConfirm: () => run(() => address.mutateAsync({ id: order.id, body })),
    });
  };

  const tools = [
    RESTARTABLE.includes(order.status) && (
      <Button key="restart" variant="default" leftSection={<IconRotateClockwise size={16} />} onClick={askRestart}>
        {t('orders.restart.button')}
      </Button>
    ),
    inStore && (
      <Button key="discount" variant="default" leftSection={<IconDiscount size={16} />} onClick={() => setForm('discount')}>
        {t('orders.discount.button')}
      </Button>
    ),
    inStore && order.fulfilment === 'delivery' && (
      <Button key="address" variant="default" leftSection={<IconMapPin size={16} />} onClick={() => setForm('address')}>
        {t('orders.address.button')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <>
      {order.fraud_status === 'pending' && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} title={t('orders.fraudDecision.pendingTitle')} data-testid="fraud-pending">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('orders.fraudDecision.pendingText')}</Text>
            <Group gap="xs">
              <Button size="xs" color="green" leftSection={<IconShieldCheck size={14} />} onClick={() => askFraud('approved')}>
                {t('orders.fraudDecision.approved.button')}
              </Button>
              <Button size="xs" color="red" variant="light" leftSection={<IconShieldX size={14} />} onClick={() => askFraud('denied')}>
                {t('orders.fraudDecision.denied.button')}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {(next_statuses.length > 0 || tools.length > 0) && (
        <Group justify="space-between" gap="sm">
          <Group gap="sm" data-testid="order-actions">
            {moves.map((status) => (
              <Button key={status} leftSection={<IconArrowRight size={16} />} onClick={() => askMove(status)} variant={status === moves[0] ? 'filled' : 'default'}>
                {t('orders.move.to', { status: statusLabel(status) })}
              </Button>
            ))}
            {next_statuses.includes('canceled') && (
              <Button color="red" variant="subtle" leftSection={<IconX size={16} />} onClick={askCancel}>
                {t('orders.cancel.button')}
              </Button>
            )}
          </Group>
          {tools.length > 0 && (
            <Group gap="sm" data-testid="order-tools">
              {tools}
            </Group>
          )}
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="order-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <DiscountModal key={`d${order.version}`} order={order} opened={form === 'discount'} onClose={() => setForm(null)} onSubmit={askDiscount} />
      {order.fulfilment === 'delivery' && <AddressModal key={`a${order.version}`} order={order} opened={form === 'address'} onClose={() => setForm(null)} onSubmit={askAddress} />}
      {confirm.modal}
    </>
  );
}
