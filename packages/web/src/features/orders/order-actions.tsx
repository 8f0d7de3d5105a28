import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderStatus } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { useCancelOrder, useMoveOrder } from './api';
import { statusLabel } from './status';
import type { FullOrder } from './types';
import { t } from '../../i18n';

/** The order's next statuses (each confirmed, with an optional note) and its cancellation; a refusal (409) shows the server's message. */
export function OrderActions({ full }: { full: FullOrder }) {
  const { order, next_statuses } = full;
  const move = useMoveOrder();
  const cancel = useCancelOrder();
  const confirm = useConfirmModal();
  const [error, setError] = useState<string | null>(null);
  const report = (e: unknown) => {
    setError(e instanceof ApiError ? e.message : t('errors.generic'));
    throw e;
  };
  const moves = next_statuses.filter((s) => s !== 'canceled');
  const number = order.number;

  const askMove = (status: OrderStatus) =>
    confirm.open({
      title: t('orders.move.title', { number }),
      message: t('orders.move.message', { from: statusLabel(order.status), to: statusLabel(status) }),
      confirmLabel: t('orders.move.confirm'),
      withNote: true,
      onConfirm: (note) => {
        setError(null);
        return move.mutateAsync({ id: order.id, status, note }).catch(report);
      },
    });

  const askCancel = () =>
    confirm.open({
      title: t('orders.cancel.title', { number }),
      message: t('orders.cancel.message', { name: order.customer.name }),
      confirmLabel: t('orders.cancel.confirm'),
      cancelLabel: t('orders.cancel.keep'),
      confirmColor: 'red',
      onConfirm: () => {
        setError(null);
        return cancel.mutateAsync(order.id).catch(report);
      },
    });

  return (
    <>
      {next_statuses.length > 0 && (
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
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="order-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {confirm.modal}
    </>
  );
}
