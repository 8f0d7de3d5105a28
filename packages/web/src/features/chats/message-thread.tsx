import { Button, Center, Divider, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { chatKeys, fetchMessagesPage, useAccountId, type ChatMessage } from './api';
import type { MessagePages } from './chat-events';
import { MessageBubble } from './message-bubble';
import { t } from '../../i18n';

const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
const dayLabel = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', weekday: 'long', day: '2-digit', month: 'long' });

/** The pages (page 1 the most recent) as one chronological thread, once each. */
export function flattenMessages(pages: MessagePages | undefined): ChatMessage[] {
  if (!pages) return [];
  const seen = new Map<number, ChatMessage>();
  for (const page of [...pages.pages].reverse()) for (const m of page.data) seen.set(m.id, m);
  return [...seen.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

export const messagesInfiniteQuery = (accountId: number, chatId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(accountId, chatId),
    queryFn: ({ pageParam }) => fetchMessagesPage(chatId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
    meta: { silent: true },
  });

/** The conversation: older pages on demand at the top, day separators, and it follows new messages when at the bottom. */
export function MessageThread({ chatId, h }: { chatId: number; h: string }) {
  const query = useInfiniteQuery(messagesInfiniteQuery(useAccountId(), chatId));
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const messages = flattenMessages(query.data);
  const last = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = viewport.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [last]);
  useEffect(() => {
    atBottom.current = true;
  }, [chatId]);

  let body;
  if (query.isError) body = <LoadError m="md" title={t('chats.chat.messagesError')} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  else if (!query.data)
    body = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  else if (messages.length === 0)
    body = (
      <Center py="xl">
        <Text c="dimmed" size="sm">
          {t('chats.chat.noMessages')}
        </Text>
      </Center>
    );
  else
    body = (
      <Stack gap={6} p="md" data-testid="chat-thread">
        {query.hasNextPage && (
          <Center>
            <Button size="xs" variant="subtle" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('chats.chat.older')}
            </Button>
          </Center>
        )}
        {messages.map((m, i) => {
          const day = dayKey.format(new Date(m.created_at));
          const newDay = i === 0 || dayKey.format(new Date(messages[i - 1]!.created_at)) !== day;
          return (
            <Fragment key={m.id}>
              {newDay && <Divider my={4} label={dayLabel.format(new Date(m.created_at))} labelPosition="center" />}
              <MessageBubble message={m} />
            </Fragment>
          );
        })}
      </Stack>
    );

  return (
    <ScrollArea
      h={h}
      viewportRef={viewport}
      onScrollPositionChange={({ y }) => {
        const el = viewport.current;
        if (el) atBottom.current = el.scrollHeight - el.clientHeight - y < 80;
      }}
      style={{ background: 'var(--mantine-color-gray-0)' }}
    >
      {body}
    </ScrollArea>
  );
}
