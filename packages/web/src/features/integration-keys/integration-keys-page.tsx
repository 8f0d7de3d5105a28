import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconKey, IconLock, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatDateTime } from '../../shared/ui/format';
import { integrationKeysQuery, useAccountId, useIsAdmin, useRevokeIntegrationKey, type CreatedIntegrationKey, type IntegrationKey } from './api';
import { CreateKeyModal } from './create-key-modal';
import { CreatedKeyModal } from './created-key-modal';
import { t } from '../../i18n';
import { SkeletonRows } from '../../shared/components/skeleton-rows';

function KeyRow({ item, onRevoke }: { item: IntegrationKey; onRevoke: (key: IntegrationKey) => void }) {
  const revoked = item.revoked_at !== null;
  return (
    <Table.Tr data-testid="integration-key-row" c={revoked ? 'dimmed' : undefined}>
      <Table.Td fw={500}>{item.name}</Table.Td>
      <Table.Td>
        <Code>{`${item.key_prefix}…`}</Code>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {item.scopes.map((scope) => (
            <Badge key={scope} variant="light" color="blue" tt="none">
              {t(`integrationKeys.scopes.${scope}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.created_by.name}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(item.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>{item.last_used_at ? formatDateTime(item.last_used_at) : t('integrationKeys.neverUsed')}</Table.Td>
      <Table.Td>
        {revoked ? (
          <Badge color="gray" variant="light" tt="none">
            {t('integrationKeys.revokedAt', { date: formatDateTime(item.revoked_at!) })}
          </Badge>
        ) : (
          <Badge color="green" variant="light" tt="none">
            {t('integrationKeys.active')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {!revoked && (
          <Button size="xs" variant="subtle" color="red" aria-label={t('integrationKeys.revokeOf', { name: item.name })} onClick={() => onRevoke(item)}>
            {t('integrationKeys.revoke')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function KeysTable({ keys, onRevoke }: { keys: IntegrationKey[] | undefined; onRevoke: (key: IntegrationKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('integrationKeys.columns.name')}</Table.Th>
            <Table.Th>{t('integrationKeys.columns.prefix')}</Table.Th>
            <Table.Th>{t('integrationKeys.columns.scopes')}</Table.Th>
            <Table.Th>{t('integrationKeys.columns.createdBy')}</Table.Th>
            <Table.Th>{t('integrationKeys.columns.lastUsed')}</Table.Th>
            <Table.Th>{t('integrationKeys.columns.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys
            ? keys.map((key) => <KeyRow key={key.id} item={key} onRevoke={onRevoke} />)
            : <SkeletonRows columns={7} testId="integration-key-skeleton" />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The account's integration keys (issue 21): admins create one (shown once) for the store's e-commerce, and revoke it. */
export function IntegrationKeysPage() {
  const isAdmin = useIsAdmin();
  const accountId = useAccountId();
  const keys = useQuery({ ...integrationKeysQuery(accountId), enabled: isAdmin === true });
  const revoke = useRevokeIntegrationKey();
  const confirm = useConfirmModal();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedIntegrationKey | null>(null);

  const askRevoke = (key: IntegrationKey) =>
    confirm.open({
      title: t('integrationKeys.revokeConfirm.title'),
      message: t('integrationKeys.revokeConfirm.message', { name: key.name }),
      confirmLabel: t('integrationKeys.revoke'),
      confirmColor: 'red',
      onConfirm: () => revoke.mutateAsync(key.id),
    });

  let body;
  if (isAdmin === false)
    body = (
      <Alert m="md" color="gray" variant="light" icon={<IconLock size={18} />} data-testid="integration-keys-admins-only">
        {t('integrationKeys.adminsOnly')}
      </Alert>
    );
  else if (keys.isError) body = <LoadError m="md" title={t('integrationKeys.loadError')} error={keys.error} retrying={keys.isFetching} onRetry={() => void keys.refetch()} />;
  else if (keys.data && keys.data.length === 0) body = <EmptyState icon={<IconKey size={26} />} title={t('integrationKeys.empty')} hint={t('integrationKeys.emptyHint')} />;
  else body = <KeysTable keys={keys.data} onRevoke={askRevoke} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('integrationKeys.title')}
        description={t('integrationKeys.subtitle')}
        actions={
          isAdmin && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              {t('integrationKeys.new')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0} radius="md">
        {body}
      </Card>
      <CreateKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
      {confirm.modal}
    </Stack>
  );
}
