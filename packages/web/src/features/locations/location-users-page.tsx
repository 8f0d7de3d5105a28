import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatDateTime } from '../../shared/ui/format';
import { accountUsersQuery, locationQuery, locationUsersQuery, useAccountId, useAddLocationUser, useRemoveLocationUser, type LocationUser } from './api';
import { cityState } from './location-format';
import { BackToLocations, LocationErrorBanner } from './location-load-states';
import { useIsAccountWriter } from '../../shared/account/queries';
import { t, tn } from '../../i18n';

/** Usuários da loja: who of the account works at this store; adding and removing them. */
export function LocationUsersPage({ locationId }: { locationId: number }) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const location = useQuery(locationQuery(accountId, locationId));
  const members = useQuery(locationUsersQuery(accountId, locationId));
  const users = useQuery(accountUsersQuery(accountId));
  const add = useAddLocationUser(locationId);
  const remove = useRemoveLocationUser(locationId);
  const confirm = useConfirmModal();
  const [picked, setPicked] = useState<string | null>(null);

  const options = useMemo(() => {
    const taken = new Set((members.data ?? []).map((m) => m.user_id));
    return (users.data ?? []).filter((u) => !taken.has(u.id)).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  }, [users.data, members.data]);
  // The role comes from the account's users list (when this user may read it).
  const roles = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u.role])), [users.data]);

  const askRemove = (member: LocationUser) =>
    confirm.open({
      title: t('locations.users.confirmRemove.title'),
      message: t('locations.users.confirmRemove.message', { name: member.name, store: location.data?.name ?? '' }),
      confirmLabel: t('locations.users.confirmRemove.confirm'),
      cancelLabel: t('common.back'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(member.user_id),
    });

  const addPicked = () => {
    if (!picked) return;
    void add.mutateAsync(Number(picked)).then(() => setPicked(null), () => undefined);
  };

  let body;
  if (members.isError) body = <LocationErrorBanner m="md" error={members.error} retrying={members.isFetching} onRetry={() => void members.refetch()} />;
  else if (!members.data) body = <PageLoader compact label={t('locations.users.loading')} />;
  else if (members.data.length === 0) body = <EmptyState icon={<IconUsers size={26} />} title={t('locations.users.empty')} hint={t('locations.users.emptyHint')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('locations.users.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('locations.users.columns.role')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('locations.users.columns.since')}</Table.Th>
              {canEdit && <Table.Th ta="right">{t('locations.users.columns.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.map((member) => (
              <Table.Tr key={member.user_id} data-testid="location-user-row">
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {member.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {member.email}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {roles.has(member.user_id) ? (
                    <Badge variant="light" color="gray">
                      {t(`users.roles.${roles.get(member.user_id)}`)}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDateTime(member.created_at)}</Text>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group justify="flex-end">
                      <Tooltip label={t('locations.users.remove')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => askRemove(member)} aria-label={`${t('locations.users.remove')}: ${member.name}`}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const storeLine = location.data ? `${location.data.name} · ${cityState(location.data.address)}` : undefined;
  const count = members.data?.length ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader title={t('locations.users.title')} description={storeLine} back={<BackToLocations />} />
      {location.isError && <LocationErrorBanner error={location.error} retrying={location.isFetching} onRetry={() => void location.refetch()} />}
      <Text size="sm" c="dimmed">
        {t('locations.users.explain')}
      </Text>
      {canEdit && (
        <Card withBorder radius="md" padding="md">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('locations.users.pick')}
              placeholder={users.isLoading ? t('common.loading') : t('locations.users.pickPlaceholder')}
              nothingFoundMessage={t('locations.users.nobodyLeft')}
              data={options}
              value={picked}
              onChange={setPicked}
              searchable
              clearable
              disabled={users.isError}
              error={users.isError ? t('locations.users.usersFailed') : undefined}
              miw={{ base: '100%', xs: 360 }}
              style={{ flex: 1 }}
            />
            <Button leftSection={<IconUserPlus size={16} />} onClick={addPicked} disabled={!picked} loading={add.isPending}>
              {t('locations.users.add')}
            </Button>
          </Group>
        </Card>
      )}
      <Card withBorder padding={0} radius="md">
        {body}
        {members.data && count > 0 && (
          <Group px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="sm" c="dimmed">
              {tn('locations.users.total', count, { total: count })}
            </Text>
          </Group>
        )}
      </Card>
      {confirm.modal}
    </Stack>
  );
}
