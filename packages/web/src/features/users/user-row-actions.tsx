import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconMailForward, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AccountUser } from './api';
import { t } from '../../i18n';

interface Props {
  user: AccountUser;
  isSelf: boolean;
  onResend: (user: AccountUser) => void;
  onRemove: (user: AccountUser) => void;
}

/** Admin actions of a row: edit, resend a pending invite, remove (never oneself). */
export function UserRowActions({ user, isSelf, onResend, onRemove }: Props) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('users.actions.edit')}>
        <ActionIcon
          renderRoot={(props) => <Link {...props} to="/users/edit/$id" params={{ id: String(user.id) }} />}
          variant="subtle" color="gray" aria-label={`${t('users.actions.edit')}: ${user.name}`}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {user.status === 'invited' && (
        <Tooltip label={t('users.actions.resend')}>
          <ActionIcon variant="subtle" color="blue" onClick={() => onResend(user)} aria-label={`${t('users.actions.resend')}: ${user.name}`}>
            <IconMailForward size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {!isSelf && (
        <Tooltip label={t('users.actions.remove')}>
          <ActionIcon variant="subtle" color="red" onClick={() => onRemove(user)} aria-label={`${t('users.actions.remove')}: ${user.name}`}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
