import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Operator } from './api';
import { t } from '../../i18n';

/** A row's actions: edit (a link) and delete (asks first). */
export function OperatorRowActions({ operator, onRemove }: { operator: Operator; onRemove: (operator: Operator) => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('operators.actions.edit')}>
        <ActionIcon
          renderRoot={(props) => <Link {...props} to="/operators/edit/$id" params={{ id: String(operator.id) }} />}
          variant="subtle"
          color="gray"
          aria-label={`${t('operators.actions.edit')}: ${operator.name}`}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('operators.actions.remove')}>
        <ActionIcon variant="subtle" color="red" onClick={() => onRemove(operator)} aria-label={`${t('operators.actions.remove')}: ${operator.name}`}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
