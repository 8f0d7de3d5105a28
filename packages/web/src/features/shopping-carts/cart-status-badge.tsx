import { Badge } from '@mantine/core';
import { ITEM_STATUS_COLORS, STATUS_COLORS, itemStatusLabel, statusLabel, type CartStatus, type ItemStatus } from './status';

export function CartStatusBadge({ status, size }: { status: CartStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" size={size} miw="max-content" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge variant="dot" color={ITEM_STATUS_COLORS[status]} size="sm" radius="sm" miw="max-content" tt="none" data-item-status={status}>
      {itemStatusLabel(status)}
    </Badge>
  );
}
