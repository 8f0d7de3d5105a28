import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components, paths } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { ChatsQuery } from './chats-search';
import type { AttendanceSearch, ChatDashboardSearch } from './dashboard-search';

export { storesQuery, type StoreOption } from '../locations/api';

type Schemas = components['schemas'];
export type ChatSummary = Schemas['ChatSummary'];
export type ChatDetail = Schemas['ChatDetail'];
export type ChatMessage = Schemas['ChatMessage'];
export type Attendant = Schemas['ChatAttendant'];
export type ChatTag = Schemas['ChatTag'];
export type ChatTemplate = Schemas['ChatTemplate'];
export type ChatDashboard = Schemas['ChatDashboard'];
export type BotStepsDashboard = Schemas['ChatBotStepsDashboard'];
export type AttendanceReport = Schemas['ChatAttendanceReport'];
type Json<B> = B extends { content: { 'application/json': infer J } } ? J : never;
export type SendChatMessageBody = Json<NonNullable<paths['/api/chats/{id}/messages']['post']['requestBody']>>;
export type ShoppingCart = Schemas['ShoppingCart'];

export const useAccountId = () => useSession()?.account.id ?? 0;
export const useUserId = () => useSession()?.user.id ?? 0;

/** Keys per account, so another account's chats never show after switching. */
export const chatKeys = {
  all: (accountId: number) => ['account', accountId, 'chats'] as const,
  lists: (accountId: number) => [...chatKeys.all(accountId), 'list'] as const,
  list: (accountId: number, query: ChatsQuery) => [...chatKeys.lists(accountId), query] as const,
  detail: (accountId: number, id: number) => [...chatKeys.all(accountId), 'detail', id] as const,
  messages: (accountId: number, id: number) => [...chatKeys.all(accountId), 'messages', id] as const,
  attendants: (accountId: number) => [...chatKeys.all(accountId), 'attendants'] as const,
  attendantsPage: (accountId: number, page: number) => [...chatKeys.attendants(accountId), 'page', page] as const,
  allAttendants: (accountId: number) => [...chatKeys.attendants(accountId), 'all'] as const,
  me: (accountId: number) => [...chatKeys.all(accountId), 'me'] as const,
  tags: (accountId: number) => [...chatKeys.all(accountId), 'tags'] as const,
  templates: (accountId: number) => [...chatKeys.all(accountId), 'templates'] as const,
  users: (accountId: number) => [...chatKeys.all(accountId), 'users'] as const,
};

/** Lists and pages show their own error states: the global toast stays quiet. */
export const chatsListQuery = (accountId: number, query: ChatsQuery) =>
  queryOptions({
    queryKey: chatKeys.list(accountId, query),
    queryFn: () => unwrap(api.GET('/api/chats', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const chatQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: chatKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/chats/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** Page 1 holds the most recent messages; each page is in chronological order. */
export const MESSAGES_PAGE_SIZE = 50;
export const fetchMessagesPage = (id: number, page: number) =>
  unwrap(api.GET('/api/chats/{id}/messages', { params: { path: { id }, query: { page, quantity: MESSAGES_PAGE_SIZE } } }));

const PAGE_ALL = 500;

/** Every attendant of the account (the filter, the transfer's choices). */
export const allAttendantsQuery = (accountId: number) =>
  queryOptions({
    queryKey: chatKeys.allAttendants(accountId),
    queryFn: () => unwrap(api.GET('/api/chats/attendants', { params: { query: { page: 1, quantity: PAGE_ALL } } })).then((r) => r.data),
    staleTime: 30_000,
    meta: { silent: true },
  });

export const attendantsPageQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: chatKeys.attendantsPage(accountId, page),
    queryFn: () => unwrap(api.GET('/api/chats/attendants', { params: { query: { page, quantity: 50 } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const myAttendantQuery = (accountId: number) =>
  queryOptions({
    queryKey: chatKeys.me(accountId),
    queryFn: () => unwrap(api.GET('/api/chats/attendants/me')).then((r) => r.attendant),
    meta: { silent: true },
  });

/** The account's tags, all of them (filters, the chat's tag picker, the tags screen). */
export const tagsQuery = (accountId: number) =>
  queryOptions({
    queryKey: chatKeys.tags(accountId),
    queryFn: () => unwrap(api.GET('/api/chats/tags', { params: { query: { page: 1, quantity: PAGE_ALL } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** The templates the user sees: the account's global ones and their own. */
export const templatesQuery = (accountId: number) =>
  queryOptions({
    queryKey: chatKeys.templates(accountId),
    queryFn: () => unwrap(api.GET('/api/chats/templates', { params: { query: { page: 1, quantity: PAGE_ALL, scope: 'all' } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** The account's members, for making one an attendant. */
export const accountUsersQuery = (accountId: number) =>
  queryOptions({
    queryKey: chatKeys.users(accountId),
    queryFn: () => unwrap(api.GET('/api/user', { params: { query: { page: 1, quantity: PAGE_ALL } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** After any change to a chat: the detail takes the server's summary, lists refetch. */
export function useChatChanged() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (chat: ChatSummary) => {
    queryClient.setQueryData(chatKeys.detail(accountId, chat.id), (prev: ChatDetail | undefined) => (prev ? { ...prev, ...chat, customer: prev.customer } : prev));
    return queryClient.invalidateQueries({ queryKey: chatKeys.lists(accountId) });
  };
}

type ChatAction = 'take' | 'close' | 'reopen';
const ACTION_PATHS = { take: '/api/chats/{id}/take', close: '/api/chats/{id}/close', reopen: '/api/chats/{id}/reopen' } as const;

/** Take, close or reopen: the server's message as the success toast; a refusal as the "Erro" toast. */
export function useChatAction(chatId: number) {
  const changed = useChatChanged();
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (action: ChatAction) => unwrap(api.POST(ACTION_PATHS[action], { params: { path: { id: chatId } } })),
    onSuccess: ({ message, chat }) => {
      notifySuccess(message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.attendants(accountId) });
      return changed(chat);
    },
  });
}

export function useTransferChat(chatId: number) {
  const changed = useChatChanged();
  return useMutation({
    meta: { silent: true },
    mutationFn: (toUserId: number) => unwrap(api.POST('/api/chats/{id}/transfer', { params: { path: { id: chatId } }, body: { to_user_id: toUserId } })),
    onSuccess: ({ message, chat }) => {
      notifySuccess(message);
      return changed(chat);
    },
  });
}

export function useSetChatTags(chatId: number) {
  const changed = useChatChanged();
  return useMutation({
    mutationFn: (tagIds: number[]) => unwrap(api.PUT('/api/chats/{id}/tags', { params: { path: { id: chatId } }, body: { tag_ids: tagIds } })),
    onSuccess: (chat) => changed(chat),
  });
}

export function useMarkRead(chatId: number) {
  const changed = useChatChanged();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.POST('/api/chats/{id}/read', { params: { path: { id: chatId } } })),
    onSuccess: (chat) => changed(chat),
  });
}

/** A cart in review made from the customer's list (the last one they sent when none is typed). */
export function useChatCart(chatId: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { list?: string; location_id?: number }) => unwrap(api.POST('/api/chats/{id}/cart', { params: { path: { id: chatId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.detail(accountId, chatId) }),
  });
}

export function useSetMyStatus() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (status: 'online' | 'away') => unwrap(api.PUT('/api/chats/attendants/me/status', { body: { status } })),
    onSuccess: ({ attendant }) => {
      queryClient.setQueryData(chatKeys.me(accountId), attendant);
      return queryClient.invalidateQueries({ queryKey: chatKeys.attendants(accountId) });
    },
  });
}

/** A route's loader: a malformed id, or a 404 (another account's chat too), is the route's not-found state. */
export async function loadChat(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(chatQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const chatDashboardQuery = (accountId: number, query: ChatDashboardSearch) =>
  queryOptions({
    queryKey: [...chatKeys.all(accountId), 'dashboard', query] as const,
    queryFn: () => unwrap(api.GET('/api/chats/dashboard', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const botStepsQuery = (accountId: number, query: ChatDashboardSearch) =>
  queryOptions({
    queryKey: [...chatKeys.all(accountId), 'bot-steps', query] as const,
    queryFn: () => unwrap(api.GET('/api/chats/dashboard/bot-steps', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const attendanceQuery = (accountId: number, query: AttendanceSearch) =>
  queryOptions({
    queryKey: [...chatKeys.all(accountId), 'attendance', query] as const,
    queryFn: () => unwrap(api.GET('/api/chats/attendance', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
