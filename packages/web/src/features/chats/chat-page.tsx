import { Card, Drawer, Grid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { chatQuery, useAccountId, useMarkRead, useUserId } from './api';
import { CartModal } from './cart-modal';
import { useChatLiveUpdates } from './chat-events';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { CustomerPanel } from './customer-panel';
import { MessageThread } from './message-thread';
import { TransferModal } from './transfer-modal';
import { t } from '../../i18n';

const THREAD_HEIGHT = 'max(360px, calc(100dvh - 360px))';

/** Spec §2 /chats/{id}/chat: the conversation, its actions and composer, the customer panel beside it (a drawer on narrow screens). */
export function ChatPage({ chatId }: { chatId: number }) {
  const accountId = useAccountId();
  const userId = useUserId();
  const chat = useQuery(chatQuery(accountId, chatId));
  const markRead = useMarkRead(chatId);
  const [transferOpen, transfer] = useDisclosure(false);
  const [cartOpen, cart] = useDisclosure(false);
  const [panelOpen, panel] = useDisclosure(false);
  const readFor = useRef<string | null | undefined>(undefined);
  useChatLiveUpdates(accountId);

  // Shown means read: unread messages of the open chat are marked read (once per new last message).
  const unread = chat.data?.unread_count ?? 0;
  const lastAt = chat.data?.last_message_at ?? null;
  const { mutate: markAsRead, isPending: marking } = markRead;
  useEffect(() => {
    if (unread > 0 && readFor.current !== lastAt && !marking) {
      readFor.current = lastAt;
      markAsRead();
    }
  }, [unread, lastAt, marking, markAsRead]);

  if (chat.isError) return <LoadError title={t('chats.chat.loadError')} error={chat.error} retrying={chat.isFetching} onRetry={() => void chat.refetch()} />;
  if (!chat.data) return <PageLoader label={t('chats.chat.loading')} />;
  const data = chat.data;
  const disabledReason = data.status === 'closed' ? t('chats.composer.closed') : data.attendant && data.attendant.user_id !== userId ? t('chats.composer.otherAttendant', { name: data.attendant.name }) : null;

  return (
    <Stack gap="sm">
      <BackLink to="/chats" label={t('chats.chat.back')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder radius="md" padding={0}>
            <ChatHeader chat={data} onTransfer={transfer.open} onPanel={panel.open} />
            <MessageThread chatId={chatId} h={THREAD_HEIGHT} />
            <Composer chatId={chatId} disabledReason={disabledReason} onCart={cart.open} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }} visibleFrom="lg">
          <CustomerPanel chat={data} />
        </Grid.Col>
      </Grid>
      <Drawer opened={panelOpen} onClose={panel.close} position="right" title={t('chats.panel.customer')} size="md">
        <CustomerPanel chat={data} />
      </Drawer>
      <TransferModal chat={data} opened={transferOpen} onClose={transfer.close} />
      <CartModal chat={data} opened={cartOpen} onClose={cart.close} />
    </Stack>
  );
}
