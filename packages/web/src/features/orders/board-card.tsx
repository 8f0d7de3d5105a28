import { ActionIcon, Anchor, Card, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderStatus } from '@backoffice/contracts';
import { formatMoney } from '../../shared/ui/format';
import { fullOrderQuery, useAccountId } from './api';
import { statusLabel } from './status';
import type { OrderCard } from './types';
import { t } from '../../i18n';

const MINUTE = 60_000;

/** "agora", "12 min", "3 h", "2 d": how long ago the order came in. */
export function orderAge(createdAt: string, now: number = Date.now()) {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / MINUTE));
  if (minutes < 1) return t('orders.age.now');
  if (minutes < 60) return t('orders.age.minutes', { count: minutes });
  if (minutes < 24 * 60) return t('orders.age.hours', { count: Math.floor(minutes / 60) });
  return t('orders.age.days', { count: Math.floor(minutes / (24 * 60)) });
}

/** The statuses this card may go to, asked of the API when its menu opens. */
function MoveItems({ orderId, onMove }: { orderId: number; onMove: (status: OrderStatus) => void }) {
  const full = useQuery(fullOrderQuery(useAccountId(), orderId));
  if (!full.data) return full.isError ? <Menu.Item disabled>{t('orders.board.movesError')}</Menu.Item> : <Menu.Item disabled leftSection={<Loader size={12} />}>{t('orders.board.loadingMoves')}</Menu.Item>;
  if (full.data.next_statuses.length === 0) return <Menu.Item disabled>{t('orders.board.noMoves')}</Menu.Item>;
  return full.data.next_statuses.map((status) => (
    <Menu.Item key={status} color={status === 'canceled' ? 'red' : undefined} onClick={() => onMove(status)}>
      {statusLabel(status)}
    </Menu.Item>
  ));
}

interface BoardCardProps {
  order: OrderCard;
  onMove: (order: OrderCard, status: OrderStatus) => void;
  /** Drag and drop (HTML5): the board tracks the card being dragged. */
  onDragStart?: (order: OrderCard) => void;
  onDragEnd?: () => void;
  dragging?: boolean;
}

/** A board card: number, customer, total and age; dragged to another column, or moved through its menu (the keyboard's way). */
export function BoardCard({ order, onMove, onDragStart, onDragEnd, dragging = false }: BoardCardProps) {
  const [menu, setMenu] = useState(false);
  return (
    <Card
      withBorder
      radius="sm"
      padding="xs"
      data-testid="board-card"
      data-order-id={order.id}
      data-dragging={dragging || undefined}
      draggable={Boolean(onDragStart)}
      onDragStart={(e) => {
        if (e.dataTransfer) {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(order.id));
        }
        onDragStart?.(order);
      }}
      onDragEnd={onDragEnd}
      style={{ cursor: onDragStart ? 'grab' : undefined, opacity: dragging ? 0.5 : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <Stack gap={0} miw={0}>
          <Anchor renderRoot={(props) => <Link {...props} to="/order/$id" params={{ id: String(order.id) }} draggable={false} />} size="sm" fw={700}>
            {t('orders.orderNumber', { number: order.number })}
          </Anchor>
          <Text size="xs" truncate>
            {order.customer.name}
          </Text>
        </Stack>
        <Menu opened={menu} onChange={setMenu} position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('orders.board.moveOf', { number: order.number })}>
              <IconDotsVertical size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('orders.board.moveTo')}</Menu.Label>
            {menu && <MoveItems orderId={order.id} onMove={(status) => onMove(order, status)} />}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group justify="space-between" mt={4} gap={4}>
        <Text size="sm" fw={600}>
          {formatMoney(order.total)}
        </Text>
        <Text size="xs" c="dimmed" title={order.created_at}>
          {orderAge(order.created_at)}
        </Text>
      </Group>
    </Card>
  );
}
