import { Badge } from '@mantine/core';
import type { FlyerStatus } from '@backoffice/contracts';
import { FLYER_STATUS_COLORS } from './flyer-status';
import { t } from '../../i18n';

export function FlyerStatusBadge({ status }: { status: FlyerStatus }) {
  return (
    <Badge variant="light" color={FLYER_STATUS_COLORS[status]} radius="sm" miw="max-content" data-testid="flyer-status">
      {t(`flyers.status.${status}`)}
    </Badge>
  );
}
