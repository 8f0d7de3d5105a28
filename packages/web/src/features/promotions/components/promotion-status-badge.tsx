import { Badge } from '@mantine/core';
import type { PromotionStatus } from '@backoffice/contracts';
import { STATUS_COLORS } from '../status';
import { statusLabel } from '../describe';

export function PromotionStatusBadge({ status, size }: { status: PromotionStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" size={size} miw="max-content" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
