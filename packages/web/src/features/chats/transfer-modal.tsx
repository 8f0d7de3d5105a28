import { Alert, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { allAttendantsQuery, useAccountId, useTransferChat, type Attendant, type ChatSummary } from './api';
import { t } from '../../i18n';

/** The attendants a chat may go to: active ones, never the current one (spec §2). */
export function transferChoices(attendants: Attendant[], current: ChatSummary['attendant']): Attendant[] {
  return attendants.filter((a) => a.active && a.user.id !== current?.user_id);
}

function Person({ label, name, testId }: { label: string; name: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" style={{ flex: 1 }} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{name}</Text>
    </Paper>
  );
}

/**
 * Transfer in two steps: choose the attendant (the current one is not offered), then confirm with
 * from → to, "Salvar" or "Cancelar". A refusal (409/422) stays in the dialog in the server's words.
 */
export function TransferModal({ chat, opened, onClose }: { chat: ChatSummary; opened: boolean; onClose: () => void }) {
  const attendants = useQuery({ ...allAttendantsQuery(useAccountId()), enabled: opened });
  const transfer = useTransferChat(chat.id);
  const [to, setTo] = useState<Attendant | null>(null);
  const [confirming, setConfirming] = useState(false);
  const choices = transferChoices(attendants.data ?? [], chat.attendant);

  const close = () => {
    if (transfer.isPending) return;
    setTo(null);
    setConfirming(false);
    transfer.reset();
    onClose();
  };

  const statusOf = (a: Attendant) => (a.status === 'online' ? t('chats.attendants.online') : t('chats.attendants.away'));

  return (
    <Modal opened={opened} onClose={close} centered title={<Text fw={600}>{t('chats.transfer.title')}</Text>}>
      {!confirming ? (
        <Stack gap="md">
          <Text size="sm">{t('chats.transfer.pick', { name: chat.customer.name })}</Text>
          <Select
            label={t('chats.transfer.to')}
            placeholder={t('chats.transfer.toPlaceholder')}
            data={choices.map((a) => ({ value: String(a.user.id), label: `${a.user.name} — ${statusOf(a)} · ${t('chats.attendants.load', { open: a.open_chats, max: a.max_chats })}` }))}
            value={to ? String(to.user.id) : null}
            onChange={(v) => setTo(choices.find((a) => String(a.user.id) === v) ?? null)}
            searchable
            nothingFoundMessage={attendants.isLoading ? t('common.loading') : t('chats.transfer.noChoice')}
            comboboxProps={{ withinPortal: false }}
            data-autofocus
          />
          {attendants.isError && <Text size="sm" c="red">{attendants.error instanceof ApiError ? attendants.error.message : t('errors.generic')}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!to} onClick={() => setConfirming(true)}>
              {t('chats.transfer.next')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="transfer-confirm">
          <Text size="sm">{t('chats.transfer.confirm', { name: chat.customer.name })}</Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Person label={t('chats.transfer.from')} name={chat.attendant?.name ?? t('chats.list.noAttendant')} testId="transfer-from" />
            <IconArrowRight size={20} style={{ flexShrink: 0 }} />
            <Person label={t('chats.transfer.to')} name={to?.user.name ?? ''} testId="transfer-to" />
          </Group>
          {transfer.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="transfer-error">
              {transfer.error instanceof ApiError ? transfer.error.message : t('errors.generic')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={transfer.isPending}>
              {t('common.cancel')}
            </Button>
            <Button loading={transfer.isPending} onClick={() => to && transfer.mutate(to.user.id, { onSuccess: close })}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
