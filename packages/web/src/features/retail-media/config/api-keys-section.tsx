import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateApiKeyBody } from '@backoffice/contracts';
import { api, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { formatDateTime } from '../../../shared/ui/format';
import { notifySuccess } from '../../../shared/ui/notify';
import { configKeys, useAccountId, useMemberRole } from './api';
import { SectionCard } from './section-card';
import { t } from '../../../i18n';

type ApiKey = components['schemas']['ApiKey'];
type CreatedApiKey = components['schemas']['CreatedApiKey'];

const apiKeysKey = (accountId: number) => [...configKeys.all(accountId), 'api-keys'] as const;
const apiKeysQuery = (accountId: number) =>
  queryOptions({ queryKey: apiKeysKey(accountId), queryFn: () => unwrap(api.GET('/configuration/api-keys')).then((r) => r.data), meta: { silent: true } });

function useCreateApiKey() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/configuration/api-keys', { body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(accountId) }),
  });
}

function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/configuration/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: ({ message }) => {
      notifySuccess(message);
      return queryClient.invalidateQueries({ queryKey: apiKeysKey(accountId) });
    },
  });
}

const checkName = schemaResolver(CreateApiKeyBody, { sync: true });

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useForm({ initialValues: { name: '' }, validate: (v) => checkName({ name: v.name.trim() }) as Record<string, string> });
  return (
    <form noValidate onSubmit={form.onSubmit(({ name }) => create.mutate(name.trim(), { onSuccess: (key) => (form.reset(), onCreated(key)) }))}>
      <Group align="flex-start" gap="sm">
        <TextInput label={t('rmConfig.apiKeys.name')} placeholder={t('rmConfig.apiKeys.namePlaceholder')} maxLength={80} w={{ base: '100%', xs: 280 }} {...form.getInputProps('name')} />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
          {t('rmConfig.apiKeys.create')}
        </Button>
      </Group>
    </form>
  );
}

/** Shows a new key once: it is never readable again. */
function CreatedKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title={t('rmConfig.apiKeys.createdTitle')} size="lg" closeOnClickOutside={false} centered>
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('rmConfig.apiKeys.warning')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('rmConfig.apiKeys.keyLabel')} — {created.name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="created-api-key">
                {created.key}
              </Code>
              <CopyButton value={created.key} timeout={2000}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : 'blue'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                    {copied ? t('rmConfig.apiKeys.copied') : t('rmConfig.apiKeys.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('rmConfig.apiKeys.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function KeyRow({ apiKey, admin, onRevoke }: { apiKey: ApiKey; admin: boolean; onRevoke: (key: ApiKey) => void }) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <Table.Tr data-testid="api-key-row" c={revoked ? 'dimmed' : undefined}>
      <Table.Td fw={500}>{apiKey.name}</Table.Td>
      <Table.Td>
        <Code>{`${apiKey.key_prefix}…`}</Code>
      </Table.Td>
      <Table.Td>{formatDateTime(apiKey.created_at)}</Table.Td>
      <Table.Td>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : t('rmConfig.apiKeys.neverUsed')}</Table.Td>
      <Table.Td>
        {revoked ? (
          <Badge color="gray" variant="light">
            {t('rmConfig.apiKeys.revokedAt', { date: formatDateTime(apiKey.revoked_at!) })}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {t('rmConfig.apiKeys.active')}
          </Badge>
        )}
      </Table.Td>
      {admin && (
        <Table.Td ta="right">
          {!revoked && (
            <Button size="xs" variant="subtle" color="red" aria-label={t('rmConfig.apiKeys.revokeOf', { name: apiKey.name })} onClick={() => onRevoke(apiKey)}>
              {t('rmConfig.apiKeys.revoke')}
            </Button>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** The publisher's API keys for the decision API: list; create (key shown once) and revoke for admins. */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQuery(useAccountId()));
  const admin = useMemberRole() === 'admin';
  const revoke = useRevokeApiKey();
  const confirm = useConfirmModal();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const askRevoke = (key: ApiKey) =>
    confirm.open({
      title: t('rmConfig.apiKeys.revokeTitle'),
      message: t('rmAdApi.config.revokeKeyMessage', { name: key.name }),
      confirmLabel: t('rmConfig.apiKeys.revoke'),
      confirmColor: 'red',
      onConfirm: () => revoke.mutateAsync(key.id),
    });

  let body;
  if (keys.isError) body = <LoadError inline error={keys.error} retrying={keys.isFetching} onRetry={() => void keys.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!keys.data) body = <PageLoader compact label={t('rmConfig.apiKeys.loading')} />;
  else if (keys.data.length === 0)
    body = (
      <Group gap="xs" c="dimmed">
        <IconKey size={16} />
        <Text size="sm">{t('rmConfig.apiKeys.empty')}</Text>
      </Group>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rmConfig.apiKeys.name')}</Table.Th>
              <Table.Th>{t('rmConfig.apiKeys.prefix')}</Table.Th>
              <Table.Th>{t('rmConfig.apiKeys.createdAt')}</Table.Th>
              <Table.Th>{t('rmConfig.apiKeys.lastUsed')}</Table.Th>
              <Table.Th>{t('rmConfig.apiKeys.status')}</Table.Th>
              {admin && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((key) => (
              <KeyRow key={key.id} apiKey={key} admin={admin} onRevoke={askRevoke} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <SectionCard title={t('rmConfig.apiKeys.title')} description={t('rmAdApi.config.apiKeysDescription')} testId="config-api-keys">
      <Stack gap="md">
        {body}
        {admin ? (
          <CreateKeyForm
            onCreated={(key) => {
              notifySuccess(t('rmConfig.apiKeys.created'));
              setCreated(key);
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('rmConfig.apiKeys.readOnly')}
          </Text>
        )}
      </Stack>
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
      {confirm.modal}
    </SectionCard>
  );
}
