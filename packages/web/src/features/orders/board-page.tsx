import { Alert, Badge, Box, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
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
import { orderBoardQuery, orderKeys, useAccountId, useCancelOrder, useMoveOrder } from './api';
import { BoardCard } from './board-card';
import { STATUS_COLORS, statusLabel } from './status';
import type { OrderCard } from './types';
import { useOrderChanges } from './use-order-changes';
import { t } from '../../i18n';

const COLUMN_WIDTH = 240;

/** Spec §2 /orders/board: a column per status (count and latest cards), live over the socket; a card moves through its menu. */
export function OrdersBoardPage() {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const board = useQuery(orderBoardQuery(accountId));
  const move = useMoveOrder();
  const cancel = useCancelOrder();
  const confirm = useConfirmModal();
  const [error, setError] = useState<string | null>(null);
  useOrderChanges(() => void queryClient.invalidateQueries({ queryKey: orderKeys.board(accountId) }));

  const report = (e: unknown) => {
    setError(e instanceof ApiError ? e.message : t('errors.generic'));
    throw e;
  };
  const askMove = (order: OrderCard, status: OrderStatus) =>
    confirm.open({
      title: status === 'canceled' ? t('orders.cancel.title', { number: order.number }) : t('orders.move.title', { number: order.number }),
      message: status === 'canceled' ? t('orders.cancel.message', { name: order.customer.name }) : t('orders.move.message', { from: statusLabel(order.status), to: statusLabel(status) }),
      confirmLabel: status === 'canceled' ? t('orders.cancel.confirm') : t('orders.move.confirm'),
      confirmColor: status === 'canceled' ? 'red' : undefined,
      onConfirm: () => {
        setError(null);
        return (status === 'canceled' ? cancel.mutateAsync(order.id) : move.mutateAsync({ id: order.id, status })).catch(report);
      },
    });

  let body;
  if (board.isError) body = <LoadError title={t('orders.board.loadError')} error={board.error} retrying={board.isFetching} onRetry={() => void board.refetch()} testId="board-load-error" />;
  else if (!board.data) body = <PageLoader compact label={t('orders.board.loading')} />;
  else
    body = (
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="orders-board">
          {board.data.columns.map((column) => (
            <Box key={column.status} w={COLUMN_WIDTH} miw={COLUMN_WIDTH} bg="var(--mantine-color-gray-0)" p="xs" style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }} data-testid="board-column" data-status={column.status}>
              <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={700} lh={1.3}>
                  {column.label}
                </Text>
                <Badge variant="light" color={STATUS_COLORS[column.status]} data-testid="board-count">
                  {column.count}
                </Badge>
              </Group>
              <Stack gap={6}>
                {column.orders.length === 0 ? (
                  <Text size="xs" c="dimmed" ta="center" py="sm">
                    {t('orders.board.emptyColumn')}
                  </Text>
                ) : (
                  column.orders.map((order) => <BoardCard key={order.id} order={order} onMove={askMove} />)
                )}
                {column.count > column.orders.length && (
                  <Button size="xs" variant="subtle" renderRoot={(props) => <Link {...props} to="/orders/list" search={{ status: column.status }} />}>
                    {t('orders.board.seeAll', { count: column.count })}
                  </Button>
                )}
              </Stack>
            </Box>
          ))}
        </Group>
      </ScrollArea>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('orders.board.title')}
        description={t('orders.board.subtitle')}
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
