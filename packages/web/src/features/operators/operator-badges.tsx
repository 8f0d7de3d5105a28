import { Badge } from '@mantine/core';
import { ROLE_COLORS, roleLabel, type OperatorRole } from './operator-labels';
import { t } from '../../i18n';

export function OperatorRoleBadge({ role }: { role: OperatorRole }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} radius="sm" miw="max-content" data-testid="operator-role">
      {roleLabel(role)}
    </Badge>
  );
}

export function OperatorActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="dot" color={active ? 'green' : 'gray'} radius="sm" miw="max-content" data-testid="operator-active">
      {t(active ? 'operators.status.active' : 'operators.status.inactive')}
    </Badge>
  );
}
