import { Badge } from '@mantine/core';
import type { AccountUser } from './api';
import { t } from '../../i18n';

export function UserStatusBadge({ status }: { status: AccountUser['status'] }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'green' : 'yellow'} radius="sm" miw="max-content">
      {t(`users.status.${status}`)}
    </Badge>
  );
}
