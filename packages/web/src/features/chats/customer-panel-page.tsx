import { Button, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { chatQuery, useAccountId } from './api';
import { useChatLiveUpdates } from './chat-events';
import { ChannelBadge, ChatStatusBadge } from './chat-labels';
import { CustomerPanel } from './customer-panel';
import { t } from '../../i18n';

/** Spec §2 /chats/{id}: the customer of a conversation, with the way into the conversation. */
export function CustomerPanelPage({ chatId }: { chatId: number }) {
  const accountId = useAccountId();
  const chat = useQuery(chatQuery(accountId, chatId));
  useChatLiveUpdates(accountId);
  if (chat.isError) return <LoadError title={t('chats.chat.loadError')} error={chat.error} retrying={chat.isFetching} onRetry={() => void chat.refetch()} />;
  if (!chat.data) return <PageLoader label={t('chats.chat.loading')} />;
  const data = chat.data;
  return (
    <Stack gap="lg">
      <PageHeader
        back={<BackLink to="/chats" label={t('chats.chat.back')} />}
        title={data.customer.name}
        description={t('chats.panel.subtitle')}
        actions={
          <>
            <ChatStatusBadge status={data.status} />
            <ChannelBadge channel={data.channel} />
            <Button leftSection={<IconMessages size={18} />} renderRoot={(props) => <Link {...props} to="/chats/$id/chat" params={{ id: String(chatId) }} />}>
              {t('chats.panel.openChat')}
            </Button>
          </>
        }
      />
      <CustomerPanel chat={data} columns={3} />
    </Stack>
  );
}
