import { Badge } from '@mantine/core';
import type { CampaignStatus } from '@backoffice/contracts';
import { STATUS_COLORS, statusLabel } from '../describe';

export function CampaignStatusBadge({ status, size }: { status: CampaignStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" size={size} miw="max-content" data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
