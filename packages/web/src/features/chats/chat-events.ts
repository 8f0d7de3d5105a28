import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { CHAT_DELIVERY_STATUSES, type ChatRealtimeEvent } from '@backoffice/contracts';
import { chatKeys, type ChatDetail, type ChatMessage, type ChatSummary } from './api';
import { useWhatsAppEvents, type WhatsAppEvent } from './use-whatsapp-events';

type Paged<T> = { data: T[]; meta: { page: number; quantity: number; total: number; total_pages: number } };
export type MessagePages = InfiniteData<Paged<ChatMessage>>;

/** A `whatsapp` payload about a chat (the contracts' ChatRealtimeEvent), or null for any other. */
export function asChatEvent(event: WhatsAppEvent): ChatRealtimeEvent | null {
  if (typeof event.type !== 'string' || !event.type.startsWith('chat.') || typeof event.chat_id !== 'number') return null;
  return event as unknown as ChatRealtimeEvent;
}

const RANK = Object.fromEntries(CHAT_DELIVERY_STATUSES.map((s, i) => [s, i])) as Record<ChatMessage['delivery_status'] & string, number>;

/** Delivery only moves forward (failed ends it): an older status arriving late changes nothing. */
export function laterStatus(current: ChatMessage['delivery_status'], next: ChatMessage['delivery_status']): ChatMessage['delivery_status'] {
  if (!current || !next) return next ?? current;
  if (current === 'failed') return current;
  if (next === 'failed') return next;
  return RANK[next] > RANK[current] ? next : current;
}

/** Adds a message to page 1 (the most recent), once; a known id takes the newer delivery status. */
export function upsertMessage(pages: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!pages) return pages;
  const known = pages.pages.some((p) => p.data.some((m) => m.id === message.id));
  if (known)
    return {
      ...pages,
      pages: pages.pages.map((p) => ({
        ...p,
        data: p.data.map((m) => (m.id === message.id ? { ...message, delivery_status: laterStatus(m.delivery_status, message.delivery_status) } : m)),
      })),
    };
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  const data = [...first.data, message].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  return { ...pages, pages: [{ ...first, data, meta: { ...first.meta, total: first.meta.total + 1 } }, ...rest] };
}

export function patchDelivery(pages: MessagePages | undefined, messageId: number, status: ChatMessage['delivery_status'], error: string | null): MessagePages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((p) => ({
      ...p,
      data: p.data.map((m) => (m.id === messageId ? { ...m, delivery_status: laterStatus(m.delivery_status, status), delivery_error: error ?? m.delivery_error } : m)),
    })),
  };
}

/** Applies one chat event to the caches: the chat's detail and messages, and the rows of the lists shown. */
export function applyChatEvent(queryClient: QueryClient, accountId: number, event: ChatRealtimeEvent) {
  const id = event.chat_id;
  if (event.type === 'chat.delivery') {
    queryClient.setQueryData<MessagePages>(chatKeys.messages(accountId, id), (pages) => patchDelivery(pages, event.message_id, event.delivery_status, event.error));
    return;
  }
  const chat: ChatSummary = event.chat;
  if (event.type === 'chat.message') queryClient.setQueryData<MessagePages>(chatKeys.messages(accountId, id), (pages) => upsertMessage(pages, event.message));
  queryClient.setQueryData<ChatDetail>(chatKeys.detail(accountId, id), (prev) => (prev ? { ...prev, ...chat, customer: prev.customer } : prev));
  queryClient.setQueriesData<Paged<ChatSummary>>({ queryKey: chatKeys.lists(accountId) }, (list) =>
    list ? { ...list, data: list.data.map((row) => (row.id === id ? chat : row)) } : list,
  );
}

/**
 * Keeps the screen live: each chat event patches the caches at once, then the lists refetch (a new
 * chat, a changed order or filter match), at most once every `refetchMs`.
 */
export function useChatLiveUpdates(accountId: number, onEvent?: (event: ChatRealtimeEvent) => void, refetchMs = 1000) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useWhatsAppEvents((raw) => {
    const event = asChatEvent(raw);
    if (!event) return;
    applyChatEvent(queryClient, accountId, event);
    onEvent?.(event);
    if (event.type === 'chat.delivery' || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(accountId) });
      if (event.type !== 'chat.message') void queryClient.invalidateQueries({ queryKey: chatKeys.attendants(accountId) });
    }, refetchMs);
  });
}
