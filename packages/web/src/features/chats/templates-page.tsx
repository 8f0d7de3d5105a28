import { ActionIcon, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountInfoQuery } from '../../shared/account/queries';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { SearchInput } from '../../shared/components/search-input';
import { useSession } from '../../shared/session/session';
import { templatesQuery, useAccountId } from './api';
import { TemplateFormModal } from './template-form-modal';
import { templateError, useCreateTemplate, useDeleteTemplate, useUpdateTemplate, type TemplateRow } from './templates-api';
import { t } from '../../i18n';

type Scope = 'all' | 'global' | 'own';

function PendingBadge({ pending }: { pending: TemplateRow['pending'] }) {
  if (!pending) return null;
  return (
    <Badge size="sm" color={pending === 'deleting' ? 'red' : 'blue'} variant="light" leftSection={<Loader size={10} color={pending === 'deleting' ? 'red' : 'blue'} />} data-testid="template-pending">
      {pending === 'deleting' ? t('chats.templates.deleting') : t('chats.templates.saving')}
    </Badge>
  );
}

/** Spec §2 /chats/templates: the user's and the account's templates; create, edit and delete show their optimistic states (spec §4). */
export function TemplatesPage() {
  const session = useSession();
  const accountId = useAccountId();
  const info = useQuery(accountInfoQuery(accountId));
  const isAdmin = info.data?.find((a) => a.current)?.role === 'admin' || info.data?.[0]?.role === 'admin';
  const list = useQuery(templatesQuery(accountId));
  const create = useCreateTemplate({ id: session?.user.id ?? 0, name: session?.user.name ?? '' });
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const confirm = useConfirmModal();
  const [editing, setEditing] = useState<TemplateRow | 'new' | null>(null);
  const [scope, setScope] = useState<Scope>('all');
  const [search, setSearch] = useState('');

  const rows = ((list.data ?? []) as TemplateRow[]).filter((r) => {
    if (scope === 'global' && !r.global) return false;
    if (scope === 'own' && r.global) return false;
    const q = search.trim().toLowerCase();
    return !q || `${r.templateId} ${r.title} ${r.body}`.toLowerCase().includes(q);
  });

  let body;
  if (list.isError)
    body = (
      <LoadError m="md" format={() => templateError(list.error, t('chats.templates.loadError'))} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} testId="templates-load-error" />
    );
  else if (!list.data) body = <PageLoader compact label={t('chats.templates.loading')} />;
  else if (rows.length === 0)
    body = <EmptyState icon={<IconTemplate size={26} />} title={t('chats.templates.empty')} hint={list.data.length ? t('chats.templates.emptyFilteredHint') : t('chats.templates.emptyHint')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 860 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chats.templates.columns.title')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('chats.templates.columns.body')}</Table.Th>
              <Table.Th>{t('chats.templates.columns.scope')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('chats.templates.columns.status')}</Table.Th>
              <Table.Th w={96} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid="template-row" data-pending={r.pending ?? undefined} style={{ opacity: r.pending ? 0.65 : 1, textDecoration: r.pending === 'deleting' ? 'line-through' : undefined }}>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {r.title}
                      </Text>
                      <PendingBadge pending={r.pending} />
                    </Group>
                    <Text size="xs" c="dimmed" ff="monospace">
                      /{r.templateId}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" lineClamp={2} maw={420}>
                    {r.body}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={r.global ? 'indigo' : 'gray'}>
                    {r.global ? t('chats.templates.global') : t('chats.templates.own', { name: r.user_name ?? '' })}
                  </Badge>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge size="sm" variant="dot" color={r.status === 'active' ? 'teal' : 'gray'}>
                    {t(`chats.templates.status.${r.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {r.editable && !r.pending && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t('common.edit')}>
                        <ActionIcon variant="subtle" color="gray" aria-label={t('chats.templates.editLabel', { title: r.title })} onClick={() => setEditing(r)}>
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('common.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('chats.templates.deleteLabel', { title: r.title })}
                          onClick={() =>
                            confirm.open({
                              title: t('chats.templates.deleteTitle'),
                              message: t('chats.templates.deleteMessage', { title: r.title }),
                              confirmLabel: t('common.remove'),
                              confirmColor: 'red',
                              onConfirm: () => remove.mutate(r.id),
                            })
                          }
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('chats.templates.title')}
        description={t('chats.templates.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
            {t('chats.templates.create')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end">
        <SearchInput label={t('chats.templates.search')} placeholder={t('chats.templates.searchPlaceholder')} value={search || undefined} onChange={setSearch} />
        <SegmentedControl
          aria-label={t('chats.templates.scope')}
          value={scope}
          onChange={(v) => setScope(v as Scope)}
          data={[
            { value: 'all', label: t('chats.templates.scopes.all') },
            { value: 'global', label: t('chats.templates.scopes.global') },
            { value: 'own', label: t('chats.templates.scopes.own') },
          ]}
        />
      </Group>
      <Card withBorder padding={0} radius="md">
        {body}
      </Card>
      {editing && (
        <TemplateFormModal
          template={editing === 'new' ? null : editing}
          canGlobal={isAdmin}
          onClose={() => setEditing(null)}
          onSave={(values) => (editing === 'new' ? create.mutate(values) : update.mutate({ id: editing.id, body: values }))}
        />
      )}
      {confirm.modal}
    </Stack>
  );
}
