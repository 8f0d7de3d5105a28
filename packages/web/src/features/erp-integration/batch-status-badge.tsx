import { Badge } from '@mantine/core';
import type { ErpBatchStatus } from '@backoffice/contracts';
import { t } from '../../i18n';

const COLORS: Record<ErpBatchStatus, string> = { queued: 'gray', processing: 'blue', done: 'green', failed: 'red' };

export function BatchStatusBadge({ status }: { status: ErpBatchStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none">
      {t(`erpIntegration.statuses.${status}`)}
    </Badge>
  );
}
