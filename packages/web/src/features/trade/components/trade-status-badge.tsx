import { Badge } from '@mantine/core';
import type { TradeStatus } from '@backoffice/contracts';
import { STATUS_COLORS } from '../status';
import { t } from '../../../i18n';

export function TradeStatusBadge({ status, size }: { status: TradeStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" size={size} miw="max-content" data-status={status}>
      {t(`trade.status.${status}`)}
    </Badge>
  );
}
