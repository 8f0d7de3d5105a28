import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { AccountUser } from './api';
import { UserStatusBadge } from './user-status-badge';
import { UserRowActions } from './user-row-actions';
import { roleLabel } from './roles';
import { formatDateTime } from '../../shared/ui/format';
import { t } from '../../i18n';

const SKELETON_ROWS = 6;
/** Columns shown only from Mantine's `sm` breakpoint: on phones the e-mail, role and status go under the name. */
const SECONDARY = new Set([1, 2, 3, 4]);

interface Props {
  /** Undefined while the first page loads: skeleton rows. */
  users: AccountUser[] | undefined;
  currentUserId: number;
  isAdmin: boolean;
  onResend: (user: AccountUser) => void;
  onRemove: (user: AccountUser) => void;
}

export function UsersTable({ users, currentUserId, isAdmin, onResend, onRemove }: Props) {
  const columns = isAdmin ? 6 : 5;
  // The table keeps its desktop min width from `sm` (its miw); on phones it fits the screen.
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover={!!users} aria-busy={!users} miw={{ sm: 880 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.columns.email')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.columns.role')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.columns.lastAccess')}</Table.Th>
            {isAdmin && <Table.Th ta="right">{t('users.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users
            ? users.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {user.name}
                      </Text>
                      {user.id === currentUserId && (
                        <Badge size="xs" variant="outline" color="gray" miw="max-content">
                          {t('users.you')}
                        </Badge>
                      )}
                    </Group>
                    <Stack hiddenFrom="sm" gap={4} mt={2} align="flex-start">
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {user.email}
                        <br />
                        {roleLabel(user.role)}
                      </Text>
                      <UserStatusBadge status={user.status} />
                    </Stack>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{user.email}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{roleLabel(user.role)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <UserStatusBadge status={user.status} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c={user.last_login_at ? undefined : 'dimmed'}>
                      {user.last_login_at ? formatDateTime(user.last_login_at) : t('users.neverAccessed')}
                    </Text>
                  </Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      <UserRowActions user={user} isSelf={user.id === currentUserId} onResend={onResend} onRemove={onRemove} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            : Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row} data-testid="user-row-skeleton">
                  {Array.from({ length: columns }, (_, col) => (
                    <Table.Td key={col} visibleFrom={SECONDARY.has(col) ? 'sm' : undefined}>
                      <Skeleton height={14} radius="sm" width={col === 1 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
