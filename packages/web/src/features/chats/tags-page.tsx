import { ActionIcon, Button, Card, ColorInput, ColorSwatch, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEdit, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ChatTagBody } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { formatInt } from '../../shared/ui/format';
import { notifySuccess } from '../../shared/ui/notify';
import { chatKeys, tagsQuery, useAccountId, type ChatTag } from './api';
import { TagBadge, formatWhen } from './chat-labels';
import { t, tn } from '../../i18n';

const SWATCHES = ['#228be6', '#12b886', '#fab005', '#fd7e14', '#fa5252', '#be4bdb', '#7950f2', '#868e96'];

type Values = { name: string; color: string };

function useTagMutations() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: chatKeys.tags(accountId) }), queryClient.invalidateQueries({ queryKey: chatKeys.lists(accountId) })]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Values }) =>
      id ? unwrap(api.PUT('/api/chats/tags/{id}', { params: { path: { id } }, body })) : unwrap(api.POST('/api/chats/tags', { body })),
    onSuccess: (_tag, { id }) => {
      notifySuccess(id ? t('chats.tags.updated') : t('chats.tags.created'));
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/chats/tags/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return refresh();
    },
  });
  return { save, remove };
}

function TagModal({ tag, onClose, onSave }: { tag: ChatTag | null; onClose: () => void; onSave: (body: Values) => Promise<unknown> }) {
  const form = useForm<Values>({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? SWATCHES[0]! },
    validate: schemaResolver(ChatTagBody, { sync: true }),
  });
  return (
    <Modal opened onClose={onClose} centered title={<Text fw={600}>{tag ? t('chats.tags.editTitle') : t('chats.tags.createTitle')}</Text>}>
      <form noValidate onSubmit={form.onSubmit((values) => void onSave({ name: values.name.trim(), color: values.color }).then(onClose, () => undefined))}>
        <Stack gap="md">
          <TextInput label={t('chats.tags.name')} required withAsterisk maxLength={60} {...form.getInputProps('name')} data-autofocus />
          <ColorInput label={t('chats.tags.color')} format="hex" swatches={SWATCHES} swatchesPerRow={8} withPicker={false} {...form.getInputProps('color')} />
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('chats.tags.name')}:
            </Text>
            <TagBadge name={form.values.name || '—'} color={/^#[0-9a-f]{6}$/i.test(form.values.color) ? form.values.color : SWATCHES[0]!} />
          </Group>
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

/** Spec §2 /chats/tags: the account's chat tags, created, renamed, recoloured and deleted. */
export function TagsPage() {
  const list = useQuery(tagsQuery(useAccountId()));
  const { save, remove } = useTagMutations();
  const confirm = useConfirmModal();
  const [editing, setEditing] = useState<ChatTag | 'new' | null>(null);
  const rows = list.data ?? [];

  let body;
  if (list.isError) body = <LoadError m="md" title={t('chats.tags.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('chats.tags.loading')} />;
  else if (rows.length === 0) body = <EmptyState icon={<IconTag size={26} />} title={t('chats.tags.empty')} hint={t('chats.tags.emptyHint')} />;
  else
    body = (
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('chats.tags.name')}</Table.Th>
            <Table.Th ta="right">{t('chats.tags.chats')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('chats.tags.createdAt')}</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((tag) => (
            <Table.Tr key={tag.id} data-testid="tag-row">
              <Table.Td>
                <Group gap="xs">
                  <ColorSwatch color={tag.color} size={14} />
                  <TagBadge name={tag.name} color={tag.color} />
                </Group>
              </Table.Td>
              <Table.Td ta="right">{formatInt(tag.chats_count)}</Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{formatWhen(tag.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('chats.tags.editLabel', { name: tag.name })} onClick={() => setEditing(tag)}>
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('chats.tags.removeLabel', { name: tag.name })}
                      onClick={() =>
                        confirm.open({
                          title: t('chats.tags.removeTitle'),
                          message: t('chats.tags.removeMessage', { name: tag.name }),
                          confirmLabel: t('common.remove'),
                          confirmColor: 'red',
                          onConfirm: () => remove.mutateAsync(tag.id),
                        })
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('chats.tags.title')}
        description={t('chats.tags.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            {t('chats.tags.create')}
          </Button>
        }
      />
      <Card withBorder padding={0} radius="md">
        {body}
        {rows.length > 0 && (
          <Text size="sm" c="dimmed" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            {tn('chats.tags.total', rows.length, { total: formatInt(rows.length) })}
          </Text>
        )}
      </Card>
      {editing && <TagModal tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSave={(body) => save.mutateAsync({ id: editing === 'new' ? null : editing.id, body })} />}
      {confirm.modal}
    </Stack>
  );
}
