import { ActionIcon, Badge, Button, Card, Group, Modal, MultiSelect, NumberInput, Select, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconHeadset, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountInfoQuery } from '../../shared/account/queries';
import { api, unwrap } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { EmptyState } from '../../shared/components/empty-state';
import { ListCard } from '../../shared/components/list-card';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { notifySuccess } from '../../shared/ui/notify';
import { accountUsersQuery, attendantsPageQuery, chatKeys, myAttendantQuery, storesQuery, useAccountId, type Attendant } from './api';
import { formatWhen } from './chat-labels';
import { MyStatusSwitch } from './my-status-switch';
import { t, tn } from '../../i18n';

type FormValues = { user_id: string | null; max_chats: number | ''; location_ids: string[]; active: boolean };

function useAttendantMutations() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.attendants(accountId) }).then(() => queryClient.invalidateQueries({ queryKey: chatKeys.me(accountId) }));
  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: FormValues }) => {
      const fields = { max_chats: Number(values.max_chats) || 5, location_ids: values.location_ids.map(Number), active: values.active };
      return id
        ? unwrap(api.PUT('/api/chats/attendants/{id}', { params: { path: { id } }, body: fields }))
        : unwrap(api.POST('/api/chats/attendants', { body: { user_id: Number(values.user_id), ...fields } }));
    },
    onSuccess: (_a, { id }) => {
      notifySuccess(id ? t('chats.attendants.updated') : t('chats.attendants.created'));
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/chats/attendants/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return refresh();
    },
  });
  return { save, remove };
}

function AttendantModal({ attendant, taken, onClose, onSave }: { attendant: Attendant | null; taken: Set<number>; onClose: () => void; onSave: (values: FormValues) => Promise<unknown> }) {
  const accountId = useAccountId();
  const users = useQuery({ ...accountUsersQuery(accountId), enabled: !attendant });
  const stores = useQuery(storesQuery(accountId));
  const form = useForm<FormValues>({
    initialValues: { user_id: null, max_chats: attendant?.max_chats ?? 5, location_ids: (attendant?.location_ids ?? []).map(String), active: attendant?.active ?? true },
    validate: {
      user_id: (v) => (attendant || v ? null : t('chats.attendants.userPlaceholder')),
      max_chats: (v) => (v !== '' && v >= 1 && v <= 50 ? null : t('chats.attendants.maxChats')),
    },
  });
  return (
    <Modal opened onClose={onClose} centered title={<Text fw={600}>{attendant ? t('chats.attendants.editTitle', { name: attendant.user.name }) : t('chats.attendants.addTitle')}</Text>}>
      <form noValidate onSubmit={form.onSubmit((values) => void onSave(values).then(onClose, () => undefined))}>
        <Stack gap="md">
          {!attendant && (
            <Select
              label={t('chats.attendants.user')}
              placeholder={t('chats.attendants.userPlaceholder')}
              data={(users.data ?? []).filter((u) => !taken.has(u.id) && u.status === 'active').map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
              searchable
              nothingFoundMessage={t('chats.attendants.noUsers')}
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('user_id')}
            />
          )}
          <NumberInput label={t('chats.attendants.maxChats')} min={1} max={50} allowDecimal={false} {...form.getInputProps('max_chats')} />
          <MultiSelect
            label={t('chats.attendants.stores')}
            description={t('chats.attendants.storesHint')}
            data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            searchable
            clearable
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps('location_ids')}
          />
          <Switch label={t('chats.attendants.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Spec §2 /chats/attendants: who attends, online/away, maximum simultaneous chats and stores; my own status switch. */
export function AttendantsPage() {
  const accountId = useAccountId();
  const [page, setPage] = useState(1);
  const list = useQuery(attendantsPageQuery(accountId, page));
  const me = useQuery(myAttendantQuery(accountId));
  const stores = useQuery(storesQuery(accountId));
  const info = useQuery(accountInfoQuery(accountId));
  const role = (info.data?.find((a) => a.current) ?? info.data?.[0])?.role;
  const manager = role === 'admin' || role === 'manager';
  const { save, remove } = useAttendantMutations();
  const confirm = useConfirmModal();
  const [editing, setEditing] = useState<Attendant | 'new' | null>(null);
  const storeName = (id: number) => stores.data?.find((s) => s.id === id)?.name ?? `#${id}`;
  const rows = list.data?.data ?? [];

  let body;
  if (list.isError) body = <LoadError m="md" title={t('chats.attendants.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('chats.attendants.loading')} />;
  else if (rows.length === 0) body = <EmptyState icon={<IconHeadset size={26} />} title={t('chats.attendants.empty')} hint={t('chats.attendants.emptyHint')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 820 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chats.attendants.columns.name')}</Table.Th>
              <Table.Th>{t('chats.attendants.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('chats.attendants.columns.chats')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('chats.attendants.columns.stores')}</Table.Th>
              {manager && <Table.Th w={90} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} data-testid="attendant-row" data-status={a.status}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {a.user.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.user.email}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={4}>
                      <Badge variant="dot" color={a.status === 'online' ? 'teal' : 'gray'}>
                        {a.status === 'online' ? t('chats.attendants.online') : t('chats.attendants.away')}
                      </Badge>
                      {!a.active && (
                        <Badge variant="light" color="red" size="sm">
                          {t('chats.attendants.inactive')}
                        </Badge>
                      )}
                    </Group>
                    {a.status_changed_at && (
                      <Text size="xs" c="dimmed">
                        {t('chats.attendants.statusChanged', { when: formatWhen(a.status_changed_at) })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={500} c={a.open_chats >= a.max_chats ? 'red' : undefined}>
                    {t('chats.attendants.load', { open: a.open_chats, max: a.max_chats })}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" lineClamp={2} maw={320}>
                    {a.location_ids.length ? a.location_ids.map(storeName).join(', ') : t('chats.attendants.allStores')}
                  </Text>
                </Table.Td>
                {manager && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t('common.edit')}>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('chats.attendants.editLabel', { name: a.user.name })} onClick={() => setEditing(a)}>
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('common.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('chats.attendants.removeLabel', { name: a.user.name })}
                          onClick={() =>
                            confirm.open({
                              title: t('chats.attendants.removeTitle'),
                              message: t('chats.attendants.removeMessage', { name: a.user.name }),
                              confirmLabel: t('common.remove'),
                              confirmColor: 'red',
                              onConfirm: () => remove.mutateAsync(a.id),
                            })
                          }
                        >
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

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('chats.attendants.title')}
        description={t('chats.attendants.subtitle')}
        actions={
          manager && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              {t('chats.attendants.add')}
            </Button>
          )
        }
      />
      <Card withBorder radius="md" padding="md" data-testid="my-attendance">
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{t('chats.attendants.mine')}</Text>
          {me.data ? (
            <MyStatusSwitch />
          ) : (
            <Text size="sm" c="dimmed">
              {me.isLoading ? t('common.loading') : t('chats.attendants.notAttendant')}
            </Text>
          )}
        </Group>
      </Card>
      <ListCard failed={list.isError} meta={list.data?.meta} totalLabel={(total) => tn('chats.attendants.total', total, { total: formatInt(total) })} page={page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
      {editing && (
        <AttendantModal
          attendant={editing === 'new' ? null : editing}
          taken={new Set(rows.map((a) => a.user.id))}
          onClose={() => setEditing(null)}
          onSave={(values) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, values })}
        />
      )}
      {confirm.modal}
    </Stack>
  );
}
