import { Button, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconCircleCheck, IconHandGrab, IconLock, IconLockOpen, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@backoffice/contracts';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { tagsQuery, useAccountId, useChatAction, useSetChatTags, useUserId, type ChatDetail } from './api';
import { ChannelBadge, ChatStatusBadge } from './chat-labels';
import { t } from '../../i18n';

/** The chat's tags, changed in place (replaces them all on the server). */
function TagsPicker({ chat }: { chat: ChatDetail }) {
  const tags = useQuery(tagsQuery(useAccountId()));
  const setTags = useSetChatTags(chat.id);
  return (
    <MultiSelect
      aria-label={t('chats.chat.tags')}
      placeholder={chat.tags.length ? undefined : t('chats.chat.tagsPlaceholder')}
      data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
      value={(setTags.isPending ? setTags.variables : chat.tags.map((tag) => tag.id)).map(String)}
      onChange={(values) => setTags.mutate(values.map(Number))}
      searchable
      clearable
      size="xs"
      maxValues={20}
      nothingFoundMessage={t('chats.chat.noTags')}
      w={{ base: '100%', sm: 300 }}
      data-testid="chat-tags"
    />
  );
}

/** Who, the status and channel, the attendant, and the actions the status allows (take, transfer, close, reopen). */
export function ChatHeader({ chat, onTransfer, onPanel }: { chat: ChatDetail; onTransfer: () => void; onPanel?: () => void }) {
  const userId = useUserId();
  const action = useChatAction(chat.id);
  const confirm = useConfirmModal();
  const mine = chat.attendant?.user_id === userId;
  const closed = chat.status === 'closed';
  const busy = (a: 'take' | 'close' | 'reopen') => action.isPending && action.variables === a;

  return (
    <Stack gap="xs" p="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="chat-header">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Title order={3} lh={1.2}>
              {chat.customer.name}
            </Title>
            <ChatStatusBadge status={chat.status} />
            <ChannelBadge channel={chat.channel} />
          </Group>
          <Text size="sm" c="dimmed" data-testid="chat-attendant">
            {[formatPhone(chat.phone), chat.location?.name, chat.attendant ? t('chats.list.attendant', { name: chat.attendant.name }) : t('chats.list.noAttendant')].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          {onPanel && (
            <Button size="xs" variant="default" leftSection={<IconUser size={16} />} onClick={onPanel} hiddenFrom="lg">
              {t('chats.chat.customer')}
            </Button>
          )}
          {!closed && !mine && (
            <Button size="xs" leftSection={<IconHandGrab size={16} />} loading={busy('take')} onClick={() => action.mutate('take')}>
              {t('chats.chat.take')}
            </Button>
          )}
          {!closed && (
            <Button size="xs" variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={onTransfer}>
              {t('chats.chat.transfer')}
            </Button>
          )}
          {!closed && (
            <Button
              size="xs"
              variant="light"
              color="gray"
              leftSection={<IconLock size={16} />}
              loading={busy('close')}
              onClick={() =>
                confirm.open({
                  title: t('chats.chat.closeTitle'),
                  message: t('chats.chat.closeMessage', { name: chat.customer.name }),
                  confirmLabel: t('chats.chat.close'),
                  onConfirm: () => action.mutateAsync('close'),
                })
              }
            >
              {t('chats.chat.close')}
            </Button>
          )}
          {closed && (
            <Button size="xs" leftSection={<IconLockOpen size={16} />} loading={busy('reopen')} onClick={() => action.mutate('reopen')}>
              {t('chats.chat.reopen')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" justify="space-between">
        <TagsPicker chat={chat} />
        {chat.resolved_at && (
          <Group gap={4}>
            <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
            <Text size="xs" c="dimmed">
              {t('chats.chat.resolved')}
            </Text>
          </Group>
        )}
      </Group>
      {confirm.modal}
    </Stack>
  );
}
