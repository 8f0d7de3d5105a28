import { ActionIcon, Anchor, Avatar, Box, Button, Center, Group, Image, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatPhone } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { LoadError } from '../../shared/components/load-error';
import { useAccountId } from './api';
import { formatTime } from './chat-labels';
import { simulatorKeys, simulatorThreadQuery, upsertSimulatorMessage, useSimulatorRead, useSimulatorSend, type SimulatorMessage, type SimulatorThread } from './simulator-api';
import { useWhatsAppEvents } from './use-whatsapp-events';
import { t } from '../../i18n';

const WA_GREEN = '#075e54';
const WA_WALL = '#efeae2';
const WA_OWN = '#d9fdd3';

/** The quick replies the store's template messages carry (spec §3 button templates). */
const TEMPLATE_BUTTONS = () => [t('chats.simulator.buttons.accept'), t('chats.simulator.buttons.optOut')];

function Line({ message, onButton, busy }: { message: SimulatorMessage; onButton: (text: string, replyTo: number) => void; busy: boolean }) {
  // The customer's phone: their own messages on the right, the store's on the left.
  const own = message.direction === 'in';
  const text = message.button?.text ?? message.text;
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="sim-message" data-direction={message.direction} data-kind={message.kind}>
      <Box maw="82%" px={10} py={6} style={{ background: own ? WA_OWN : 'white', borderRadius: 8, boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)' }}>
        <Stack gap={4}>
          {message.kind === 'template' && (
            <Text size="xs" c="dimmed" fs="italic">
              {t('chats.simulator.template')}
            </Text>
          )}
          {message.media &&
            (message.media.media_type.startsWith('image') ? (
              <Image src={message.media.url} alt={message.media.filename ?? ''} radius="sm" mah={200} fit="contain" />
            ) : (
              <Anchor href={message.media.url} target="_blank" rel="noreferrer" size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconFileText size={18} />
                  {message.media.filename ?? message.media.url}
                </Group>
              </Anchor>
            ))}
          {text && (
            <Text size="sm" c="dark" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="sim-message-text">
              {message.kind === 'button' ? `↩ ${text}` : text}
            </Text>
          )}
          <Text size="10px" c="dimmed" ta="right">
            {formatTime(message.at)}
          </Text>
          {message.kind === 'template' && message.message_id !== null && (
            <Stack gap={4}>
              {TEMPLATE_BUTTONS().map((label) => (
                <Button key={label} size="xs" variant="white" color="teal" disabled={busy} onClick={() => onButton(label, message.message_id!)} style={{ borderTop: '1px solid #e9edef' }}>
                  {label}
                </Button>
              ))}
            </Stack>
          )}
        </Stack>
      </Box>
    </Group>
  );
}

/**
 * The customer's phone: the thread with the store (the bot's and the attendants' answers arrive
 * live), a box to write, template buttons to press; what the phone shows is reported read.
 */
export function SimulatorPhone({ phone, name }: { phone: string; name: string | undefined }) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const thread = useQuery(simulatorThreadQuery(accountId, phone));
  const send = useSimulatorSend(phone, name);
  const read = useSimulatorRead(phone);
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const messages = thread.data?.messages ?? [];

  useWhatsAppEvents((event) => {
    // A batch (a campaign's sends or deliveries) names the phones with news: this one's thread is read again.
    if (event.type === 'simulator.messages' && Array.isArray(event.phones) && event.phones.includes(phone)) {
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.thread(accountId, phone) });
      return;
    }
    if (event.type !== 'simulator.message' || event.phone !== phone || !event.message) return;
    queryClient.setQueryData<SimulatorThread>(simulatorKeys.thread(accountId, phone), (current) => upsertSimulatorMessage(current, event.message as SimulatorMessage));
  });

  // Shown on the phone means read: the store's messages that reached it are reported read.
  const unread = messages.filter((m) => m.direction === 'out' && (m.status === 'sent' || m.status === 'delivered')).map((m) => m.id).join(',');
  const reported = useRef('');
  useEffect(() => {
    if (!unread || unread === reported.current || read.isPending) return;
    reported.current = unread;
    read.mutate();
  }, [unread, read]);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = () => {
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate({ text: body }, { onSuccess: () => setText('') });
  };
  const shownName = thread.data?.name ?? name ?? formatPhone(phone);

  return (
    <Box
      w={{ base: '100%', xs: 380 }}
      mx="auto"
      style={{ border: '10px solid #1f2328', borderRadius: 36, overflow: 'hidden', background: WA_WALL, boxShadow: '0 12px 32px rgba(0,0,0,0.18)' }}
      data-testid="simulator-phone"
    >
      <Group gap="sm" px="md" py="sm" style={{ background: WA_GREEN }} wrap="nowrap">
        <Avatar color="teal" radius="xl" size={36} variant="filled">
          {t('chats.simulator.storeName').slice(0, 1)}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text c="white" fw={600} size="sm" truncate="end">
            {t('chats.simulator.storeName')}
          </Text>
          <Text c="rgba(255,255,255,0.8)" size="xs" truncate="end">
            {t('chats.simulator.customerSide')}: {shownName}
          </Text>
        </Stack>
      </Group>
      <ScrollArea h={520} viewportRef={viewport}>
        {thread.isError ? (
          <LoadError m="md" title={t('chats.simulator.loadError')} error={thread.error} retrying={thread.isFetching} onRetry={() => void thread.refetch()} />
        ) : !thread.data ? (
          <Center h={480}>
            <Loader color="teal" />
          </Center>
        ) : messages.length === 0 ? (
          <Center h={480} px="lg">
            <Text size="sm" c="dimmed" ta="center">
              {t('chats.simulator.threadEmpty')}
            </Text>
          </Center>
        ) : (
          <Stack gap={6} p="sm" data-testid="sim-thread">
            {messages.map((m) => (
              <Line key={m.id} message={m} busy={send.isPending} onButton={(label, replyTo) => send.mutate({ button: { text: label, payload: null }, reply_to: replyTo })} />
            ))}
          </Stack>
        )}
      </ScrollArea>
      <Stack gap={4} p="xs" style={{ background: '#f0f2f5' }}>
        {send.isError && (
          <Text size="xs" c="red" data-testid="sim-error">
            {send.error instanceof ApiError ? send.error.message : t('chats.simulator.sendError')}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap">
          <Textarea
            aria-label={t('chats.simulator.placeholder')}
            placeholder={t('chats.simulator.placeholder')}
            radius="lg"
            autosize
            minRows={1}
            maxRows={5}
            value={text}
            maxLength={4096}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            style={{ flex: 1 }}
            data-testid="sim-input"
          />
          <ActionIcon size={38} radius="xl" color={WA_GREEN} aria-label={t('chats.simulator.send')} loading={send.isPending} disabled={!text.trim()} onClick={submit}>
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Stack>
    </Box>
  );
}
