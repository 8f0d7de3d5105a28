import { Alert, Button, Group, ScrollArea, Stack } from '@mantine/core';
import { IconAlertCircle, IconList } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderStatus } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { fullOrderQuery, orderBoardQuery, orderKeys, useAccountId, useCancelOrder, useMoveOrder } from './api';
import { BoardColumn, type BoardDrag } from './board-column';
import { statusLabel } from './status';
import type { OrderCard } from './types';
import { useOrderChanges } from './use-order-changes';
import { t } from '../../i18n';

/**
 * Spec §2 /orders/board: a column per status (count and latest cards), live over the socket; a card
 * moves by dragging it to another column (HTML5 drag and drop) or through its menu, after a confirmation.
 */
export function OrdersBoardPage() {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const board = useQuery(orderBoardQuery(accountId));
  const move = useMoveOrder();
  const cancel = useCancelOrder();
  const confirm = useConfirmModal();
  const [error, setError] = useState<string | null>(null);
  const [drag, setDrag] = useState<BoardDrag | null>(null);
  useOrderChanges(() => void queryClient.invalidateQueries({ queryKey: orderKeys.board(accountId) }));

  const report = (e: unknown) => {
    setError(e instanceof ApiError ? e.message : t('errors.generic'));
    throw e;
  };
  const askMove = (order: OrderCard, status: OrderStatus) =>
    confirm.open({
      title: status === 'canceled' ? t('orders.cancel.title', { number: order.number }) : t('orders.move.title', { number: order.number }),
      message: status === 'canceled' ? t('orders.cancel.message', { name: order.customer.name }) : t(status === 'refunded' ? 'orders.move.refundedMessage' : 'orders.move.message', { from: statusLabel(order.status), to: statusLabel(status) }),
      confirmLabel: status === 'canceled' ? t('orders.cancel.confirm') : t('orders.move.confirm'),
      confirmColor: status === 'canceled' ? 'red' : undefined,
      onConfirm: () => {
        setError(null);
        return (status === 'canceled' ? cancel.mutateAsync(order.id) : move.mutateAsync({ id: order.id, status })).catch(report);
      },
    });

  // Dragging: the card's allowed statuses come from the API (the full order), never from a copy of the state machine here.
  const startDrag = (order: OrderCard) => {
    const allowed = queryClient.fetchQuery(fullOrderQuery(accountId, order.id)).then((full) => full.next_statuses);
    // After the dragstart event: re-laying out the board inside it would make the browser abort the drag.
    setTimeout(() => {
      setDrag({ order, allowed: null });
      allowed.then(
        (statuses) => setDrag((d) => (d && d.order.id === order.id ? { ...d, allowed: statuses } : d)),
        () => undefined,
      );
    }, 0);
  };
  const drop = (status: OrderStatus) => {
    const order = drag?.order;
    setDrag(null);
    if (order && order.status !== status) askMove(order, status);
  };

  let body;
  if (board.isError) body = <LoadError title={t('orders.board.loadError')} error={board.error} retrying={board.isFetching} onRetry={() => void board.refetch()} testId="board-load-error" />;
  else if (!board.data) body = <PageLoader compact label={t('orders.board.loading')} />;
  else
    body = (
      <ScrollArea type="auto" offsetScrollbars>
        <Group align={drag ? 'stretch' : 'flex-start'} wrap="nowrap" gap="sm" data-testid="orders-board" data-dragging={drag ? drag.order.id : undefined}>
          {board.data.columns.map((column) => (
            <BoardColumn key={column.status} column={column} drag={drag} onMove={askMove} onDragStart={startDrag} onDragEnd={() => setDrag(null)} onDrop={drop} />
          ))}
        </Group>
      </ScrollArea>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('orders.board.title')}
        description={`${t('orders.board.subtitle')} ${t('orders.board.dragHint')}`}
        actions={
          <Button variant="default" leftSection={<IconList size={18} />} renderRoot={(props) => <Link {...props} to="/orders/list" />}>
            {t('orders.board.list')}
          </Button>
        }
      />
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="order-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {body}
      {confirm.modal}
    </Stack>
  );
}
