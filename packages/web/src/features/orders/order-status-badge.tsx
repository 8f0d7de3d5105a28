import { Badge } from '@mantine/core';
import type { OrderStatus, PickStatus } from '@backoffice/contracts';
import { PICK_STATUS_COLORS, STATUS_COLORS, statusLabel } from './status';
import { t } from '../../i18n';

export function OrderStatusBadge({ status, size }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" size={size} miw="max-content" tt="none" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

export function PickStatusBadge({ status }: { status: PickStatus }) {
  return (
    <Badge variant="dot" color={PICK_STATUS_COLORS[status]} size="sm" radius="sm" miw="max-content" tt="none" data-pick-status={status}>
      {t(`orders.pickStatus.${status}`)}
    </Badge>
  );
}
