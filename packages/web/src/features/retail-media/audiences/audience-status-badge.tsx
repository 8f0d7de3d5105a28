import { Badge } from '@mantine/core';
import type { AudienceStatus } from '@backoffice/contracts';
import { t } from '../../../i18n';

export const AUDIENCE_STATUS_COLORS: Record<AudienceStatus, string> = { awaiting_approval: 'yellow', approved: 'teal', rejected: 'red' };

export function AudienceStatusBadge({ status }: { status: AudienceStatus }) {
  return (
    <Badge color={AUDIENCE_STATUS_COLORS[status]} variant="light" data-status={status} style={{ flexShrink: 0 }}>
      {t(`rmAudiences.status.${status}`)}
    </Badge>
  );
}
