import type { z } from 'zod';
import type { Attendant, ChatMessage, ChatRealtimeEvent, ChatSummary, ChatTemplate } from '@backoffice/contracts';
import type { Realtime } from '../../plugins/realtime.ts';
import type { AttendantRow, TemplateRow } from './chat-admin.repo.ts';
import type { ChatMessageRow, ChatRow } from './chats.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const userRef = (u: { id: number; name: string } | null) => (u ? { user_id: u.id, name: u.name } : null);

export function toChatSummary(row: ChatRow): z.input<typeof ChatSummary> {
  return {
    id: row.id,
    status: row.status as ChatSummary['status'],
    channel: row.channel as ChatSummary['channel'],
    phone: row.phone,
    customer: { id: row.customer.id, name: row.customer.name },
    location: row.location,
    attendant: userRef(row.attendant),
    tags: row.tagLinks.map((l) => l.tag),
    unread_count: row.unreadCount,
    last_message_at: iso(row.lastMessageAt),
    last_message_preview: row.lastMessagePreview,
    bot_step: row.botStep as ChatSummary['bot_step'],
    first_response_at: iso(row.firstResponseAt),
    resolved_at: iso(row.resolvedAt),
    created_at: row.createdAt.toISOString(),
  };
}

export function toChatMessage(row: ChatMessageRow): z.input<typeof ChatMessage> {
  const media = row.media as { url: string; media_type: string; name: string | null } | null;
  return {
    id: row.id,
    chat_id: row.chatId,
    direction: row.direction as ChatMessage['direction'],
    author: row.author as ChatMessage['author'],
    author_user: userRef(row.authorUser),
    kind: row.kind as ChatMessage['kind'],
    body: row.body,
    media: media ? { url: media.url, media_type: media.media_type, name: media.name ?? null } : null,
    cart_id: row.cartId,
    template_id: row.templateId,
    delivery_status: row.deliveryStatus as ChatMessage['delivery_status'],
    delivery_error: row.deliveryError,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAttendant(row: AttendantRow, open: number): z.input<typeof Attendant> {
  return {
    id: row.id,
    user: row.user,
    status: row.status as Attendant['status'],
    max_chats: row.maxChats,
    location_ids: row.locationIds,
    open_chats: open,
    active: row.active,
    status_changed_at: iso(row.statusChangedAt),
    created_at: row.createdAt.toISOString(),
  };
}

export function toTemplate(row: TemplateRow, viewer: { userId: number; admin: boolean }): z.input<typeof ChatTemplate> {
  return {
    id: row.id,
    templateId: row.templateKey,
    title: row.title,
    body: row.body,
    global: row.userId === null,
    user_id: row.userId,
    user_name: row.user?.name ?? null,
    status: row.status as 'active' | 'inactive',
    editable: viewer.admin || row.userId === viewer.userId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A short text of a message for the list (its first 120 characters, or what it is). */
export function previewOf(kind: string, body: string | null): string {
  const text = (body ?? '').replace(/\s+/g, ' ').trim();
  if (text) return text.slice(0, 120);
  return kind === 'media' ? '📎 Mídia' : kind === 'cart_link' ? '🛒 Link do carrinho' : kind === 'template' ? 'Modelo' : '';
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The `whatsapp` socket events about chats: to the account's room and the attendant's (with the account, which their own room does not imply). */
export function createChatNotifier(realtime: Pick<Realtime, 'toAccount' | 'toUser'>) {
  return (accountId: number, event: DistributiveOmit<z.input<typeof ChatRealtimeEvent>, 'account_id'>, attendantUserIds: Array<number | null | undefined> = []) => {
    const payload: Record<string, unknown> = { ...event, account_id: accountId };
    realtime.toAccount(accountId, 'whatsapp', payload);
    for (const userId of new Set(attendantUserIds.filter((u): u is number => typeof u === 'number'))) realtime.toUser(userId, 'whatsapp', payload);
  };
}
export type ChatNotifier = ReturnType<typeof createChatNotifier>;
