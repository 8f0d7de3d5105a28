import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRobot, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatPhone } from '@backoffice/contracts';
import type { ChatSummary } from './api';
import { ChannelBadge, ChatStatusBadge, TagBadge, formatWhen } from './chat-labels';
import { t } from '../../i18n';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

/** One conversation of the inbox: who, the last message, when, unread count, status, channel, attendant and tags. */
function ChatRow({ chat }: { chat: ChatSummary }) {
  const unread = chat.unread_count > 0;
  return (
    <UnstyledButton
      renderRoot={(props) => <Link {...props} to="/chats/$id/chat" params={{ id: String(chat.id) }} />}
      data-testid="chat-row"
      data-chat-id={chat.id}
      data-unread={chat.unread_count}
      px="md"
      py="sm"
      style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-default-border)', background: unread ? 'var(--mantine-color-teal-0)' : undefined }}
    >
      <Group wrap="nowrap" gap="md" align="flex-start">
        <Avatar color={chat.status === 'bot' ? 'grape' : 'teal'} radius="xl" size={42}>
          {chat.status === 'bot' && !chat.customer.name ? <IconRobot size={20} /> : initials(chat.customer.name) || <IconUser size={20} />}
        </Avatar>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={8} wrap="nowrap" miw={0}>
              <Text fw={unread ? 700 : 600} truncate="end">
                {chat.customer.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                {formatPhone(chat.phone)}
              </Text>
            </Group>
            <Text size="xs" c={unread ? 'teal' : 'dimmed'} fw={unread ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {chat.last_message_at ? formatWhen(chat.last_message_at) : formatWhen(chat.created_at)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 500 : undefined} truncate="end" data-testid="chat-preview">
              {chat.last_message_preview ?? t('chats.list.noMessages')}
            </Text>
            {unread && (
              <Badge color="teal" circle={chat.unread_count < 10} size="md" data-testid="chat-unread" aria-label={t('chats.list.unread', { count: chat.unread_count })}>
                {chat.unread_count}
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="wrap">
            <ChatStatusBadge status={chat.status} />
            <ChannelBadge channel={chat.channel} />
            <Text size="xs" c="dimmed">
              {chat.attendant ? t('chats.list.attendant', { name: chat.attendant.name }) : t('chats.list.noAttendant')}
            </Text>
            {chat.location && (
              <Text size="xs" c="dimmed" visibleFrom="sm">
                · {chat.location.name}
              </Text>
            )}
            {chat.tags.map((tag) => (
              <TagBadge key={tag.id} name={tag.name} color={tag.color} />
            ))}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function ChatsTable({ chats }: { chats: ChatSummary[] }) {
  return (
    <div data-testid="chats-list">
      {chats.map((chat) => (
        <ChatRow key={chat.id} chat={chat} />
      ))}
    </div>
  );
}
