import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderStatus } from '@backoffice/contracts';
import { BoardCard } from './board-card';
import { STATUS_COLORS, statusLabel } from './status';
import type { OrderBoard, OrderCard } from './types';
import { t } from '../../i18n';

const COLUMN_WIDTH = 240;

/** The card being dragged and, once the API told, the statuses it may go to (null: not known yet, the server decides). */
export interface BoardDrag {
  order: OrderCard;
  allowed: OrderStatus[] | null;
}

/** Where a column stands while a card is dragged: a target it may be dropped on, one it may not, or its own. */
export function dropState(drag: BoardDrag | null, status: OrderStatus): 'idle' | 'own' | 'allowed' | 'blocked' {
  if (!drag) return 'idle';
  if (drag.order.status === status) return 'own';
  return drag.allowed === null || drag.allowed.includes(status) ? 'allowed' : 'blocked';
}

interface BoardColumnProps {
  column: OrderBoard['columns'][number];
  drag: BoardDrag | null;
  onMove: (order: OrderCard, status: OrderStatus) => void;
  onDragStart: (order: OrderCard) => void;
  onDragEnd: () => void;
  onDrop: (status: OrderStatus) => void;
}

/** A status column: its count and latest cards; while a card is dragged, highlighted when the order may go there, dimmed when not. */
export function BoardColumn({ column, drag, onMove, onDragStart, onDragEnd, onDrop }: BoardColumnProps) {
  const [over, setOver] = useState(false);
  const state = dropState(drag, column.status);
  const accepts = state === 'allowed';
  const border = accepts ? `2px dashed var(--mantine-color-${over ? 'blue-6' : 'blue-4'})` : '1px solid var(--mantine-color-gray-3)';
  return (
    <Box
      w={COLUMN_WIDTH}
      miw={COLUMN_WIDTH}
      bg={accepts ? (over ? 'var(--mantine-color-blue-1)' : 'var(--mantine-color-blue-0)') : 'var(--mantine-color-gray-0)'}
      p={accepts ? 7 : 'xs'}
      style={{ borderRadius: 8, border, opacity: state === 'blocked' ? 0.45 : 1, transition: 'opacity 120ms, background-color 120ms', minHeight: drag ? 160 : undefined }}
      data-testid="board-column"
      data-status={column.status}
      data-drop={state}
      aria-label={accepts ? t('orders.board.dropHere', { status: statusLabel(column.status) }) : undefined}
      onDragOver={(e) => {
        if (!accepts) return;
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        setOver(false);
        if (!accepts) return;
        e.preventDefault();
        onDrop(column.status);
      }}
    >
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
            {accepts ? t('orders.board.dropHere', { status: statusLabel(column.status) }) : t('orders.board.emptyColumn')}
          </Text>
        ) : (
          column.orders.map((order) => <BoardCard key={order.id} order={order} onMove={onMove} onDragStart={onDragStart} onDragEnd={onDragEnd} dragging={drag?.order.id === order.id} />)
        )}
        {column.count > column.orders.length && (
          <Button size="xs" variant="subtle" renderRoot={(props) => <Link {...props} to="/orders/list" search={{ status: column.status }} />}>
            {t('orders.board.seeAll', { count: column.count })}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
